"""The `keyword` ability: a keyword without parameters on its own oracle line ("Reach")."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, get_args

from cardgen.model.card import Keyword, KeywordAbility
from cardgen.model.derive import keyword_text
from cardgen.vocab.construct import AbilityConstruct
from cardgen.vocab.pattern import Form, V

if TYPE_CHECKING:
    from cardgen.engines.forge.build import ScriptBuilder
    from cardgen.engines.forge.reader import ScriptReader
    from cardgen.engines.forge.script import Keyword
    from cardgen.engines.xmage.lower import Block, CardLowering
    from cardgen.engines.xmage.reader import ClassReader
    from cardgen.model.card import Card
    from cardgen.validate.context import CardReport

CONSTRUCT = AbilityConstruct("keyword", KeywordAbility)


# ------------------------------------------------------------------------------------ text and phrasing

CONSTRUCT.put("phrasings", {"ability": [Form("{k:keyword}", {"kind": "keyword", "keyword": V("k")})]})
CONSTRUCT.put("text_order", 0)


# ------------------------------------------------------------------------------------------------ Forge

@CONSTRUCT.slot("forge_keyword")
def _forge(b: ScriptBuilder, ability: KeywordAbility) -> Keyword:
    """`K:Reach`."""
    return b.Keyword(b.keyword_word(ability.keyword))


@CONSTRUCT.slot("forge_read_keyword")
def _forge_read(r: ScriptReader, value: str) -> list[dict[str, Any]] | None:
    if not r.known_keyword(value):
        return None
    return [{"kind": CONSTRUCT.kind, "keyword": r.keyword(value)}]


# ------------------------------------------------------------------------------------------------ XMage

@CONSTRUCT.slot("xmage_block")
def _xmage(w: CardLowering, ability: KeywordAbility) -> Block:
    """`this.addAbility(ReachAbility.getInstance());`."""
    block = w.Block(keyword_text(ability.keyword), rules=keyword_text(ability.keyword))
    block.body.append(w.stmt(w.call("this", "addAbility", w.keyword(ability.keyword))))
    return block


@CONSTRUCT.slot("xmage_read_added")
def _xmage_read(r: ClassReader, added: Any, aura: Any, node: Any) -> dict[str, Any] | None:
    """`ReachAbility.getInstance()` (or `new ...Ability()`)."""
    keyword = r.read_keyword(added)
    return None if keyword is None else {"kind": CONSTRUCT.kind, "keyword": keyword}


# --------------------------------------------------------------------------------------- canonical form

CONSTRUCT.put("canonical_order", 0)


# ------------------------------------------------------------------------------------------- validation

@CONSTRUCT.slot("validate_structure")
def _validate(report: CardReport, card: Card, indexes: list[int]) -> None:
    """CG118: a keyword written twice: the second instance adds nothing."""
    counts = Counter(card.abilities[index].keyword for index in indexes)
    seen: set[str] = set()
    for index in indexes:
        keyword = card.abilities[index].keyword
        if keyword in seen and counts[keyword] > 1:
            report.add("CG118", f"keyword `{keyword}` is written twice; one instance is redundant",
                       ("abilities", index, "keyword"))
        seen.add(keyword)


# --------------------------------------------------------------------------------------------- scaffold

@CONSTRUCT.slot("scaffold_guess")
def _scaffold_guess(line: str, spell: bool) -> str | bool:
    keyword = line.lower().replace(" ", "_")
    return f"{{kind: keyword, keyword: {keyword}}}" if keyword in get_args(Keyword) else False
