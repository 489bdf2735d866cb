"""The `choose_as_enters` ability: "As this artifact enters, choose a creature type." and "As this land
enters, choose a color." (rule 614.12: a replacement effect that modifies how the permanent enters the
battlefield; the choice is made as it enters, before it is on the battlefield, 614.12a, so no player can
respond to it and the permanent's "of the chosen type" and "of the chosen color" abilities see the choice at
once; 607.2a: those abilities are linked to this one and refer to its choice only), with "This land enters
tapped. As it enters, choose a color." (`tapped: true`, the two replacement effects of one line, 614.1c).

A creature type is one of rule 205.3m's; a color one of the five (105.1). The permanent keeps its choice
while it stays on the battlefield; as a new object after a zone change it chooses again (400.7)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Literal

from cardgen.model.parts import AbilityBase, OracleLine
from cardgen.vocab.construct import (
    AbilityCanonical,
    AbilityChecks,
    AbilityConstruct,
    AbilityRule,
    AbilityText,
    ForgeAbility,
    XMageAbility,
)
from cardgen.vocab.pattern import Form

if TYPE_CHECKING:
    from cardgen.engines.forge.build import ScriptBuilder
    from cardgen.engines.forge.reader import ScriptReader
    from cardgen.engines.forge.script import Keyword, Replacement
    from cardgen.engines.xmage.lower import Block, CardLowering
    from cardgen.engines.xmage.reader import ClassReader
    from cardgen.game.objects import GameObject
    from cardgen.game.state import GameState
    from cardgen.model.card import Card
    from cardgen.validate.context import CardReport


Choice = Literal["color", "creature_type"]
CHOICE_WORDS: dict[str, str] = {"color": "a color", "creature_type": "a creature type"}
"""What the line says is chosen (105.1, 205.3m)."""
COLOR_NAMES = ("White", "Blue", "Black", "Red", "Green")
"""The five colors (105.1) as a player names one choosing: the options offered, XMage's `ChoiceColor` words."""
COLOR_SYMBOLS = dict(zip(COLOR_NAMES, ("W", "U", "B", "R", "G"), strict=True))
"""A chosen color's mana symbol (106.1a)."""
NOUNS = ("land", "artifact", "creature", "enchantment", "permanent")
_LINE = re.compile(r"(?:(?P<tapped>This (?P<noun2>[a-z]+) enters tapped\. As it enters, )"
                   r"|As (?:this (?P<noun>[a-z]+)|~) enters, )choose (?P<what>a color|a creature type)\.")
"""The printed line: "As this artifact enters, choose a creature type." (the card's name, `~`, in older text),
or "This land enters tapped. As it enters, choose a color."."""


# ------------------------------------------------------------------------------------------ the spec model

class ChooseAsEntersAbility(AbilityBase):
    """"As this artifact enters, choose a creature type." (`choose: creature_type`) or "... choose a color."
    (`choose: color`): the choice is made as the permanent enters (614.12), and its abilities that say "the
    chosen type" / "the chosen color" read it (607.2a). `tapped: true` is "This land enters tapped. As it
    enters, choose a color." (it enters tapped as well, 614.1c)."""

    kind: Literal["choose_as_enters"]
    text: OracleLine
    choose: Choice
    tapped: bool = False


# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {
    "ability": [
        *(Form(f"this {noun} enters tapped. as it enters, choose {words}.",
               {"kind": "choose_as_enters", "choose": choice, "tapped": True})
          for noun in NOUNS for choice, words in CHOICE_WORDS.items()),
        *(Form("as {s:self} enters, choose " + words + ".", {"kind": "choose_as_enters", "choose": choice})
          for choice, words in CHOICE_WORDS.items()),
    ],
}


def _text_compose(result: dict[str, Any], line: str, spell: bool, taken: set[str], compose: Any) -> Any:
    """A permanent's "As this artifact enters, choose ...": no reading on an instant or sorcery."""
    if spell:
        return None
    ability = {"kind": CONSTRUCT.kind, "text": line, "choose": result["choose"]}
    return {**ability, "tapped": True} if result.get("tapped") else ability


def _text_render(ability: dict[str, Any], sentences_of: Any) -> dict[str, Any] | None:
    value = {"kind": CONSTRUCT.kind, "choose": ability["choose"]}
    return {**value, "tapped": True} if ability.get("tapped") else value


# ------------------------------------------------------------------------------------------------ Forge

FORGE_CHOOSE = {"color": ("ChooseColor", "ChooseColor", []), "creature_type": ("ChooseCT", "ChooseType",
                                                                               [("Type", "Creature")])}
