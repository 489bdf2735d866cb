"""The `modes` effect: a modal spell or ability (700.2), "Choose one —" and its bulleted modes, and the
pawprint form of Bloomburrow's seasons ("Choose up to five {P} worth of modes. You may choose the same
mode more than once.").

The spec says the modes and how many may be chosen: `min`..`max` modes (700.2: "choose one" is 1..1),
`repeat` when the same mode may be chosen more than once (700.2d), and `pawprints`, the most {P} the
chosen modes may be worth, each mode saying its own (700.2h). The modes are chosen as the spell is cast
or the ability is put on the stack (700.2a, 700.2b, 601.2b, 603.3c); only the chosen modes' targets are
chosen (700.2c); the chosen modes are performed in the order printed, a mode chosen twice twice
(700.2d). The resolver expands the chosen modes into the effects performed (`chosen_effects`), so
targets and resolution see only those.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import Field, field_validator, model_validator

from cardgen.model.parts import EffectBase, OracleLine, SpecModel, expand_instead_groups
from cardgen.vocab.construct import EffectConstruct, EffectText, ForgeEffect, OneShot, XMageEffect
from cardgen.vocab.pattern import Form

if TYPE_CHECKING:
    from cardgen.canonical import CanonicalForms
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.read_apis import NodeReader
    from cardgen.engines.forge.syntax import Params
    from cardgen.game.context import Context
    from cardgen.game.objects import Entity
    from cardgen.model.card import Effect

RULE = "700.2"
PAWPRINT_RULE = "700.2h"
MOST_MODES = 5


# ------------------------------------------------------------------------------------------ the spec model

class Mode(SpecModel):
    """One mode: its printed line after the bullet (or after "{P} — "), what it does, and what it is
    worth in pawprints when the modes are chosen by pawprints."""

    text: OracleLine
    pawprints: Annotated[int, Field(ge=1, le=MOST_MODES)] | None = None
    effects: Annotated[list[Effect], Field(min_length=1)]

    @field_validator("effects", mode="after")
    @classmethod
    def _groups(cls, effects: list[Any]) -> list[Any]:
        return expand_instead_groups(effects)


class ChooseModes(EffectBase):
    """Choose `min`..`max` of `modes` (700.2); `repeat`: a mode may be chosen more than once (700.2d);
    `pawprints`: the chosen modes are worth at most this many {P} (700.2h)."""

    effect: Literal["modes"]
    min: Annotated[int, Field(ge=0, le=MOST_MODES)] = 1
    max: Annotated[int, Field(ge=1, le=MOST_MODES)] = 1
    repeat: bool = False
    pawprints: Annotated[int, Field(ge=1, le=MOST_MODES)] | None = None
    modes: Annotated[list[Mode], Field(min_length=2, max_length=MOST_MODES)]

    @model_validator(mode="after")
    def _counts(self) -> ChooseModes:
        if self.min > self.max:
            raise ValueError(f"`min` ({self.min}) is more than `max` ({self.max})")
        priced = [mode.pawprints is not None for mode in self.modes]
        if self.pawprints is not None and not all(priced):
            raise ValueError("with `pawprints`, every mode says what it is worth (`pawprints` of the mode, 700.2h)")
        if self.pawprints is None and any(priced):
            raise ValueError("a mode worth pawprints needs the `pawprints` the modes may be worth in all (700.2h)")
        if self.pawprints is not None and (self.min, self.max) != (0, self.pawprints):
            # "up to N {P}": none to N modes of at least {P} each; Forge's chooser takes CharmNum$ as the budget
            raise ValueError(f"with `pawprints: {self.pawprints}`, `min` is 0 and `max` is {self.pawprints} "
                             "(up to that many {P} worth of modes, each worth at least {P}, 700.2h)")
        return self


def chosen_effects(effect: ChooseModes, modes: tuple[int, ...]) -> list[Effect]:
    """The effects of the chosen modes (indexes from 0), in the order printed, a mode chosen twice twice
    (700.2d); a mode number out of range is left out (`choice_problem` says what is wrong with a choice)."""
    return [inner for index in sorted(modes) if 0 <= index < len(effect.modes)
            for inner in effect.modes[index].effects]


def choice_problem(effect: ChooseModes, modes: tuple[int, ...]) -> str | None:
    """Why choosing `modes` (indexes from 0) is not allowed, or None."""
    if any(not 0 <= index < len(effect.modes) for index in modes):
        return f"there are {len(effect.modes)} modes; a mode is chosen by its number, 1 to {len(effect.modes)} (700.2)"
    if not effect.repeat and len(set(modes)) != len(modes):
        return "the same mode can't be chosen more than once here (700.2d)"
    if effect.pawprints is not None:
        worth = sum(effect.modes[index].pawprints or 0 for index in modes)
        if worth > effect.pawprints:
            return f"the chosen modes are worth {worth} {{P}}, more than {effect.pawprints} (700.2h)"
        return None
    if not effect.min <= len(modes) <= effect.max:
        wanted = str(effect.min) if effect.min == effect.max else f"{effect.min} to {effect.max}"
        return f"{wanted} mode(s) are chosen here, not {len(modes)} (700.2)"
    return None


# ------------------------------------------------------------------------------------ text and phrasing

_NUMERALS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}


def head(effect: ChooseModes) -> str:
    """The line before the modes: "Choose one —", "Choose one or both —", "Choose up to five {P} worth
    of modes. You may choose the same mode more than once."."""
    if effect.pawprints is not None:
        line = f"Choose up to {_NUMERALS[effect.pawprints]} {{P}} worth of modes."
        return line + (" You may choose the same mode more than once." if effect.repeat else "")
    if effect.min == effect.max:
        line = f"Choose {_NUMERALS[effect.min]}"
    elif effect.min == 1 and effect.max == len(effect.modes):
        line = "Choose one or both" if effect.max == 2 else "Choose one or more"
    else:
        line = f"Choose up to {_NUMERALS[effect.max]}" if effect.min == 0 else \
            f"Choose {_NUMERALS[effect.min]} to {_NUMERALS[effect.max]}"
    return line + (". You may choose the same mode more than once. —" if effect.repeat else " —")


