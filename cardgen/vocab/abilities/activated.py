"""The `activated` ability: "[Cost]: [Effect.]" (rule 602), and the mana abilities (605.1a: an activated
ability that could add mana, has no target and isn't a loyalty ability; it doesn't use the stack, 605.3b):
"{T}: Add {C}." (colorless mana, 106.1b), "{T}: Add {G}.", "{T}: Add {R} or {G}." (one mana of one of two
colors, the player's choice as the ability resolves, 106.1a), "{T}, Sacrifice this artifact: Add one mana
of any color.", and "Spend this mana only to cast a creature spell." (a restriction on how that mana may
be spent, 106.6). Besides mana and {T}, a cost may pay life ("Pay 2 life", 119.4: only with at least that much
life), discard a card ("Discard a card", 701.9), sacrifice this permanent or one of a kind ("Sacrifice a
token", 701.21a, 602.2h); "Activate only once each turn." limits it (602.5b)."""

from __future__ import annotations

import itertools
import re
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import Field

from cardgen.model.mana import ManaCostField
from cardgen.model.parts import AbilityBase, ObjectFilter, OracleLine, SpecModel
from cardgen.vocab.construct import (
    AbilityCanonical,
    AbilityChecks,
    AbilityConstruct,
    AbilityRule,
    AbilityText,
    ForgeAbility,
    XMageAbility,
)
from cardgen.vocab.pattern import Form, V

if TYPE_CHECKING:
    from cardgen.engines.forge.build import ScriptBuilder
    from cardgen.engines.forge.reader import ScriptReader
    from cardgen.engines.forge.script import Ability
    from cardgen.engines.xmage.lower import Block, CardLowering
    from cardgen.engines.xmage.reader import ClassReader
    from cardgen.model.card import Card, Condition, Effect
    from cardgen.validate.context import CardReport


_LINE = re.compile(r"(?P<cost>[^:]+): (?P<effect>.+)")
_SACRIFICE = re.compile(r"[Ss]acrifice (?P<what>this [a-z]+|~)")
COLORS = ("W", "U", "B", "R", "G")
"""The five colors' mana symbols in the order the rules list them (105.1, 106.1a)."""
SINGLE_MANA = ("C", *COLORS)
"""One mana of one type: colorless (`C`, 106.1b) or one color."""
ONCE_EACH_TURN = "Activate only once each turn."
"""The activation restriction of `once_each_turn` (602.5b)."""
SPEND_TEXT = {"creature_spell": "Spend this mana only to cast a creature spell."}
"""What each `spend_only` restriction says after the mana (106.6)."""


def mana_words(mana: Any) -> str:
    """The mana a `mana` value adds, as printed: "{C}", "{R} or {G}", "one mana of any color"."""
    if mana == "any_color":
        return "one mana of any color"
    if mana == "chosen_color":
        return "one mana of the chosen color"
    if isinstance(mana, str):
        return "{" + mana + "}"
    return " or ".join("{" + color + "}" for color in mana)


def mana_text(mana: Any, spend_only: str | None = None) -> str:
    """What a mana ability says after the colon: "Add {R} or {G}.", with its spending restriction."""
    text = f"Add {mana_words(mana)}."
    return f"{text} {SPEND_TEXT[spend_only]}" if spend_only else text


def mana_pairs() -> list[list[str]]:
    """The two-color choices as cards print them, each pair in the order of the color wheel (105.1: white,
    blue, black, red, green, in a circle): the neighbors "{W} or {U}" ... "{G} or {W}", then the pairs one
    apart "{W} or {B}" ... "{G} or {U}"."""
    return [[COLORS[i], COLORS[(i + step) % 5]] for step in (1, 2) for i in range(5)]


class SacrificedKind:
    """A permanent a cost sacrifices other than its source, as the printed line, Forge's `Sac<1/Valid/desc>`
    (forge-game cost/CostSacrifice.java: the type is a Valid expression over the activator's battlefield, the
    description is what its text says) and the XMage `StaticFilters` constant its cards hand to
    `SacrificeTargetCost` (whose text is "sacrifice " + the filter's message with its article)."""

    def __init__(self, words: str, spec: dict[str, Any], forge: str, xmage: str) -> None:
        self.words, self.spec, self.forge, self.xmage = words, spec, forge, xmage
        self.description = words.split(" ", 1)[1] if words.startswith(("a ", "an ")) else words


SACRIFICED = (
    SacrificedKind("a creature", {"types": ["creature"]}, "Creature", "FILTER_PERMANENT_CREATURE"),
    SacrificedKind("another creature", {"types": ["creature"], "other": True}, "Creature.Other",
                   "FILTER_CONTROLLED_ANOTHER_CREATURE"),
    SacrificedKind("an artifact", {"types": ["artifact"]}, "Artifact", "FILTER_PERMANENT_ARTIFACT"),
    SacrificedKind("a token", {"token": True}, "Permanent.token", "FILTER_PERMANENT_TOKEN"),
)
"""The filters a sacrifice cost may name: each engine has an idiom for these."""


def sacrificed_kind(selector: ObjectFilter) -> SacrificedKind | None:
    """The kind of permanent `sacrifice: {filter}` names, None when it is not one of `SACRIFICED`."""
    shape = selector.model_dump(mode="json", exclude_defaults=True)
    return next((kind for kind in SACRIFICED if kind.spec == shape), None)


class TappedKind:
    """Permanents a cost taps other than its source ("Tap two untapped tokens you control"): the printed
    plural, the spec filter, Forge's `tapXType<N/Valid/description>` type (forge-game cost/CostTapType.java:
    N untapped permanents of that Valid expression the activator controls, chosen as it is paid) and the
    predicates of XMage's `FilterControlledPermanent` its own cards hand to `TapTargetCost(new
    TargetControlledPermanent(N, filter))` (Baylen, the Haymaker: `TappedPredicate.UNTAPPED`, `TokenPredicate.TRUE`)."""

    def __init__(self, words: str, spec: dict[str, Any], forge: str, xmage: tuple[str, ...]) -> None:
        self.words, self.spec, self.forge, self.xmage = words, spec, forge, xmage


TAPPED = (TappedKind("tokens", {"token": True}, "Permanent.token/token", ("TokenPredicate.TRUE",)),)
"""The kinds of permanent a tap cost may name."""
_NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def number_word(count: int) -> str:
    return _NUMBER_WORDS[count]


def tapped_kind(selector: ObjectFilter) -> TappedKind | None:
    """The kind of permanent `tap_untapped`'s filter names, None when it is not one of `TAPPED`."""
    shape = selector.model_dump(mode="json", exclude_defaults=True)
    return next((kind for kind in TAPPED if kind.spec == shape), None)


