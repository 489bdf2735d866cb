"""The reading of targets and filter fields, below both class readers (`reader` reads a card class,
`read_sequence` a generated sequence effect class, each with these): a class's filter fields
(`Filters`), a target expression as a spec target (`read_target`), the error a reader raises, and what
the sequence reader asks of the card's effect reader (`EffectsKit`), so neither reader imports the other.
"""

from __future__ import annotations

from typing import Any, Protocol

from cardgen.engines.xmage import data
from cardgen.engines.xmage.filters import CONTROLLER, STATIC_FILTER_FIELDS, SUPERTYPE
from cardgen.engines.xmage.forms import KEYWORD_CLASSES
from cardgen.engines.xmage.java_expr import Call, Expr, New, Raw, Str
from cardgen.engines.xmage.java_parse import ClassDecl, expr, statements
from cardgen.engines.xmage.problems import READ_UNKNOWN

FILTER_ZONE = {"FilterPermanent": "battlefield", "FilterSpell": "stack", "FilterCard": "graveyard"}
FILTER_CLASSES: dict[str, dict[str, Any]] = {
    # XMage's ready-made filter classes, so real XMage classes read too
    "FilterCreaturePermanent": {"zone": "battlefield", "types": ["creature"]},
    "FilterControlledCreaturePermanent": {"zone": "battlefield", "types": ["creature"], "controller": "you"},
    "FilterControlledPermanent": {"zone": "battlefield", "controller": "you"},
    "FilterOpponentsCreaturePermanent": {"zone": "battlefield", "types": ["creature"], "controller": "opponent"},
    "FilterArtifactOrEnchantmentPermanent": {"zone": "battlefield", "types": ["artifact", "enchantment"]},
    "FilterNonlandPermanent": {"zone": "battlefield", "not_types": ["land"]},
    "FilterCreatureCard": {"zone": "graveyard", "types": ["creature"]},
    "FilterPermanentCard": {"zone": "graveyard", "types": ["permanent"]},
    "FilterNonlandCard": {"zone": "graveyard", "not_types": ["land"]},
    "FilterInstantOrSorceryCard": {"zone": "graveyard", "types": ["instant", "sorcery"]},
    "FilterCreatureSpell": {"zone": "stack", "types": ["creature"]},
}
CONTROLLER_OF = {member: word for word, member in CONTROLLER.items()}
FILTER_SUPERTYPES = {member: word for word, member in SUPERTYPE.items()}
CARD_TYPES = {"ARTIFACT", "BATTLE", "CREATURE", "ENCHANTMENT", "INSTANT", "KINDRED", "LAND", "PLANESWALKER",
              "SORCERY"}
TARGET_ZONES = {
    "TargetPermanent": ("battlefield", None), "TargetSpell": ("stack", None),
    "TargetCardInYourGraveyard": ("graveyard", "you"), "TargetCardInGraveyard": ("graveyard", None),
    "TargetCardInOpponentsGraveyard": ("graveyard", "opponent"), "TargetCardInHand": ("hand", "you"),
    "TargetCardInExile": ("exile", None),
}
CONVENIENCE_TARGETS: dict[str, dict[str, Any]] = {
    # XMage's ready-made targets, so real XMage classes read too
    "TargetCreaturePermanent": {"types": ["creature"]},
    "TargetControlledCreaturePermanent": {"types": ["creature"], "controller": "you"},
    "TargetOpponentsCreaturePermanent": {"types": ["creature"], "controller": "opponent"},
    "TargetArtifactPermanent": {"types": ["artifact"]},
    "TargetEnchantmentPermanent": {"types": ["enchantment"]},
    "TargetNonlandPermanent": {"not_types": ["land"]},
    "TargetControlledPermanent": {"controller": "you"},
    "TargetCreatureOrPlaneswalker": {"types": ["creature", "planeswalker"]},
}


