"""The `sacrifice` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.game import continuous, filters, zones
from cardgen.game.context import Context
from cardgen.game.events import Sacrificed
from cardgen.game.objects import Entity
from cardgen.spec.model import Sacrifice
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.pattern import Form, V

if TYPE_CHECKING:
    from cardgen.canonical import CanonicalForms

CONSTRUCT = EffectConstruct("sacrifice", Sacrifice, subjects=("who",))


# ------------------------------------------------------------------------------------ text and phrasing

CONSTRUCT.put("phrasings", {
    "plain_effect": [
        Form("{who:player_sg} sacrifices {f:article_filter} with the greatest power among {f:filter_pl} they control",
             {"effect": "sacrifice", "who": V("who"), "filter": V("f"), "choice": "greatest_power"}),
        Form("{who:player_sg} sacrifices {f:article_filter}",
             {"effect": "sacrifice", "who": V("who"), "filter": V("f")}),
    ],
    "article_filter": [Form("a {f:filter_sg}", V("f")), Form("an {f:filter_sg}", V("f"))],
})


@CONSTRUCT.slot("canonical")
def _canonical(forms: CanonicalForms, effect: dict[str, Any]) -> None:
    effect["filter"] = forms.filter(effect["filter"])


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver


@CONSTRUCT.slot("resolve")
def _resolve(ctx: Context, effect: Sacrifice) -> list[Entity]:
    """Each player sacrifices permanents they control matching the filter; with `greatest_power` only
    those with the greatest power qualify, and the player chooses among ties."""
    state = ctx.state
    gone: list[Entity] = []
    for player in [e for e in ctx.subject(effect.who, "who") if isinstance(e, str)]:
        for _ in range(effect.amount):
            options = [obj for obj in filters.select(state, effect.filter, player)
                       if continuous.controller_of(state, obj) == player]
            if effect.choice == "greatest_power" and options:
                best = max(continuous.view(state, obj).power or 0 for obj in options)
                options = [obj for obj in options if (continuous.view(state, obj).power or 0) == best]
            if not options:
                break
            picked = state.chooser.choose(player, [obj.oid for obj in options], 1, "sacrifice")
            for oid in picked:
                state.emit(Sacrificed(state.obj(oid).name, player))
                new = zones.move(state, oid, "graveyard")  # type: ignore[arg-type]
                if new is not None:
                    gone.append(new.oid)
    return gone