"""Choice -> (SVar, API, parameters): `DB$ ChooseColor` (forge-game ability/effects/ChooseColorEffect.java:
the Defined player chooses a color, the host card's chosen color) and `DB$ ChooseType | Type$ Creature`
(ChooseTypeEffect.java: a creature type, the host's chosen type), as Forge's own Uncharted Haven and Patchwork
Banner write them, with their `AILogic$ MostProminentInComputerDeck`."""
FORGE_AI = ("AILogic", "MostProminentInComputerDeck")
FORGE_LAYER = "Other"
"""`K:ETBReplacement:Other:<SVar>` (forge-game card/CardFactoryUtil.setupEtbKeywords: a replacement of the
card moving to the battlefield, of the `Other` layer, that does the SVar's ability as it enters, 614.12)."""


def _forge(b: ScriptBuilder, ability: ChooseAsEntersAbility) -> Keyword:
    """`K:ETBReplacement:Other:ChooseColor` and its `SVar:ChooseColor:DB$ ChooseColor | Defined$ You | ...`."""
    stem, api, params = FORGE_CHOOSE[ability.choose]
    line = b.Ability("DB", api, [("Defined", "You"), *params, FORGE_AI])
    # its own line's text; beside "enters tapped" the second sentence of the line, as Forge's own Uncharted Haven
    said = f"As {b.card.name} enters, choose {CHOICE_WORDS[ability.choose]}." if ability.tapped else ability.text
    line.description = b.describe(said, "an ability text")
    return b.Keyword("ETBReplacement", (FORGE_LAYER, b.ability_svar(stem, line)))


def _forge_tapped(b: ScriptBuilder, ability: ChooseAsEntersAbility) -> Replacement | None:
    """"This land enters tapped." of the line: `enters_tapped`'s `R:` line beside the `K:` (as Forge's own
    Uncharted Haven says it)."""
    if not ability.tapped:
        return None
    from cardgen.vocab.abilities import enters_tapped

    return enters_tapped._forge(b, enters_tapped.EntersTappedAbility(
        kind="enters_tapped", text="This land enters tapped."))


def _forge_read(r: ScriptReader, value: str) -> list[dict[str, Any]] | None:
    """`K:ETBReplacement:Other:<SVar>` whose SVar is a `DB$ ChooseColor` or `DB$ ChooseType | Type$ Creature`
    of `Defined$ You` (an AI hint aside)."""
    parts = value.split(":")
    if len(parts) != 3 or parts[0] != "ETBReplacement" or parts[1] != FORGE_LAYER:
        return None
    params = dict(r.svar_params(parts[2]))
    choice = next((choice for choice, (_, api, extra) in FORGE_CHOOSE.items()
                   if params.get("DB") == api and all(params.get(k) == v for k, v in extra)), None)
    if choice is None or params.get("Defined", "You") != "You":
        return None
    known = {"DB", "Defined", "AILogic", "SpellDescription", *(k for k, _ in FORGE_CHOOSE[choice][2])}
    if unread := sorted(set(params) - known):
        r.report("FG201", f"K:{value}: only `Defined$ You` is read of the choice ({', '.join(unread)} is not)")
    text = r.undescribe(params.get("SpellDescription", f"As CARDNAME enters, choose {CHOICE_WORDS[choice]}."))
    return [{"kind": CONSTRUCT.kind, "text": text, "choose": choice}]


