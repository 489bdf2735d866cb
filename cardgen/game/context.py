"""What an effect needs while it resolves, and the one evaluator of `Subject`s.

Subjects are read the same way for every effect: a player word, an object word, a target slot (already
re-checked for legality), a reference to what an earlier effect acted on, or every object matching a
filter. References follow rule 400.7: an object that changed zones since the earlier effect acted on it
is a new object, so "that creature" no longer finds it, while "that creature's controller" uses last
known information.

The resolver's dispatch (`cardgen.resolver.effects`) builds a `Context` for each effect and hands it to
the effect's handler; the handler reads its subjects through it (`subject`, or `objects`, `permanents`,
`players` for the live ones of a kind) and never needs the dispatch back.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from cardgen.game import continuous, filters
from cardgen.game.choices import note_forced
from cardgen.game.objects import Entity, GameObject
from cardgen.game.state import GameState
from cardgen.spec.model import AllSubject, GiftKind, RefCheck, RefSubject, TargetSubject


@dataclass(slots=True)
class Context:
    state: GameState
    controller: str
    source: int
    source_name: str
    promised: bool
    recipient: str | None
    gift: GiftKind | None
    targets: dict[tuple, list[Entity]] = field(default_factory=dict)
    refs: dict[str, list[Entity]] = field(default_factory=dict)
    path: tuple = ()

    def at(self, path: tuple) -> Context:
        """The same context for the effect at `path` (target slot keys are relative to it)."""
        return replace(self, path=path)

    # -------------------------------------------------------------------------------------- subjects

    def subject(self, value: object, field_name: str) -> list[Entity]:
        """Resolve the subject in `field_name` of the current effect."""
        if isinstance(value, TargetSubject):
            return list(self.targets.get(self.path + (field_name,), []))
        if isinstance(value, RefSubject):
            return self.ref(value)
        if isinstance(value, AllSubject):
            return [obj.oid for obj in filters.select(self.state, value.all, self.controller, self.source)]
        if isinstance(value, str):
            return self.word(value)
        return []

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
        state = self.state
        if word == "you":
            return [self.controller]
        if word == "each_player":
            return state.apnap()
        if word == "each_opponent":
            return state.opponents(self.controller)
        if word == "gift_recipient":
            return [self.recipient] if self.recipient else []
        source = state.live(self.source)
        if source is None:
            return []
        if word == "self":
            return [source.oid]
        if word in ("enchanted", "equipped") and source.attached_to is not None:
            attached = state.live(source.attached_to)
            return [attached.oid] if attached else []
        return []

    def ref(self, value: RefSubject) -> list[Entity]:
        found: list[Entity] = []
        for entity in self.refs.get(value.ref, []):
            if isinstance(entity, str):
                found.append(entity)
                continue
            obj = self.state.objects[entity]
            if value.relation == "owner":
                found.append(obj.owner)
            elif value.relation == "controller":
                live = self.state.live(entity)
                found.append(continuous.controller_of(self.state, live) if live else obj.controller)
            elif not obj.gone and (value.filter is None or filters.matches(self.state, obj, value.filter,
                                                                            self.controller)):
                found.append(entity)
        unique = list(dict.fromkeys(found))
        if value.choose is not None and len(unique) > value.choose:
            unique = self.state.chooser.choose(self.controller, unique, value.choose, f"ref {value.ref}")
        elif value.choose is not None:
            note_forced(self.state.chooser, self.controller, unique, value.choose, f"ref {value.ref}")
        return unique

    def check(self, only_if: RefCheck | None) -> bool:
        """`only_if: {ref, matches}`: every referenced object still matches (and there is one)."""
        if only_if is None:
            return True
        found = [e for e in self.refs.get(only_if.ref, []) if isinstance(e, int) and self.state.live(e)]
        return bool(found) and all(
            filters.matches(self.state, self.state.obj(e), only_if.matches, self.controller) for e in found)