def split_line(text: str) -> tuple[str, str]:
    """The cost and the effect of an activated ability's line ("{2}, {T}, Sacrifice this artifact",
    "You gain 3 life."); the whole line as the effect when it has no colon."""
    match = _LINE.fullmatch(text)
    return (match.group("cost"), match.group("effect")) if match else ("", text)


def cost_words(ability: ActivatedAbility, name: str = "this permanent") -> str:
    """The cost as printed: "{2}, {T}, Pay 2 life, Sacrifice this artifact" (mana first, then {T}, then the
    rest in the order cards print them: life, discard, sacrifice)."""
    parts = [str(ability.cost.mana)] if ability.cost.mana is not None and ability.cost.mana.symbols else []
    if ability.cost.tap:
        parts.append("{T}")
    if ability.cost.tap_untapped is not None:
        tapped = tapped_kind(ability.cost.tap_untapped.filter)
        parts.append(f"Tap {number_word(ability.cost.tap_untapped.count)} untapped "
                     f"{tapped.words if tapped else 'permanents'} you control")
    if ability.cost.life:
        parts.append(f"Pay {ability.cost.life} life")
    if ability.cost.discard:
        parts.append("Discard a card")
    if ability.cost.sacrifice == "self":
        parts.append(f"Sacrifice {name}")
    elif ability.cost.sacrifice is not None:
        kind = sacrificed_kind(ability.cost.sacrifice)
        parts.append(f"Sacrifice {kind.words if kind else 'a permanent'}")
    if ability.cost.exile_from_graveyard:
        parts.append(EXILE_FROM_GRAVEYARD)
    return ", ".join(parts)


def _sacrificed_words(ability: ActivatedAbility) -> str | None:
    """How the line names the permanent it sacrifices ("this artifact"), or None for its name (`~`)."""
    match = _SACRIFICE.search(split_line(ability.text)[0])
    return match.group("what") if match and match.group("what") != "~" else None


# ------------------------------------------------------------------------------------------ the spec model

class TapUntapped(SpecModel):
    """`tap_untapped: {count: 2, filter: {token: true}}`: "Tap two untapped tokens you control"."""

    count: Annotated[int, Field(ge=1, le=9)]
    filter: ObjectFilter


class ActivationCost(SpecModel):
    """The cost before the colon of an activated ability (rule 602.1a), paid in the order printed: mana,
    `{T}` (tap this permanent, 107.5), sacrifice this permanent (`sacrifice: self`) or a permanent of yours
    the filter matches (`sacrifice: {types: [creature]}` "Sacrifice a creature", with `other: true`
    "Sacrifice another creature"; the activator chooses it as they pay, 602.2h, 701.21a)."""

    mana: ManaCostField | None = None
    tap: bool = False
    life: Annotated[int, Field(ge=1, le=99)] | None = None
    """"Pay N life" (119.4: only a player whose life total is at least N can pay it; paying it loses that life)."""
    discard: Literal[0, 1] = 0
    """"Discard a card": a card of the activator's hand, chosen as the cost is paid (701.9, 602.2h)."""
    sacrifice: Literal["self"] | ObjectFilter | None = None
    exile_from_graveyard: bool = False
    """"Exile this card from your graveyard": the ability works only while the card is in its owner's
    graveyard (113.6k: an ability whose cost moves its object out of a zone functions only in that zone), and
    paying the cost exiles the card (602.2h)."""
    tap_untapped: TapUntapped | None = None
    """"Tap two untapped tokens you control": that many untapped permanents of the activator's the filter
    matches, chosen and tapped as the cost is paid (602.2h; not {T}, so a creature's summoning sickness
    doesn't matter, 302.6)."""


EXILE_FROM_GRAVEYARD = "Exile this card from your graveyard"
"""The printed cost of an ability that works from the graveyard (a card's own reference to itself, 201.5)."""


ManaColor = Literal["W", "U", "B", "R", "G"]
ManaAdded = Literal["any_color", "chosen_color", "C", "W", "U", "B", "R", "G"] | list[ManaColor]
"""The mana a mana ability adds: `any_color` ("one mana of any color"), `chosen_color` ("one mana of the
chosen color": the color its permanent chose as it entered, 607.2a, a `choose_as_enters` ability's), `C`
("{C}", 106.1b), a color ("{G}"), or a choice of two colors (`[R, G]`, "{R} or {G}", in the order cards print
them)."""


class ActivatedAbility(AbilityBase):
    """"[Cost]: [Effect.]" (rule 602). `effects` is what it does as it resolves from the stack; `mana` instead
    makes it a mana ability (605.1a: it adds mana and doesn't use the stack): `any_color` is "Add one mana
    of any color.", `C` "Add {C}.", `G` "Add {G}.", `[R, G]` "Add {R} or {G}."; `spend_only: creature_spell`
    adds "Spend this mana only to cast a creature spell." (106.6). `timing: sorcery` is "Activate only as a
    sorcery." (602.5d); `once_each_turn` is "Activate only once each turn." (602.5b)."""

    kind: Literal["activated"]
    text: OracleLine
    cost: ActivationCost
    effects: list[Effect] = []
    mana: ManaAdded | None = None
    spend_only: Literal["creature_spell"] | None = None
    timing: Literal["any", "sorcery"] = "any"
    once_each_turn: bool = False
    """"Activate only once each turn." (602.5b): refused once this object's ability was activated this turn."""
    activate_if: Condition | None = None
    """"Activate only if an opponent lost life this turn" (602.5b): refused while the condition doesn't hold
    for the ability's controller, checked as it would be activated."""


# ------------------------------------------------------------------------------------ text and phrasing

SELF_SACRIFICED = ("this artifact", "this creature", "this land", "this enchantment")
"""How a line names its own permanent in "Sacrifice this artifact" (a card's type, 201.5)."""


