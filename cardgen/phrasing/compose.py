"""Abilities <-> oracle lines: the sentence-level meaning the per-construct forms leave to their caller.

The forms in `cardgen.phrasing.forms` say each effect, subject and condition; a sentence's prefix ("If
the gift was promised, ...", "Then", "instead") is read as data too. What needs the whole ability is
here: a condition applies to every effect of its sentence; "instead" replaces the effect(s) of the
sentence before; "that creature", "it" and "the creature you control" point at an earlier effect's object
(written as `{ref: id}`, with the id given to that effect); a target chosen only when the gift was promised
(702.174m) is marked `only_if_promised`. `render_ability` is the same, run the other way.

What an effect's construct declares for this, besides its subjects, is in its `EffectText`
(`cardgen.vocab.construct`: `antecedents`, `backref_noun`, `own_sentence`); an ability kind's in its
`AbilityText` (`compose`, `render`).
"""

from __future__ import annotations

import marshal
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from cardgen import vocab
from cardgen.phrasing.forms import GRAMMAR
from cardgen.vocab import subject as vocab_subject
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.pattern import Context

_REMINDER = re.compile(r" ?\([^()]*\)")
_NAME_PLACE = "~"


class PhraseError(ValueError):
    """An oracle line the forms cannot read, with the words they stopped at."""


@dataclass(slots=True)
class Reading:
    """An oracle line read into an ability (spec data), or the reason it could not be."""

    line: str
    ability: dict[str, Any] | None
    problem: str | None = None


# ---------------------------------------------------------------------------------------- parsing


def _prepare(line: str, name: str, short: str | None = None) -> str:
    """The line without reminder text, the card's name (and a legendary card's short name, `short`) `~`; a
    line that is only reminder text (a Class's "(Gain the next level ...)") is read as it is."""
    text = _REMINDER.sub("", line).strip() or line.strip()
    text = text.replace(name, _NAME_PLACE) if name else text
    return re.sub(rf"(?<![\w']){re.escape(short)}(?![\w'])", _NAME_PLACE, text) if short else text


def read_line(line: str, name: str, *, spell: bool, taken: set[str] | None = None,
              short: str | None = None) -> Reading:
    """Read one oracle line of the card `name` (an instant or sorcery when `spell`) into an ability.
    `taken`: ids already used by the card's other abilities (the new ones are added to it); `short`: a
    legendary card's short name, which its text may call it by."""
    taken = set() if taken is None else taken
    found, problem = read_all(line, name, spell=spell, taken=taken, short=short)
    if len(found) == 1:
        taken |= found[0][1]
        return Reading(line, found[0][0])
    if found:  # never pick one of several meanings
        return Reading(line, None, f"the line can be read {len(found)} ways; write the ability by hand")
    return Reading(line, None, problem)


def read_all(line: str, name: str, *, spell: bool, taken: set[str] | None = None, short: str | None = None
             ) -> tuple[list[tuple[dict[str, Any], set[str]]], str | None]:
    """Every distinct reading of an oracle line (each ability with the ids it would take beyond `taken`,
    which is left unchanged), and, when there is none, why: the words the forms stopped at. The text
    check compares a spec's ability with each reading; drafting takes only a line with one."""
    lazy = Readings(line, name, spell=spell, taken=taken, short=short)
    readings = list(lazy)
    return readings, lazy.problem()


_MODE_MARK = re.compile(r"^(?:• |((?:\{P\})+) — )")
"""What starts a mode's line: its bullet, or its pawprints and a dash (700.2, 700.2h)."""


