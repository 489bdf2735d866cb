"""One canonical form per meaning, and the differences in meaning between two cards.

Engines can say the same thing several ways (Forge's `Defined$ You & Valid Permanent.YouCtrl` is two
effects in the spec; a target that exists only if the gift was promised needs no separate condition; a spell
split into two abilities resolves as one). `canonical(card)` picks one encoding for each such choice, so two
cards mean the same thing exactly when their canonical behavioural projections are equal.
`meaning_diff(a, b)` lists where they are not, in words a contributor can act on.

Engine-neutral: the Forge and XMage readers, `cardgen diff` and `cardgen check` all use it.

What is ignored: printings, oracle text, ability texts and translations (wording), the names by which
effects refer to each other (`id`), token names and reminder texts. What is compared: everything that changes play —
types, cost, power/toughness, gift, keywords, abilities, effects, targets, conditions, durations.

Each effect's subjects are those its construct declares (`cardgen.vocab`); of its `EffectText` this reads
`canonical` (its own parts in canonical form, in place, with the `CanonicalForms` it is passed) and
`derived` (an effect the card derives anyway, which the canonical form leaves out).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cardgen import vocab
from cardgen.model.card import Card
from cardgen.model.derive import class_levels
from cardgen.model.gift import PREDEFINED_TOKENS
from cardgen.vocab.construct import EffectConstruct

_HIDDEN_ZONES = frozenset({"graveyard", "hand", "library", "exile"})


def canonical(card: Card) -> Card:
    """The card in canonical encoding (same meaning, one spelling).

    Each ability kind's construct says how its abilities stand in it (`canonical`, an `AbilityCanonical`
    of `cardgen.vocab.construct`), each effect kind's how its own parts are canonical (`text.canonical`).
    """
    data = card.model_dump(mode="json")
    abilities = [canonical_ability for ability in data["abilities"]
                 if (canonical_ability := _canonical_ability(ability)) is not None]
    merged: list[dict[str, Any]] = []
    joined: dict[str, dict[str, Any]] = {}
    for ability in abilities:
        own = vocab.ability(ability["kind"]).canonical
        if own.joined:
            first = joined.get(ability["kind"])
            if first is None:
                joined[ability["kind"]] = ability
                merged.append(ability)
            else:
                first["effects"].extend(ability["effects"])
                first["text"] = first["text"] + "\n" + ability["text"]
        elif own.split and len(ability["effects"]) > 1:
            merged.extend({**ability, "effects": [effect]} for effect in ability["effects"])
        else:
            merged.append(ability)
    for ability in merged:
        if "effects" in ability and vocab.ability(ability["kind"]).canonical.chain:
            ability["effects"] = _canonical_chain(ability["effects"], top=True)
    order = {id(ability): index for index, ability in enumerate(merged)}
    # a Class's abilities stay in their level (716.2b): the level first, then the kinds' order within it
    level = {id(ability): n for ability, n in zip(merged, class_levels(merged), strict=True)}
    merged.sort(key=lambda a: (level[id(a)], vocab.ability(a["kind"]).canonical.order, a.get("keyword", ""),
                               order[id(a)]))
    data["abilities"] = merged
    return Card.model_validate(data)


# ------------------------------------------------------------------------------------------ abilities


def _canonical_ability(ability: dict[str, Any]) -> dict[str, Any] | None:
    own = vocab.ability(ability["kind"]).canonical.rewrite
    return ability if own is None else own(_KIT, ability)


def _canonical_chain(effects: list[dict[str, Any]], top: bool = False) -> list[dict[str, Any]]:
    """Canonical effects of one ability (or, `top` False, of a delayed trigger inside one), in order.
    Ids are renamed once per ability, from the top, so nested effects share one name space."""
    expanded: list[dict[str, Any]] = []
    for effect in effects:
        for part in _expand_instead(_effect(effect)):
            joins = _construct(part).text.joins
            joined = joins(expanded[-1], part) \
                if joins is not None and expanded and expanded[-1]["effect"] == part["effect"] else None
            if joined is not None:
                expanded[-1] = joined
            else:
                expanded.append(part)
    _imply_promise(expanded)
    if top:
        _rename_ids(expanded)
    return expanded


def _effect(effect: dict[str, Any]) -> dict[str, Any]:
    if effect.get("only_if"):
        effect["only_if"]["matches"] = _filter(effect["only_if"]["matches"])
    _own_parts(effect)
    if effect.get("instead_if_promised"):
        effect["instead_if_promised"] = _effect(effect["instead_if_promised"])
    return effect


def _own_parts(effect: dict[str, Any]) -> None:
    """The effect's subjects in canonical form, then what its construct's `text.canonical` canonicalises
    (a filter, a word list, a token, its own effects), which may read the canonical subjects."""
    for key in _subject_keys(effect):
        if key in effect:
            effect[key] = _subject(effect[key])
    rewrite = _construct(effect).text.canonical
    if rewrite is not None:
        rewrite(CANONICAL_FORMS, effect)


def _expand_instead(effect: dict[str, Any]) -> list[dict[str, Any]]:
    """"If the gift was promised, instead X": without targets on either side this is exactly "if not
    promised, E; if promised, X"; with targets the replacement keeps its place (its targets are chosen
    instead of the base's), marked as the promised branch only by its position."""
    branch = effect.get("instead_if_promised")
    if not branch:
        return [effect]
    if branch.get("condition") == "promised":
        branch["condition"] = None
    for target in _targets(branch):
        target["only_if_promised"] = False
    if branch.get("id") == effect.get("id"):
        branch["id"] = None
    base = {**effect, "instead_if_promised": None}
    if _same(base, branch):
        return [base]
    if not _targets(base) and not _targets(branch):
        return [{**base, "condition": "not_promised"}, {**branch, "condition": "promised"}]
    return [effect]