def _cost_forms() -> list[Form]:
    """"{2}, {T}, Pay 2 life, Sacrifice this artifact" and its shorter kinds: mana, then {T}, then paying
    life, discarding a card and the sacrifice (of this permanent, or of a permanent `SACRIFICED` names:
    "Sacrifice another creature"), each part present or not."""
    lasts: list[tuple[str, dict[str, Any]]] = [("", {})] \
        + [(f"sacrifice {what}", {"sacrifice": "self"}) for what in SELF_SACRIFICED] \
        + [(f"sacrifice {kind.words}", {"sacrifice": kind.spec}) for kind in SACRIFICED] \
        + [(EXILE_FROM_GRAVEYARD.lower(), {"exile_from_graveyard": True})]
    forms = []
    taps: list[tuple[str, dict[str, Any]]] = [("", {})] + [(f"tap {{k:count}} untapped {kind.words} you control",
                          {"tap_untapped": {"count": V("k"), "filter": kind.spec}}) for kind in TAPPED]
    for (mana, tap, life, discard), (tapped, others) in itertools.product(
            itertools.product((True, False), repeat=4), taps):
        for said, last in lasts:
            words = ["{m:mana}"] * mana + ["{T}"] * tap + [tapped] * bool(tapped) + ["pay {l:number} life"] * life \
                + ["discard a card"] * discard + [said] * bool(said)
            if not words:
                continue
            shape: dict[str, Any] = {"mana": V("m")} if mana else {}
            shape |= {"tap": True} if tap else {}
            shape |= others
            shape |= {"life": V("l")} if life else {}
            shape |= {"discard": 1} if discard else {}
            shape |= last
            forms.append(Form(", ".join(words), shape))
    return forms


_PHRASINGS = {
    "activation_cost": _cost_forms(),
    "mana_added": [Form(mana_words(mana).lower(), mana)
                   for mana in ["any_color", "chosen_color", *SINGLE_MANA, *mana_pairs()]],
    "ability": [
        Form("{c:activation_cost}: add {m:mana_added}. spend this mana only to cast a creature spell.",
             {"kind": "activated", "cost": V("c"), "mana": V("m"), "spend_only": "creature_spell"}),
        Form("{c:activation_cost}: add {m:mana_added}. activate only once each turn.",
             {"kind": "activated", "cost": V("c"), "mana": V("m"), "once_each_turn": True}),
        Form("{c:activation_cost}: add {m:mana_added}.",
             {"kind": "activated", "cost": V("c"), "mana": V("m")}),
        Form("{c:activation_cost}: {b:sentences} activate only as a sorcery.",
             {"kind": "activated", "cost": V("c"), "sentences": V("b"), "timing": "sorcery"}),
        Form("{c:activation_cost}: {b:sentences} activate only if {i:activate_if} and only once each turn.",
             {"kind": "activated", "cost": V("c"), "sentences": V("b"), "activate_if": V("i"),
              "once_each_turn": True}),
        Form("{c:activation_cost}: {b:sentences} activate only if {i:activate_if}.",
             {"kind": "activated", "cost": V("c"), "sentences": V("b"), "activate_if": V("i")}),
        Form("{c:activation_cost}: {b:sentences} activate only once each turn.",
             {"kind": "activated", "cost": V("c"), "sentences": V("b"), "once_each_turn": True}),
        Form("{c:activation_cost}: {b:sentences}", {"kind": "activated", "cost": V("c"), "sentences": V("b")}),
    ],
}


def _text_compose(result: dict[str, Any], line: str, spell: bool, taken: set[str], compose: Any) -> Any:
    """A permanent's "[Cost]: [Effect.]": no reading on an instant or sorcery. "{T}: Add {C}." read as effects
    that only add mana is no reading: an activated ability that adds mana without a target is a mana ability
    (605.1a), its `mana` reading."""
    if spell:
        return None
    ability: dict[str, Any] = {"kind": CONSTRUCT.kind, "text": line, "cost": result["cost"]}
    if "mana" in result:
        ability["mana"] = result["mana"]
        if result.get("spend_only"):
            ability["spend_only"] = result["spend_only"]
    else:
        ability["effects"] = compose(result["sentences"], taken)
        if ability["effects"] and all(effect.get("effect") == "add_mana" for effect in ability["effects"]):
            return None
    if result.get("timing"):
        ability["timing"] = result["timing"]
    if result.get("once_each_turn"):
        ability["once_each_turn"] = True
    if result.get("activate_if") is not None:
        ability["activate_if"] = result["activate_if"]
    return ability


def _text_render(ability: dict[str, Any], sentences_of: Any) -> dict[str, Any] | None:
    value: dict[str, Any] = {"kind": CONSTRUCT.kind, "cost": ability["cost"]}
    if ability.get("mana"):
        value["mana"] = ability["mana"]
        if ability.get("spend_only"):
            value["spend_only"] = ability["spend_only"]
    else:
        sentences = sentences_of(ability.get("effects", []))
        if sentences is None:
            return None
        value["sentences"] = sentences
    if ability.get("timing", "any") != "any":
        value["timing"] = ability["timing"]
    if ability.get("once_each_turn"):
        value["once_each_turn"] = True
    if ability.get("activate_if") is not None:
        value["activate_if"] = ability["activate_if"]
    return value


# ------------------------------------------------------------------------------------------------ Forge

def _forge_cost(b: ScriptBuilder, ability: ActivatedAbility) -> str:
    """`Cost$ 2 T Sac<1/CARDNAME/this artifact>`, `Sac<1/Creature.Other/another creature>` (forge-game
    cost/Cost.java parses the parts)."""
    parts = [b.mana(ability.cost.mana)] if ability.cost.mana is not None and ability.cost.mana.symbols else []
    if ability.cost.tap:
        parts.append("T")
    if ability.cost.tap_untapped is not None:
        tapped = tapped_kind(ability.cost.tap_untapped.filter)
        if tapped is None:
            raise b.error("a tap cost names untapped tokens you control here")
        parts.append(f"tapXType<{ability.cost.tap_untapped.count}/{tapped.forge}>")
    if ability.cost.life:
        parts.append(f"PayLife<{ability.cost.life}>")
    if ability.cost.discard:
        parts.append(f"Discard<{ability.cost.discard}/Card>")
    if ability.cost.sacrifice == "self":
        words = _sacrificed_words(ability)
        parts.append(f"Sac<1/CARDNAME/{words}>" if words else "Sac<1/CARDNAME>")
    elif ability.cost.sacrifice is not None:
        kind = sacrificed_kind(ability.cost.sacrifice)
        if kind is None:
            raise b.error("a sacrifice cost names a creature, another creature or an artifact here")
        parts.append(f"Sac<1/{kind.forge}/{kind.description}>")
    if ability.cost.exile_from_graveyard:
        parts.append(FORGE_EXILE_FROM_GRAVEYARD)
    return " ".join(parts)


FORGE_EXILE_FROM_GRAVEYARD = "ExileFromGrave<1/CARDNAME>"
"""The cost part "Exile this card from your graveyard" (forge-game cost/CostExile.java: `ExileFromGrave`
with `CARDNAME`, the card itself), written with `ActivationZone$ Graveyard` (SpellAbilityRestriction: the
zone the ability is activated from), as Forge's own Bonebind Orator says it."""


