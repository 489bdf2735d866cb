"""Read a generated sequence effect (see `sequence.py`) back into spec effects, step by step.

The steps are the XMage code `sequence.py` writes: `Cards x = <objects>;` names objects for a later
`ref: x`; a `controller.moveCards(x, Zone.X, ...)`, a loop over objects, a `controller.choose(...)` or a
statement of the effect constructs' own shapes is read by the construct that writes it (its
`xmage.sequence` readers); a `TargetCard` chosen among earlier objects is
a `choose`, a framework effect pointed with `FixedTarget(s)` the effect on those objects (at the next end
step when it goes into a delayed trigger); `if (GiftWasPromisedCondition.TRUE.apply(game, source))` is a
gift condition (with `else`: an "instead"), `if (!x.isEmpty() && ...)` an `only_if`. Statements are
compared as parsed expressions, or - for the fixed loop bodies - as their whitespace-normalized text
against the one text the writer produces.
"""

from __future__ import annotations

from typing import Any, TypeAlias

from cardgen.engines.xmage.java_expr import Call, Expr, New, Raw
from cardgen.engines.xmage.java_parse import ClassDecl, child, expr, statements, text
from cardgen.engines.xmage.read_filters import EffectsKit, Filters, ReadError, _int, one_effect, read_target
from cardgen.engines.xmage.sequence import ZONE_WORDS, identifier_of
from cardgen.vocab import EFFECTS

_SKIPPED = ("Player controller = game.getPlayer(source.getControllerId());", "return true;",
            "game.processAction();")
_CONTROLLER = ("source.getControllerId()", "source", "game")


_SEQUENCES = [sequence for construct in EFFECTS.values() if (sequence := construct.xmage.sequence) is not None]
"""The sequence-effect statements of every construct that has them, in registry order."""
_STEP_READERS = [read for sequence in _SEQUENCES if (read := sequence.read_step) is not None]
_LOOP_READERS = [loop for sequence in _SEQUENCES if (loop := sequence.read_loop) is not None]
_CHOICE_READERS = [choice for sequence in _SEQUENCES if (choice := sequence.read_choice) is not None]
_MOVE_READERS = [move for sequence in _SEQUENCES if (move := sequence.read_move) is not None]


def _flat(node: Any) -> str:
    return " ".join(text(node).split()).replace("( ", "(").replace(" )", ")")