class ReadError(Exception):
    def __init__(self, message: str, code: str = READ_UNKNOWN, node: Any = None) -> None:
        super().__init__(message)
        self.code = code
        located = node is not None and hasattr(node, "start_point")
        self.line = node.start_point[0] + 1 if located else None
        self.column = node.start_point[1] + 1 if located else None



class Filters:
    """The filter fields of one class, read lazily: a filter is interpreted only when an effect or
    target uses it (the union target of an "instead" pair is written for XMage, not read back)."""

    def __init__(self, decl: ClassDecl) -> None:
        self.different_controllers: set[str] = set()
        """The card's own `TargetPermanent` classes refusing two targets with one controller (601.2c)."""
        self.items: dict[str, tuple[str, str, list[tuple[Expr, Any]], Any]] = {}
        for name, (type_text, value) in decl.fields.items():
            if not type_text.startswith("Filter") or value is None:
                continue
            initial = expr(value)
            if not isinstance(initial, New):
                raise ReadError(f"filter {name} is not created with `new`", node=value)
            zone = FILTER_ZONE.get(initial.cls) or FILTER_CLASSES.get(initial.cls, {}).get("zone", "")
            # `new FilterControlledPermanent(SubType.MOUSE)`, `new FilterCreaturePermanent(SubType.BIRD, "Birds")`:
            # the constructor adds the subtype's predicate (its message aside)
            preds = [(_constructor_predicate(arg), value) for arg in initial.args if _subtype_constant(arg) is not None]
            self.items[name] = (initial.cls, zone, preds, value)
        for block in decl.static_blocks:
            for statement in statements(block):
                node = statement.node
                if node.type != "expression_statement":
                    continue
                call = expr(node.named_children[0])
                if not (isinstance(call, Call) and call.method == "add" and isinstance(call.receiver, Raw)
                        and call.receiver.text in self.items and len(call.args) == 1):
                    raise ReadError("a static block statement other than `filter.add(...)`", node=node)
                self.items[call.receiver.text][2].append((call.args[0], node))

    def selector(self, name: str, node: Any, zone: str | None = None) -> tuple[dict[str, Any], bool]:
        """(selector fields, greatest-power flag) of filter `name` (a field, or `StaticFilters.X`)."""
        if name.startswith("StaticFilters.") and name[len("StaticFilters."):] in STATIC_FILTER_FIELDS:
            fields = dict(STATIC_FILTER_FIELDS[name[len("StaticFilters."):]])
            if zone:
                fields["zone"] = zone
            return {k: (list(v) if isinstance(v, list) else v) for k, v in fields.items()}, False
        if name not in self.items:
            raise ReadError(f"unknown filter `{name}`", node=node)
        cls, filter_zone, preds, where = self.items[name]
        if not filter_zone:
            raise ReadError(f"filter class {cls} is not read", node=where)
        fields = {k: (list(v) if isinstance(v, list) else v)
                  for k, v in FILTER_CLASSES.get(cls, {}).items() if k != "zone"}
        greatest = False
        for pred, pred_node in preds:
            greatest = self._predicate(pred, fields, pred_node) or greatest
        return {"zone": zone or filter_zone, **fields}, greatest

    def inline(self, value: Expr, node: Any) -> tuple[dict[str, Any], bool] | None:
        """(selector fields, greatest-power flag) of a filter created where it is used, with no predicates
        added (`new FilterControlledPermanent(SubType.RABBIT)`, as XMage's own conditions name one); None
        when `value` is not one."""
        if not isinstance(value, New):
            return None
        zone = FILTER_ZONE.get(value.cls) or FILTER_CLASSES.get(value.cls, {}).get("zone", "")
        if not zone or not all(_subtype_constant(arg) is not None or isinstance(arg, Str) for arg in value.args):
            return None
        name = f"<inline {value.flat()}>"
        preds = [(_constructor_predicate(arg), node) for arg in value.args if _subtype_constant(arg) is not None]
        self.items[name] = (value.cls, zone, preds, node)
        return self.selector(name, node)

    def player_you(self, value: Expr) -> bool:
        """Whether `value` names a `FilterPlayer` that accepts only you."""
        if not isinstance(value, Raw) or value.text not in self.items:
            return False
        cls, _zone, preds, _node = self.items[value.text]
        return cls == "FilterPlayer" and [p.flat() for p, _ in preds] == ["TargetController.YOU.getPlayerPredicate()"]

    def known(self, name: str) -> bool:
        return name in self.items or (name.startswith("StaticFilters.")
                                      and name[len("StaticFilters."):] in STATIC_FILTER_FIELDS)

    def _predicate(self, pred: Expr, fields: dict[str, Any], node: Any) -> bool:
        """Fold one predicate into `fields`; True when it is the greatest-power predicate."""
        flat = pred.flat()
        if isinstance(pred, Call) and pred.method == "getPredicate" and isinstance(pred.receiver, Raw):
            owner, _, member = pred.receiver.text.partition(".")
            if owner == "CardType" and member in CARD_TYPES:
                fields.setdefault("types", []).append(member.lower())
                return False
            if owner == "SuperType" and member in FILTER_SUPERTYPES:
                fields.setdefault("supertypes", []).append(FILTER_SUPERTYPES[member])
                return False
            subtype = _subtype_constant(pred.receiver)
            if subtype is not None:
                fields.setdefault("subtypes", []).append(subtype)
                return False
        if flat == "PermanentPredicate.instance":
            fields.setdefault("types", []).append("permanent")
            return False
        if isinstance(pred, Call) and pred.method == "or" and pred.receiver == Raw("Predicates"):
            scratch: dict[str, Any] = {}
            for part in pred.args:
                self._predicate(part, scratch, node)
            if set(scratch) not in ({"types"}, {"subtypes"}):
                raise ReadError(f"an `or` of predicates other than card types or subtypes: {flat[:100]}", node=node)
            for key, words in scratch.items():
                fields.setdefault(key, []).extend(words)
            return False
        if isinstance(pred, Call) and pred.method == "not" and pred.receiver == Raw("Predicates"):
            scratch = {}
            self._predicate(pred.args[0], scratch, node)
            if set(scratch) == {"types"} and len(scratch["types"]) == 1:
                fields.setdefault("not_types", []).extend(scratch["types"])
                return False
            if set(scratch) == {"supertypes"} and len(scratch["supertypes"]) == 1:
                fields.setdefault("not_supertypes", []).extend(scratch["supertypes"])
                return False
            if set(scratch) == {"subtypes"} and len(scratch["subtypes"]) == 1:
                fields.setdefault("not_subtypes", []).extend(scratch["subtypes"])
                return False
            if set(scratch) == {"keywords"} and len(scratch["keywords"]) == 1:
                fields.setdefault("not_keywords", []).extend(scratch["keywords"])
                return False
        if isinstance(pred, Call) and isinstance(pred.receiver, Raw) and pred.receiver.text.startswith(
                "TargetController.") and pred.method in ("getControllerPredicate", "getOwnerPredicate"):
            member = pred.receiver.text.split(".", 1)[1]
            key = "controller" if pred.method == "getControllerPredicate" else "owner"
            if member in CONTROLLER_OF and not (key == "owner" and member == "NOT_YOU"):
                fields[key] = CONTROLLER_OF[member]
                return False
        if flat in ("TokenPredicate.TRUE", "TokenPredicate.FALSE"):
            fields["token"] = flat.endswith("TRUE")
            return False
        if flat == "EnteredThisTurnPredicate.instance":
            fields["entered_this_turn"] = True
            return False
        if flat == "AttackingPredicate.instance":
            fields["attacking"] = True
            return False
        if flat == "WasDealtDamageThisTurnPredicate.instance":
            fields["dealt_damage_this_turn"] = True
            return False
        if flat == "ChosenSubtypePredicate.TRUE":
            fields["chosen_type"] = True
            return False
        if flat == "AnotherPredicate.instance":
            fields["other"] = True
            return False
        if flat == "GreatestPowerControlledPredicate.instance":
            return True
        if isinstance(pred, New) and pred.cls == "AnotherTargetPredicate" and len(pred.args) == 1:
            _int(pred.args[0], node)  # the target's tag; every tagged target of the ability is in the group
            fields["other_target"] = True
            return False
        if isinstance(pred, New) and pred.cls == "AbilityPredicate" and len(pred.args) == 1:
            keyword = _KEYWORD_OF_CLASS.get(pred.args[0].flat().removesuffix(".class"))
            if keyword is not None and pred.args[0].flat().endswith(".class"):
                fields.setdefault("keywords", []).append(keyword)
                return False
        if isinstance(pred, New) and pred.cls == "PowerPredicate" and len(pred.args) == 2:
            comparison, value = pred.args[0].flat(), _int(pred.args[1], node)
            if comparison == "ComparisonType.OR_GREATER":
                fields["min_power"] = value
                return False
            if comparison == "ComparisonType.MORE_THAN":
                fields["min_power"] = value + 1
                return False
            if comparison == "ComparisonType.OR_LESS":
                fields["max_power"] = value
                return False
            if comparison == "ComparisonType.FEWER_THAN":
                fields["max_power"] = value - 1
                return False
        if isinstance(pred, New) and pred.cls == "ManaValuePredicate" and len(pred.args) == 2:
            comparison, value = pred.args[0].flat(), _int(pred.args[1], node)
            if comparison == "ComparisonType.OR_LESS":
                fields["max_mana_value"] = value
                return False
            if comparison == "ComparisonType.FEWER_THAN":
                fields["max_mana_value"] = value - 1
                return False
        raise ReadError(f"predicate not understood: {flat[:120]}", node=node)


