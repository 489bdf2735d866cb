"""Effect handlers: one function per `effect:` type of the spec vocabulary, registered by name.

`run_effects` is the only interpreter of an effect list: it applies `instead_if_promised`
replacements, `condition` and `only_if`, calls the handler, and records what each effect acted on under
its `id` for later `{ref: ...}` subjects. Nothing here knows a card name.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from cardgen.resolver.context import Context
from cardgen.resolver.objects import Entity
from cardgen.spec.model import Effect

Handler = Callable[[Context, Any], list[Entity]]
HANDLERS: dict[str, Handler] = {}


def handles(name: str) -> Callable[[Handler], Handler]:
    def register(function: Handler) -> Handler:
        if name in HANDLERS:
            raise ValueError(f"two handlers for effect {name!r}")
        HANDLERS[name] = function
        return function

    return register


def condition_holds(condition: str | None, promised: bool) -> bool:
    if condition == "promised":
        return promised
    if condition == "not_promised":
        return not promised
    return True


def _chosen_targets(ctx: Context, effect: Effect) -> list[Entity]:
    """What a skipped effect would have acted on: its targets still name objects (Longstalk Brawl's
    "the creature you control" is chosen even when its +1/+1 counter is not put)."""
    found: list[Entity] = []
    for name in type(effect).model_fields:
        key = ctx.path + (name,)
        found.extend(ctx.targets.get(key, []))
    return found


def run_effects(ctx: Context, effects: Sequence[Effect], prefix: tuple = ()) -> None:
    """Perform `effects` in order (608.2c)."""
    for index, effect in enumerate(effects):
        path = prefix + (index,)
        chosen, chosen_path = effect, path
        if effect.instead_if_promised is not None and ctx.promised:
            chosen, chosen_path = effect.instead_if_promised, path + ("instead",)
        here = ctx.at(chosen_path)
        if condition_holds(chosen.condition, ctx.promised) and here.check(chosen.only_if):
            recorded = HANDLERS[chosen.effect](here, chosen)
        else:
            recorded = _chosen_targets(here, chosen)
        for ident in {effect.id, chosen.id} - {None}:
            ctx.refs[ident] = recorded


def _load() -> None:
    from cardgen.resolver.effects import (  # noqa: F401  (registration side effect)
        damage,
        gift,
        modifiers,
        movement,
        players,
        tokens,
    )


_load()