class SequenceReader:
    """Reads one generated sequence effect class, through the readers of each construct's
    `xmage.sequence` (`read_step`, `read_loop`, `read_choice`, `read_move`, `cardgen.vocab.construct`), each
    returning None for a statement that is not the construct's.
    """

    # the Java building blocks for the construct hooks, which can't import the engine at run time
    New: TypeAlias = New
    Raw: TypeAlias = Raw
    Call: TypeAlias = Call

    def __init__(self, card: Any, decl: ClassDecl, effects: EffectsKit) -> None:
        self.card = card
        """The reader of the card class holding this one (`reader.ClassReader`)."""
        self.decl = decl
        self.filters = Filters(decl)
        self.effects = effects.with_filters(self.filters)
        self.vars: dict[str, tuple[dict[str, Any] | None, str | None]] = {}
        """Local `Cards` -> (the effect that produced its objects, or None while only declared; their zone)."""
        self.pending: dict[str, tuple[dict[str, Any], str | None]] = {}
        """Local `Cards` assigned but not yet moved -> (subject, zone)."""
        self.players: dict[str, int] = {}
        self.revealed: set[str] = set()
        self.targets: dict[str, dict[str, Any]] = {}
        self.chosen: dict[str, tuple[dict[str, Any], str | None]] = {}
        self.delayed: dict[str, dict[str, Any]] = {}
        self.state: str | None = None
        """The promise state of the statements being read (set inside `if (GiftWasPromisedCondition...)`)."""

    def error(self, message: str, node: Any) -> Exception:
        return ReadError(f"{self.decl.name}: {message}", node=node)

    def read(self) -> list[dict[str, Any]]:
        body = child(self.decl.methods["apply"], "body")
        out: list[dict[str, Any]] = []
        for item in statements(body):
            node = item.node
            if node is body:
                continue
            if _flat(node) in _SKIPPED or _flat(node).startswith("if (controller == null)"):
                continue
            out.extend(self.statement(node))
        return out

    # ---------------------------------------------------------------------------------- statements

    def statement(self, node: Any) -> list[dict[str, Any]]:
        source = _flat(node)
        if source in _SKIPPED:
            return []
        if node.type == "local_variable_declaration":
            return self.declaration(node)
        if node.type == "expression_statement":
            return self.expression(expr(node.named_children[0]), node)
        if node.type == "if_statement":
            return self.conditional(node)
        if node.type == "enhanced_for_statement":
            return self.loop(node)
        raise self.error(f"statement not understood: {text(node)[:80]}", node)

    def declaration(self, node: Any) -> list[dict[str, Any]]:
        type_name = text(child(node, "type"))
        declarator = node.child_by_field_name("declarator")
        name = text(child(declarator, "name"))
        value = expr(child(declarator, "value"))
        if type_name == "Cards":
            if isinstance(value, New) and value.cls == "CardsImpl" and not value.args:
                self.vars[name] = (None, None)  # declared before a conditional step assigns it
                return []
            subject, zone = self.source(value, {}, node)
            if "_effect" in subject:  # the objects a construct's own choice step chose (`read_step`), named here
                self.name(subject["_effect"], name)
                self.vars[name] = (subject["_effect"], zone)
                return []
            self.pending[name] = (subject, zone)
            return []
        if type_name == "Player" and isinstance(value, Call) and value.method == "getPlayer" \
                and value.receiver == Raw("game") and len(value.args) == 1:
            self.players[name] = self.target_index(value.args[0], node)
            return []
        if type_name.startswith("Target"):
            self.targets[name] = read_target(value, self.filters, node)
            return []
        if type_name == "Effect":
            holder: dict[str, Any] = {"_value": value}
            self.delayed[name] = holder
            return []
        raise self.error(f"declaration not understood: {text(node)[:80]}", node)

    def expression(self, value: Expr, node: Any) -> list[dict[str, Any]]:
        if isinstance(value, Call) and value.receiver == Raw("controller") and value.method == "moveCards" \
                and len(value.args) in (4, 8):
            return [self.move(value, node)]
        if isinstance(value, Call) and value.method == "retainZone" and isinstance(value.receiver, Raw):
            name = value.receiver.text
            if name in self.vars and self.vars[name][0] is not None:
                self.vars[name] = (self.vars[name][0], self.zone(value.args[0], node))
                return []
        if isinstance(value, Call) and value.method == "addAll" and isinstance(value.receiver, Raw) \
                and value.receiver.text in self.vars and len(value.args) == 1:
            self.pending[value.receiver.text] = self.source(value.args[0], {}, node)
            return []
        if isinstance(value, Call) and value.method == "revealCards" and isinstance(value.receiver, Raw) \
                and value.receiver.text in self.players:
            self.revealed.add(value.receiver.text)
            return []
        if isinstance(value, Call) and value.receiver == Raw("controller") and value.method == "choose" \
                and len(value.args) == 5 and isinstance(value.args[2], Raw) and value.args[2].text in self.targets:
            self.choose(value, node)
            return []
        if isinstance(value, Call) and value.method == "setTargetPointer" and isinstance(value.receiver, Raw) \
                and value.receiver.text in self.delayed:
            pointer = value.args[0] if value.args else None
            if not (isinstance(pointer, New) and pointer.cls == "FixedTargets" and len(pointer.args) == 2):
                raise self.error("a delayed effect's pointer is not FixedTargets(objects, game)", node)
            holder = self.delayed[value.receiver.text]
            holder["_subject"] = self.source(pointer.args[0], holder, node)
            return []
        for own in _STEP_READERS:
            found = own(self, value, node)
            if found is not None:
                return found
        if isinstance(value, Call) and value.method == "apply" and value.args == (Raw("game"), Raw("source")) \
                and value.receiver is not None:
            effects = self.effects.top(value.receiver, node, self.state)
            return effects if isinstance(effects, list) else [effects]
        if isinstance(value, Call) and value.receiver == Raw("game") and value.method == "addEffect" \
                and len(value.args) == 2 and value.args[1] == Raw("source"):
            effects = self.effects.top(value.args[0], node, self.state)
            return effects if isinstance(effects, list) else [effects]
        raise self.error(f"step not understood: {value.flat()[:80]}", node)

    def move(self, value: Call, node: Any) -> dict[str, Any]:
        """`controller.moveCards(objects, Zone.X, source, game[, false, false, byOwner, null])`."""
        args = list(value.args)
        to_zone = self.zone(args[1], node)
        objects = args[0]
        if len(args) == 8 and isinstance(objects, Call) and objects.method == "getCards" \
                and objects.args == (Raw("game"),) and objects.receiver is not None:
            objects = objects.receiver
        name = objects.text if isinstance(objects, Raw) else None
        effect: dict[str, Any] = {}
        if name is not None and name in self.pending:
            subject, from_zone = self.pending.pop(name)
            if subject.get("_reveal") is not None:
                effect = subject["_reveal"]
                if to_zone != "exile":
                    raise self.error("revealed cards are exiled", node)
                self.name(effect, name)
                self.vars[name] = (effect, "exile")
                return effect
            self.adopt(subject, effect)
        else:
            subject, from_zone = self.source(objects, effect, node)
            name = None
        by_owner = len(args) == 8 and args[6] == Raw("true")
        if len(args) == 8 and args[4] == Raw("true"):  # `tapped`: onto the battlefield tapped
            subject = {**subject, "_tapped": True}
        moved = next((found for own in _MOVE_READERS
                      if (found := own(to_zone, from_zone, subject, by_owner)) is not None), None)
        if moved is None:
            raise self.error(f"moving cards to the {to_zone} is not read", node)
        effect.update(moved)
        if name is not None:
            self.name(effect, name)
            self.vars[name] = (effect, to_zone)
        return effect

    def name(self, effect: dict[str, Any], variable_name: str) -> None:
        effect["id"] = identifier_of(variable_name)
        self.effects.slots.taken.add(effect["id"])

    def adopt(self, subject: dict[str, Any], effect: dict[str, Any]) -> None:
        """A subject read before its effect existed: hand its target slot to the effect."""
        holder = subject.pop("_holder", None)
        if holder is not None:
            self.effects.slots.replace_user(holder, effect)

    def choose(self, value: Call, node: Any) -> None:
        target_name = value.args[2].text  # type: ignore[attr-defined]
        target = dict(self.targets.pop(target_name))
        among = value.args[1]
        if any(own(self, value, target_name, target, node) for own in _CHOICE_READERS):
            return
        subject, zone = self.source(among, {}, node)
        if "ref" not in subject or "filter" in subject or "choose" in subject:
            raise self.error("a choice among objects that are not an earlier step's", node)
        count = target.pop("max", 1)
        target.pop("min", None)
        chosen = {**subject, "choose": count}
        if target != {"zone": target.get("zone")} or target.get("zone") != zone:
            chosen["filter"] = target
        self.chosen[target_name] = (chosen, target.get("zone") or zone)

    def conditional(self, node: Any) -> list[dict[str, Any]]:
        condition_node = node.child_by_field_name("condition")
        alternative_node = node.child_by_field_name("alternative")
        flat = _flat(condition_node).removeprefix("(").removesuffix(")")
        consequence_node = node.child_by_field_name("consequence")
        if flat.endswith(" == null") and flat[:-len(" == null")] in self.players \
                and _flat(consequence_node) == "{ return false; }":
            return []
        condition = None
        try:
            condition = expr(condition_node)
        except Exception:  # noqa: BLE001 - the only_if checks are binary expressions, read below
            condition = None
        outer = self.state
        if isinstance(condition, Call) and condition.method == "apply" and isinstance(condition.receiver, Raw) \
                and condition.receiver.text in ("GiftWasPromisedCondition.TRUE", "GiftWasPromisedCondition.FALSE"):
            promised = condition.receiver.text.endswith("TRUE")
            self.state = "promised" if promised else "not_promised"
            consequence = self.block(consequence_node)
            self.state = outer
            if alternative_node is not None:
                self.state = "not_promised"
                alternative = self.block(alternative_node)
                self.state = outer
                if not promised or len(consequence) != 1 or len(alternative) != 1:
                    raise self.error("an if/else that is not one 'instead' replacement", node)
                base, branch = alternative[0], consequence[0]
                base["instead_if_promised"] = branch
                return [base]
            for effect in consequence:
                if effect.get("condition"):
                    raise self.error("nested gift conditions", node)
                effect["condition"] = "promised" if promised else "not_promised"
            return consequence
        if isinstance(condition, Call) and condition.method == "apply" \
                and condition.args == (Raw("game"), Raw("source")) and condition.receiver is not None \
                and (on_game := self.effects.game_condition(condition.receiver)) is not None:
            if alternative_node is not None:
                raise self.error("a condition on the game with an `else`", node)
            gated = self.block(consequence_node)
            for effect in gated:
                if effect.get("condition"):
                    raise self.error("nested conditions", node)
                effect["condition"] = on_game
            return gated
        check = self.only_if(condition_node, node)
        consequence = self.block(consequence_node)
        if alternative_node is not None:
            raise self.error("an `only_if` check with an `else`", node)
        for effect in consequence:
            effect["only_if"] = check
        return consequence

    def only_if(self, condition_node: Any, node: Any) -> dict[str, Any]:
        """`!x.isEmpty() && <all of x match F>`."""
        inner = condition_node.named_children[0] if condition_node.type == "parenthesized_expression" \
            else condition_node
        if inner.type != "binary_expression" or text(child(inner, "operator")) != "&&":
            raise self.error(f"condition not understood: {_flat(condition_node)[:80]}", node)
        left, right = inner.child_by_field_name("left"), inner.child_by_field_name("right")
        name = _flat(left).removeprefix("!").removesuffix(".isEmpty()")
        if not _flat(left).startswith("!") or name not in self.vars or self.vars[name][0] is None:
            raise self.error(f"condition not understood: {_flat(condition_node)[:80]}", node)
        ref, zone = identifier_of(name), self.vars[name][1]
        if right.type == "binary_expression" and text(child(right, "operator")) == "==":
            counted = expr(child(right, "left"))
            if _flat(right.child_by_field_name("right")) == f"{name}.size()" and isinstance(counted, Call) \
                    and counted.receiver == Raw(name) and counted.method == "count" and len(counted.args) == 4:
                selector, _ = self.filters.selector(counted.args[0].flat(), node, zone)
                return {"ref": ref, "matches": selector}
        else:
            value = expr(right)
            if isinstance(value, Call) and value.method == "containsAll" and value.args == (Raw(name),):
                every = value.receiver
                if isinstance(every, New) and every.cls == "CardsImpl" and len(every.args) == 1:
                    field = self._active_permanents(every.args[0])
                    if field is not None:
                        selector, _ = self.filters.selector(field, node, "battlefield")
                        return {"ref": ref, "matches": selector}
        raise self.error(f"condition not understood: {_flat(condition_node)[:80]}", node)

    def loop(self, node: Any) -> list[dict[str, Any]]:
        """The fixed loops of the constructs (`xmage.sequence.read_loop`), and a framework effect on each object."""
        head_value = expr(child(node, "value"))
        variable = text(child(node, "name"))
        body = _flat(node.child_by_field_name("body"))
        for own in _LOOP_READERS:
            found = own(self, variable, head_value, body, node)
            if found is not None:
                return found
        if variable != "id":
            raise self.error(f"loop not understood: {text(node)[:80]}", node)
        block = node.child_by_field_name("body")
        inner = [item.node for item in statements(block) if item.node is not block]
        if len(inner) == 3 and inner[0].type == "local_variable_declaration":
            declared = text(child(inner[0], "type"))
            declarator = child(inner[0], "declarator")
            run = {"Effect": "effect.apply(game, source);", "ContinuousEffect": "game.addEffect(effect, source);"}
            if text(child(declarator, "name")) == "effect" and declared in run \
                    and _flat(inner[1]) == "effect.setTargetPointer(new FixedTarget(id, game));" \
                    and _flat(inner[2]) == run[declared]:
                holder: dict[str, Any] = {}
                subject, zone = self.source(head_value, holder, node)
                return [self.framework_on(expr(child(declarator, "value")), holder, subject, zone,
                                          node)]
        raise self.error(f"loop not understood: {text(node)[:80]}", node)

    def framework_on(self, value: Expr, holder: dict[str, Any], subject: dict[str, Any], zone: str | None,
                     node: Any) -> dict[str, Any]:
        """A framework effect pointed at objects of the sequence (`FixedTarget(s)`)."""
        self.effects.state, self.effects.branch = self.state, False
        inner = one_effect(self.effects.framework(value, 0, node, subject=subject, zone=zone), node)
        self.effects.slots.replace_user(holder, inner)
        return inner

    def block(self, node: Any) -> list[dict[str, Any]]:
        if node.type != "block":
            return self.statement(node)
        out: list[dict[str, Any]] = []
        for item in statements(node):
            if item.node is not node:
                out.extend(self.statement(item.node))
        return out

    def zone(self, value: Expr, node: Any) -> str:
        flat = value.flat()
        if flat.startswith("Zone.") and flat[len("Zone."):] in ZONE_WORDS:
            return ZONE_WORDS[flat[len("Zone."):]]
        raise self.error(f"zone not understood: {flat}", node)

    # ---------------------------------------------------------------------------------- sources

    def target_index(self, value: Expr, node: Any) -> int:
        flat = value.flat()
        if flat == "getTargetPointer().getFirst(game, source)":
            return 0
        if isinstance(value, Call) and value.method == "getFirstTarget" and isinstance(value.receiver, Call) \
                and value.receiver.method == "get" and value.receiver.receiver == Call(Raw("source"), "getTargets"):
            return _index(value.receiver.args[0], node)
        raise self.error(f"target not understood: {flat[:80]}", node)

    def _active_permanents(self, value: Expr) -> str | None:
        if isinstance(value, Call) and value.method == "getActivePermanents" \
                and value.receiver == Call(Raw("game"), "getBattlefield") and len(value.args) == 4 \
                and tuple(a.flat() for a in value.args[1:]) == _CONTROLLER:
            return value.args[0].flat()
        return None

    def source(self, value: Expr, effect: dict[str, Any], node: Any) -> tuple[dict[str, Any], str | None]:
        """The spec subject a `Cards` expression stands for, and the objects' zone."""
        if isinstance(value, Raw) and value.text in self.vars and self.vars[value.text][0] is not None:
            return {"ref": identifier_of(value.text)}, self.vars[value.text][1]
        if isinstance(value, Raw) and value.text in self.pending:
            return self.pending[value.text]
        if not (isinstance(value, New) and value.cls == "CardsImpl" and len(value.args) == 1):
            raise self.error(f"objects not understood: {value.flat()[:80]}", node)
        inner = value.args[0]
        if inner.flat() == "getTargetPointer().getTargets(game, source)":
            return self._target(0, effect, node)
        if isinstance(inner, Call) and inner.method == "getTargets" and isinstance(inner.receiver, Call) \
                and inner.receiver.method == "get" and inner.receiver.receiver == Call(Raw("source"), "getTargets"):
            return self._target(_index(inner.receiver.args[0], node), effect, node)
        if isinstance(inner, Call) and inner.method == "getTargets" and isinstance(inner.receiver, Raw) \
                and inner.receiver.text in self.chosen and not inner.args:
            return self.chosen.pop(inner.receiver.text)
        if isinstance(inner, Call) and inner.method == "getTopCards" and len(inner.args) == 2 \
                and inner.receiver == Call(Raw("controller"), "getLibrary") and inner.args[0] == Raw("game") \
                and isinstance(inner.args[1], Raw) and inner.args[1].text.isdigit():
            return {"library_top": int(inner.args[1].text)}, "library"  # the top cards of your library
        field = self._active_permanents(inner)
        if field is not None:
            selector, _ = self.filters.selector(field, node, "battlefield")
            return {"all": selector}, "battlefield"
        if isinstance(inner, Raw) and inner.text in self.vars and self.vars[inner.text][0] is not None:
            return {"ref": identifier_of(inner.text)}, self.vars[inner.text][1]
        if isinstance(inner, Call) and inner.method == "getCards" and isinstance(inner.receiver, Raw) \
                and inner.receiver.text in self.vars and len(inner.args) == 4 \
                and tuple(a.flat() for a in inner.args[1:]) == _CONTROLLER:
            zone = self.vars[inner.receiver.text][1]
            selector, _ = self.filters.selector(inner.args[0].flat(), node, zone)
            return {"ref": identifier_of(inner.receiver.text), "filter": selector}, zone
        raise self.error(f"objects not understood: {value.flat()[:80]}", node)

    def _target(self, index: int, effect: dict[str, Any], node: Any) -> tuple[dict[str, Any], str | None]:
        slots = self.effects.slots
        subject = slots.subject(index, effect, node, "it", self.state)
        if "effect" not in effect:  # read before its effect: `adopt` hands the slot over
            subject = {**subject, "_holder": effect}
        return subject, slots.zone(index, self.state)


def _index(value: Expr, node: Any) -> int:
    return _int(value, node)
