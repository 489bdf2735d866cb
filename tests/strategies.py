"""Hypothesis strategies for valid cards built from the spec vocabulary the engine backends support.

`cards()` draws a whole `Card`: an instant or sorcery whose spell effects may depend on the gift (conditions,
targets that exist only if promised, "instead" replacements, references to an earlier effect's object),
or a permanent with keywords, enters triggers (an intervening "if the gift was / wasn't promised"), and static
abilities. Every card is accepted by the model, its oracle text is the one the structure implies, its text
is free of characters engines cannot carry, and its references follow the forms both engines can write
(the referencing effect comes right after the effect it names). Other test modules may import these.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from cardgen.model.card import Card
from cardgen.model.derive import oracle_variants

KEYWORDS = ["deathtouch", "defender", "double_strike", "first_strike", "flash", "flying", "haste", "hexproof",
            "indestructible", "lifelink", "menace", "reach", "shroud", "trample", "vigilance"]
GIFTS = ["card", "food", "treasure", "tapped_fish", "octopus", "extra_turn"]
WORDS = ["Ember", "Moss", "Quiet", "River", "Stone", "Thorn", "Vale", "Wisp", "Brave", "Lantern", "Hollow"]

# ------------------------------------------------------------------------------------------ text


@st.composite
def card_names(draw: st.DrawFn) -> str:
    words = draw(st.lists(st.sampled_from(WORDS), min_size=1, max_size=3, unique=True))
    return " ".join(words)


SENTENCES = st.lists(st.sampled_from(["Do the thing.", "Then more happens.", "It hurts.", "Draw on."]),
                     min_size=1, max_size=2).map(" ".join)
"""Ability texts: wording is not meaning, so any safe sentence will do."""

MANA = st.builds(
    lambda generic, colors: (f"{{{generic}}}" if generic else "") + "".join("{" + c + "}" for c in colors),
    st.integers(0, 6), st.lists(st.sampled_from("WUBRG"), min_size=1, max_size=3),
)

# ------------------------------------------------------------------------------------------ filters


@st.composite
def battlefield_filters(draw: st.DrawFn) -> dict[str, Any]:
    data: dict[str, Any] = {"types": draw(st.sampled_from(
        [["creature"], ["artifact"], ["enchantment"], ["artifact", "enchantment"], ["permanent"], ["land"]]))}
    if data["types"] == ["permanent"] and draw(st.booleans()):
        data["not_types"] = ["land"]
    controller = draw(st.sampled_from([None, "you", "opponent", "not_you"]))
    if controller:
        data["controller"] = controller
    token = draw(st.sampled_from([None, None, True, False]))
    if token is not None:
        data["token"] = token
    if draw(st.integers(0, 4)) == 0:
        data["supertypes"] = ["legendary"]
    subtypes = draw(SUBTYPES)
    if subtypes:  # "Rabbits you control", "Bird creature", "non-Aura enchantment"
        if data["types"] == ["permanent"] or draw(st.booleans()):
            data.pop("types")
        data["subtypes"] = subtypes
    elif data["types"] == ["enchantment"] and draw(st.integers(0, 3)) == 0:
        data["not_subtypes"] = ["Aura"]
    return data


SUBTYPES = st.sampled_from([[], [], [], ["Rabbit"], ["Mouse"], ["Bird", "Frog", "Otter", "Rat"], ["Squirrel", "Food"]])
"""Subtypes of filters (205.3), as Bloomburrow's cards name them; most filters name none."""


@st.composite
def graveyard_filters(draw: st.DrawFn) -> dict[str, Any]:
    data: dict[str, Any] = {"zone": "graveyard", "owner": "you",
                            "types": draw(st.sampled_from([["creature"], ["permanent"], ["artifact"]]))}
    if draw(st.booleans()):
        data["max_mana_value"] = draw(st.integers(0, 5))
    subtypes = draw(SUBTYPES)
    if subtypes:  # "Bat, Lizard, Rat, or Squirrel card", "Bird creature card"
        if data["types"] != ["creature"] or draw(st.booleans()):
            data.pop("types")
        data["subtypes"] = subtypes
    return data


def _target(selector: dict[str, Any], low: int = 1, high: int = 1, promised_only: bool = False) -> dict[str, Any]:
    target = {**selector, "min": low, "max": high}
    if promised_only:
        target["only_if_promised"] = True
    return {"target": target}