_KEYWORD_OF_CLASS = {cls: word for word, cls in KEYWORD_CLASSES.items()}


def _subtype_constant(value: Expr) -> str | None:
    """`SubType.RABBIT` -> "Rabbit" (None: not a subtype constant)."""
    if not isinstance(value, Raw) or not value.text.startswith("SubType."):
        return None
    return data.subtype_descriptions().get(value.text[len("SubType."):])


def _constructor_predicate(subtype: Expr) -> Expr:
    """The predicate a filter constructor adds for its `SubType` argument."""
    return Call(subtype, "getPredicate", ())


def _int(value: Expr, node: Any) -> int:
    if isinstance(value, Raw):
        try:
            return int(value.text)
        except ValueError:
            pass
    raise ReadError(f"expected a number, found {value.flat()[:60]}", node=node)


# ------------------------------------------------------------------------------------------- targets


def read_target(target: Expr, filters: Filters, node: Any) -> dict[str, Any]:
    """A target expression as a spec `Target` (as a dict). `.setTargetTag(n)` puts it in the group an
    `AnotherTargetPredicate` of another target checks (what that target may not choose again)."""
    if isinstance(target, Call) and target.method == "setTargetTag" and len(target.args) == 1 \
            and target.receiver is not None:
        _int(target.args[0], node)
        target = target.receiver
    if not isinstance(target, New):
        raise ReadError(f"a target is not created with `new`: {target.flat()[:80]}", node=node)
    cls, args = target.cls, list(target.args)
    if cls in ("TargetPlayer", "TargetOpponent"):
        player = "opponent" if cls == "TargetOpponent" else "any"
        if not args:
            return {"player": player}
        if cls == "TargetPlayer" and len(args) == 4 and args[2] == Raw("false") and filters.player_you(args[3]):
            return {"player": "you", "min": _int(args[0], node), "max": _int(args[1], node)}
        if len(args) == 3 and args[2] == Raw("false"):
            return {"player": player, "min": _int(args[0], node), "max": _int(args[1], node)}
        raise ReadError(f"{cls} arguments not understood", node=node)
    if cls == "TargetAnyTarget":
        if not args:
            return {"any_target": True}
        if len(args) == 2:
            return {"any_target": True, "min": _int(args[0], node), "max": _int(args[1], node)}
        if len(args) == 1:
            count = _int(args[0], node)
            return {"any_target": True, "min": count, "max": count}
    if cls == "TargetCardInLibrary" and len(args) == 1 and isinstance(args[0], Raw) and filters.known(args[0].text):
        chosen, _greatest = filters.selector(args[0].text, node, "library")  # a library search's card (701.23)
        return {**chosen, "zone": "library"}
    if cls == "TargetCard" and len(args) in (2, 3, 4) and args[-2].flat().startswith("Zone."):
        zone = {"Zone.HAND": "hand", "Zone.GRAVEYARD": "graveyard", "Zone.EXILED": "exile"}.get(args[-2].flat())
        if zone is None or not (isinstance(args[-1], Raw) and filters.known(args[-1].text)):
            raise ReadError(f"TargetCard arguments not understood: {target.flat()[:80]}", node=node)
        chosen, _greatest = filters.selector(args[-1].text, node, zone)
        return {**chosen, **_counts(args[:-2], node)}
    if cls in filters.different_controllers and len(args) == 3 and isinstance(args[2], Raw) \
            and filters.known(args[2].text):
        # the card's own target of permanents controlled by different players (XMage's own Run Away Together)
        chosen, _greatest = filters.selector(args[2].text, node, "battlefield")
        return {**chosen, **_counts(args[:2], node), "different_controllers": True}
    if cls in CONVENIENCE_TARGETS:
        fields: dict[str, Any] = {"zone": "battlefield", **CONVENIENCE_TARGETS[cls]}
        if args and isinstance(args[-1], Raw) and filters.known(args[-1].text):
            # `new TargetCreaturePermanent(StaticFilters.FILTER_CREATURE_YOU_DONT_CONTROL)`: the filter says
            # what it may target (XMage's own Rabid Bite)
            fields, _greatest = filters.selector(args[-1].text, node, "battlefield")
            args = args[:-1]
        return {**fields, **_counts(args, node)}
    if cls not in TARGET_ZONES:
        raise ReadError(f"target class {cls} is not read", node=node)
    zone, owner = TARGET_ZONES[cls]
    selector: dict[str, Any] = {"zone": zone}
    if args and isinstance(args[-1], Raw) and filters.known(args[-1].text):
        selector, _greatest = filters.selector(args[-1].text, node, zone)
        args = args[:-1]
    if owner is not None:
        selector["owner"] = owner
    return {**selector, **_counts(args, node)}


