"""Shared pieces of the XMage tests: strategies for cards whose every text field is arbitrary, the
shipped specs rendered once, and the checks every generated class must pass (tree-sitter parse, XMage's
card class shape, imports exactly the known framework classes used)."""

from __future__ import annotations

import functools
import re
from pathlib import Path

from hypothesis import strategies as st
from shipped import shipped_catalog
from tree_sitter import Node

from cardgen.engines.base import RenderResult
from cardgen.engines.xmage.backend import XMageBackend
from cardgen.engines.xmage.data import JDK_CLASSES, class_index, known_classes
from cardgen.engines.xmage.java_parse import classes, package_name, parse, text
from cardgen.engines.xmage.render import card_class_name
from cardgen.engines.xmage.setindex import Registration
from cardgen.model.card import Card
from cardgen.naming import letter

ROOT = Path(__file__).resolve().parent.parent
SPECS = ROOT / "card_specs"


@functools.cache
def shipped_render() -> RenderResult:
    return XMageBackend().render(shipped_catalog())


def registrations_for(card: Card) -> dict[str, Registration]:
    """What the set files would say about `card` (for reading a class without writing a tree)."""
    name = card_class_name(card)
    return {f"mage.cards.{letter(name)}.{name}": Registration(card.name, [p.model_dump() for p in card.printings])}


def walk(node: Node):
    yield node
    for child in node.children:
        yield from walk(child)


def assert_card_class(source: str, card: Card) -> None:
    """Valid Java with XMage's card class shape, importing exactly the known classes it uses."""
    root = parse(source.encode("utf-8"))  # raises on any syntax error
    name = card_class_name(card)
    assert package_name(root) == f"mage.cards.{letter(name)}"
    decls = classes(root)
    main = decls[0]
    assert main.name == name and main.superclass == "CardImpl"
    modifiers = text(main.node.named_children[0])
    assert "public" in modifiers and "final" in modifiers
    parameters = [text(c.child_by_field_name("parameters")) for c in main.constructors]
    assert "(UUID ownerId, CardSetInfo setInfo)" in parameters
    assert f"(final {name} card)" in parameters
    copy_ctor = main.constructors[parameters.index(f"(final {name} card)")]
    assert text(copy_ctor).startswith("private ")
    assert "copy" in main.methods and text(main.methods["copy"]).startswith("@Override\n    public ")
    for other in decls[1:]:
        assert not text(other.node).startswith("public"), f"{other.name} must be package-private"
    assert_imports(source, root, {d.name for d in decls})


def assert_imports(source: str, root: Node, local: set[str]) -> None:
    imports = [text(n)[len("import "):-1] for n in root.named_children if n.type == "import_declaration"]
    assert imports, "a card class imports at least CardImpl"
    known = known_classes() | set(JDK_CLASSES.values())
    unknown = [fqn for fqn in imports if fqn not in known]
    assert not unknown, f"imports of classes XMage's framework doesn't have: {unknown}"
    framework = [fqn for fqn in imports if not fqn.startswith("java.")]
    jdk = [fqn for fqn in imports if fqn.startswith("java.")]
    assert imports == framework + jdk and framework == sorted(framework) and jdk == sorted(jdk)
    assert len(set(imports)) == len(imports)
    body = "\n".join(line for line in source.splitlines() if not line.startswith(("import ", "package ")))
    code = re.sub(r'"(?:[^"\\]|\\.)*"|//[^\n]*|/\*.*?\*/', "", body, flags=re.S)
    used = set(re.findall(r"\b[A-Z][A-Za-z0-9_]*\b", code))
    simple = {fqn.rsplit(".", 1)[1] for fqn in imports}
    assert simple <= used, f"imported but unused: {sorted(simple - used)}"
    index = class_index()
    needed = {name for name in used if (name in index or name in JDK_CLASSES) and name not in local}
    assert needed <= simple, f"used but not imported: {sorted(needed - simple)}"


# ------------------------------------------------------------------------------------------ strategies

TEXT = st.text(st.characters(exclude_categories=("Cs",)), min_size=1, max_size=40)
"""Any text at all, control characters, quotes, backslashes, `*/` and `\\u000a` included."""


@st.composite
def texts_card(draw: st.DrawFn) -> Card:
    """A card whose every text field is arbitrary: name, ability lines, token name."""
    name = "Q" + draw(TEXT)  # a leading letter keeps a class name derivable
    spell = {"kind": "spell", "text": draw(TEXT), "effects": [
        {"effect": "create_token", "amount": 2,
         "token": {"name": draw(TEXT), "types": ["Creature"], "subtypes": ["Bird"], "colors": ["U"], "pt": "2/2"}},
        {"effect": "destroy", "id": "gone", "what": {"all": {"types": ["creature"]}}},
        {"effect": "return_card", "to": "battlefield", "under": "you",
         "what": {"ref": "gone", "filter": {"zone": "graveyard", "types": ["creature"], "owner": "you"}, "choose": 1}},
    ]}
    cost = {"kind": "additional_cost", "text": draw(TEXT), "discard": 1}
    return Card.model_validate({
        "name": name, "mana_cost": "{2}{W}", "types": ["Sorcery"], "gift": "card",
        "printings": [{"set": "CGT", "number": "1", "rarity": "common"}],
        "abilities": [cost, spell],
    })


@st.composite
def texts_permanent(draw: st.DrawFn) -> Card:
    return Card.model_validate({
        "name": "Z" + draw(TEXT), "mana_cost": "{1}{G}", "types": ["Creature"], "pt": "2/2",
        "subtypes": ["Rabbit"], "gift": "food",
        "printings": [{"set": "CGT", "number": "2", "rarity": "common"}],
        "abilities": [
            {"kind": "triggered", "text": draw(TEXT), "event": "enters", "intervening_if": "promised",
             "effects": [{"effect": "draw"}]},
            {"kind": "static", "text": draw(TEXT),
             "effects": [{"effect": "modify", "affected": "self", "power": 1, "toughness": 1}]},
        ],
    })