COUNTS = st.sampled_from([(1, 1), (1, 1), (0, 1), (0, 2), (2, 2), (1, 3)])

# ------------------------------------------------------------------------------------------ effects


@st.composite
def targeted_effects(draw: st.DrawFn, promised_only: bool = False, counts: tuple[int, int] | None = None
                     ) -> dict[str, Any]:
    """One effect acting on one target."""
    low, high = counts or draw(COUNTS)
    kind = draw(st.sampled_from(["damage", "destroy", "exile", "bounce", "return_card", "pump", "gain_keyword",
                                 "put_counters", "tap", "untap", "counter", "draw", "phase_out",
                                 "any_damage"]))
    creature = _target(draw(battlefield_filters()), low, high, promised_only)
    if kind == "damage":
        return {"effect": "damage", "amount": draw(st.integers(1, 5)), "to": creature}
    if kind == "any_damage":
        return {"effect": "damage", "amount": draw(st.integers(1, 5)),
                "to": _target({"any_target": True}, low, high, promised_only)}
    if kind in ("destroy", "exile", "bounce", "tap", "untap", "phase_out"):
        return {"effect": kind, "what": creature}
    if kind == "return_card":
        effect = {"effect": "return_card", "what": _target(draw(graveyard_filters()), low, high, promised_only),
                  "to": draw(st.sampled_from(["hand", "battlefield"]))}
        if effect["to"] == "battlefield" and draw(st.booleans()):
            effect["counters"] = [{"counter": "+1/+1", "amount": draw(st.integers(1, 2))}]
        return effect
    if kind == "pump":
        power, toughness = draw(st.tuples(st.integers(-3, 3), st.integers(-3, 3)).filter(lambda pt: pt != (0, 0)))
        return {"effect": "pump", "what": creature, "power": power, "toughness": toughness,
                "duration": draw(st.sampled_from(["end_of_turn", "until_your_next_turn"]))}
    if kind == "gain_keyword":
        return {"effect": "gain_keyword", "what": creature,
                "keywords": draw(st.lists(st.sampled_from(KEYWORDS), min_size=1, max_size=2, unique=True))}
    if kind == "put_counters":
        return {"effect": "put_counters", "what": creature, "counter": draw(st.sampled_from(["+1/+1", "stun"])),
                "amount": draw(st.integers(1, 3))}
    if kind == "counter":
        selector = draw(st.sampled_from([{"zone": "stack"}, {"zone": "stack", "types": ["creature"]},
                                         {"zone": "stack", "not_types": ["creature"]}]))
        return {"effect": "counter", "what": _target(selector, low, high, promised_only)}
    player = draw(st.sampled_from(["any", "opponent", "you"]))
    if draw(st.booleans()):
        return {"effect": "sacrifice", "who": _target({"player": "opponent"}, low, high, promised_only),
                "filter": {"types": ["creature"]}, "choice": draw(st.sampled_from(["any", "greatest_power"]))}
    return {"effect": draw(st.sampled_from(["draw", "discard", "mill"])),
            "who": _target({"player": player}, low, high, promised_only), "amount": draw(st.integers(1, 3))}


FORGE_CREATURE_TOKENS = [("Bird", ["U"], "2/2", ["flying"]), ("Bird", ["W"], "1/1", ["flying"]),
                         ("Soldier", ["W"], "1/1", []), ("Rabbit", ["W"], "1/1", []), ("Bear", ["G"], "2/2", [])]
"""(subtype, colors, P/T, keywords) of creature tokens whose script Forge ships (res/tokenscripts)."""


