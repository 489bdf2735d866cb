"""What an effect needs while it resolves, and where it reads its `Subject`s.

Subjects are read the same way for every effect: a player word, an object word, a target slot (already
re-checked for legality), a reference to what an earlier effect acted on, or every object matching a
filter. What each kind names is declared by its construct (`cardgen/vocab/subject_kinds/<kind>.py`,
slot `resolve`) and handed to the game state by its builder (`GameState.subjects`), since this kit sits
below the vocabulary; `subject` asks that table, the other readers narrow what it found.

The resolver's dispatch (`cardgen.resolver.effects`) builds a `Context` for each effect and hands it to
the effect's handler; the handler reads its subjects through it (`subject`, or `objects`, `permanents`,
`players` for the live ones of a kind) and never needs the dispatch back.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from cardgen.diagnostics import NodePath
from cardgen.game import filters
from cardgen.game.objects import Entity, GameObject
from cardgen.game.state import GameState
from cardgen.model.parts import GiftKind, RefCheck


@dataclass(slots=True)
class Context:
    state: GameState
    controller: str
    source: int
    source_name: str
    promised: bool
    recipient: str | None
    gift: GiftKind | None
    targets: dict[NodePath, list[Entity]] = field(default_factory=dict)
    refs: dict[str, list[Entity]] = field(default_factory=dict)
    path: NodePath = ()
    resolution: int = 0
    """For a resolving ability, the times it has resolved this turn, this time included (the resolver's
    `GameState.ability_resolutions`); 0 for a spell."""
    run: Callable[[Context, Sequence[Any], NodePath], None] | None = None
    """The resolver's interpreter of an effect list (`run_effects`), handed in by whoever resolves, for an
    effect that performs effects it holds ("If you do, draw a card."): `ctx.perform(effects, key)`."""

    def at(self, path: NodePath) -> Context:
        """The same context for the effect at `path` (target slot keys are relative to it)."""
        return replace(self, path=path)

    def perform(self, effects: Sequence[Any], key: str) -> None:
        """Perform the effects the current effect holds under its field `key`, in order (608.2c), with
        their target slots and ids relative to it."""
        if self.run is None:
            raise RuntimeError("the effect holds effects, but whoever resolves it handed in no interpreter")
        self.run(self, effects, self.path + (key,))

    # -------------------------------------------------------------------------------------- subjects

    def subject(self, value: object, field_name: str) -> list[Entity]:
        """Resolve the subject in `field_name` of the current effect, as its kind says
        (`GameState.subjects`: a word, or the model class of a shape); [] for a subject no kind reads."""
        read = self.state.subjects.get(value if isinstance(value, str) else type(value))
        return read(self, value, field_name) if read is not None else []

    def amount(self, value: object) -> int:
        """The value of an effect's amount as it resolves: a number, or what its counted kind counts
        (`GameState.amounts`)."""
        return value if isinstance(value, int) else self.state.amounts[type(value)](self, value)

    def objects(self, value: object, field_name: str) -> list[GameObject]:
        """The subject's objects that still exist (not ones that changed zones, 400.7), leaving out
        phased-out permanents, which the rules treat as though they don't exist."""
        found = (self.state.live(e) for e in self.subject(value, field_name) if isinstance(e, int))
        return [obj for obj in found if obj is not None and not (obj.zone == "battlefield" and obj.phased_out)]

    def permanents(self, value: object, field_name: str) -> list[GameObject]:
        """The subject's objects that are phased-in permanents: what an effect on permanents acts on."""
        return self._permanents(self.subject(value, field_name))

    def players(self, value: object, field_name: str) -> list[str]:
        """The subject's players still in the game."""
        return self._players(self.subject(value, field_name))

    def permanents_and_players(self, value: object, field_name: str) -> tuple[list[GameObject], list[str]]:
        """Both halves of a subject that may name permanents and players (hexproof for you and your
        creatures), from one reading of it: a `{ref, choose}` subject asks its question once."""
        entities = self.subject(value, field_name)
        return self._permanents(entities), self._players(entities)

    def _permanents(self, entities: list[Entity]) -> list[GameObject]:
        found = (self.state.live(e) for e in entities if isinstance(e, int))
        return [obj for obj in found if obj is not None and obj.zone == "battlefield" and not obj.phased_out]

    def _players(self, entities: list[Entity]) -> list[str]:
        return [e for e in entities if isinstance(e, str) and not self.state.players[e].lost]

    def word(self, word: str) -> list[Entity]:
        """What a subject word (`you`, `each_opponent`, `self`, ...) names here."""
        return self.subject(word, "")

    def _followed(self, entity: Entity) -> Entity:
        """The object `entity` is now, following its moves to public zones (`GameState.successors`)."""
        seen = 0
        while isinstance(entity, int) and self.state.live(entity) is None and entity in self.state.successors \
                and seen < 64:
            entity, seen = self.state.successors[entity], seen + 1
        return entity

    def attached(self) -> list[Entity]:
        """The permanent the source (an Aura or Equipment) is attached to. A source that has left the
        battlefield is looked at as it last existed there (608.2h, 113.7a: its ability resolves without
        it): Kitnap bounced in response to its enters trigger still taps the creature it enchanted."""
        source = self.state.objects.get(self.source)
        if source is None or source.attached_to is None:
            return []
        attached = self.state.live(source.attached_to)
        return [attached.oid] if attached else []

    def _before(self, entity: int, zone: str) -> GameObject | None:
        """The object `entity` was in `zone` before it moved (400.7: each move makes a new object), if any."""
        current: int | None = entity
        for _ in range(64):
            if current is None or current not in self.state.objects:
                return None
            obj = self.state.obj(current)
            if obj.gone and obj.zone == zone:
                return obj
            current = next((old for old, new in self.state.successors.items() if new == current), None)
        return None

    def check(self, only_if: RefCheck | None) -> bool:
        """`only_if: {ref, matches}`: every referenced object still matches (and there is one). An object an
        earlier part of the effect moved to a public zone is found there (400.7: "exile it, then return it;
        if that creature is a Bird": the creature that returned)."""
        if only_if is None:
            return True
        checked = only_if.matches
        found: list[GameObject] = []
        for entity in self.refs.get(only_if.ref, []):
            followed = self._followed(entity)
            live = self.state.live(followed) if isinstance(followed, int) else None
            if live is not None and (live.zone == checked.zone or checked.max_power is None):
                found.append(live)
            elif isinstance(entity, int) and checked.max_power is not None:
                # "if that creature had power 2 or less": the object as it last existed there (608.2h)
                before = self._before(entity, checked.zone)
                if before is not None:
                    found.append(before)
        return bool(found) and all(
            filters.matches(self.state, obj, checked, self.controller, last_known=obj.gone) for obj in found)