def _same(left: dict[str, Any], right: dict[str, Any]) -> bool:
    return bool(_strip_ids(left) == _strip_ids(right))


def _strip_ids(data: Any) -> Any:
    if isinstance(data, dict):
        return {key: _strip_ids(value) for key, value in data.items() if key != "id"}
    if isinstance(data, list):
        return [_strip_ids(item) for item in data]
    return data


def _imply_promise(effects: list[dict[str, Any]]) -> None:
    """An effect acting only on targets that exist only when promised (702.174m), or on what such an
    effect acted on, happens only when promised: say so with `condition: promised`."""
    promised_only: set[str] = set()
    for effect in effects:
        subjects = [subject for key in _subject_keys(effect) if isinstance(subject := effect.get(key), dict)]
        gated = any(
            ("target" in subject and subject["target"].get("only_if_promised"))
            or ("ref" in subject and subject["ref"] in promised_only)
            for subject in subjects
        )
        if gated and effect.get("condition") is None and not effect.get("instead_if_promised"):
            effect["condition"] = "promised"
        if gated and effect.get("id"):
            promised_only.add(effect["id"])


def _rename_ids(effects: list[dict[str, Any]]) -> None:
    """Ids become `e1`, `e2`, ... in order of the effects they name; ids nothing refers to disappear."""
    referenced: set[str] = set()
    _collect_refs(effects, referenced)
    names: dict[str, str] = {}

    def visit(data: Any) -> None:
        """Every effect in order, with those it holds (an instead branch, a delayed trigger's effects, a
        modal effect's modes' effects) after it."""
        if isinstance(data, list):
            for item in data:
                visit(item)
            return
        if not isinstance(data, dict):
            return
        identifier = data.get("id") if "effect" in data else None
        if identifier in referenced and identifier not in names:
            names[identifier] = f"e{len(names) + 1}"
        for value in data.values():
            visit(value)

    for effect in effects:
        visit(effect)
    _apply_names(effects, names)


def _collect_refs(data: Any, found: set[str]) -> None:
    if isinstance(data, dict):
        if isinstance(data.get("ref"), str):
            found.add(data["ref"])
        for value in data.values():
            _collect_refs(value, found)
    elif isinstance(data, list):
        for item in data:
            _collect_refs(item, found)