def _forge(b: ScriptBuilder, ability: ActivatedAbility) -> Ability:
    """`A:AB$ <Api> | Cost$ ... | ... | SpellDescription$ <effect>` (Forge prints the cost before it);
    `AB$ Mana | Produced$ Any` for "Add one mana of any color."; `SorcerySpeed$ True` for "Activate only as
    a sorcery."; `ActivationLimit$ 1` for "Activate only once each turn." (SpellAbilityRestriction)."""
    prefix: list[tuple[str, str]] = [("Cost", _forge_cost(b, ability))]
    if ability.timing == "sorcery":
        prefix.append(("SorcerySpeed", "True"))
    if ability.once_each_turn:
        prefix.append(("ActivationLimit", "1"))
    if ability.activate_if is not None:
        restriction = b.condition(ability.activate_if).forge.activation
        if restriction is None:
            raise b.error(f"\"activate only if {b.condition(ability.activate_if).text.words}\" has no Forge form here")
        prefix.extend(restriction(b))
    if ability.cost.exile_from_graveyard:
        prefix.append(("ActivationZone", "Graveyard"))
    effect_text = split_line(ability.text)[1]
    if ability.mana is not None:
        params = [*prefix, *_forge_produced(ability.mana)]
        if ability.spend_only is not None:
            params.append(("RestrictValid", FORGE_RESTRICT[ability.spend_only]))
        line = b.Ability("AB", "Mana", params)
        line.description = b.describe(effect_text, "an ability text")
        return line
    return b.activated_chain(list(ability.effects), effect_text, prefix)


def _forge_deck_hints(ability: ActivatedAbility) -> tuple[tuple[str, str, str], ...]:
    """An ability that works from the graveyard wants the card there: `DeckHas:Ability$Graveyard`, as Forge's
    own Bonebind Orator says; one that taps tokens for its cost wants tokens: `DeckNeeds:Ability$Token`, as
    Forge's own Baylen, the Haymaker says."""
    hints: tuple[tuple[str, str, str], ...] = (("DeckHas", "Ability", "Graveyard"),) \
        if ability.cost.exile_from_graveyard else ()
    tapped = ability.cost.tap_untapped
    if tapped is not None and tapped.filter.token:
        hints += (("DeckNeeds", "Ability", "Token"),)
    return hints


FORGE_RESTRICT = {"creature_spell": "Spell.Creature"}
"""`RestrictValid$` of each spending restriction (forge-game spellability/AbilityManaPart.java
meetsManaRestrictions: the spell paid for must be valid for it)."""


def _forge_produced(mana: Any) -> list[tuple[str, str]]:
    """`Produced$ Any | Amount$ 1`, `Produced$ C`, `Produced$ G`, `Produced$ Combo R G` (AbilityManaPart:
    `Combo` asks for one of the colors listed, a single color or C is that mana)."""
    if mana == "any_color":
        return [("Produced", "Any"), ("Amount", "1")]
    if mana == "chosen_color":  # the host card's chosen color (AbilityManaPart, GameActionUtil.generatedMana)
        return [("Produced", "Chosen")]
    if isinstance(mana, str):
        return [("Produced", mana)]
    return [("Produced", "Combo " + " ".join(mana))]


def _forge_read_produced(produced: str | None, amount: str) -> str | list[str] | None:
    """The `mana` value `_forge_produced` wrote, or None for another `Produced$`."""
    if amount != "1" or produced is None:
        return None
    if produced == "Any":
        return "any_color"
    if produced == "Chosen":
        return "chosen_color"
    if produced in SINGLE_MANA:
        return produced
    colors = produced.split(" ")[1:] if produced.startswith("Combo ") else []
    return colors if colors in mana_pairs() else None


_COST_PART = re.compile(r"[^\s<]+(?:<[^>]*>)?")
"""One part of a `Cost$`: `2`, `T`, `Sac<1/CARDNAME/this artifact>` (its last field may hold spaces)."""


def _forge_read(r: ScriptReader, params: list[tuple[str, str]]) -> dict[str, Any]:
    """`A:AB$ <Api> | Cost$ ... | [SorcerySpeed$ True] | ...`: the cost parts this construct writes, then the
    effects (or `AB$ Mana | Produced$ Any | Amount$ 1`, the mana ability)."""
    values = dict(params)
    mana: list[str] = []
    cost: dict[str, Any] = {}
    sacrificed = None
    for part in _COST_PART.findall(values.get("Cost", "")):
        if part == "T":
            cost["tap"] = True
        elif (life := re.fullmatch(r"PayLife<([1-9][0-9]?)>", part)) is not None:
            cost["life"] = int(life.group(1))
        elif part == "Discard<1/Card>":
            cost["discard"] = 1
        elif part.startswith("Sac<1/CARDNAME"):
            cost["sacrifice"] = "self"
            sacrificed = part[len("Sac<1/CARDNAME/"):-1] if part.startswith("Sac<1/CARDNAME/") else "~"
        elif part.startswith("Sac<1/") and (kind := _forge_sacrificed(part)) is not None:
            cost["sacrifice"] = dict(kind.spec)
        elif part == FORGE_EXILE_FROM_GRAVEYARD and values.get("ActivationZone") == "Graveyard":
            cost["exile_from_graveyard"] = True
        elif (tapped := re.fullmatch(r"tapXType<([1-9])/(.+)>", part)) is not None and (tap_kind := next(
                (k for k in TAPPED if k.forge == tapped.group(2)), None)) is not None:
            cost["tap_untapped"] = {"count": int(tapped.group(1)), "filter": dict(tap_kind.spec)}
        elif "<" not in part:
            mana.append(part)
        else:
            r.report("FG201", f"A:AB$: the reader does not know the cost part {part!r}")
    if mana:
        cost["mana"] = r.spec_mana(" ".join(mana))
    ability: dict[str, Any] = {"kind": CONSTRUCT.kind, "cost": cost}
    if values.get("SorcerySpeed") == "True":
        ability["timing"] = "sorcery"
    if values.get("ActivationLimit") == "1":
        ability["once_each_turn"] = True
    taken = {"Cost", "SorcerySpeed", "ActivationLimit", *(("ActivationZone",) if cost.get("exile_from_graveyard")
                                                          else ())}
    if "CheckSVar" in values:  # "Activate only if ..." (SpellAbilityRestriction)
        bag = r.make_bag([(key, value) for key, value in params if key in ("CheckSVar", "SVarCompare")], "A:")
        from cardgen import vocab

        restriction = next((word for word, c in vocab.CONDITIONS.items()
                            if c.forge.read_activation is not None and c.forge.read_activation(r, bag)), None)
        if restriction is None:
            r.report("FG201", f"A:AB$: an activation restriction no condition of the vocabulary reads: "
                     f"CheckSVar$ {values['CheckSVar']}")
        else:
            ability["activate_if"] = restriction
            taken |= {"CheckSVar", "SVarCompare"}
    rest = [(key, value) for key, value in params if key not in taken]
    if params[0][1] == "Mana":
        extra = {key for key, _ in rest} - {"AB", "Produced", "Amount", "RestrictValid", "SpellDescription"}
        produced = _forge_read_produced(values.get("Produced"), values.get("Amount", "1"))
        restrict = values.get("RestrictValid")
        spend = next((key for key, value in FORGE_RESTRICT.items() if value == restrict), None)
        if produced is None or extra or (restrict is not None and spend is None):
            r.report("FG201", "A:AB$ Mana: only one mana of any color, of one type (`Produced$ C`, `G`) or of one "
                     "of two colors (`Combo R G`), with `RestrictValid$ Spell.Creature` at most, is read")
        ability["mana"] = produced or "any_color"
        if spend is not None:
            ability["spend_only"] = spend
        effect_text = values.get("SpellDescription", mana_text(ability["mana"], spend)
                                 + (f" {ONCE_EACH_TURN}" if ability.get("once_each_turn") else ""))
    else:
        ability["effects"], effect_text = r.activated_effects(rest)
    words = ActivatedAbility.model_construct(cost=_ReadCost(cost))
    printed = cost_words(words, sacrificed.replace("~", r.card_name) if sacrificed else "this permanent")
    ability["text"] = f"{printed}: {effect_text}"
    return ability


