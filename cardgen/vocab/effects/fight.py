"""The `fight` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.spec.model import Fight, TargetSubject
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.xmage_forms import Form, form

if TYPE_CHECKING:
    from cardgen.engines.xmage.lower import CardLowering, Host
    from cardgen.engines.xmage.reader import EffectReader

CONSTRUCT = EffectConstruct("fight", Fight, subjects=("what", "other"))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage

CONSTRUCT.put("xmage_forms", (
    form("target", "FightTargetsEffect", when="fight_targets"),
    form("self", "FightTargetSourceEffect", when="fight_source"),
))
CONSTRUCT.put("xmage_pointer_stable", True)

CONSTRUCT.put("xmage_own_pointers", True)
CONSTRUCT.put("xmage_stands_alone", True)


@CONSTRUCT.slot("xmage_when:fight_targets")
def _xmage_fight_targets(w: CardLowering, host: Host, effect: Fight, zone: str | None) -> bool:
    """`FightTargetsEffect` reads the first two targets of the ability, in order."""
    if isinstance(effect.other, TargetSubject) and not isinstance(effect.what, str):
        first = w.subject_info(host, effect, "what")[1]
        second = host.slot(effect, "other")
        return first is not None and (first.index, second.index) == (0, 1)
    return False


@CONSTRUCT.slot("xmage_when:fight_source")
def _xmage_fight_source(w: CardLowering, host: Host, effect: Fight, zone: str | None) -> bool:
    """`FightTargetSourceEffect`: this creature fights the ability's first target."""
    return effect.what == "self" and isinstance(effect.other, TargetSubject) and host.slot(effect, "other").index == 0


@CONSTRUCT.slot("xmage_read_subject")
def _xmage_read_subject(r: EffectReader, form: Form, effect: dict[str, Any], subject: Any, node: Any) -> None:
    """`FightTargetsEffect`: the first target fights the second; `FightTargetSourceEffect`: this creature
    fights the target."""
    if form.java == "FightTargetsEffect":
        effect["what"] = subject
        effect["other"] = r.slots.subject(1, effect, node, "it", r.state, r.branch)
    else:
        effect["what"] = "self"
        effect["other"] = subject

# --------------------------------------------------------------------------------------------- resolver
