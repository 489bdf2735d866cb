"""The setup statements of an XMage test: each player's starting life, library, hand, graveyard, exiled
cards and battlefield (`addCard`, `setLife`, `removeAllCardsFromLibrary`, `addCounters`).

What XMage's test setup cannot start with (a token, a phased-out or attached permanent, a spell on the
stack) is a problem of the scene, and leaves the test unplayable.
"""

from __future__ import annotations

from typing import Any

from cardgen.engines.xmage.forms import COUNTER_TYPES
from cardgen.engines.xmage.harness import AddCard, AddCounters, ClearLibrary, SetLife, Statement
from cardgen.engines.xmage.scenario_scene import LIBRARY_FILLER, START_ZONES, Scene

NOT_IN_SETUP = ("phased_out", "attached_to", "damage", "promised")
ACTIVE_SEAT = "playerA"
"""The player variable of the scenario's active player (the seats go round from them)."""
"""Fields of a starting permanent XMage's test setup has no command for."""


def setup(scene: Scene) -> tuple[list[Statement], bool]:
    """The setup statements, and whether the test must keep the libraries in the order it adds them."""
    out: list[Statement] = []
    ordered = False
    for name, start in scene.scenario.players.items():
        player = scene.seat(name)
        if start.life != 20:
            out.append(SetLife(player=player, life=start.life))
        library, exact = _library(scene, name, start)
        out += library
        ordered = ordered or exact
        for key, zone in START_ZONES:
            out += [AddCard(zone=zone, player=player, name=entry.card, count=entry.count)
                    for entry in getattr(start, key)]
        for index, permanent in enumerate(start.battlefield):
            out += _permanent(scene, ("players", name, "battlefield", index), name, permanent)
    if scene.scenario.stack:
        scene.problem(("stack",), "stack", "XMage tests cannot start with a spell on the stack",
                      "a starting stack is not expressible in XMage's test harness")
    return out, ordered


def _library(scene: Scene, name: str, start: Any) -> tuple[list[Statement], bool]:
    """A library made anew: emptied, then its cards added bottom first (`addCard` puts each on top), or
    that many anonymous cards; True when its order is the scenario's."""
    if not scene.library_cleared(name):
        return [], False
    player = scene.seat(name)
    out: list[Statement] = [ClearLibrary(player=player)]
    if isinstance(start.library, list):
        out += [AddCard(zone="LIBRARY", player=player, name=entry.card, count=entry.count)
                for entry in reversed(start.library)]
        return out, True
    if start.library:
        out.append(AddCard(zone="LIBRARY", player=player, name=LIBRARY_FILLER, count=start.library))
    elif scene.draw_for_an_empty_library(name):  # the card drawn in turn 1, before the scenario starts
        out.append(AddCard(zone="LIBRARY", player=player, name=LIBRARY_FILLER))
    return out, False


def _permanent(scene: Scene, path: tuple[str | int, ...], name: str, permanent: Any) -> list[Statement]:
    """A starting permanent: the card under its controller (XMage's owner too), and its counters."""
    if permanent.token is not None:
        scene.problem(path, "token", "XMage tests cannot start with a token on the battlefield",
                      "a starting token is not expressible in XMage's test harness")
        return []
    owner = scene.seat(permanent.controller) if permanent.controller else scene.seat(name)
    if permanent.controller and permanent.controller != name:
        scene.problem(path, "controller", "XMage's addCard gives the card to the player who controls it; the owner "
                      "is that player too")
    if permanent.tapped and owner == ACTIVE_SEAT:
        scene.problem(path, "tapped", "XMage's test game begins with turn 1's untap step, which untaps the active "
                      "player's permanents", "a tapped permanent of the active player is not expressible at the start")
    for field_name in NOT_IN_SETUP:
        if getattr(permanent, field_name):
            scene.problem(path, field_name, f"a starting permanent's `{field_name}` is not expressible in XMage's "
                          "test setup", f"the starting `{field_name}` is not expressible in XMage's test harness")
    card = permanent.card or ""
    out: list[Statement] = [AddCard(zone="BATTLEFIELD", player=owner, name=card, count=permanent.count,
                                    tapped=permanent.tapped)]
    out += [AddCounters(player=owner, name=card, counter_type=COUNTER_TYPES[kind], amount=amount)
            for kind, amount in permanent.counters.items()]
    return out