def _apply_names(data: Any, names: dict[str, str]) -> None:
    if isinstance(data, dict):
        if "effect" in data and "id" in data:
            data["id"] = names.get(data["id"]) if data["id"] else None
        if isinstance(data.get("ref"), str):
            data["ref"] = names.get(data["ref"], data["ref"])
        for value in data.values():
            _apply_names(value, names)
    elif isinstance(data, list):
        for item in data:
            _apply_names(item, names)


# ------------------------------------------------------------------------------------------ selectors


def _subject(subject: Any) -> Any:
    if isinstance(subject, dict):
        if "target" in subject:
            target = subject["target"]
            if target.get("player") is not None or target.get("any_target"):
                keep = {key: target[key] for key in ("player", "any_target", "min", "max", "only_if_promised")}
                return {"target": keep}
            return {"target": {**_filter(target), **{k: target[k] for k in ("min", "max", "only_if_promised")}}}
        if "all" in subject:
            return {"all": _filter(subject["all"])}
        if "ref" in subject and subject.get("filter"):
            return {**subject, "filter": _filter(subject["filter"])}
    return subject


def _filter(selector: dict[str, Any]) -> dict[str, Any]:
    """One spelling per filter: sorted word lists; "permanent" on the battlefield for "any"; no token
    test where tokens cannot be (cards in a graveyard, hand, library or exile are never tokens)."""
    out = {key: value for key, value in selector.items()
           if key not in ("player", "any_target", "min", "max", "only_if_promised")}
    zone = out.get("zone", "battlefield")
    types = sorted(set(out.get("types", [])))
    if zone == "battlefield" and (not types or "permanent" in types):
        types = ["permanent"]
    out["types"] = types
    for key in ("not_types", "subtypes", "not_subtypes", "supertypes", "not_supertypes"):
        out[key] = sorted(set(out.get(key, [])))
    if zone in _HIDDEN_ZONES:
        out["token"] = None
        if out.get("controller") in ("you", "opponent") and not out.get("owner"):
            out["owner"], out["controller"] = out["controller"], None
    return out


def _targets(effect: dict[str, Any]) -> list[dict[str, Any]]:
    return [effect[key]["target"] for key in _subject_keys(effect)
            if isinstance(effect.get(key), dict) and "target" in effect[key]]


def _construct(effect: dict[str, Any]) -> EffectConstruct[Any]:
    return vocab.effect(effect["effect"])


def _subject_keys(effect: dict[str, Any]) -> tuple[str, ...]:
    """The keys of an effect (as data) that hold its subjects, as its construct declares them."""
    return _construct(effect).subjects


def _owned_by_you(subject: Any) -> bool:
    if not isinstance(subject, dict):
        return False
    selector = subject.get("target") or subject.get("filter") or {}
    return selector.get("owner") == "you"


def _token(token: Any) -> Any:
    if isinstance(token, str):
        return token
    token = {**token, "keywords": sorted(set(token.get("keywords", []))), "colors": sorted(token.get("colors", []))}
    for name, definition in PREDEFINED_TOKENS.items():
        if _token_characteristics(definition.model_dump(mode="json")) == _token_characteristics(token):
            return name
    return token


def _token_characteristics(token: dict[str, Any]) -> tuple[Any, ...]:
    return (sorted(token.get("colors", [])), token.get("types"), token.get("subtypes", []),
            token.get("supertypes", []), token.get("pt"), sorted(token.get("keywords", [])))


@dataclass(frozen=True, slots=True)
class CanonicalForms:
    """The canonical forms a construct's `canonical` hook may ask for (passed in, so that a construct
    module imports no consumer): of a filter, of a token, of a chain of effects, and whether a subject is
    owned by you. A hook changes its effect (spec data) in place."""

    filter: Callable[[dict[str, Any]], dict[str, Any]]
    token: Callable[[Any], Any]
    chain: Callable[[list[dict[str, Any]]], list[dict[str, Any]]]
    owned_by_you: Callable[[Any], bool]