def _modal_readings(text: str, name: str, *, spell: bool, taken: set[str] | None, short: str | None
                    ) -> tuple[list[tuple[dict[str, Any], set[str]]], str | None]:
    """A modal ability's lines (700.2): the choosing line, read by the `modes_head` forms (after the
    trigger phrase of a triggered ability: "When this creature enters, choose one —"), then each mode's
    line, read as a line of its own. One reading, or none with the reason."""
    first, *rest = text.split("\n")
    taken = set() if taken is None else taken
    modes: list[dict[str, Any]] = []
    trial = set(taken)
    for line in rest:
        mark = _MODE_MARK.match(line)
        if mark is None:
            return [], f"a modal ability's line {line[:30]!r} starts with no bullet or pawprints"
        mode_text = line[mark.end():]
        found, problem = read_all(mode_text, name, spell=True, taken=trial, short=short)
        readings = [ability for ability, _ in found if ability.get("kind") == "spell"]
        if len(readings) != 1:
            return [], problem or f"the mode {mode_text[:30]!r} reads {len(readings)} ways"
        trial |= found[0][1]
        mode: dict[str, Any] = {"text": mode_text, "effects": readings[0]["effects"]}
        if mark.group(1):
            mode["pawprints"] = mark.group(1).count("{P}")
        modes.append(mode)
    head = _prepare(first, name, short)
    lowered = head[:1].lower() + head[1:]
    for at in [0, *(index + 2 for index, char in enumerate(head) if char == "," and head[index + 1:index + 2] == " ")]:
        results = GRAMMAR.parse("modes_head", lowered[at:] if at else lowered, Context()).results
        if not results:
            continue
        effect = {"effect": "modes", **_copy(results[0]), "modes": modes}
        effect = {key: value for key, value in effect.items() if not (key in ("min", "max") and value == 1)}
        if at == 0:
            if not spell:
                return [], "a modal ability's choosing line needs a trigger here"
            return [({"kind": "spell", "text": text, "effects": [effect]}, trial)], None
        # a triggered ability: its trigger read with the first mode's first sentence after it
        found, problem = read_all(first[:at] + rest[0][_MODE_MARK.match(rest[0]).end():],  # type: ignore[union-attr]
                                  name, spell=spell, taken=set(taken), short=short)
        triggered = [ability for ability, _ in found if ability.get("kind") != "spell"]
        if len(triggered) != 1:
            return [], problem or "the trigger of a modal ability reads more than one way"
        ability = {**triggered[0], "text": text, "effects": [effect]}
        return [(ability, trial)], None
    return [], f"did not understand the choosing line {first[:40]!r}"


class Readings:
    """The distinct readings of an oracle line, composed one at a time as they are iterated (the text
    check stops at the first that means the structure), in the order `read_all` lists them; `problem()`,
    once iterated, says why there were none."""

    def __init__(self, line: str, name: str, *, spell: bool, taken: set[str] | None = None,
                 short: str | None = None) -> None:
        self.line, self.name, self.spell = line, name, spell
        self.taken = set() if taken is None else taken
        self.problems: list[str] = []
        self.seen: list[dict[str, Any]] = []
        self.modal: tuple[list[tuple[dict[str, Any], set[str]]], str | None] | None = None
        self.results: list[Any] = []
        self.text, self.furthest = line, 0
        if "\n" in line:  # a modal ability's lines
            self.modal = _modal_readings(line, name, spell=spell, taken=self.taken, short=short)
            return
        self.text = _prepare(line, name, short)
        self.results, self.furthest = _parse_ability(self.text)

    def __iter__(self) -> Iterator[tuple[dict[str, Any], set[str]]]:
        if self.modal is not None:
            for modal, modal_ids in self.modal[0]:
                self.seen.append(modal)
                yield modal, modal_ids
            return
        for result in self.results:
            try:
                trial = set(self.taken)
                ability = _ability(result, self.line, self.spell, trial)
            except PhraseError as error:
                self.problems.append(str(error))
                continue
            if ability is not None and all(ability != seen for seen in self.seen):
                self.seen.append(ability)
                yield ability, trial

    def problem(self) -> str | None:
        """Why the line has no reading (None when it has one): the first composing error, else the words
        the forms stopped at."""
        if self.seen:
            return None
        if self.modal is not None:
            return self.modal[1]
        if self.problems:
            return self.problems[0]
        stop, text, name = self.furthest, self.text, self.name
        rest = text[stop:].replace(_NAME_PLACE, name) or text.replace(_NAME_PLACE, name)
        words = " ".join(rest.split()[:8])
        return (f"did not understand the words from {words!r}"
                + (f" (read up to column {stop + 1})" if stop else ""))


