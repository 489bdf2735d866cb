"""The `destroy` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from cardgen.model.parts import AllSubject, EffectBase, Subject
from cardgen.vocab.construct import EffectConstruct, EffectText, ForgeEffect, OneShot, XMageEffect, XMageSequence
from cardgen.vocab.forge_forms import ApiForm
from cardgen.vocab.java_statements import Do, ForEach, If, Local, Statement
from cardgen.vocab.pattern import Form, V
from cardgen.vocab.xmage_forms import form

if TYPE_CHECKING:
    from cardgen.engines.xmage.read_sequence import SequenceReader
    from cardgen.engines.xmage.sequence import SequenceLowering
    from cardgen.game.context import Context
    from cardgen.game.objects import Entity
    from cardgen.text.phrases import ClauseWords


# ------------------------------------------------------------------------------------------ the spec model

class Destroy(EffectBase):
    effect: Literal["destroy"]
    what: Subject


# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {
    "plain_effect": [Form("destroy {w:object}", {"effect": "destroy", "what": V("w")})],
}


def _clause(words: ClauseWords, effect: Destroy, subject: Any, target: str | None) -> str | None:
    return f"destroy {target}" if target is not None and subject.target.player is None else None


# ------------------------------------------------------------------------------------------------ Forge


def _forge_remembers(e: Destroy) -> bool:
    """Destroying all: later effects reach the destroyed objects through Forge's remembered list."""
    return isinstance(e.what, AllSubject)


_FORGE = ApiForm("Destroy", "what", all_api="DestroyAll")


# ------------------------------------------------------------------------------------------------ XMage

_XMAGE_FORMS = (
    form("target", "DestroyTargetEffect"),
    form("all", "DestroyAllEffect", "filter"),
    form("self", "DestroySourceEffect"),
)


def _xmage_sequence_step(s: SequenceLowering, effect: Destroy, subject: Any, indent: int
                         ) -> list[Statement] | None:
    """A `permanent.destroy(...)` loop; a kept variable collects what was destroyed and keeps what reached
    the graveyard."""
    if isinstance(subject, str):
        return None
    keep, name, declared = s.kept(effect)
    before, cards, _zone = s.source(subject, effect, indent)
    lines = list(before)
    s.use("UUID")
    s.use("Permanent")
    if keep and effect.id is not None:  # kept: it has an id
        s.vars[effect.id] = (name, "graveyard")
        if not declared:
            lines.append(Local(s.use("Cards"), name, s.new(s.use("CardsImpl")).flat()))
    look_up = Local("Permanent", "permanent", "game.getPermanent(id)")
    if keep:
        destroyed = If("permanent != null && permanent.destroy(source, game, false)",
                       (Do(s.call(name, "add", "id").flat()),))
        lines += [ForEach("UUID", "id", s.fmt(cards, indent, offset=15), (look_up, destroyed)),
                  Do("game.processAction()"),
                  Do(s.call(name, "retainZone", s.zone("graveyard"), "game").flat())]
    else:
        destroy = If("permanent != null", (Do("permanent.destroy(source, game, false)"),))
        lines.append(ForEach("UUID", "id", s.fmt(cards, indent, offset=15), (look_up, destroy)))
    return lines


_DESTROY_START = "{ Permanent permanent = game.getPermanent(id); if (permanent != null"
_DESTROY_KEEPING = _DESTROY_START + " && permanent.destroy(source, game, false)) { "


def _xmage_read_loop(sr: SequenceReader, variable: str, head: Any, body: str, node: Any) -> list[dict[str, Any]] | None:
    """The `permanent.destroy(...)` loops `_xmage_sequence_step` writes (keeping what was destroyed, or not)."""
    if variable != "id":
        return None
    if body == _DESTROY_START + ") { permanent.destroy(source, game, false); } }":
        effect: dict[str, Any] = {"effect": CONSTRUCT.kind}
        effect["what"], _zone = sr.source(head, effect, node)
        return [effect]
    if body.startswith(_DESTROY_KEEPING) and body.endswith(".add(id); } }"):
        name = body[len(_DESTROY_KEEPING):-len(".add(id); } }")]
        if name not in sr.vars:
            raise sr.error(f"destroyed objects kept in an undeclared {name}", node)
        effect = {"effect": CONSTRUCT.kind}
        effect["what"], _zone = sr.source(head, effect, node)
        sr.name(effect, name)
        sr.vars[name] = (effect, "graveyard")
        return [effect]
    return None


# --------------------------------------------------------------------------------------------- resolver


def _resolve(ctx: Context, effect: Destroy) -> list[Entity]:
    """Returns the graveyard objects: an indestructible permanent is not destroyed and is not recorded."""
    from cardgen.game.actions import destroy
    moved = [destroy(ctx.state, obj.oid) for obj in ctx.objects(effect.what, "what")]
    return [obj.oid for obj in moved if obj is not None]


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EffectConstruct(
    kind="destroy", model=Destroy, subjects=("what",),
    text=EffectText(
        phrasings=_PHRASINGS,
        antecedents=("what",),
        clause=_clause,
    ),
    forge=ForgeEffect(
        remember_param="RememberDestroyed",
        moves_to="graveyard",
        remembers=_forge_remembers,
        api=_FORGE,
    ),
    xmage=XMageEffect(
        forms=_XMAGE_FORMS,
        moves_objects=True,
        # framework effects whose own text is `effect_phrase` of the effect (with the declared target's description)
        phrased=frozenset({"DestroyTargetEffect"}),
        sequence=XMageSequence(
            step=_xmage_sequence_step,
            read_loop=_xmage_read_loop,
        ),
    ),
    rule=OneShot(resolve=_resolve),
)
