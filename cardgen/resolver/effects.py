"""Performing an effect list: the one interpreter of the `effects:` of a spell or ability.

`run_effects` applies `instead_if_promised` replacements, `condition` and `only_if`, asks the effect's
construct (`cardgen.vocab`) for its handler, and records what each effect acted on under its `id` for
later `{ref: ...}` subjects. Nothing here knows a card name or an effect kind.

Slot read here (filled in the `resolver` section of `cardgen/vocab/effects/<kind>.py`):
- `resolve`: `(ctx: Context, effect) -> list[Entity]` performs the effect with the game-state kit
  (`cardgen.game`) and returns the objects and players it acted on.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardgen import vocab
from cardgen.diagnostics import NodePath
from cardgen.game import zones
from cardgen.game.context import Context
from cardgen.game.continuous import note_control
from cardgen.game.objects import Entity
from cardgen.model.card import Effect
from cardgen.vocab.construct import OneShot


def _chosen_targets(ctx: Context, effect: Effect) -> list[Entity]:
    """What a skipped effect would have acted on: its targets still name objects (Longstalk Brawl's
    "the creature you control" is chosen even when its +1/+1 counter is not put)."""
    found: list[Entity] = []
    for name in type(effect).model_fields:
        key = ctx.path + (name,)
        found.extend(ctx.targets.get(key, []))
    return found


def run_effects(ctx: Context, effects: Sequence[Effect], prefix: NodePath = ()) -> None:
    """Perform `effects` in order (608.2c)."""
    for index, effect in enumerate(effects):
        path = prefix + (index,)
        chosen, chosen_path = effect, path
        replacement = effect.instead_if_promised
        if isinstance(replacement, list):  # the ability's model makes a list one "instead" group of effects
            raise TypeError("an `instead_if_promised` list reaches the resolver unexpanded")
        if replacement is not None and ctx.promised:
            chosen, chosen_path = replacement, path + ("instead",)
        here = ctx.at(chosen_path)
        if ctx.state.holds(chosen.condition, ctx.promised, ctx.controller) and here.check(chosen.only_if):
            rule = vocab.of(chosen).rule
            assert isinstance(rule, OneShot)  # a static effect is never one of a resolution's
            with zones.at_once(ctx.state):  # one effect's moves are one event (603.2c)
                recorded = rule.resolve(here, chosen)
        else:
            recorded = _chosen_targets(here, chosen)
        for ident in {effect.id, chosen.id}:
            if ident is not None:
                ctx.refs[ident] = recorded
        note_control(ctx.state)  # an effect may have begun or ended a control effect (phasing, attaching)