def _forge_sacrificed(part: str) -> SacrificedKind | None:
    """The kind `Sac<1/Valid[/description]>` sacrifices (its description is only text)."""
    valid = part[len("Sac<1/"):-1].split("/", 1)[0]
    return next((kind for kind in SACRIFICED if kind.forge == valid), None)


class _ReadCost:
    """The read cost as `cost_words` asks for it."""

    def __init__(self, cost: dict[str, Any]) -> None:
        from cardgen.model.mana import ManaCost

        self.mana = ManaCost.parse(cost["mana"]) if cost.get("mana") else None
        self.tap = cost.get("tap", False)
        self.life = cost.get("life")
        self.discard = cost.get("discard", 0)
        sacrifice = cost.get("sacrifice")
        self.sacrifice = ObjectFilter.model_validate(sacrifice) if isinstance(sacrifice, dict) else sacrifice
        self.exile_from_graveyard = cost.get("exile_from_graveyard", False)
        tapped = cost.get("tap_untapped")
        self.tap_untapped = TapUntapped.model_validate(tapped) if tapped is not None else None


# ------------------------------------------------------------------------------------------------ XMage

def _xmage_costs(w: CardLowering, ability: ActivatedAbility) -> list[Any]:
    """`new GenericManaCost(2)` / `new ManaCostsImpl<>("{1}{W}")`, `new TapSourceCost()`,
    `new SacrificeSourceCost()` (its text set when the line says "this artifact", as TreasureAbility does),
    `new PayLifeCost(2)`, `new DiscardCardCost()`,
    `new SacrificeTargetCost(StaticFilters.FILTER_CONTROLLED_ANOTHER_CREATURE)` for another permanent."""
    costs: list[Any] = []
    mana = ability.cost.mana
    if mana is not None and mana.symbols:
        if all(symbol.is_generic for symbol in mana.symbols):
            costs.append(w.new(w.use("GenericManaCost"), mana.generic))
        else:
            costs.append(w.new(f"{w.use('ManaCostsImpl')}<>", w.Str(str(mana))))
    if ability.cost.tap:
        costs.append(w.new(w.use("TapSourceCost")))
    if ability.cost.tap_untapped is not None:
        tapped = tapped_kind(ability.cost.tap_untapped.filter)
        if tapped is None:
            raise w.Unsupported("a tap cost names untapped tokens you control here")
        # a FilterControlledPermanent of untapped permanents of the kind, as XMage's own Baylen, the Haymaker
        preds = (w.Raw(f"{w.use('TappedPredicate')}.UNTAPPED"),
                 *(w.Raw(f"{w.use(pred.split('.')[0])}.{pred.split('.')[1]}") for pred in tapped.xmage))
        name = w.filters.add_class("FilterControlledPermanent", f"untapped {tapped.words} you control", preds)
        costs.append(w.new(w.use("TapTargetCost"), w.new(w.use("TargetControlledPermanent"),
                                                          ability.cost.tap_untapped.count, w.Raw(name))))
    if ability.cost.life:
        costs.append(w.new(w.use("PayLifeCost"), ability.cost.life))
    if ability.cost.discard:
        costs.append(w.new(w.use("DiscardCardCost")))
    if ability.cost.sacrifice == "self":
        sacrifice = w.new(w.use("SacrificeSourceCost"))
        words = _sacrificed_words(ability)
        costs.append(w.call(sacrifice, "setText", w.Str(f"sacrifice {words}")) if words else sacrifice)
    elif ability.cost.sacrifice is not None:
        kind = sacrificed_kind(ability.cost.sacrifice)
        if kind is None:
            raise w.Unsupported("a sacrifice cost names a creature, another creature or an artifact here")
        costs.append(w.new(w.use("SacrificeTargetCost"), w.Raw(f"{w.use('StaticFilters')}.{kind.xmage}")))
    if ability.cost.exile_from_graveyard:
        costs.append(w.new(w.use("ExileSourceFromGraveCost")))
    if not costs:
        raise w.Unsupported("an activated ability needs a cost (602.1)")
    return costs


XMAGE_MANA_ABILITY = {"C": "ColorlessManaAbility", "W": "WhiteManaAbility", "U": "BlueManaAbility",
                      "B": "BlackManaAbility", "R": "RedManaAbility", "G": "GreenManaAbility"}
"""XMage's `{T}: Add {X}.` ability of each mana type (mage.abilities.mana; their cost is `{T}`)."""
XMAGE_MANA = {"C": "ColorlessMana", "W": "WhiteMana", "U": "BlueMana", "B": "BlackMana", "R": "RedMana",
              "G": "GreenMana"}
"""XMage's `Mana` factory of each mana type (`Mana.BlueMana(1)`)."""
XMAGE_SPEND = {"creature_spell": "FILTER_SPELL_A_CREATURE"}
"""The `StaticFilters` spell filter of each spending restriction (`ConditionalSpellManaBuilder`'s text is
"Spend this mana only to cast " + the filter's message)."""


