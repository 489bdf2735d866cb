"""An exception inside the resolver while a scenario runs is a bug in cardgen, not in the scenario: the
failure says so, names the action that was running and the area of the rules the code was in (from the
innermost frame of the traceback that belongs to a rules module), and keeps the traceback for `-v`."""

from __future__ import annotations

import traceback
from pathlib import PurePath
from typing import Any

from cardgen.resolver.scenario.model import ACTION_KEYS

RULE_AREAS: tuple[tuple[str, str], ...] = (
    ("resolver/leaving.py", "a player leaving the game (800.4a)"),
    ("resolver/sba.py", "state-based actions (704)"),
    ("resolver/stack.py", "putting triggers on the stack or resolving it (603.3, 608)"),
    ("resolver/casting.py", "casting a spell (601.2)"),
    ("resolver/activating.py", "activating an ability (602.2)"),
    ("resolver/targeting.py", "choosing or checking targets (601.2c, 608.2b)"),
    ("resolver/turns.py", "the turn structure (500-514)"),
    ("resolver/effects.py", "performing an effect (608.2c)"),
    ("game/zones.py", "moving an object between zones (400.7)"),
    ("game/continuous.py", "continuous effects (613)"),
    ("game/triggers.py", "triggered abilities (603)"),
    ("game/context.py", "reading what an effect refers to (608.2h)"),
    ("game/actions.py", "damage, life or destruction (120, 119, 701.7)"),
    ("game/choices.py", "a player's choice"),
    ("resolver/scenario/", "the scenario runner"),
)
"""Where a module of the rules engine sits in the comprehensive rules (path suffix -> the area)."""


def rule_area(error: BaseException) -> str:
    """The area of the rules of the innermost frame of `error`'s traceback in a module of the engine; an
    effect construct's handler by its kind."""
    frames = traceback.extract_tb(error.__traceback__)
    for frame in reversed(frames):
        path = PurePath(frame.filename).as_posix()
        if "/cardgen/vocab/effects/" in path:
            return f"the `{PurePath(path).stem}` effect (cardgen/vocab/effects/{PurePath(path).name})"
        for suffix, area in RULE_AREAS:
            if f"/cardgen/{suffix}" in path:
                return area
    return "the rules engine"


def action_label(action: Any) -> str:
    """`cast: Kitnap`, `concede: carol`: the action as the scenario writes it, by its key."""
    data = action.model_dump(by_alias=True, exclude_defaults=True)
    for key in ACTION_KEYS:
        if key in data:
            value = data[key]
            shown = value.get("name", value) if isinstance(value, dict) else value
            return f"{key}: {shown}"
    return type(action).__name__


def describe(error: BaseException, where: str) -> tuple[str, str]:
    """The failure message for an internal error while `where` (an action, or checking expectations),
    and the traceback for `-v`."""
    summary = "".join(traceback.format_exception_only(type(error), error)).strip()
    message = (f"internal error, a bug in cardgen (not in the scenario; please report it): {summary}, "
               f"{where}, in {rule_area(error)}; run with -v for the traceback")
    return message, "".join(traceback.format_exception(type(error), error, error.__traceback__))


__all__ = ["action_label", "describe", "rule_area"]