def mode_line(mode: Mode) -> str:
    """A mode's printed line: "• Counter target spell.", "{P}{P} — Draw a card."."""
    if mode.pawprints is not None:
        return "{P}" * mode.pawprints + " — " + mode.text
    return "• " + mode.text


def lines(effect: ChooseModes) -> list[str]:
    return [head(effect), *(mode_line(mode) for mode in effect.modes)]


_PHRASINGS = {
    "modes_head": [  # the line before the modes; each mode's line is read as a line of its own
        Form("choose one —", {"min": 1, "max": 1}),
        Form("choose one or both —", {"min": 1, "max": 2}),
        Form("choose up to five {P} worth of modes. you may choose the same mode more than once.",
             {"min": 0, "max": 5, "repeat": True, "pawprints": 5}),
    ],
}


def _canonical(forms: CanonicalForms, effect: dict[str, Any]) -> None:
    for mode in effect["modes"]:
        mode["effects"] = forms.chain(mode["effects"])


# ------------------------------------------------------------------------------------------------ Forge

def _forge(w: EffectWriter, e: ChooseModes) -> tuple[str, Params]:
    """`Charm | Choices$ DBA,DBB` (CharmEffect): each mode a chain of its own whose first ability carries
    the mode's text (`SpellDescription$`, which Forge lists as the mode) and its `Pawprint$`."""
    choices = [w.mode_chain(list(mode.effects), mode.text,
                            [("Pawprint", str(mode.pawprints))] if mode.pawprints is not None else [])
               for mode in e.modes]
    params: Params = [("Choices", ",".join(choices))]
    if e.max != 1:
        params.append(("CharmNum", str(e.max)))
    if e.min != e.max:
        params.append(("MinCharmNum", str(e.min)))
    if e.repeat:
        params.append(("CanRepeatModes", "True"))
    if e.pawprints is not None:
        params.append(("Pawprint", str(e.pawprints)))
    return "Charm", params


def _forge_read(r: NodeReader) -> list[dict[str, Any]]:
    bag = r.bag
    choices = bag.get("Choices")
    if not choices:
        raise r.error("FG201", "Charm without Choices$")
    most = bag.get("CharmNum") or "1"
    least = bag.get("MinCharmNum") or most
    repeat = bag.get("CanRepeatModes")
    pawprints = bag.get("Pawprint")
    if bag.get("Defined") not in (None, "You"):  # CharmEffect reads no Defined$; Forge's own scripts write You
        raise r.error("FG201", "Charm with a Defined$ other than You")
    if not (most.isdigit() and least.isdigit()) or (repeat is not None and repeat != "True") \
            or (pawprints is not None and not pawprints.isdigit()):
        raise r.error("FG201", "Charm's CharmNum$, MinCharmNum$, CanRepeatModes$ or Pawprint$ not understood")
    modes = [r.mode_chain(name) for name in choices.split(",")]
    effect: dict[str, Any] = {"effect": CONSTRUCT.kind, "modes": modes}
    if int(least) != 1:
        effect["min"] = int(least)
    if int(most) != 1:
        effect["max"] = int(most)
    if repeat:
        effect["repeat"] = True
    if pawprints is not None:
        effect["pawprints"] = int(pawprints)
    return [effect]


# --------------------------------------------------------------------------------------------- resolver


def _resolve(ctx: Context, effect: ChooseModes) -> list[Entity]:
    """Never reached: the modes are chosen as the spell is cast or the ability put on the stack, and the
    chosen modes' effects are what resolves (`chosen_effects`)."""
    from cardgen.game.errors import GameError
    raise GameError("bad_choice", "a modal spell or ability resolved without its modes chosen", "700.2a")


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EffectConstruct(
    kind="modes", model=ChooseModes, subjects=(),
    text=EffectText(
        phrasings=_PHRASINGS,
        own_sentence=True,
        canonical=_canonical,
    ),
    forge=ForgeEffect(
        write=_forge,
        reads={"Charm": _forge_read},
        describes_itself=True,
    ),
    xmage=XMageEffect(),
    rule=OneShot(resolve=_resolve),
)