def _xmage_mana(w: CardLowering, ability: ActivatedAbility, block: Block) -> Block:
    """`new AnyColorManaAbility(cost)` (`new SimpleManaAbility(Zone.BATTLEFIELD, new AddManaChosenColorEffect(),
    cost)` for the chosen color); `{T}: Add {G}.` is `new GreenManaAbility()` (`ColorlessManaAbility`
    for {C}); `{T}: Add {R} or {G}.` is two of them, as XMage's cards write it; a restricted mana is
    `new ConditionalColoredManaAbility(Mana.BlueMana(1), new ConditionalSpellManaBuilder(filter))`. Only the
    any-color form writes its costs: the basic abilities carry their {T} themselves, and a cost class written
    for them would be imported and never used."""
    if ability.timing == "sorcery":
        raise w.Unsupported("a mana ability can't be limited to sorcery speed here")
    if ability.once_each_turn:
        if ability.mana != "any_color" or ability.spend_only is not None:
            raise w.Unsupported("a mana ability activated only once each turn adds one mana of any color here")
        costs = _xmage_costs(w, ability)
        # the class adds "Activate only once each turn." to the rules text itself (602.5b)
        head = w.new(w.use("LimitedTimesPerTurnActivatedManaAbility"), w.Raw(f"{w.use('Zone')}.BATTLEFIELD"),
                     w.new(w.use("AddManaOfAnyColorEffect")), costs[0])
        if len(costs) == 1:
            block.body.append(w.stmt(w.call("this", "addAbility", head)))
            return block
        block.body.append(w.ability_variable(head))
        block.body.extend(w.stmt(w.call("ability", "addCost", cost)) for cost in costs[1:])
        block.body.append(w.stmt(w.call("this", "addAbility", w.Raw("ability"))))
        return block
    if ability.mana in ("any_color", "chosen_color"):
        if ability.spend_only is not None:
            raise w.Unsupported("mana of any color with a spending restriction has no XMage form here yet")
        costs = _xmage_costs(w, ability)
        if ability.mana == "chosen_color":  # as XMage's own Uncharted Haven: the effect reads `<id>_color`
            head = w.new(w.use("SimpleManaAbility"), w.Raw(f"{w.use('Zone')}.BATTLEFIELD"),
                         w.new(w.use("AddManaChosenColorEffect")), costs[0])
        else:
            head = w.new(w.use("AnyColorManaAbility"), costs[0])
        if len(costs) == 1:
            block.body.append(w.stmt(w.call("this", "addAbility", head)))
            return block
        block.body.append(w.ability_variable(head))
        block.body.extend(w.stmt(w.call("ability", "addCost", cost)) for cost in costs[1:])
        block.body.append(w.stmt(w.call("this", "addAbility", w.Raw("ability"))))
        return block
    if ability.cost.tap is False or ability.cost.sacrifice is not None or (
            ability.cost.mana is not None and ability.cost.mana.symbols):
        raise w.Unsupported("a mana ability of one mana type costs {T} alone here")
    kinds = [ability.mana] if isinstance(ability.mana, str) else list(ability.mana or [])
    # each prints its own line ("{T}: Add {R}." and "{T}: Add {G}.")
    block.rules = "\n".join(f"{{T}}: {mana_text(kind, ability.spend_only)}" for kind in kinds)
    for kind in kinds:
        if ability.spend_only is None:
            head = w.new(w.use(XMAGE_MANA_ABILITY[kind]))
        elif kind == "C":
            raise w.Unsupported("restricted colorless mana has no XMage form here yet")
        else:
            builder = w.new(w.use("ConditionalSpellManaBuilder"),
                            w.Raw(f"{w.use('StaticFilters')}.{XMAGE_SPEND[ability.spend_only]}"))
            head = w.new(w.use("ConditionalColoredManaAbility"), w.Raw(f"{w.use('Mana')}.{XMAGE_MANA[kind]}(1)"),
                         builder)
        block.body.append(w.stmt(w.call("this", "addAbility", head)))
    return block


def _xmage(w: CardLowering, ability: ActivatedAbility) -> Block:
    """`new SimpleActivatedAbility(effect, cost)` (`ActivateAsSorceryActivatedAbility` at sorcery speed),
    the further costs, effects and targets added to it; a mana ability as `_xmage_mana` writes it."""
    block = w.Block(ability.text, rules=ability.text.replace(w.card.name, "{this}"))
    if ability.mana is not None:
        return _xmage_mana(w, ability, block)
    costs = _xmage_costs(w, ability)
    host = w.ability_host(list(ability.effects))
    if host.plan.shape != "plain":
        raise w.Unsupported("an activated ability whose targets depend on the gift has no XMage form here yet")
    words = split_line(ability.text)[1]
    if ability.timing == "sorcery":
        # the class adds "Activate only as a sorcery." to the rules text itself (602.5d)
        words = re.sub(r"\s*Activate only as a sorcery\.\s*$", "", words)
    if ability.once_each_turn:
        if ability.timing == "sorcery":
            raise w.Unsupported("an ability activated only once each turn and only as a sorcery has no XMage form here")
        # the class adds "Activate only once each turn." itself (602.5b), and "only if ... and" before it
        words = words.removesuffix(f" {ONCE_EACH_TURN}")
        if ability.activate_if is not None:
            words = re.sub(r"\s*Activate only if .* and only once each turn\.\s*$", "", words)
    elif ability.activate_if is not None:
        raise w.Unsupported("\"activate only if\" without \"and only once each turn\" has no XMage form here")
    effects, _ = w.effect_lines(host, list(ability.effects), words)
    if ability.once_each_turn:
        head = w.new(w.use("LimitedTimesPerTurnActivatedAbility"), w.Raw(f"{w.use('Zone')}.BATTLEFIELD"), effects[0],
                     costs[0])
        if ability.activate_if is not None:  # LimitedTimesPerTurnActivatedAbility.getRule prints its toString()
            head = w.new(w.use("LimitedTimesPerTurnActivatedAbility"), w.Raw(f"{w.use('Zone')}.BATTLEFIELD"),
                         effects[0], costs[0], w.Raw("1"), w.promise(ability.activate_if))
    elif ability.cost.exile_from_graveyard:
        if ability.timing == "sorcery":
            raise w.Unsupported("an ability activated from the graveyard only as a sorcery has no XMage form here")
        # it works from the graveyard (`Zone.GRAVEYARD`), as XMage's own Bonebind Orator writes it
        head = w.new(w.use("SimpleActivatedAbility"), w.Raw(f"{w.use('Zone')}.GRAVEYARD"), effects[0], costs[0])
    else:
        cls = "ActivateAsSorceryActivatedAbility" if ability.timing == "sorcery" else "SimpleActivatedAbility"
        head = w.new(w.use(cls), effects[0], costs[0])
    more = [w.call("ability", "addEffect", effect) for effect in effects[1:]]
    # its targets as XMage's cards add them, after the costs and effects (`ability.addTarget(...)`)
    more += [w.call("ability", "addTarget", w.declared_target(host, slot)) for slot in host.plan.slots]
    rest = [w.call("ability", "addCost", cost) for cost in costs[1:]] + more
    if not rest:
        block.body.append(w.stmt(w.call("this", "addAbility", head)))
        return block
    block.body.append(w.ability_variable(head))
    block.body.extend(w.stmt(expr) for expr in rest)
    block.body.append(w.stmt(w.call("this", "addAbility", w.Raw("ability"))))
    return block