@st.composite
def untargeted_effects(draw: st.DrawFn, permanent: bool) -> dict[str, Any]:
    """One effect without a target: on players by word, on all matching permanents, or making tokens."""
    kind = draw(st.sampled_from(["draw", "discard", "mill", "lose_life", "gain_life", "damage_all", "destroy_all",
                                 "pump_all",
                                 "keyword_all", "token", "creature_token", "hexproof_you", "protection",
                                 "life", "cant_cast", "phase_all", "tap_all", "counters_all", "damage_player",
                                 "library"]))
    everything = {"all": draw(battlefield_filters())}
    player = draw(st.sampled_from(["you", "each_player", "each_opponent"]))
    if kind in ("draw", "discard", "mill"):
        return {"effect": kind, "who": player, "amount": draw(st.integers(1, 3))}
    if kind in ("lose_life", "gain_life"):
        return {"effect": kind, "who": player, "amount": draw(st.integers(1, 5))}
    if kind == "library":  # scry, look at the top cards, shuffle: your own library
        return draw(st.sampled_from([
            {"effect": "scry", "amount": draw(st.integers(1, 3))},
            {"effect": "look_at_top", "amount": draw(st.integers(2, 4))},
            {"effect": "shuffle", "optional": draw(st.booleans())},
        ]))
    if kind == "damage_all":
        return {"effect": "damage", "amount": draw(st.integers(1, 4)), "to": everything}
    if kind == "damage_player":
        return {"effect": "damage", "amount": draw(st.integers(1, 4)), "to": player}
    if kind == "destroy_all":
        return {"effect": "destroy", "what": everything}
    if kind == "pump_all":
        return {"effect": "pump", "what": everything, "power": draw(st.integers(1, 3)), "toughness": 0}
    if kind == "keyword_all":
        return {"effect": "gain_keyword", "what": everything, "keywords": [draw(st.sampled_from(KEYWORDS))]}
    if kind == "token":
        return {"effect": "create_token", "token": draw(st.sampled_from(["food", "treasure", "fish", "octopus"])),
                "amount": draw(st.integers(1, 3)), "tapped": draw(st.booleans()),
                "controller": draw(st.sampled_from(["you", "you", "gift_recipient", "each_opponent"]))}
    if kind == "creature_token":  # creature tokens Forge ships a script for (constructs.yaml token: entries)
        subtype, colors, pt, keywords = draw(st.sampled_from(FORGE_CREATURE_TOKENS))
        return {"effect": "create_token", "amount": draw(st.integers(1, 4)),
                "token": {"name": subtype, "colors": colors, "types": ["Creature"], "subtypes": [subtype],
                          "pt": pt, "keywords": keywords}}
    if kind == "hexproof_you":
        return {"effect": "gain_keyword", "what": "you", "keywords": ["hexproof"]}
    if kind == "protection":
        return {"effect": "protection", "what": "you",
                "duration": draw(st.sampled_from(["end_of_turn", "until_your_next_turn"]))}
    if kind == "life":
        return {"effect": "life_cant_change", "who": "you",
                "duration": draw(st.sampled_from(["end_of_turn", "until_your_next_turn"]))}
    if kind == "cant_cast":
        return {"effect": "cant_cast_spells", "who": draw(st.sampled_from(["each_player", "each_opponent", "you"]))}
    if kind == "phase_all":
        return {"effect": "phase_out", "what": everything}
    if kind == "tap_all":
        return {"effect": "tap", "what": everything}
    if permanent:
        return {"effect": "put_counters", "what": "self", "counter": "+1/+1", "amount": draw(st.integers(1, 2))}
    return {"effect": "put_counters", "what": everything, "counter": "+1/+1"}


