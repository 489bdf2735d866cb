"""The package-private classes of a card class (`card_model.InnerClass`): their names, and the typed
model of each, chosen here and written by its template after the card class.

`InnerClassLowering` is one part of `lower.CardLowering` (it reads the card lowering's `imports`,
`inner` and `subtype`); the sequence effect's class is built by `sequence.SequenceLowering`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.engines.xmage import data
from cardgen.engines.xmage.card_model import FixedClass, InnerClass, TokenClass
from cardgen.engines.xmage.forms import KEYWORD_CLASSES, NEW_INSTANCE_KEYWORDS
from cardgen.engines.xmage.java_expr import Expr, call, new
from cardgen.engines.xmage.names import HELPER_ROLES
from cardgen.engines.xmage.problems import Unsupported
from cardgen.engines.xmage.targets import pointer_expr
from cardgen.model.card import TokenDef
from cardgen.model.parts import keyword_text

if TYPE_CHECKING:
    from cardgen.engines.xmage.imports import Imports

PREDEFINED_TOKEN_CLASSES = {"food": "FoodToken", "treasure": "TreasureToken", "fish": "FishNoAbilityToken",
                            "octopus": "OctopusToken"}
COLOR_SETTERS = {"W": "setWhite", "U": "setBlue", "B": "setBlack", "R": "setRed", "G": "setGreen"}
COLOR_WORDS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}

_FIXED_USES = {
    "TargetAdjuster": (
        "gift_target_adjuster.java.j2",
        ("TargetAdjuster", "Target", "List", "ArrayList", "Ability", "Game", "GiftWasPromisedCondition")),
    "TargetPointer": ("target_pointer.java.j2", ("NthTargetPointer",)),
    "TriggeredAbility": ("gift_trigger.java.j2", ("TriggeredAbilityImpl", "Effect", "Zone", "Game", "GameEvent")),
}
"""The fixed classes the engine itself asks for: role -> (template, the classes its body names)."""


class InnerClassLowering:
    """Names the card's package-private classes and fills their models (`self.inner`)."""

    class_name: str
    imports: Imports
    inner: list[InnerClass]
    _tokens: dict[str, str]
    _locals: dict[str, str]

    def use(self, simple: str) -> str:
        return self.imports.use(simple)

    def subtype(self, printed: str) -> str:  # pragma: no cover - defined by CardLowering
        raise NotImplementedError

    def local_class(self, role: str) -> str:
        """A name for a package-private class of this card (`<Card>Effect`, `<Card>Effect2`, ...); the roles
        are listed in `names.HELPER_ROLES`, so validation knows every name a card may declare."""
        if role not in HELPER_ROLES:
            raise ValueError(f"helper class role {role!r} is not in names.HELPER_ROLES")
        base = f"{self.class_name}{role}"
        name = base
        number = 2
        while name in self.imports.local:
            name = f"{base}{number}"
            number += 1
        self.imports.add_local(name)
        return name

    def shared_class(self, role: str, template: str, uses: tuple[str, ...]) -> str:
        """The card's one package-private class of `role` (written from `template` the first time it is
        asked for, with the classes its body names imported)."""
        name = self._locals.get(role)
        if name is None:
            name = self.local_class(role)
            self._locals[role] = name
            self.inner.append(FixedClass(name, template))
        for simple in uses:  # each time: the caller may be collecting into a scratch import set
            self.use(simple)
        return name

    def _fixed(self, role: str) -> str:
        template, uses = _FIXED_USES[role]
        return self.shared_class(role, template, uses)

    def gift_targets_class(self) -> str:
        """The generated adjuster for target lists XMage's own adjuster can't build (`gift_targets`)."""
        return self._fixed("TargetAdjuster")

    def gift_trigger_class(self) -> str:
        """The "whenever you give a gift" trigger (XMage has no framework class for it)."""
        return self._fixed("TriggeredAbility")

    def pointer(self, index: int) -> Expr | None:
        """The target pointer for `index` (None for the first target)."""
        if index < 3:
            return pointer_expr(index, self.imports)
        return pointer_expr(index, self.imports, self._fixed("TargetPointer"))

    def keyword(self, word: str) -> Expr:
        cls = self.use(KEYWORD_CLASSES[word])
        if word in NEW_INSTANCE_KEYWORDS:
            return new(cls)
        return call(cls, "getInstance")

    def token(self, token: Any) -> Expr:
        if isinstance(token, str):
            return new(self.use(PREDEFINED_TOKEN_CLASSES[token]))
        ready = xmage_token(token)
        if ready is not None:  # one of XMage's own token classes (known_tokens.txt)
            return new(self.use(ready))
        key = token.model_dump_json()
        name = self._tokens.get(key)
        if name is None:
            name = self.token_class(token)
            self._tokens[key] = name
        return new(name)

    def token_class(self, token: TokenDef) -> str:
        if token.text:
            raise Unsupported("XMage tokens get their abilities from code; a token `text` can't be rendered "
                              "(use keywords, or a predefined token)")
        if token.pt and "*" in token.pt:
            raise Unsupported("a token with `*` power or toughness can't be rendered")
        name = self.local_class("Token")
        if token.types:
            self.use("CardType")
        if token.supertypes:
            self.use("SuperType")
        subtypes = tuple(self.subtype(s) for s in token.subtypes)
        power, toughness = token.pt.split("/") if token.pt else (None, None)
        if token.pt:
            self.use("MageInt")
        abilities = tuple(self.keyword(k).flat() for k in token.keywords)
        self.use("TokenImpl")
        self.inner.append(TokenClass(
            name=name,
            token_name=f"{token.name} Token",
            description=_token_description(token),
            card_types=tuple(t.upper() for t in token.types),
            supertypes=tuple(t.upper() for t in token.supertypes),
            colors=tuple(COLOR_SETTERS[c] for c in token.colors),
            subtypes=subtypes,
            power=power,
            toughness=toughness,
            abilities=abilities,
        ))
        return name


def _token_description(token: TokenDef) -> str:
    parts = []
    if token.pt:
        parts.append(token.pt)
    parts += [COLOR_WORDS[c] for c in token.colors] or (["colorless"] if "Creature" in token.types else [])
    parts += [*token.supertypes, *token.subtypes]
    parts += [t.lower() for t in token.types]
    text = " ".join(parts) + " token"
    if token.keywords:
        text += " with " + " and ".join(keyword_text(k).lower() for k in token.keywords)
    return text


def xmage_token(token: TokenDef) -> str | None:
    """The XMage token class with exactly these characteristics (and no text), if there is one."""
    if token.text or token.supertypes:
        return None
    fields = {"name": token.name, "colors": list(token.colors), "types": list(token.types),
              "subtypes": list(token.subtypes), "pt": token.pt, "keywords": list(token.keywords)}
    return next((cls for cls, known in sorted(data.known_tokens().items()) if known == fields), None)
