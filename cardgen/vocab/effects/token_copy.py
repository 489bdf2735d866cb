"""The `token_copy` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.model.card import TokenCopy
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.pattern import Form, V
from cardgen.vocab.xmage_forms import form

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.read_apis import NodeReader
    from cardgen.engines.forge.syntax import Params
    from cardgen.engines.xmage.lower import CardLowering, Host
    from cardgen.engines.xmage.reader import EffectReader
    from cardgen.game.context import Context
    from cardgen.game.objects import Entity
    from cardgen.text.phrases import ClauseWords

CONSTRUCT = EffectConstruct("token_copy", TokenCopy, subjects=("of",))


# ------------------------------------------------------------------------------------ text and phrasing

CONSTRUCT.put("phrasings", {
    "plain_effect": [
        Form("create a token that's a copy of {o:object_sg}{pt:except_pt}",
             {"effect": "token_copy", "of": V("o"), "set_pt": V("pt", None)}),
    ],
    "except_pt": [Form("", None), Form(", except it's {pt:pt}", V("pt"))],
})


CONSTRUCT.put("text_antecedents", ("of",))


@CONSTRUCT.slot("text_clause")
def _clause(words: ClauseWords, effect: TokenCopy, subject: Any, target: str | None) -> str | None:
    if target is not None and effect.amount == 1 and effect.set_pt is None:
        return f"create a token that's a copy of {target}"
    return None


# ------------------------------------------------------------------------------------------------ Forge

@CONSTRUCT.slot("forge_write")
def _forge(w: EffectWriter, e: TokenCopy) -> tuple[str, Params]:
    params = [*w.defined(e.of), *w.number("NumCopies", e.amount)]
    if e.set_pt:
        power, toughness = e.set_pt.split("/")
        params += [("SetPower", power), ("SetToughness", toughness)]
    return "CopyPermanent", params


@CONSTRUCT.slot("forge_read:CopyPermanent")
def _forge_read(r: NodeReader) -> list[dict[str, Any]]:
    amount = r.bag.take_int("NumCopies", 1)
    power, toughness = r.bag.get("SetPower"), r.bag.get("SetToughness")
    effects = []
    for of in r.subject(player=False, default="self"):
        effect = r.with_amount({"effect": "token_copy", "of": of}, amount=amount)
        if power is not None or toughness is not None:
            effect["set_pt"] = f"{power}/{toughness}"
        effects.append(effect)
    return effects


# ------------------------------------------------------------------------------------------------ XMage

CONSTRUCT.put("xmage_forms", (
    form("target", "CreateTokenCopyTargetEffect", amount=1, set_pt=None),
    form("target", "CreateTokenCopyTargetEffect", "const:null", "const:null", "const:false",
         "copy_number", set_pt=None),
    form("target", "CreateTokenCopyTargetEffect", "const:null", "const:null", "const:false",
         "copy_number", "const:false", "const:false", "const:null", "copy_power", "copy_toughness", "const:false",
         when="fixed_pt"),
))


@CONSTRUCT.slot("xmage_when:fixed_pt")
def _xmage_fixed_pt(w: CardLowering, host: Host, effect: TokenCopy, zone: str | None) -> bool:
    """The long constructor sets a fixed power and toughness."""
    return effect.set_pt is not None and "*" not in effect.set_pt


# framework effects whose own text is `effect_phrase` of the effect (with the declared target's description)
CONSTRUCT.put("xmage_phrased", frozenset({"CreateTokenCopyTargetEffect"}))


@CONSTRUCT.slot("xmage_arg:copy_number")
def _xmage_copy_number(w: CardLowering, effect: TokenCopy) -> list[Any]:
    return [w.Raw(str(effect.amount))]


@CONSTRUCT.slot("xmage_read_arg:copy_number")
def _xmage_read_copy_number(r: EffectReader, arg: Any, effect: dict[str, Any], node: Any) -> bool:
    effect["amount"] = r.integer(arg, node)
    return False


@CONSTRUCT.slot("xmage_arg:copy_power")
def _xmage_copy_power(w: CardLowering, effect: TokenCopy) -> list[Any]:
    return [w.Raw(effect.set_pt.split("/")[0])]


@CONSTRUCT.slot("xmage_arg:copy_toughness")
def _xmage_copy_toughness(w: CardLowering, effect: TokenCopy) -> list[Any]:
    return [w.Raw(effect.set_pt.split("/")[1])]


def _xmage_read_copy_pt(r: EffectReader, arg: Any, effect: dict[str, Any], node: Any) -> bool:
    """The copy's power, then its toughness: `set_pt` once both are read."""
    effect.setdefault("_pt", []).append(str(r.integer(arg, node)))
    if len(effect["_pt"]) == 2:
        effect["set_pt"] = "/".join(effect.pop("_pt"))
    return False


CONSTRUCT.put("xmage_read_arg:copy_power", _xmage_read_copy_pt)
CONSTRUCT.put("xmage_read_arg:copy_toughness", _xmage_read_copy_pt)

# --------------------------------------------------------------------------------------------- resolver


@CONSTRUCT.slot("resolve")
def _resolve(ctx: Context, effect: TokenCopy) -> list[Entity]:
    """A token copying the copiable values of each object (not counters, damage or pumps, 707.2), as
    "except it's 1/1" says; the copy is a new object that was never cast, so its gift was not promised."""
    from cardgen.game import zones
    created: list[Entity] = []
    for entity in ctx.subject(effect.of, "of"):
        if not isinstance(entity, int):
            continue
        original = ctx.state.live(entity)
        if original is None or original.zone != "battlefield":
            continue
        chars = original.chars.with_pt(effect.set_pt)
        for _ in range(effect.amount):
            created.append(zones.create_token(ctx.state, chars, ctx.controller).oid)
    return created