@st.composite
def referring_pairs(draw: st.DrawFn, name: str) -> list[dict[str, Any]]:
    """An effect with a target (id `name`) and a later effect acting on that target's object."""
    kind = draw(st.sampled_from(["pump_keyword", "damage_controller", "tap_counters", "return_copy", "exile_back",
                                 "fight", "steal", "wrath_return", "copy_unless_legendary"]))
    creature = draw(battlefield_filters())
    if kind == "fight":
        return [{"effect": "put_counters", "id": name, "what": _target({"types": ["creature"], "controller": "you"}),
                 "counter": "+1/+1"},
                {"effect": "fight", "what": {"ref": name},
                 "other": _target({"types": ["creature"], "controller": "not_you"})}]
    if kind == "steal":
        return [{"effect": "reveal_and_exile", "id": name, "who": _target({"player": "opponent"}),
                 "filter": {"zone": "hand", "not_types": ["land"]}},
                {"effect": "may_cast_from_exile", "what": {"ref": name}, "any_mana": draw(st.booleans())}]
    if kind == "wrath_return":
        return [{"effect": "destroy", "id": name, "what": {"all": {"types": ["creature"]}}},
                {"effect": "return_card", "to": "battlefield", "under": "you",
                 "what": {"ref": name, "filter": {"zone": "graveyard", "types": ["creature"], "owner": "you"},
                          "choose": 1}}]
    if kind == "copy_unless_legendary":
        return [{"effect": "return_card", "id": name, "to": "battlefield",
                 "what": _target({"zone": "graveyard", "owner": "you", "types": ["creature"]})},
                {"effect": "token_copy", "of": {"ref": name}, "set_pt": "1/1",
                 "only_if": {"ref": name, "matches": {"not_supertypes": ["legendary"]}}}]
    if kind == "pump_keyword":
        return [{"effect": "pump", "id": name, "what": _target(creature), "power": 2, "toughness": 2},
                {"effect": "gain_keyword", "what": {"ref": name}, "keywords": [draw(st.sampled_from(KEYWORDS))]}]
    if kind == "damage_controller":
        return [{"effect": "damage", "id": name, "amount": 2, "to": _target(creature)},
                {"effect": "damage", "amount": 1, "to": {"ref": name, "relation": "controller"}}]
    if kind == "tap_counters":
        return [{"effect": "tap", "id": name, "what": _target(creature)},
                {"effect": "put_counters", "what": {"ref": name}, "counter": "stun"}]
    if kind == "return_copy":
        return [{"effect": "return_card", "id": name, "to": "battlefield",
                 "what": _target({"zone": "graveyard", "owner": "you", "types": ["creature"]})},
                {"effect": "token_copy", "of": {"ref": name}, "set_pt": draw(st.sampled_from([None, "1/1"]))}]
    return [{"effect": "exile", "id": name, "what": _target({**creature, "types": ["creature"]})},
            {"effect": "delayed_trigger", "at": "next_end_step",
             "effects": [{"effect": "return_card", "what": {"ref": name}, "to": "battlefield"}]}]


@st.composite
def effect_lists(draw: st.DrawFn, gift: bool, permanent: bool, prefix: str = "thing") -> list[dict[str, Any]]:
    """The effects of one ability: 1-4 segments, each a plain effect, a referring pair, or (with a gift)
    a conditional effect, a promised-only target, or an "instead" replacement."""
    effects: list[dict[str, Any]] = []
    segments = draw(st.integers(1, 4))
    used_pair = False
    for index in range(segments):
        choices = ["targeted", "untargeted"]
        if not used_pair:
            choices.append("pair")
        if gift:
            choices += ["conditional", "promised_target", "instead_count", "instead_other"]
        choice = draw(st.sampled_from(choices))
        if choice == "pair":
            used_pair = True
            pair = draw(referring_pairs(f"{prefix}{index}"))
            if permanent and pair[-1]["effect"] == "delayed_trigger":
                pair = pair[:1]
            effects.extend(pair)
        elif choice == "targeted":
            effects.append(draw(targeted_effects()))
        elif choice == "untargeted":
            effects.append(draw(untargeted_effects(permanent)))
        elif choice == "conditional":
            effect = draw(untargeted_effects(permanent) | targeted_effects())
            effect["condition"] = draw(st.sampled_from(["promised", "not_promised"]))
            effects.append(effect)
        elif choice == "promised_target":
            effect = draw(targeted_effects(promised_only=True))
            effect["condition"] = "promised"
            effects.append(effect)
        elif choice == "instead_count":
            low, high = draw(st.sampled_from([(1, 1), (0, 2), (1, 2)]))
            effect = draw(targeted_effects(counts=(low, high)))
            branch = {key: value for key, value in effect.items()}
            slot = next(key for key in ("what", "to", "who") if isinstance(effect.get(key), dict))
            branch[slot] = {"target": {**effect[slot]["target"], "max": high + 1,
                                       "min": draw(st.sampled_from([low, high + 1]))}}
            effect["instead_if_promised"] = branch
            effects.append(effect)
        else:
            base = draw(targeted_effects(counts=(1, 1)))
            other = draw(targeted_effects(counts=(1, 1)) | untargeted_effects(permanent))
            base["instead_if_promised"] = other
            effects.append(base)
    return effects


# ------------------------------------------------------------------------------------------ cards