CANONICAL_FORMS = CanonicalForms(filter=_filter, token=_token, chain=_canonical_chain, owned_by_you=_owned_by_you)


# ------------------------------------------------------------------------------------------ differences

_WORDING = frozenset({"text", "oracle", "printings", "author", "translations"})


def behaviour(card: Card) -> dict[str, Any]:
    """The behavioural projection of a card: its canonical form without wording, printings and ids."""
    data = canonical(card).model_dump(mode="json")
    projected: dict[str, Any] = _project(data)
    return projected


def _project(data: Any) -> Any:
    if isinstance(data, dict):
        out = {}
        for key, value in data.items():
            if key in _WORDING:
                continue
            if key == "token" and isinstance(value, dict):
                value = {k: v for k, v in value.items() if k not in ("name", "text")}
            out[key] = _project(value)
        return out
    if isinstance(data, list):
        return [_project(item) for item in data]
    return data


def meaning_diff(a: Card, b: Card, labels: tuple[str, str] = ("first", "second")) -> list[str]:
    """Human-readable differences in meaning between `a` and `b` (e.g. a generated file and an engine
    checkout's file, named by `labels`); empty when they mean the same."""
    differences: list[str] = []
    _diff(behaviour(a), behaviour(b), "", differences, labels)
    return differences


def _label(path: str, value: Any) -> str:
    if isinstance(value, dict) and "kind" in value:
        event = value.get("event")
        said = event if isinstance(event, str) or event is None else " ".join(f"{k} {v}" for k, v in event.items())
        return f"{path}({value['kind']}{' ' + said if said else ''})"
    if isinstance(value, dict) and "effect" in value:
        return f"{path}({value['effect']})"
    return path


def _short(value: Any) -> str:
    text = repr(_trim(value))
    return text if len(text) <= 200 else text[:197] + "..."


def _trim(value: Any) -> Any:
    """Leave out empty and default-looking fields so a shown value is readable."""
    if isinstance(value, dict):
        return {k: _trim(v) for k, v in value.items() if v not in (None, [], False, "")}
    if isinstance(value, list):
        return [_trim(item) for item in value]
    return value


def _diff(left: Any, right: Any, path: str, out: list[str], labels: tuple[str, str]) -> None:
    first, second = labels
    if isinstance(left, dict) and isinstance(right, dict):
        for tag in ("effect", "kind"):
            if tag in left and tag in right and left[tag] != right[tag]:
                out.append(f"{path}: {first} has {left[tag]}, {second} has {right[tag]}")
                return
        for key in sorted(set(left) | set(right), key=lambda k: (k not in left, k)):
            child = f"{path}.{key}" if path else key
            if key not in right:
                out.append(f"{child}: {first} {_short(left[key])}, {second} has none")
            elif key not in left:
                out.append(f"{child}: {first} has none, {second} {_short(right[key])}")
            else:
                _diff(left[key], right[key], child, out, labels)
        return
    if isinstance(left, list) and isinstance(right, list):
        for index in range(max(len(left), len(right))):
            child = f"{path}[{index}]"
            if index >= len(right):
                out.append(f"{_label(child, left[index])}: only in {first}: {_short(left[index])}")
            elif index >= len(left):
                out.append(f"{_label(child, right[index])}: only in {second}: {_short(right[index])}")
            else:
                _diff(left[index], right[index], _label(child, left[index]), out, labels)
        return
    if left != right:
        out.append(f"{path}: {first} {_short(left)}, {second} {_short(right)}")


class _KIT:
    """What an ability construct's `canonical` hook uses of this module (it can't import it)."""

    filter = staticmethod(lambda selector: _filter(selector))
    own_parts = staticmethod(lambda effect: _own_parts(effect))

    @staticmethod
    def derived(effect: dict[str, Any]) -> bool:
        """An effect derived anyway, written out or not (the gift, 702.174b)."""
        return _construct(effect).text.derived