_LIMITED = {"LimitedTimesPerTurnActivatedManaAbility": "mana", "LimitedTimesPerTurnActivatedAbility": "effects"}
"""XMage's abilities activated at most once each turn (their default limit, 602.5b)."""
_ACTIVATED_CLASSES = {"SimpleActivatedAbility": "any", "ActivateAsSorceryActivatedAbility": "sorcery"}


def _xmage_cost(r: ClassReader, cost: Any, into: dict[str, Any], node: Any) -> None:
    """One framework cost into the spec cost: mana, `{T}`, sacrificing the source or a permanent of a kind."""
    if isinstance(cost, r.Call) and cost.method == "setText" and isinstance(cost.receiver, r.New) \
            and cost.receiver.cls == "SacrificeSourceCost":
        cost = cost.receiver
    if not isinstance(cost, r.New):
        raise r.ReadError(f"activation cost not understood: {cost.flat()[:80]}", node=node)
    if cost.cls == "GenericManaCost" and len(cost.args) == 1:
        into["mana"] = "{" + str(r.int_of(cost.args[0], node)) + "}"
    elif cost.cls == "ManaCostsImpl" and len(cost.args) == 1 and isinstance(cost.args[0], r.Str):
        into["mana"] = cost.args[0].value
    elif cost.cls == "TapSourceCost" and not cost.args:
        into["tap"] = True
    elif cost.cls == "PayLifeCost" and len(cost.args) == 1:
        into["life"] = r.int_of(cost.args[0], node)
    elif cost.cls == "DiscardCardCost" and not cost.args:
        into["discard"] = 1
    elif cost.cls == "SacrificeSourceCost" and not cost.args:
        into["sacrifice"] = "self"
    elif cost.cls == "ExileSourceFromGraveCost" and not cost.args:
        into["exile_from_graveyard"] = True
    elif cost.cls == "TapTargetCost" and len(cost.args) == 1 and isinstance(target := cost.args[0], r.New) \
            and target.cls == "TargetControlledPermanent" and len(target.args) == 2 \
            and (tap_kind := _xmage_tapped(r, target.args[1].flat())) is not None:
        into["tap_untapped"] = {"count": r.int_of(target.args[0], node), "filter": dict(tap_kind.spec)}
    elif cost.cls == "SacrificeTargetCost" and len(cost.args) == 1 and (kind := next(
            (k for k in SACRIFICED if cost.args[0].flat() == f"StaticFilters.{k.xmage}"), None)) is not None:
        into["sacrifice"] = dict(kind.spec)
    else:
        raise r.ReadError(f"activation cost {cost.cls} not understood", node=node)


def _xmage_tapped(r: ClassReader, name: str) -> TappedKind | None:
    """The kind of the `FilterControlledPermanent` field `name` a `TapTargetCost` taps: untapped permanents
    of one of `TAPPED`'s kinds, by its predicates."""
    item = r.filters.items.get(name)
    if item is None or item[0] != "FilterControlledPermanent":
        return None
    said = {pred.flat() for pred, _ in item[2]}
    return next((kind for kind in TAPPED if said == {"TappedPredicate.UNTAPPED", *kind.xmage}), None)


def _xmage_read_start(r: ClassReader, value: Any, comment: str, node: Any) -> tuple[dict[str, Any], Any] | None:
    """`new SimpleActivatedAbility(effect, cost)` (or at sorcery speed), `new AnyColorManaAbility(cost)`, and
    XMage's own `new AnyColorManaAbility()`, whose cost is `{T}` (its default constructor's `TapSourceCost`)."""
    mana = _xmage_read_mana(value)
    if mana is not None:
        return {"kind": CONSTRUCT.kind, "text": comment, "cost": {"tap": True}, **mana}, None
    if value.cls == "SimpleManaAbility" and len(value.args) == 3 and value.args[0].flat() == "Zone.BATTLEFIELD" \
            and value.args[1].flat() == "new AddManaChosenColorEffect()":
        chosen: dict[str, Any] = {"kind": CONSTRUCT.kind, "text": comment, "cost": {}, "mana": "chosen_color"}
        _xmage_cost(r, value.args[2], chosen["cost"], node)
        return chosen, None
    limited = _LIMITED.get(value.cls)
    conditioned = limited == "effects" and len(value.args) == 5 and value.args[3] == r.Raw("1")
    if limited is not None and (len(value.args) == 3 or conditioned) and value.args[0].flat() == "Zone.BATTLEFIELD":
        cost: dict[str, Any] = {}
        _xmage_cost(r, value.args[2], cost, node)
        limited_ability: dict[str, Any] = {"kind": CONSTRUCT.kind, "text": comment, "cost": cost,
                                           "once_each_turn": True}
        if conditioned:  # "Activate only if ... and only once each turn." (the class's condition)
            from cardgen import vocab

            said = value.args[4].flat()
            restriction = next((word for word, c in vocab.CONDITIONS.items() if c.model is None
                                and c.forge.activation is not None and c.xmage.condition == said), None)
            if restriction is None:
                raise r.ReadError(f"activation condition not understood: {said[:80]}", node=node)
            limited_ability["activate_if"] = restriction
        if limited == "mana":
            if value.args[1].flat() != "new AddManaOfAnyColorEffect()":
                raise r.ReadError(f"mana effect not understood: {value.args[1].flat()[:80]}", node=node)
            return {**limited_ability, "mana": "any_color"}, None
        return {**limited_ability, "effects": []}, value.args[1]
    if value.cls == "AnyColorManaAbility" and len(value.args) <= 1:
        ability: dict[str, Any] = {"kind": CONSTRUCT.kind, "text": comment, "cost": {}, "mana": "any_color"}
        if value.args:
            _xmage_cost(r, value.args[0], ability["cost"], node)
        else:
            ability["cost"]["tap"] = True
        return ability, None
    timing = _ACTIVATED_CLASSES.get(value.cls)
    graveyard = timing == "any" and len(value.args) == 3 and value.args[0].flat() == "Zone.GRAVEYARD"
    if graveyard:
        value = r.New(value.cls, value.args[1:])  # the zone is read with the cost that needs it
    if timing is None or len(value.args) != 2:
        return None
    ability = {"kind": CONSTRUCT.kind, "text": comment, "cost": {}, "effects": []}
    if timing != "any":
        ability["timing"] = timing
    _xmage_cost(r, value.args[1], ability["cost"], node)
    return ability, value.args[0]


