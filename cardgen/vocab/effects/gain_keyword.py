"""The `gain_keyword` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import Field

from cardgen.model.parts import EffectBase, Keyword, Subject
from cardgen.vocab.construct import EffectConstruct, EffectText, ForgeEffect, OneShot, XMageEffect
from cardgen.vocab.pattern import Form, V
from cardgen.vocab.xmage_forms import form

if TYPE_CHECKING:
    from cardgen.canonical import CanonicalForms
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.read_apis import NodeReader
    from cardgen.engines.forge.syntax import Params
    from cardgen.engines.xmage.lower import CardLowering, Host
    from cardgen.game.context import Context
    from cardgen.game.objects import Entity
    from cardgen.model.card import Duration


# ------------------------------------------------------------------------------------------ the spec model

class GainKeyword(EffectBase):
    effect: Literal["gain_keyword"]
    what: Subject
    keywords: Annotated[list[Keyword], Field(min_length=1)]
    duration: Duration = "end_of_turn"


# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {
    "plain_effect": [
        Form("{w:object_sg}{a:also} gains {k:keywords}{d:duration}",
             {"effect": "gain_keyword", "what": V("w"), "keywords": V("k"), "duration": V("d", "end_of_turn")}),
        Form("{w:subject_pl}{a:also} gain {k:keywords}{d:duration}",
             {"effect": "gain_keyword", "what": V("w"), "keywords": V("k"), "duration": V("d", "end_of_turn")}),
    ],
    "clause": [
        Form("you and {w:subject_pl} gain {k:keywords}{d:duration}",
             [{"effect": "gain_keyword", "what": "you", "keywords": V("k"), "duration": V("d", "end_of_turn")},
              {"effect": "gain_keyword", "what": V("w"), "keywords": V("k"), "duration": V("d", "end_of_turn")}]),
    ],
}


def _canonical(forms: CanonicalForms, effect: dict[str, Any]) -> None:
    effect["keywords"] = sorted(set(effect["keywords"]))


def _joins(effect: dict[str, Any], following: dict[str, Any]) -> dict[str, Any] | None:
    """"Gains trample" then "gains hexproof" of the same objects for as long: one effect granting both
    (XMage writes a framework effect per keyword; the keywords' order means nothing)."""
    def rest(e: dict[str, Any]) -> dict[str, Any]:
        return {k: v for k, v in e.items() if k not in ("keywords", "id")}
    if following.get("id") is not None or rest(effect) != rest(following):
        return None
    return {**effect, "keywords": sorted({*effect["keywords"], *following["keywords"]})}


# ------------------------------------------------------------------------------------------------ Forge

def _forge(w: EffectWriter, e: GainKeyword) -> tuple[str, Params]:
    return w.pump_ability(e.what, [("KW", w.keywords(e.keywords))], e.duration)


def _forge_read(r: NodeReader, subject: Any, word: str, parts: list[dict[str, Any]], timing: dict[str, str]) -> bool:
    """A keyword of the spec's list granted by a Pump; consecutive ones are one effect."""
    if not r.known_keyword(word):
        return False
    if parts and parts[-1]["effect"] == "gain_keyword":
        parts[-1]["keywords"].append(r.keyword(word))
    else:
        parts.append({"effect": "gain_keyword", "what": subject, "keywords": [r.keyword(word)], **timing})
    return True


# ------------------------------------------------------------------------------------------------ XMage

_XMAGE_FORMS = (
    form("target", "GainAbilityTargetEffect", "keyword", "duration"),
    form("all", "GainAbilityAllEffect", "keyword", "duration", "filter"),
    form("you", "GainAbilityControllerEffect", "keyword", "duration"),
    form("self", "GainAbilitySourceEffect", "keyword", "duration"),
)
# XMage's shorter spellings: read, never written (the table lists them after every written form)
_XMAGE_READ_FORMS = (
    form("target", "GainAbilityTargetEffect", "keyword", duration="end_of_turn"),
)


def _xmage_framework(w: CardLowering, host: Host, effect: GainKeyword, *, ref_as_target: bool,
                     zone_of_ref: str | None, keyword: str | None) -> tuple[Any, bool, Any] | None:
    """Several keywords: one framework effect per keyword, together in one `AddContinuousEffectToGame`
    (None for one keyword: the forms fit)."""
    if len(effect.keywords) <= 1 or keyword is not None:
        return None
    parts = [w.framework(host, effect, ref_as_target=ref_as_target, zone_of_ref=zone_of_ref, keyword=k)
             for k in effect.keywords]
    return w.new(w.use("AddContinuousEffectToGame"), *(p[0] for p in parts)), False, parts[0][2]


def _xmage_read_together(parts: list[dict[str, Any]]) -> dict[str, Any] | None:
    """One keyword per framework effect in one `AddContinuousEffectToGame`: one effect granting them all
    (the same objects, the same duration)."""
    first = parts[0]
    if all(p["effect"] == first["effect"] and p.get("what") == first.get("what")
           and p.get("duration") == first.get("duration") for p in parts):
        first["keywords"] = [k for p in parts for k in p["keywords"]]
        return first
    return None

# --------------------------------------------------------------------------------------------- resolver


def _resolve(ctx: Context, effect: GainKeyword) -> list[Entity]:
    """Permanents and players alike gain the keywords (hexproof for you and your creatures)."""
    from cardgen.game.actions import start_effect
    from cardgen.game.objects import ContinuousEffect
    objects, players = ctx.permanents_and_players(effect.what, "what")
    if objects or players:
        start_effect(ctx.state, ContinuousEffect(
            kind="keywords", controller=ctx.controller, duration=effect.duration,
            timestamp=ctx.state.new_timestamp(), objects=tuple(obj.oid for obj in objects),
            players=tuple(players), keywords=tuple(effect.keywords)), ",".join(effect.keywords))
    return [*(obj.oid for obj in objects), *players]


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EffectConstruct(
    kind="gain_keyword", model=GainKeyword, subjects=("what",),
    text=EffectText(
        phrasings=_PHRASINGS,
        antecedents=("what",),
        canonical=_canonical,
        joins=_joins,
    ),
    forge=ForgeEffect(
        write=_forge,
        read_keyword=_forge_read,
    ),
    xmage=XMageEffect(
        forms=_XMAGE_FORMS,
        read_forms=_XMAGE_READ_FORMS,
        continuous=True,
        pointer_stable=True,
        framework=_xmage_framework,
        read_together=_xmage_read_together,
    ),
    rule=OneShot(resolve=_resolve),
)