@st.composite
def spell_cards(draw: st.DrawFn) -> dict[str, Any]:
    gift = draw(st.sampled_from([None, *GIFTS]))
    abilities: list[dict[str, Any]] = []
    if draw(st.integers(0, 5)) == 0:
        abilities.append({"kind": "additional_cost", "discard": 1,
                          "text": "As an additional cost to cast this spell, discard a card."})
    for number in range(draw(st.integers(1, 2))):
        abilities.append({"kind": "spell", "text": draw(SENTENCES),
                          "effects": draw(effect_lists(gift is not None, permanent=False, prefix=f"a{number}_"))})
    if draw(st.integers(0, 3)) == 0:
        abilities.append({"kind": "spell", "text": "Exile this.", "effects": [{"effect": "exile", "what": "self"}]})
    return {"types": [draw(st.sampled_from(["Instant", "Sorcery"]))], "gift": gift, "abilities": abilities}


@st.composite
def permanent_cards(draw: st.DrawFn) -> dict[str, Any]:
    gift = draw(st.sampled_from([None, *GIFTS]))
    kind = draw(st.sampled_from(["Creature", "Enchantment", "Artifact", "Aura", "Equipment"]))
    data: dict[str, Any] = {"types": [kind], "gift": gift, "abilities": []}
    if kind == "Aura":
        data.update(types=["Enchantment"], subtypes=["Aura"])
        data["abilities"] += [{"kind": "enchant", "filter": {"types": ["creature"]}},
                              {"kind": "static", "text": "You control enchanted creature.",
                               "effects": [{"effect": "control", "affected": "enchanted"}]}]
    if kind == "Equipment":
        data.update(types=["Artifact"], subtypes=["Equipment"])
        data["abilities"] += [
            {"kind": "triggered", "text": "Attach it.", "event": "enters",
             "effects": [{"effect": "attach", "to": _target({"types": ["creature"], "controller": "you"})}]},
            {"kind": "static", "text": "Equipped creature gets bigger.",
             "effects": [{"effect": "modify", "affected": "equipped", "power": draw(st.integers(1, 3)),
                          "remove_keywords": draw(st.lists(st.sampled_from(KEYWORDS), max_size=1))}]},
            {"kind": "equip", "cost": draw(st.sampled_from(["{1}", "{3}", "{2}{W}"]))},
        ]
    if kind == "Creature":
        data["pt"] = f"{draw(st.integers(0, 6))}/{draw(st.integers(1, 6))}"
        data["subtypes"] = [draw(st.sampled_from(["Rabbit", "Otter", "Frog"]))]
        for keyword in draw(st.lists(st.sampled_from(KEYWORDS), max_size=2, unique=True)):
            data["abilities"].append({"kind": "keyword", "keyword": keyword})
    for number in range(draw(st.integers(0 if data["abilities"] else 1, 2))):
        event = draw(st.sampled_from(["enters", "enters", "each_end_step", "you_give_gift"]))
        trigger: dict[str, Any] = {"kind": "triggered", "text": draw(SENTENCES), "event": event,
                                   "effects": draw(effect_lists(gift is not None, permanent=True,
                                                                prefix=f"t{number}_"))}
        if gift and event == "enters" and draw(st.booleans()):
            trigger["intervening_if"] = draw(st.sampled_from(["promised", "not_promised"]))
        data["abilities"].append(trigger)
    if draw(st.booleans()):
        affected = draw(st.sampled_from(["self", "all"]))
        effect: dict[str, Any] = {
            "effect": "modify",
            "affected": "self" if affected == "self" else {"all": {"types": ["creature"], "controller": "you"}},
            "power": draw(st.integers(1, 2)), "toughness": draw(st.integers(0, 2)),
        }
        if draw(st.booleans()):
            effect["add_keywords"] = [draw(st.sampled_from(KEYWORDS))]
        data["abilities"].append({"kind": "static", "text": draw(SENTENCES), "effects": [effect]})
    return data


@st.composite
def cards(draw: st.DrawFn) -> Card:
    """A valid card (model-valid, oracle consistent with its abilities) from the supported vocabulary."""
    data = draw(spell_cards() | permanent_cards())
    data["name"] = draw(card_names())
    data["mana_cost"] = draw(MANA)
    data["printings"] = [{"set": "CGT", "number": str(draw(st.integers(1, 300))), "rarity": "common"}]
    if data.get("gift") is None:
        data.pop("gift", None)
    card = Card.model_validate(data)
    return card.model_copy(update={"oracle": oracle_variants(card)[0]})
