"""The reference rules resolver: a small rules engine that plays any `Card` of the spec vocabulary.

It judges whether a generated card "does what the card says": scenarios (see `cardgen.resolver.scenario`)
play cards through it with the original spec and with specs read back from engine files, and compare
the resulting snapshots and event logs.
"""

from cardgen.resolver.casting import CastRequest
from cardgen.resolver.errors import GameError
from cardgen.resolver.game import Game
from cardgen.resolver.snapshot import snapshot
from cardgen.resolver.state import GameState

__all__ = ["CastRequest", "Game", "GameError", "GameState", "snapshot"]
