"""Reading a static ability's framework effects back as one spec effect: each continuous effect by the
construct that reads it (`xmage.static.read`), several combined by `xmage.static.read_together`, a gift
condition from `ConditionalContinuousEffect`, XMage's wording decorations dropped.

`StaticReading` is one part of `reader.ClassReader`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from cardgen.engines.xmage.java_expr import Call, Expr, New
from cardgen.engines.xmage.read_filters import ReadError
from cardgen.vocab import CONDITIONS, EFFECTS

if TYPE_CHECKING:
    from cardgen.engines.xmage.reader import ClassReader

PROMISE_CONDITIONS = {c.xmage.condition: kind for kind, c in CONDITIONS.items()}
"""The framework condition constant -> the condition, from the condition constructs."""
_STATICS = {c.kind: static for c in EFFECTS.values() if (static := c.xmage.static) is not None}
_STATIC_READERS = [static.read for static in _STATICS.values()]


class StaticReading:
    """Reads the effects of one static ability (the class reader's static part)."""

    @property
    def reader(self) -> ClassReader:
        """This part as the class reader it is mixed into (the only class that mixes it), which is what
        the constructs' readers are handed."""
        return cast("ClassReader", self)

    def static_effect(self, java: list[Expr], node: Any) -> dict[str, Any]:
        """The framework effects of one static ability as one spec effect: each read by its construct,
        several combined by the construct's `xmage.static.read_together` (a construct without it stands
        alone in its ability)."""
        effect: dict[str, Any] | None = None
        conditions: set[str | None] = set()
        for value in java:
            value = strip_wording(value)
            condition = static_condition(value, node, self.reader.condition_fields)
            if condition is not None:
                value = strip_wording(value.args[0]) if isinstance(value, New) else value
            conditions.add(condition)
            part = self.static_part(value, node)
            static = _STATICS.get(part["effect"])
            together = static.read_together if static is not None else None
            if together is None:
                if effect is not None or len(java) != 1:
                    raise ReadError(f"`{part['effect']}` shares its static ability with other effects", node=node)
                return part
            if effect is None:
                effect = part
            elif effect["effect"] != part["effect"]:
                raise ReadError("one static ability holds two kinds of static effect", node=node)
            else:
                effect = together(self.reader, effect, part, node)
        if effect is None:
            raise ReadError("an empty static ability", node=node)
        if len(conditions) != 1:
            raise ReadError("one static ability mixes conditional and unconditional effects", node=node)
        condition = conditions.pop()
        if condition is not None:
            effect["condition"] = condition
        return effect

    def static_part(self, value: Expr, node: Any) -> dict[str, Any]:
        """One framework continuous effect of a static ability, as the spec effect its construct reads
        (`xmage.static.read`)."""
        if isinstance(value, New):
            for own in _STATIC_READERS:
                found = own(self.reader, value, node)
                if found is not None:
                    return found
        raise ReadError(f"static effect not understood: {value.flat()[:100]}", node=node)


def static_condition(value: Expr, node: Any, fields: dict[str, Expr]) -> str | None:
    """The condition of a static effect (`ConditionalContinuousEffect` + a framework condition, or a class's
    condition field among `fields` holding one)."""
    if isinstance(value, New) and value.cls == "ConditionalContinuousEffect" and len(value.args) == 3:
        named = value.args[1].flat()
        condition = PROMISE_CONDITIONS.get(fields[named].flat() if named in fields else named)
        if condition is None:
            raise ReadError(f"static condition not understood: {value.args[1].flat()[:80]}", node=node)
        return condition
    return None


def strip_wording(value: Expr) -> Expr:
    """Drop XMage's rule-text decorations (`.setText(...)`, `.concatBy(...)`, `.withTextThatCard(...)`,
    `.withTextOptions(...)`) and the computer player's hint (`.setOutcome(...)`): wording and play advice,
    not meaning."""
    while isinstance(value, Call) and value.method in ("setText", "concatBy", "withTargetDescription",
                                                       "withTextThatCard", "withTextOptions", "setOutcome") \
            and value.receiver is not None:
        value = value.receiver
    if isinstance(value, Call) and value.method == "setTargetPointer" and value.receiver is not None:
        return Call(strip_wording(value.receiver), value.method, value.args)
    return value