def _forge_read_join(abilities: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A color chosen as it enters and "enters tapped" on two lines of one script are the one printed line
    "This land enters tapped. As it enters, choose a color." (`tapped: true`)."""
    chooser = next((a for a in abilities if a.get("kind") == CONSTRUCT.kind and not a.get("tapped")), None)
    tapped = next((a for a in abilities if a.get("kind") == "enters_tapped"), None)
    if chooser is None or tapped is None:
        return abilities
    joined = {**chooser, "tapped": True,
              "text": f"This land enters tapped. As it enters, choose {CHOICE_WORDS[chooser['choose']]}."}
    return [joined if a is chooser else a for a in abilities if a is not tapped]


# ------------------------------------------------------------------------------------------------ XMage

XMAGE_EFFECT = {"color": ("ChooseColorEffect", "Benefit"), "creature_type": ("ChooseCreatureTypeEffect",
                                                                             "BoostCreature")}
"""Choice -> (framework effect, the `Outcome` XMage's own cards most often hand it: an AI hint)."""
XMAGE_TAPPED_COLOR = "EntersBattlefieldTappedAsItEntersChooseColorAbility"
"""XMage's one ability of "{this} enters tapped. As it enters, choose a color." (its own Uncharted Haven)."""


def _xmage(w: CardLowering, ability: ChooseAsEntersAbility) -> Block:
    """`new AsEntersBattlefieldAbility(new ChooseCreatureTypeEffect(Outcome.BoostCreature))` (its rules text
    "As {this} enters, choose a creature type."), or `new EntersBattlefieldTappedAsItEntersChooseColorAbility()`."""
    if ability.tapped:
        if ability.choose != "color":
            raise w.Unsupported("\"enters tapped\" with a creature type chosen has no XMage form here")
        block = w.Block(ability.text, rules="{this} enters tapped. As it enters, choose a color.")
        block.body.append(w.stmt(w.call("this", "addAbility", w.new(w.use(XMAGE_TAPPED_COLOR)))))
        return block
    effect, outcome = XMAGE_EFFECT[ability.choose]
    block = w.Block(ability.text, rules=f"As {{this}} enters, choose {CHOICE_WORDS[ability.choose]}.")
    head = w.new(w.use("AsEntersBattlefieldAbility"), w.new(w.use(effect), w.Raw(f"{w.use('Outcome')}.{outcome}")))
    block.body.append(w.stmt(w.call("this", "addAbility", head)))
    return block


def _xmage_read_start(r: ClassReader, value: Any, comment: str, node: Any) -> tuple[dict[str, Any], Any] | None:
    """The abilities `_xmage` writes (an `Outcome` is an AI hint, any is read)."""
    if value.cls == XMAGE_TAPPED_COLOR and not value.args:
        return {"kind": CONSTRUCT.kind, "text": comment, "choose": "color", "tapped": True}, None
    if value.cls != "AsEntersBattlefieldAbility" or len(value.args) != 1 or not isinstance(value.args[0], r.New):
        return None
    effect = value.args[0]
    choice = next((c for c, (cls, _) in XMAGE_EFFECT.items() if cls == effect.cls), None)
    if choice is None or len(effect.args) != 1 or not effect.args[0].flat().startswith("Outcome."):
        return None
    return {"kind": CONSTRUCT.kind, "text": comment, "choose": choice}, None


# --------------------------------------------------------------------------------------------- resolver

def _as_enters(state: GameState, obj: GameObject, ability: ChooseAsEntersAbility, controller: str) -> None:
    """The choice, made by the player it enters under as it enters (614.12a), kept on the object (607.2a);
    `tapped`: it enters tapped too (614.1c)."""
    if ability.choose == "color":
        options: list[str] = list(COLOR_NAMES)
    else:
        from cardgen.model import subtypes

        options = sorted(name for name, kind in subtypes.kinds().items() if kind == "creature")
    (picked,) = state.chooser.choose(controller, options, 1, f"choose {CHOICE_WORDS[ability.choose]}")
    # a color is kept as its mana symbol (106.1a), what "one mana of the chosen color" adds
    obj.chosen[ability.choose] = COLOR_SYMBOLS[str(picked)] if ability.choose == "color" else str(picked)
    if ability.tapped:
        obj.tapped = True


# ------------------------------------------------------------------------------------------- validation

def _validate(report: CardReport, card: Card, indexes: list[int]) -> None:
    """CG148: the line says "As this <permanent> enters, choose <what>." (or the tapped land's line) of a
    permanent card, for the ability's `choose` and `tapped`."""
    for index in indexes:
        ability = card.abilities[index]
        assert isinstance(ability, ChooseAsEntersAbility)
        match = _LINE.fullmatch(ability.text.replace(card.name, "~"))
        fits = match is not None and bool(match.group("tapped")) == ability.tapped \
            and match.group("what") == CHOICE_WORDS[ability.choose] \
            and all(noun in (None, *NOUNS) for noun in (match.group("noun"), match.group("noun2")))
        if not fits or card.is_instant_or_sorcery:
            report.add("CG148", f"a `choose_as_enters` ability is a permanent's line \"As this artifact enters, "
                       f"choose {CHOICE_WORDS[ability.choose]}.\" (with `tapped: true`: \"This land enters tapped. "
                       f"As it enters, choose a color.\"), not {ability.text!r}", ("abilities", index, "text"))


# --------------------------------------------------------------------------------------------- scaffold

def _scaffold_guess(line: str, spell: bool) -> str | bool:
    return not spell and _LINE.fullmatch(line) is not None


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = AbilityConstruct(
    kind="choose_as_enters", model=ChooseAsEntersAbility,
    text=AbilityText(
        phrasings=_PHRASINGS,
        order=1,
        compose=_text_compose,
        render=_text_render,
        guess=_scaffold_guess,
    ),
    canonical=AbilityCanonical(order=1),
    checks=AbilityChecks(structure=_validate),
    forge=ForgeAbility(
        keyword=_forge,
        read_keyword=_forge_read,
        replacement=_forge_tapped,
        read_join=_forge_read_join,
    ),
    xmage=XMageAbility(
        block=_xmage,
        read_start=_xmage_read_start,
        # XMage's ChooseColorEffect / ChooseCreatureTypeEffect ask with `choose(outcome, choice, game)`
        decisions={f"choose {words}": "words" for words in CHOICE_WORDS.values()},
    ),
    rule=AbilityRule(as_enters=_as_enters),
)
