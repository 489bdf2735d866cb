"""The `token_copy` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from cardgen.model.parts import EffectBase, PowerToughness, Subject
from cardgen.vocab.construct import EffectConstruct, EffectText, ForgeEffect, OneShot, XMageEffect
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
    from cardgen.model.card import PositiveAmount
    from cardgen.text.phrases import ClauseWords


# ------------------------------------------------------------------------------------------ the spec model

class TokenCopy(EffectBase):
    """Create a token that's a copy of an object, optionally "except it's P/T"."""

    effect: Literal["token_copy"]
    of: Subject
    amount: PositiveAmount = 1
    set_pt: PowerToughness | None = None


# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {
    "plain_effect": [
        Form("create a token that's a copy of {o:object_sg}{pt:except_pt}",
             {"effect": "token_copy", "of": V("o"), "set_pt": V("pt", None)}),
    ],
    "except_pt": [Form("", None), Form(", except it's {pt:pt}", V("pt"))],
}


def _clause(words: ClauseWords, effect: TokenCopy, subject: Any, target: str | None) -> str | None:
    if target is not None and effect.amount == 1 and effect.set_pt is None:
        return f"create a token that's a copy of {target}"
    return None


# ------------------------------------------------------------------------------------------------ Forge

def _forge(w: EffectWriter, e: TokenCopy) -> tuple[str, Params]:
    params = [*w.defined(e.of), *w.number("NumCopies", e.amount)]
    if e.set_pt:
        power, toughness = e.set_pt.split("/")
        params += [("SetPower", power), ("SetToughness", toughness)]
    return "CopyPermanent", params


def _forge_read(r: NodeReader) -> list[dict[str, Any]]:
    amount = r.amount("NumCopies", 1)
    power, toughness = r.bag.get("SetPower"), r.bag.get("SetToughness")
    effects = []
    for of in r.subject(player=False, default="self"):
        effect = r.with_amount({"effect": "token_copy", "of": of}, amount=amount)
        if power is not None or toughness is not None:
            effect["set_pt"] = f"{power}/{toughness}"
        effects.append(effect)
    return effects


# ------------------------------------------------------------------------------------------------ XMage

_XMAGE_FORMS = (
    form("target", "CreateTokenCopyTargetEffect", amount=1, set_pt=None),
    form("target", "CreateTokenCopyTargetEffect", "const:null", "const:null", "const:false",
         "copy_number", set_pt=None),
    form("target", "CreateTokenCopyTargetEffect", "const:null", "const:null", "const:false",
         "copy_number", "const:false", "const:false", "const:null", "copy_power", "copy_toughness", "const:false",
         when="fixed_pt"),
)


def _xmage_fixed_pt(w: CardLowering, host: Host, effect: TokenCopy, zone: str | None) -> bool:
    """The long constructor sets a fixed power and toughness."""
    return effect.set_pt is not None and "*" not in effect.set_pt


def _xmage_copy_number(w: CardLowering, effect: TokenCopy) -> list[Any]:
    return [w.Raw(str(effect.amount))]


def _xmage_read_copy_number(r: EffectReader, arg: Any, effect: dict[str, Any], node: Any) -> bool:
    effect["amount"] = r.integer(arg, node)
    return False


def _xmage_copy_power(w: CardLowering, effect: TokenCopy) -> list[Any]:
    assert effect.set_pt is not None, "the form that says the copy's power is chosen only with `set_pt`"
    return [w.Raw(effect.set_pt.split("/")[0])]


def _xmage_copy_toughness(w: CardLowering, effect: TokenCopy) -> list[Any]:
    assert effect.set_pt is not None, "the form that says the copy's toughness is chosen only with `set_pt`"
    return [w.Raw(effect.set_pt.split("/")[1])]


def _xmage_read_copy_pt(r: EffectReader, arg: Any, effect: dict[str, Any], node: Any) -> bool:
    """The copy's power, then its toughness: `set_pt` once both are read."""
    effect.setdefault("_pt", []).append(str(r.integer(arg, node)))
    if len(effect["_pt"]) == 2:
        effect["set_pt"] = "/".join(effect.pop("_pt"))
    return False


# --------------------------------------------------------------------------------------------- resolver


def _resolve(ctx: Context, effect: TokenCopy) -> list[Entity]:
    """A token copying the copiable values of each object (not counters, damage or pumps, 707.2), as
    "except it's 1/1" says; the copy is a new object that was never cast, so its gift was not promised (nor
    its offspring cost paid). A copy of the ability's own source that has left the battlefield copies it as
    it last existed there (608.2h; offspring's ruling: the token is still created)."""
    from cardgen.game import zones
    amount = ctx.amount(effect.amount)
    created: list[Entity] = []
    entities = ctx.subject(effect.of, "of")
    if effect.of == "self" and not entities:
        gone = ctx.state.objects.get(ctx.source)
        entities = [gone.oid] if gone is not None and gone.zone == "battlefield" else []
    for entity in entities:
        if not isinstance(entity, int):
            continue
        original = ctx.state.obj(entity) if effect.of == "self" else ctx.state.live(entity)
        if original is None or original.zone != "battlefield":
            continue
        chars = original.chars.with_pt(effect.set_pt)
        for _ in range(amount):
            created.append(zones.create_token(ctx.state, chars, ctx.controller).oid)
    return created


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EffectConstruct(
    kind="token_copy", model=TokenCopy, subjects=("of",),
    text=EffectText(
        phrasings=_PHRASINGS,
        antecedents=("of",),
        clause=_clause,
    ),
    forge=ForgeEffect(
        write=_forge,
        reads={"CopyPermanent": _forge_read},
    ),
    xmage=XMageEffect(
        forms=_XMAGE_FORMS,
        when={"fixed_pt": _xmage_fixed_pt},
        covers={"copy_number": ("amount",), "copy_power": ("set_pt",), "copy_toughness": ("set_pt",),
                "fixed_pt": ("set_pt",)},
        # framework effects whose own text is `effect_phrase` of the effect (with the declared target's description)
        phrased=frozenset({"CreateTokenCopyTargetEffect"}),
        args={"copy_number": _xmage_copy_number, "copy_power": _xmage_copy_power,
              "copy_toughness": _xmage_copy_toughness},
        read_args={"copy_number": _xmage_read_copy_number, "copy_power": _xmage_read_copy_pt,
                   "copy_toughness": _xmage_read_copy_pt},
    ),
    rule=OneShot(resolve=_resolve),
)