def _counts(args: list[Expr], node: Any) -> dict[str, int]:
    if not args:
        return {}
    if len(args) == 1:
        count = _int(args[0], node)
        return {"min": count, "max": count}
    if len(args) == 2:
        return {"min": _int(args[0], node), "max": _int(args[1], node)}
    raise ReadError("target counts not understood", node=node)


Read = dict[str, Any] | list[dict[str, Any]]
"""What one XMage effect expression reads as: one spec effect, or several where it is the card's own
sequence effect class (`read_sequence`), which the ability's reader takes in order."""


def one_effect(found: Read, node: Any) -> dict[str, Any]:
    """The one spec effect `found` must be where several can't stand (a continuous effect's part)."""
    if isinstance(found, list):
        raise ReadError("a sequence effect where one framework effect was expected", node=node)
    return found


class EffectsKit(Protocol):
    """What `read_sequence.SequenceReader` asks of the effect reader of the ability that holds the
    sequence effect (`reader.EffectReader` is one)."""

    slots: Any
    """The ability's target slots (`reader.Slots`)."""
    state: str | None
    branch: bool

    def top(self, value: Expr, node: Any, state: str | None = None) -> Read: ...
    def framework(self, value: Expr, index: int, node: Any, subject: dict[str, Any] | None = None,
                  zone: str | None = None) -> Read: ...
    def with_filters(self, filters: Filters) -> EffectsKit: ...
    def game_condition(self, value: Expr) -> Any: ...
