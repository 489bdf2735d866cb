"""Chains of Forge abilities, planned: the pieces the script builder and the effect writer share.

A spell's (or trigger's) effects become one chain of Forge abilities linked by `SubAbility$`. Planning
expands "instead" replacements (one step when only a target count changes with the promise, else two
steps gated on the two sides of the promise) and records which spec ability each step came from.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cardgen import vocab
from cardgen.engines.forge.syntax import Params, unsafe_reason
from cardgen.model.card import Effect, RefSubject, Target, TargetSubject


class RenderError(Exception):
    """The spec says something this backend cannot write; `code` is FG100 (unsafe text) or FG101."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def safe(text: str, what: str) -> str:
    """Refuse text that would add a parameter or a line to the script (Forge has no escape)."""
    reason = unsafe_reason(text)
    if reason:
        raise RenderError("FG100", f"{what} {reason}; Forge has no escape for it inside a script field: {text!r}")
    return text


def subjects(effect: Effect) -> list[tuple[str, object]]:
    """The subjects an effect acts on, by field name, as its construct declares them (`cardgen.vocab`)."""
    found = []
    for name in vocab.subjects(effect):
        value = getattr(effect, name, None)
        if value is not None:
            found.append((name, value))
    return found


def targets_of(effect: Effect) -> list[Target]:
    return [subject.target for _, subject in subjects(effect) if isinstance(subject, TargetSubject)]


def refs_of(effect: Effect) -> list[RefSubject]:
    return [subject for _, subject in subjects(effect) if isinstance(subject, RefSubject)]


# ------------------------------------------------------------------------------------------ chains


@dataclass
class Step:
    """One effect as planned in a chain: `gate` is the side of the promise an "instead" split put it on;
    `ranges` holds per-target (min, max) pairs when only the target count changes with the promise."""

    effect: Effect
    gate: str | None = None
    ranges: tuple[tuple[int, int], tuple[int, int]] | None = None
    """((min, max) if promised, (min, max) if not) for the effect's single target."""
    description: str | None = None
    group: int = 0
    """Which spec ability the effect came from: a spell's abilities share one Forge chain, but references
    (and Forge's remembered list) stay within one ability."""


@dataclass
class Node:
    """One Forge ability of a chain, before linking: its API and parameters (without the link and the text),
    and where "that object" points. A bookkeeping ability (Cleanup, DamageResolve) has no step."""

    step: Step | None
    api: str
    params: Params
    has_targets: bool = False
    remembers: bool = False


@dataclass
class ChainState:
    """What later abilities of a chain need to know about earlier ones."""

    steps: list[Step]
    outer: ChainState | None = None
    nodes: list[Node] = field(default_factory=list)
    remembered_by: str | None = None
    """The id of the effect whose objects are on the remembered list."""
    delayed_remember: str | None = None
    """Inside a delayed trigger: how the outer object was handed over (`DelayTriggerRememberedLKI`...)."""


def same_but_counts(base: Effect, other: Effect) -> bool:
    """True when `other` differs from `base` only in its single target's min/max."""
    targets = targets_of(base)
    if type(base) is not type(other) or len(targets) != 1 or len(targets_of(other)) != 1:
        return False
    strip = {"instead_if_promised": None, "id": None, "condition": None}
    left = base.model_copy(update=strip).model_dump()
    right = other.model_copy(update=strip).model_dump()

    def blank(data: object) -> object:
        if isinstance(data, dict):
            return {key: (None if key in ("min", "max", "only_if_promised") else blank(value))
                    for key, value in data.items()}
        if isinstance(data, list):
            return [blank(item) for item in data]
        return data

    return blank(left) == blank(right)


def plan_steps(effects: list[Effect], texts: list[str | None], groups: list[int] | None = None) -> list[Step]:
    """Expand "instead" replacements: a count change stays one step, anything else becomes two steps
    gated on the two sides of the promise. `texts[i]` is the description of effect i (or None)."""
    steps: list[Step] = []
    carried: str | None = None
    for effect, own_text, group in zip(effects, texts, groups or [0] * len(effects), strict=True):
        text = own_text or carried
        carried = None
        if vocab.of(effect).forge.from_keyword:
            carried = text  # derived: Forge gives the gift from K:Gift; its text moves to the next effect
            continue
        replacement = effect.instead_if_promised
        if replacement is None:
            steps.append(Step(effect, description=text, group=group))
            continue
        if effect.condition is not None:
            raise RenderError("FG101", "an effect with both `condition` and `instead_if_promised` has no Forge form")
        if isinstance(replacement, list):  # the ability's model makes a list one "instead" group of effects
            raise RenderError("FG101", "an `instead_if_promised` list reaches Forge's writer unexpanded")
        if same_but_counts(effect, replacement):
            base_target, new_target = targets_of(effect)[0], targets_of(replacement)[0]
            steps.append(Step(effect.model_copy(update={"instead_if_promised": None}),
                              ranges=((new_target.min, new_target.max), (base_target.min, base_target.max)),
                              description=text, group=group))
        else:
            steps.append(Step(effect.model_copy(update={"instead_if_promised": None}), gate="not_promised",
                              description=text, group=group))
            steps.append(Step(replacement, gate="promised", group=group))
    return steps


def cleanup_node() -> Node:
    return Node(None, "Cleanup", [("ClearRemembered", "True")])


def api_stem(effect: Effect) -> str:
    """The stem of SVar names for an effect (`TrigDraw`, `DBDestroy`)."""
    return type(effect).__name__