_PARSED: dict[str, tuple[bytes | list[Any], int]] = {}
_PARSED_MAX = 4096
_MARSHAL_VERSION = 2
"""Version 2 writes no references, so every load is a tree of fresh dicts and lists (as `_copy` makes)."""


def _parse_ability(text: str) -> tuple[list[Any], int]:
    """The grammar's readings of a prepared line (the card's name already `~`) and how far any got.
    Remembered per text: a set repeats its lines ("Flying", "Destroy target creature.") and the grammar
    is fixed, so each distinct line is parsed once per process. Callers get their own copy (composing
    fills in ids and back-references in place); readings are plain data, kept marshalled so a copy is
    one C call."""
    known = _PARSED.get(text)
    if known is None:
        parse = GRAMMAR.parse("ability", text, Context())
        try:
            stored: bytes | list[Any] = marshal.dumps(parse.results, _MARSHAL_VERSION)
        except ValueError:  # not plain data: copied by hand
            stored = parse.results
        known = (stored, parse.furthest)
        if len(_PARSED) >= _PARSED_MAX:
            _PARSED.clear()
        _PARSED[text] = known
    stored, furthest = known
    return (marshal.loads(stored) if isinstance(stored, bytes) else _copy(stored)), furthest


def _ability(result: dict[str, Any], line: str, spell: bool, taken: set[str]) -> dict[str, Any] | None:
    """The spec ability of one parse of a line: its kind's `text.compose(result, line, spell, taken,
    compose)` (None: no reading on this card; without it the parse itself)."""
    read = vocab.ability(result["kind"]).text.compose
    return result if read is None else read(result, line, spell, taken, compose)


def antecedent(history: list[dict[str, Any]]) -> tuple[dict[str, Any], Any] | None:
    """What "it" / "that creature" after `history` points at: the effect that first named the object
    of the latest effect acting on one (following references back: "gains first strike" on the pumped
    creature leaves "that creature" the pumped one), and that object's subject."""
    for effect in reversed(history):
        if _construct(effect).text.backref_noun is not None:
            return effect, None
        for key in _antecedents(effect):
            subject = effect.get(key)
            if subject is not None:
                while isinstance(subject, dict) and set(subject) == {"ref"}:
                    named = next((e for e in history if e.get("id") == subject["ref"]), None)
                    if named is None:
                        break
                    effect = named
                    subject = next((named[key] for key in _antecedents(named) if key in named), None)
                return effect, subject
    return None


def _construct(effect: dict[str, Any]) -> EffectConstruct[Any]:
    return vocab.effect(effect["effect"])


def _subject_keys(effect: dict[str, Any]) -> tuple[str, ...]:
    """The keys of an effect (as data) that hold its subjects, as its construct declares them."""
    return _construct(effect).subjects


def _antecedents(effect: dict[str, Any]) -> tuple[str, ...]:
    """The keys of an effect whose objects a later "it" / "that creature" may point back to."""
    return _construct(effect).text.antecedents


