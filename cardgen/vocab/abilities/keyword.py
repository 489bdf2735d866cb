"""The `keyword` ability: a keyword without parameters on its own oracle line ("Reach")."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, Literal, get_args

from cardgen.model.parts import AbilityBase, Keyword, keyword_text
from cardgen.vocab.construct import (
    AbilityCanonical,
    AbilityChecks,
    AbilityConstruct,
    AbilityText,
    ForgeAbility,
    XMageAbility,
)
from cardgen.vocab.pattern import Form, V

if TYPE_CHECKING:
    from cardgen.engines.forge.build import ScriptBuilder
    from cardgen.engines.forge.reader import ScriptReader
    from cardgen.engines.forge.script import Keyword as ForgeKeyword
    from cardgen.engines.xmage.lower import Block, CardLowering
    from cardgen.engines.xmage.reader import ClassReader
    from cardgen.model.card import Card
    from cardgen.validate.context import CardReport


# ------------------------------------------------------------------------------------------ the spec model

class KeywordAbility(AbilityBase):
    """A keyword without parameters on its own oracle line ("Reach"); the text is derived."""

    kind: Literal["keyword"]
    keyword: Keyword


# ------------------------------------------------------------------------------------ text and phrasing

def _line(ability: KeywordAbility) -> str:
    """"Reach": the keyword as printed."""
    return keyword_text(ability.keyword)


# ------------------------------------------------------------------------------------------------ Forge

def _forge(b: ScriptBuilder, ability: KeywordAbility) -> ForgeKeyword:
    """`K:Reach`."""
    return b.Keyword(b.keyword_word(ability.keyword))


def _forge_read(r: ScriptReader, value: str) -> list[dict[str, Any]] | None:
    if not r.known_keyword(value):
        return None
    return [{"kind": CONSTRUCT.kind, "keyword": r.keyword(value)}]


# ------------------------------------------------------------------------------------------------ XMage

def _xmage(w: CardLowering, ability: KeywordAbility) -> Block:
    """`this.addAbility(ReachAbility.getInstance());`."""
    block = w.Block(_line(ability), rules=_line(ability))
    block.body.append(w.stmt(w.call("this", "addAbility", w.keyword(ability.keyword))))
    return block


def _xmage_read(r: ClassReader, added: Any, aura: Any, node: Any) -> dict[str, Any] | None:
    """`ReachAbility.getInstance()` (or `new ...Ability()`)."""
    keyword = r.read_keyword(added)
    return None if keyword is None else {"kind": CONSTRUCT.kind, "keyword": keyword}


# ------------------------------------------------------------------------------------------- validation

def _validate(report: CardReport, card: Card, indexes: list[int]) -> None:
    """CG118: a keyword written twice: the second instance adds nothing."""
    keywords = [(index, ability.keyword) for index in indexes
                if isinstance(ability := card.abilities[index], KeywordAbility)]
    counts = Counter(keyword for _, keyword in keywords)
    seen: set[str] = set()
    for index, keyword in keywords:
        if keyword in seen and counts[keyword] > 1:
            report.add("CG118", f"keyword `{keyword}` is written twice; one instance is redundant",
                       ("abilities", index, "keyword"))
        seen.add(keyword)


# --------------------------------------------------------------------------------------------- scaffold

_KEYWORD_DECK_HINTS: dict[str, tuple[tuple[str, str, str], ...]] = {
    "lifelink": (("DeckHas", "Ability", "LifeGain"),),  # Forge's own Brightblade Stoat
}
"""What a keyword tells Forge's deck building, as Forge's own scripts with it say."""


def _forge_deck_hints(ability: KeywordAbility) -> tuple[tuple[str, str, str], ...]:
    return _KEYWORD_DECK_HINTS.get(ability.keyword, ())


def _scaffold_guess(line: str, spell: bool) -> str | bool:
    keyword = line.lower().replace(" ", "_")
    return f"{{kind: keyword, keyword: {keyword}}}" if keyword in get_args(Keyword) else False


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = AbilityConstruct(
    kind="keyword", model=KeywordAbility,
    text=AbilityText(
        phrasings={"ability": [Form("{k:keyword}", {"kind": "keyword", "keyword": V("k")})]},
        order=0,
        guess=_scaffold_guess,
        line=_line,
    ),
    canonical=AbilityCanonical(order=0),
    checks=AbilityChecks(structure=_validate),
    forge=ForgeAbility(
        keyword=_forge,
        read_keyword=_forge_read,
        deck_hints=_forge_deck_hints,
    ),
    xmage=XMageAbility(
        block=_xmage,
        read_added=_xmage_read,
    ),
)
