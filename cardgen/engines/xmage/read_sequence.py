"""Read a generated sequence effect (see `sequence.py`) back into spec effects, one per statement.

Statements are helper calls whose meaning is fixed (`moveCards(controller, SRC, Zone.BATTLEFIELD, ...)`
is a return to the battlefield, `destroy(SRC, ...)` a destroy, ...); `Set<Card> x = ...` names the
objects for later `ref: x`; `if (GiftWasPromisedCondition.TRUE.apply(game, source))` is a gift
condition (with `else`: an "instead"), `if (allPermanentsMatch(x, filter, ...))` an `only_if`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.engines.xmage.jast import Call, Expr, New, Raw
from cardgen.engines.xmage.jtree import ClassDecl, expr, statements, text
from cardgen.engines.xmage.sequence import ZONE_WORDS, identifier_of

if TYPE_CHECKING:
    from cardgen.engines.xmage.reader import ClassReader, EffectReader

_SKIPPED = ("Player controller = game.getPlayer(source.getControllerId());", "return true;")


class SequenceReader:
    def __init__(self, card: ClassReader, decl: ClassDecl, effects: EffectReader) -> None:
        from cardgen.engines.xmage.reader import EffectReader, Filters

        self.card = card
        self.decl = decl
        self.filters = Filters(decl)
        self.effects = EffectReader(card, effects.slots, self.filters)
        self.vars: dict[str, tuple[dict[str, Any], str | None]] = {}
        self.state: str | None = None
        """The promise state of the statements being read (set inside `if (GiftWasPromisedCondition...)`)."""

    def error(self, message: str, node: Any) -> Exception:
        from cardgen.engines.xmage.reader import ReadError

        return ReadError(f"{self.decl.name}: {message}", node=node)

    def read(self) -> list[dict[str, Any]]:
        body = self.decl.methods["apply"].child_by_field_name("body")
        out: list[dict[str, Any]] = []
        for item in statements(body):
            node = item.node
            if node is body:
                continue
            source = " ".join(text(node).split())
            if source in _SKIPPED or source.startswith("if (controller == null)"):
                continue
            out.extend(self.statement(node))
        return out

    def statement(self, node: Any) -> list[dict[str, Any]]:
        if node.type == "local_variable_declaration":
            declarator = node.child_by_field_name("declarator")
            name = text(declarator.child_by_field_name("name"))
            value = expr(declarator.child_by_field_name("value"))
            if isinstance(value, New) and value.cls == "LinkedHashSet" and not value.args:
                return []  # declared before a conditional step assigns it
            return [self.named(name, value, node)]
        if node.type == "expression_statement":
            inner = node.named_children[0]
            if inner.type == "assignment_expression":
                return [self.named(text(inner.child_by_field_name("left")),
                                   expr(inner.child_by_field_name("right")), node)]
            effect, _zone = self.call(expr(inner), node)
            return [effect]
        if node.type == "if_statement":
            return self.conditional(node)
        raise self.error(f"statement not understood: {text(node)[:80]}", node)

    def named(self, name: str, value: Expr, node: Any) -> dict[str, Any]:
        effect, zone = self.call(value, node)
        effect["id"] = identifier_of(name)
        self.effects.slots.taken.add(effect["id"])
        self.vars[name] = (effect, zone)
        return effect

    def block(self, node: Any) -> list[dict[str, Any]]:
        if node.type != "block":
            return self.statement(node)
        out: list[dict[str, Any]] = []
        for item in statements(node):
            if item.node is not node:
                out.extend(self.statement(item.node))
        return out

    def conditional(self, node: Any) -> list[dict[str, Any]]:
        condition = expr(node.child_by_field_name("condition"))
        alternative_node = node.child_by_field_name("alternative")
        outer = self.state
        if isinstance(condition, Call) and condition.method == "apply" and isinstance(condition.receiver, Raw) \
                and condition.receiver.text in ("GiftWasPromisedCondition.TRUE", "GiftWasPromisedCondition.FALSE"):
            promised = condition.receiver.text.endswith("TRUE")
            self.state = "promised" if promised else "not_promised"
            consequence = self.block(node.child_by_field_name("consequence"))
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
        consequence = self.block(node.child_by_field_name("consequence"))
        if isinstance(condition, Call) and condition.receiver is None and condition.method in (
                "allPermanentsMatch", "allCardsMatch") and alternative_node is None:
            args = list(condition.args)
            ref, zone = self.variable(args[0], node), "battlefield"
            if condition.method == "allCardsMatch":
                zone = self.zone(args[1], node)
                args = [args[0], *args[2:]]
            selector, _greatest = self.filters.selector(args[1].flat(), node, zone)
            for effect in consequence:
                effect["only_if"] = {"ref": ref, "matches": selector}
            return consequence
        raise self.error(f"condition not understood: {condition.flat()[:80]}", node)

    def zone(self, value: Expr, node: Any) -> str:
        flat = value.flat()
        if flat.startswith("Zone.") and flat[len("Zone."):] in ZONE_WORDS:
            return ZONE_WORDS[flat[len("Zone."):]]
        raise self.error(f"zone not understood: {flat}", node)

    def variable(self, value: Expr, node: Any) -> str:
        if isinstance(value, Raw) and value.text in self.vars:
            return identifier_of(value.text)
        raise self.error(f"unknown objects {value.flat()[:40]}", node)

    # ---------------------------------------------------------------------------------- calls

    def call(self, value: Expr, node: Any) -> tuple[dict[str, Any], str | None]:
        """(spec effect, zone its objects end up in) for one helper call."""
        if not (isinstance(value, Call) and value.receiver is None):
            raise self.error(f"step not understood: {value.flat()[:80]}", node)
        name, args = value.method, list(value.args)
        if name == "moveCards" and len(args) == 6:
            effect: dict[str, Any] = {}
            subject, from_zone = self.source(args[1], effect, node)
            to_zone = self.zone(args[2], node)
            if to_zone == "battlefield":
                effect.update({"effect": "return_card", "what": subject, "to": "battlefield",
                               "under": "owner" if args[3] == Raw("true") else "you"})
            elif to_zone == "hand":
                if from_zone in ("battlefield", "stack"):
                    effect.update({"effect": "bounce", "what": subject})
                else:
                    effect.update({"effect": "return_card", "what": subject, "to": "hand"})
            elif to_zone == "exile":
                effect.update({"effect": "exile", "what": subject})
            else:
                raise self.error(f"moving cards to the {to_zone} is not read", node)
            return effect, to_zone
        if name == "destroy" and len(args) == 3:
            effect = {}
            subject, _ = self.source(args[0], effect, node)
            effect.update({"effect": "destroy", "what": subject})
            return effect, "graveyard"
        if name == "revealAndExile" and len(args) == 6:
            player = args[1]
            if not (isinstance(player, Call) and player.method == "targetPlayer" and len(player.args) == 3):
                raise self.error("revealAndExile without a target player", node)
            effect = {"effect": "reveal_and_exile"}
            effect["who"] = self.effects.slots.subject(_index(player.args[2], node), effect, node, "it", self.state)
            selector, _ = self.filters.selector(args[2].flat(), node, "hand")
            effect["filter"] = selector
            effect["amount"] = _index(args[3], node)
            return effect, "exile"
        if name == "castFromExile" and len(args) == 4:
            effect = {"effect": "may_cast_from_exile"}
            effect["what"], _ = self.source(args[0], effect, node)
            effect["any_mana"] = args[1] == Raw("true")
            return effect, None
        if name == "phaseOut" and len(args) == 3:
            effect = {"effect": "phase_out"}
            effect["what"], _ = self.source(args[0], effect, node)
            return effect, None
        if name in ("applyTo", "atNextEndStep") and len(args) == 4:
            holder: dict[str, Any] = {}
            subject, zone = self.source(args[1], holder, node)
            self.effects.state, self.effects.branch = self.state, False
            inner = self.effects.framework(args[0], 0, node, subject=subject, zone=zone)
            self.effects.slots.replace_user(holder, inner)
            if name == "applyTo":
                return inner, None
            return {"effect": "delayed_trigger", "at": "next_end_step", "effects": [inner]}, None
        if name == "run" and len(args) == 3:
            return self.effects.top(args[0], node, self.state), None
        raise self.error(f"step {name} not understood", node)

    def source(self, value: Expr, effect: dict[str, Any], node: Any) -> tuple[dict[str, Any], str | None]:
        """The spec subject a helper's object set stands for, and the objects' zone."""
        if isinstance(value, Raw) and value.text in self.vars:
            return {"ref": identifier_of(value.text)}, self.vars[value.text][1]
        if not isinstance(value, Call) or value.receiver is not None:
            raise self.error(f"objects not understood: {value.flat()[:80]}", node)
        args = list(value.args)
        if value.method == "targetCards" and len(args) == 3:
            index = _index(args[2], node)
            slots = self.effects.slots
            return slots.subject(index, effect, node, "it", self.state), slots.zone(index, self.state)
        if value.method == "allPermanents" and len(args) == 3:
            selector, _ = self.filters.selector(args[0].flat(), node, "battlefield")
            return {"all": selector}, "battlefield"
        if value.method in ("matchingCards", "matchingPermanents"):
            inner, _zone = self.source(args[0], effect, node)
            if "ref" not in inner or "filter" in inner:
                raise self.error("a filtered set that is not an earlier step's objects", node)
            zone = "battlefield"
            if value.method == "matchingCards":
                zone = self.zone(args[1], node)
                args = [args[0], *args[2:]]
            selector, _ = self.filters.selector(args[1].flat(), node, zone)
            return {**inner, "filter": selector}, zone
        if value.method == "choose" and len(args) == 5:
            inner, zone = self.source(args[1], effect, node)
            if "ref" not in inner:
                raise self.error("a choice among objects that are not an earlier step's", node)
            return {**inner, "choose": _index(args[2], node)}, zone
        raise self.error(f"objects not understood: {value.flat()[:80]}", node)


def _index(value: Expr, node: Any) -> int:
    from cardgen.engines.xmage.reader import _int

    return _int(value, node)