class _Scope:
    """The effects read so far in one ability, for back-references and ids."""

    def __init__(self, taken: set[str]) -> None:
        self.history: list[dict[str, Any]] = []
        self.chosen: list[dict[str, Any]] = []
        self.taken = taken
        self.it: str | None = None

    def name(self, effect: dict[str, Any]) -> str:
        """The effect's id, given on first reference (unique in the card: `taken` is shared)."""
        if "id" not in effect:
            number = 1
            while f"{effect['effect']}_{number}" in self.taken:
                number += 1
            effect["id"] = f"{effect['effect']}_{number}"
            self.taken.add(effect["id"])
        identifier: str = effect["id"]
        return identifier

    def antecedent(self) -> tuple[dict[str, Any], Any]:
        found = antecedent(self.history)
        if found is None and self.it is not None:
            return {}, self.it
        if found is None:
            raise PhraseError("a back-reference (\"it\", \"that creature\") with nothing before it to point at")
        return found

    def resolve(self, marker: dict[str, Any], host: dict[str, Any]) -> Any:
        noun = marker["backref"]
        if noun == "chosen":
            entry = self._chosen(marker)
            if entry.get("effect") is None:
                entry["effect"] = host
                return entry["subject"]
            return {"ref": self.name(entry["effect"])}
        if noun == "player":
            return {"ref": self.name(self._player_antecedent())}
        effect, subject = self.antecedent()
        if noun == "this_way":
            return {"ref": self.name(effect), "filter": marker["filter"], "choose": marker["choose"]}
        relation = marker.get("relation")
        if not effect and relation is not None:
            raise PhraseError("a back-reference (\"its controller\") with nothing before it to point at")
        if isinstance(subject, dict) and set(subject) == {"all"} and relation is None and noun in ("them", "it"):
            # "Raccoons you control get +1/+1 and gain vigilance": the same objects, chosen as the same
            # effect begins (611.2c), so the same filter
            return _copy(subject)
        if isinstance(subject, str) and subject in vocab_subject.words("object") and relation is None:
            return subject  # "it" after "enchanted creature" is still the enchanted creature
        ref: dict[str, Any] = {"ref": self.name(effect)}
        if relation:
            ref["relation"] = relation
        return ref

    def _player_antecedent(self) -> dict[str, Any]:
        """The latest effect that targeted a player: "that player" after "target player mills three cards"."""
        for effect in reversed(self.history):
            for key in _subject_keys(effect):
                value = effect.get(key)
                if isinstance(value, dict) and isinstance(value.get("target"), dict) and value["target"].get("player"):
                    found: dict[str, Any] = effect
                    return found
        raise PhraseError("\"that player\" with no targeted player before it to point at")

    def _chosen(self, marker: dict[str, Any]) -> dict[str, Any]:
        if "index" in marker:
            if marker["index"] < len(self.chosen):
                chosen: dict[str, Any] = self.chosen[marker["index"]]
                return chosen
        else:
            for entry in self.chosen:
                if {k: v for k, v in entry["subject"]["target"].items() if k not in ("min", "max")} == marker["filter"]:
                    return entry
        raise PhraseError("\"the ...\" / \"those creatures\" names no target chosen earlier (\"Choose target ...\")")

    def effects(self, effects: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Resolve the back-references of `effects` (in order, each seeing the ones before)."""
        for effect in effects:
            for key in _subject_keys(effect):
                value = effect.get(key)
                if isinstance(value, dict) and "backref" in value:
                    effect[key] = self.resolve(value, effect)
            if "effects" in effect:  # an effect holding effects: theirs are read in turn
                self.effects(effect["effects"])
            self.history.append(effect)
        return effects


def compose(sentences: list[dict[str, Any]], taken: set[str] | None = None,
            it: str | None = None) -> list[dict[str, Any]]:
    """The effects of an ability from its sentences, each {prefix, clauses, suffix} (or {choose}). `it`:
    what an "it" with nothing before it points at (`self` after a trigger on the permanent itself)."""
    scope = _Scope(set() if taken is None else taken)
    scope.it = it
    effects: list[dict[str, Any]] = []
    previous: list[dict[str, Any]] = []
    for sentence in sentences:
        if "choose" in sentence:
            scope.chosen = [{"subject": subject} for subject in sentence["choose"]]
            continue
        prefix = {**sentence["prefix"], **sentence["suffix"]}
        if "only_if" in prefix:  # "Then if ... and that creature isn't legendary": points before this sentence
            resolved = scope.resolve(prefix["only_if"]["ref"], {})
            if not (isinstance(resolved, dict) and "ref" in resolved):
                raise PhraseError("\"that creature isn't legendary\" must point at an earlier effect's object")
            check = {"ref": resolved["ref"], "matches": prefix["only_if"]["matches"]}
        group = scope.effects(_copy(sentence["clauses"]))
        if prefix.get("instead"):
            if not previous:
                raise PhraseError("\"instead\" with no sentence before it")
            effects = _instead(effects, previous, group)
            previous = group
            continue
        for effect in group:
            if prefix.get("condition"):
                if effect.get("condition"):
                    raise PhraseError("two conditions on one effect")
                effect["condition"] = prefix["condition"]
            if "only_if" in prefix:
                effect["only_if"] = check
        effects.extend(group)
        previous = group
    effects = [_normal(effect) for effect in effects]
    _mark_promised_targets(effects)
    _mark_other_targets(effects)
    return effects


def _normal(effect: dict[str, Any]) -> dict[str, Any]:
    """The effect as its construct's `text.normal` says it is (itself without the hook)."""
    normal = _construct(effect).text.normal
    return effect if normal is None else normal(effect)


def _copy(data: Any) -> Any:
    if isinstance(data, dict):
        return {key: _copy(value) for key, value in data.items()}
    if isinstance(data, list):
        return [_copy(item) for item in data]
    return data


def _without_ids(data: Any) -> Any:
    if isinstance(data, dict):
        return {key: _without_ids(value) for key, value in data.items() if key != "id"}
    if isinstance(data, list):
        return [_without_ids(item) for item in data]
    return data


def _unpaired(effect: dict[str, Any]) -> Any:
    """An effect without its id and without being paired with the one before it (`simultaneous`)."""
    return _without_ids({key: value for key, value in effect.items() if key != "simultaneous"})


def _instead(effects: list[dict[str, Any]], base: list[dict[str, Any]], group: list[dict[str, Any]]
             ) -> list[dict[str, Any]]:
    """"If the gift was promised, instead <group>" after the sentence that did `base`."""
    if any(effect.get("condition") for effect in base + group):
        raise PhraseError("\"instead\" after a sentence that already tests the promise")
    kept = [effect for effect in effects if not any(effect is b for b in base)]
    if len(base) == 1 and len(group) == 1:
        base[0]["instead_if_promised"] = group[0]
        return effects
    same = [index for index, effect in enumerate(group)
            if len(base) == 1 and _unpaired(effect) == _unpaired(base[0])]
    if same:  # "instead X and <the same thing>": X is added when promised, the rest happens anyway
        out = []
        for index, effect in enumerate(group):
            if index == same[0]:
                if effect.get("simultaneous"):  # dealt with X as one instruction ("deals 3 ... and 2 ...")
                    base[0]["simultaneous"] = True
                out.append(base[0])
            else:
                out.append({**effect, "condition": "promised"})
        return kept + out
    named = len(base) == 1 and "id" in base[0] and any(base[0]["id"] in _refs(effect) for effect in group)
    if len(base) == 1 and not named:  # "instead <X> and <Y>": X replaces the effect (and its targets)
        base[0]["instead_if_promised"] = group[0]
        return effects + [{**effect, "condition": "promised"} for effect in group[1:]]
    for effect in base:  # the group names the effect's targets ("that player"): they are chosen either way
        effect["condition"] = "not_promised"
    return effects + [{**effect, "condition": "promised"} for effect in group]


def _targets(effect: dict[str, Any]) -> list[dict[str, Any]]:
    return [effect[key]["target"] for key in _subject_keys(effect)
            if isinstance(effect.get(key), dict) and "target" in effect[key]]


def _refs(effect: dict[str, Any]) -> set[str]:
    found: set[str] = set()

    def visit(data: Any) -> None:
        if isinstance(data, dict):
            if isinstance(data.get("ref"), str):
                found.add(data["ref"])
            for value in data.values():
                visit(value)
        elif isinstance(data, list):
            for item in data:
                visit(item)

    visit(effect)
    return found


def _mark_other_targets(effects: list[dict[str, Any]]) -> None:
    """"Another target creature" after a target named earlier in the ability is another target than that
    one (601.2c: `other_target`); as the ability's first target it is other than the source (`other`)."""
    seen = False
    for effect in effects:
        for branch in (effect, effect.get("instead_if_promised")):
            if not isinstance(branch, dict):
                continue
            for target in _targets(branch):
                if seen and target.pop("other", False):
                    target["other_target"] = True
                seen = True


def _mark_promised_targets(effects: list[dict[str, Any]]) -> None:
    """A target of an effect that happens only if the gift was promised is chosen only then (702.174m),
    unless a later effect that happens either way acts on it."""
    for index, effect in enumerate(effects):
        if effect.get("condition") != "promised" or not _targets(effect):
            continue
        used_anyway = any(effect.get("id") in _refs(later) and later.get("condition") != "promised"
                          for later in effects[index + 1:])
        if not used_anyway:
            for target in _targets(effect):
                target["only_if_promised"] = True


# -------------------------------------------------------------------------------------- rendering


def render_ability(ability: dict[str, Any], name: str) -> str | None:
    """The oracle line for an ability (spec data without defaults), or None where the forms cannot say
    it. Reminder text is not written."""
    render = vocab.ability(ability["kind"]).text.render
    value = ability if render is None else render(ability, _sentences)
    if value is None:
        return None
    text = GRAMMAR.render("ability", value)
    return None if text is None else _layout(text, name)


def _layout(text: str, name: str) -> str:
    """Sentence capitals and the card's name."""
    text = re.sub(r"\ba ((?:tapped )?)(8|11|18|[aeiouAEIOU])", r"an \1\2", text)  # "an 8/8", "an Octopus"
    text = re.sub(r"\ban tapped\b", "a tapped", text)
    text = re.sub(r"(^|\. )([a-z])", lambda m: m.group(1) + m.group(2).upper(), text)
    text = re.sub(r"\{t\}", "{T}", text)  # the tap symbol (literals are matched and kept lower-case)
    text = re.sub(r"\bx\b", "X", text)  # the variable X (107.3), "loses X life, where X is ..."
    text = re.sub(r"(\}, )sacrifice\b", r"\1Sacrifice", text)  # each cost part of "{2}, {T}, Sacrifice ~"
    # the effect after an activation cost (602.1a) starts a sentence
    text = re.sub(r"^([^.:]*(?:\}|this [a-z]+)): ([a-z])", lambda m: f"{m.group(1)}: {m.group(2).upper()}", text)
    return text.replace(_NAME_PLACE, name)


def _noun(effect: dict[str, Any]) -> str:
    noun = _construct(effect).text.backref_noun
    if callable(noun):
        return noun(effect)
    if noun is not None:
        return noun
    for key in _antecedents(effect):
        subject = effect.get(key)
        if isinstance(subject, dict) and "target" in subject:
            zone = subject["target"].get("zone", "battlefield")
            if zone == "stack":
                return "spell"
            if zone != "battlefield":
                return "card"
            return "creature" if subject["target"].get("types") == ["creature"] else "permanent"
        if isinstance(subject, dict) and "ref" in subject:
            return "creature"
    return "it"


def _points_at(history: list[dict[str, Any]], identifier: str) -> bool:
    """Whether "it" said after `history` would be read as the object of effect `identifier`."""
    found = antecedent(history)
    return found is not None and found[0].get("id") == identifier


def _backrefs(effects: list[dict[str, Any]], known: dict[str, dict[str, Any]], sentence_ids: set[str],
              history: list[dict[str, Any]]) -> list[dict[str, Any]] | None:
    """The effects with `{ref}` subjects as back-reference markers, or None when a reference could not
    be read back as written (it would point at a later object). `history`: the effects said before."""
    out = []
    history = list(history)
    for original in effects:
        effect = dict(original)
        for key in _subject_keys(effect):
            subject = effect.get(key)
            if isinstance(subject, dict) and "ref" in subject:
                target = known.get(subject["ref"])
                if target is None or not _points_at(history, subject["ref"]):
                    return None
                if "choose" in subject or "filter" in subject:
                    effect[key] = {"backref": "this_way", "filter": subject.get("filter"),
                                   "choose": subject.get("choose")}
                    continue
                noun = "it" if subject["ref"] in sentence_ids else _noun(target)
                marker: dict[str, Any] = {"backref": noun}
                if subject.get("relation", "it") != "it":
                    marker["relation"] = subject["relation"]
                    if noun == "it" and subject["relation"] == "controller":
                        marker["backref"] = "it"
                effect[key] = marker
        if "effects" in effect:
            inner = _backrefs(effect["effects"], known, set(), history)
            if inner is None:
                return None
            effect["effects"] = inner
        effect.pop("id", None)
        out.append(effect)
        history.append(original)
    return out


def _sentences(effects: list[dict[str, Any]]) -> list[dict[str, Any]] | None:
    """Group effects into sentences: a run of effects with the same condition is one sentence."""
    known: dict[str, dict[str, Any]] = {}
    said: list[dict[str, Any]] = []  # effects already written, for what "it" would point at
    sentences: list[dict[str, Any]] = []
    seen_subjects: list[Any] = []
    run: list[dict[str, Any]] = []
    run_key: Any = None

    def flush() -> bool:
        nonlocal run
        if not run:
            return True
        ids = {effect["id"] for effect in run if "id" in effect}
        here = {**known, **{effect["id"]: effect for effect in run if "id" in effect}}
        clauses = _backrefs([_strip_gates(effect) for effect in run], here, ids, said)
        if clauses is None:
            return False
        prefix: dict[str, Any] = {}
        condition, only_if = run_key
        if only_if is not None:
            target = known.get(only_if["ref"])
            if target is None or not _points_at(said, only_if["ref"]):
                return False
            check = {"ref": {"backref": _noun(target)}, "matches": only_if["matches"]}
            if only_if["matches"] == {"not_supertypes": ["legendary"]}:
                prefix = {"then": True, "condition": condition or "promised", "only_if": check}
                if condition != "promised":
                    return False
            elif condition is None and set(only_if["matches"]) in ({"subtypes"}, {"max_power"}):
                # "If that creature is a Bird, Frog, Otter, or Rat, ", "If that creature had power 2 or less, "
                prefix = {"only_if": check}
            else:
                return False
        elif condition:
            prefix = {"condition": condition}
        also = condition == "promised" and any(_subject(effect) in seen_subjects or _is_ref(_subject(effect))
                                               for effect in run)
        sentences.append({"prefix": prefix, "clauses": clauses, "suffix": {}, **({"also": True} if also else {})})
        for effect in run:
            seen_subjects.append(_subject(effect))
            if "id" in effect:
                known[effect["id"]] = effect
        said.extend(run)
        run = []
        return True

    for effect in effects:
        key = (effect.get("condition"), effect.get("only_if"))
        branch = effect.get("instead_if_promised")
        alone = _own_sentence(effect)
        new_sentence = key != run_key or branch is not None or alone or (run and _own_sentence(run[-1]))
        if run and new_sentence and not flush():
            return None
        run_key = key
        run.append({k: v for k, v in effect.items() if k != "instead_if_promised"})
        if branch is not None:
            if key != (None, None) or not flush():
                return None
            clauses = _backrefs([_strip_gates(branch)], known, set(), said)
            if clauses is None:
                return None
            sentences.append({"prefix": {"instead": True}, "clauses": clauses, "suffix": {}})
            if "id" in branch:
                known[branch["id"]] = branch
            said.append(branch)
    if not flush():
        return None
    return sentences


def _strip_gates(effect: dict[str, Any]) -> dict[str, Any]:
    """The effect without what its sentence says (condition, check) and without promised-only marks
    (implied by the condition when read back)."""
    out = {key: value for key, value in effect.items() if key not in ("condition", "only_if")}
    for key in _subject_keys(out):
        subject = out.get(key)
        if isinstance(subject, dict) and "target" in subject and subject["target"].get("only_if_promised"):
            out[key] = {"target": {k: v for k, v in subject["target"].items() if k != "only_if_promised"}}
    return out


def _own_sentence(effect: dict[str, Any]) -> bool:
    """Whether the effect is said in a sentence of its own ("A and B at the beginning of the next end step"
    would read as both happening then)."""
    return _construct(effect).text.own_sentence


def _subject(effect: dict[str, Any]) -> Any:
    """What a clause is about: its first object a back-reference could name, else its first subject."""
    for key in (*_antecedents(effect), *_subject_keys(effect)):
        if key in effect:
            return effect[key]
    return None


def _is_ref(subject: Any) -> bool:
    return isinstance(subject, dict) and "ref" in subject


__all__ = ["PhraseError", "Reading", "Readings", "compose", "read_line", "render_ability"]