def _xmage_read_mana(value: Any) -> dict[str, Any] | None:
    """`new GreenManaAbility()` and the other basic mana abilities, `new ConditionalColoredManaAbility(
    Mana.BlueMana(1), new ConditionalSpellManaBuilder(StaticFilters.FILTER_SPELL_A_CREATURE))`: the `mana`
    (and `spend_only`) fields, or None for another class."""
    kind = next((k for k, cls in XMAGE_MANA_ABILITY.items() if cls == value.cls), None)
    if kind is not None and not value.args:
        return {"mana": kind}
    if value.cls != "ConditionalColoredManaAbility" or len(value.args) != 2:
        return None
    made, builder = value.args
    kind = next((k for k, factory in XMAGE_MANA.items() if made.flat() == f"Mana.{factory}(1)"), None)
    spend = next((key for key, name in XMAGE_SPEND.items()
                  if builder.flat() == f"new ConditionalSpellManaBuilder(StaticFilters.{name})"), None)
    return None if kind is None or spend is None else {"mana": kind, "spend_only": spend}


def _xmage_read_merge(earlier: dict[str, Any], later: dict[str, Any]) -> dict[str, Any] | None:
    """Two `{T}` mana abilities of one color each in one commented block ("{T}: Add {R} or {G}."): one
    ability adding one of the two."""
    first, second = earlier.get("mana"), later.get("mana")
    same = {key: value for key, value in earlier.items() if key != "mana"} == \
        {key: value for key, value in later.items() if key != "mana"}
    if not same or earlier.get("cost") != {"tap": True} or not isinstance(first, str) or not isinstance(second, str):
        return None
    pair = [first, second]
    return {**earlier, "mana": pair} if pair in mana_pairs() else None


def _xmage_read_add_cost(r: ClassReader, ability: dict[str, Any], cost: Any, node: Any) -> None:
    _xmage_cost(r, cost, ability["cost"], node)


# --------------------------------------------------------------------------------------- canonical form


# ------------------------------------------------------------------------------------------- validation

def _validate(report: CardReport, card: Card, indexes: list[int]) -> None:
    """CG130: an activated ability has a cost, and either effects or the mana it adds (not both); its
    line's cost says that cost."""
    for index in indexes:
        ability = card.abilities[index]
        assert isinstance(ability, ActivatedAbility)
        cost = ability.cost
        if (cost.mana is None or not cost.mana.symbols) and not cost.tap and cost.sacrifice is None \
                and not cost.life and not cost.discard and not cost.exile_from_graveyard and cost.tap_untapped is None:
            report.add("CG130", "an activated ability needs a cost: `mana`, `tap: true` or `sacrifice: self`",
                       ("abilities", index, "cost"))
        if isinstance(cost.sacrifice, ObjectFilter) and sacrificed_kind(cost.sacrifice) is None:
            known = ", ".join(f"{kind.spec}" for kind in SACRIFICED)
            report.add("CG130", f"a sacrifice cost names one of these permanents: {known}",
                       ("abilities", index, "cost", "sacrifice"))
        if cost.tap_untapped is not None and tapped_kind(cost.tap_untapped.filter) is None:
            report.add("CG130", "a tap cost names untapped tokens you control (`filter: {token: true}`)",
                       ("abilities", index, "cost", "tap_untapped"))
        if bool(ability.effects) == (ability.mana is not None):
            report.add("CG130", "an activated ability has either `effects` or `mana` (a mana ability), "
                       "exactly one of them", ("abilities", index))
        printed, effect = split_line(ability.text)
        words = _sacrificed_words(ability) or "~"
        if printed != cost_words(ability, words) and printed.replace(card.name, "~") != cost_words(ability, words):
            report.add("CG130", f"the line's cost {printed!r} isn't the ability's cost "
                       f"{cost_words(ability, words)!r}", ("abilities", index, "text"))
        said = mana_text(ability.mana, ability.spend_only) + (f" {ONCE_EACH_TURN}" if ability.once_each_turn else "") \
            if ability.mana is not None else effect
        if effect != said:
            report.add("CG130", f"a `mana: {ability.mana}` ability says {said!r} after its cost, not {effect!r}",
                       ("abilities", index, "text"))
        if isinstance(ability.mana, list) and ability.mana not in mana_pairs():
            report.add("CG130", "a choice of mana names two colors in the order of the color wheel, as cards "
                       "print them: `[R, G]` is \"{R} or {G}\", `[G, W]` \"{G} or {W}\"", ("abilities", index, "mana"))
        if ability.mana == "chosen_color" and not any(getattr(other, "kind", None) == "choose_as_enters"
                                                      and getattr(other, "choose", None) == "color"
                                                      for other in card.abilities):
            report.add("CG130", "\"one mana of the chosen color\" names the color its permanent chose as it "
                       "entered (607.2a): the card needs a `choose_as_enters` ability with `choose: color`",
                       ("abilities", index, "mana"))
        if ability.spend_only is not None and ability.mana is None:
            report.add("CG130", "`spend_only` restricts the mana a mana ability adds (106.6): give the ability "
                       "`mana`", ("abilities", index, "spend_only"))


# --------------------------------------------------------------------------------------------- scaffold

def _scaffold_guess(line: str, spell: bool) -> str | bool:
    return not spell and re.match(r"(\{[^}]+\}(, )?)+[^:]*: ", line) is not None


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = AbilityConstruct(
    kind="activated", model=ActivatedAbility,
    text=AbilityText(
        phrasings=_PHRASINGS,
        order=5,
        compose=_text_compose,
        render=_text_render,
        guess=_scaffold_guess,
    ),
    canonical=AbilityCanonical(order=4, chain=True),
    checks=AbilityChecks(structure=_validate),
    forge=ForgeAbility(
        ability=_forge,
        read_ability=_forge_read,
        deck_hints=_forge_deck_hints,
    ),
    xmage=XMageAbility(
        block=_xmage,
        read_start=_xmage_read_start,
        read_add_cost=_xmage_read_add_cost,
        read_merge=_xmage_read_merge,
    ),
    rule=AbilityRule(
        # A permanent's ability of this kind is activated by its controller (cardgen/resolver/activating.py):
        # costs paid, then the stack, or at once for a mana ability.
        activated=True,
    ),
)
