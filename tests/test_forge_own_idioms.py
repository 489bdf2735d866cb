"""Forms Forge's own Bloomburrow scripts use that say what cardgen's own forms say, and the hints those
scripts carry by construct.

Facts from Forge's own scripts (Card-Forge/forge, forge-gui/res/cardsfolder): glidedive_duo.txt (2f45b422)
`DB$ LoseLife | Defined$ Player.Opponent | LifeAmount$ 2` and `DeckHas:Ability$LifeGain`;
feather_of_flight.txt (09ca915f) `K:Enchant creature` with `A:SP$ Attach | ValidTgts$ Creature | AILogic$ Pump`;
seedglaive_mentor.txt (06e86d08) a +1/+1 counter and `DeckHas:Ability$Counters`; brightblade_stoat.txt
(d8759744) `K:Lifelink` and `DeckHas:Ability$LifeGain`; mind_spring.txt (018fe114) `SVar:Picture:<url>`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardgen.canonical import meaning_diff
from cardgen.engines.forge.backend import ForgeBackend
from cardgen.engines.forge.hints import script_hints
from cardgen.model.card import Card

BACKEND = ForgeBackend()


def _read(tmp_path: Path, text: str) -> Card:
    path = tmp_path / "card.txt"
    path.write_text(text, encoding="utf-8")
    result = BACKEND.read_card(path)
    assert result.card is not None, [d.message for d in result.diagnostics]
    assert not [d for d in result.diagnostics if d.severity == "error"], [d.message for d in result.diagnostics]
    return result.card


def _card(abilities: list[dict[str, Any]], **fields: Any) -> Card:
    data = {"name": "Probe", "mana_cost": "{1}{W}", "types": ["Creature"], "subtypes": ["Bird"], "pt": "1/1",
            "printings": [{"set": "CGT", "number": "1", "rarity": "common"}], "oracle": "Do it.",
            "abilities": abilities, **fields}
    return Card.model_validate(data)


DRAIN = ("Name:Probe\nManaCost:1 W\nTypes:Creature Bird\nPT:1/1\n"
         "T:Mode$ ChangesZone | Origin$ Any | Destination$ Battlefield | ValidCard$ Card.Self | Execute$ TrigDrain"
         " | TriggerDescription$ When this creature enters, each opponent loses 2 life.\n"
         "SVar:TrigDrain:DB$ LoseLife | Defined$ {who} | LifeAmount$ 2\nOracle:Do it.\n")


def test_player_dot_opponent_is_each_opponent(tmp_path: Path) -> None:
    """AbilityUtils.getDefinedPlayers starts a value it does not name from every player and filters them
    by the part after the dot: `Player.Opponent` is `Opponent`."""
    theirs = _read(tmp_path, DRAIN.format(who="Player.Opponent"))
    ours = _read(tmp_path, DRAIN.format(who="Opponent"))
    assert meaning_diff(ours, theirs) == []


AURA = ("Name:Probe Aura\nManaCost:1 W\nTypes:Enchantment Aura\n{enchant}\n"
        "S:Mode$ Continuous | Affected$ Creature.EnchantedBy | AddPower$ 1 | AddKeyword$ Flying | Description$ "
        "Enchanted creature gets +1/+0 and has flying.\nOracle:Enchant creature\\nEnchanted creature gets +1/+0 "
        "and has flying.\n")


def test_an_older_auras_own_attach_spell_is_its_enchant_keyword(tmp_path: Path) -> None:
    older = _read(tmp_path, AURA.format(enchant="K:Enchant creature\nA:SP$ Attach | ValidTgts$ Creature | "
                                                "AILogic$ Pump"))
    newer = _read(tmp_path, AURA.format(enchant="K:Enchant:Creature"))
    assert meaning_diff(newer, older) == []
    assert [a.kind for a in older.abilities] == [a.kind for a in newer.abilities]


def test_an_attach_spell_that_does_more_is_still_read(tmp_path: Path) -> None:
    """Only a line that restates the keyword is dropped: one attaching to something else stays a spell."""
    other = AURA.format(enchant="K:Enchant creature\nA:SP$ Attach | ValidTgts$ Artifact | AILogic$ Pump")
    path = tmp_path / "card.txt"
    path.write_text(other, encoding="utf-8")
    result = BACKEND.read_card(path)
    assert result.card is None or any(a.kind == "spell" for a in result.card.abilities) or result.diagnostics


def test_the_older_attach_logic_is_the_newer_svar() -> None:
    older = AURA.format(enchant="K:Enchant creature\nA:SP$ Attach | ValidTgts$ Creature | AILogic$ Pump")
    newer = AURA.format(enchant="K:Enchant:Creature") + "SVar:AttachAILogic:Pump\n"
    assert script_hints(older) == script_hints(newer) == ["SVar AttachAILogic:Pump"]


def test_an_image_svar_is_no_hint() -> None:
    assert script_hints("Name:X\nSVar:Picture:http://example.invalid/x.jpg\nSVar:PicCount:4\n") == []


def test_an_aura_that_boosts_tells_the_ai_to_attach_it_to_its_own() -> None:
    aura = _card([{"kind": "enchant", "filter": {"types": ["creature"]}},
                  {"kind": "static", "text": "Enchanted creature gets +1/+0 and has flying.",
                   "effects": [{"effect": "modify", "affected": "enchanted", "power": 1,
                                                  "add_keywords": ["flying"]}]}],
                 types=["Enchantment"], subtypes=["Aura"], pt=None,
                 oracle="Enchant creature\nEnchanted creature gets +1/+0 and has flying.")
    assert "SVar:AttachAILogic:Pump" in BACKEND.render_card(aura).split("\n")


def test_counters_life_gain_and_lifelink_tell_deck_building() -> None:
    counters = _card([{"kind": "triggered", "event": "enters", "text": "When this creature enters, put a "
                       "+1/+1 counter on it.", "effects": [{"effect": "put_counters", "what": "self",
                                                            "counter": "+1/+1"}]}])
    assert "DeckHas: Ability$Counters" in script_hints(BACKEND.render_card(counters))
    life = _card([{"kind": "triggered", "event": "enters", "text": "When this creature enters, you gain 2 "
                   "life.", "effects": [{"effect": "gain_life", "amount": 2}]}])
    assert "DeckHas: Ability$LifeGain" in script_hints(BACKEND.render_card(life))
    lifelink = _card([{"kind": "keyword", "keyword": "lifelink"}], oracle="Lifelink")
    assert "DeckHas: Ability$LifeGain" in script_hints(BACKEND.render_card(lifelink))
    stun = _card([{"kind": "triggered", "event": "enters", "text": "When this creature enters, put a stun "
                   "counter on it.", "effects": [{"effect": "put_counters", "what": "self", "counter": "stun"}]}])
    assert not any(line.startswith("DeckHas") for line in script_hints(BACKEND.render_card(stun)))


BITE = ("Name:Probe Bite\nManaCost:1 G\nTypes:Sorcery\n"
        "A:SP$ Pump | ValidTgts$ Creature.YouCtrl | AILogic$ PowerDmg | SubAbility$ SoulsDamage | SpellDescription$ "
        "Target creature you control deals damage equal to its power to target creature you don't control.\n"
        "SVar:SoulsDamage:DB$ DealDamage | ValidTgts$ Creature.YouDontCtrl | NumDmg$ X | {guard}"
        "DamageSource$ ParentTarget\nSVar:X:ParentTargeted$CardPower\n"
        "Oracle:Target creature you control deals damage equal to its power to target creature you don't control.\n")


def test_a_guard_that_the_target_is_still_what_it_had_to_be_changes_nothing(tmp_path: Path) -> None:
    """Forge's own older Rabid Bite (137b10f3) guards the damage with `ConditionDefined$ Targeted |
    ConditionPresent$ Creature | ConditionCompare$ EQ1`: its one target had to be a creature, and an
    illegal target is not affected anyway (608.2b)."""
    guarded = _read(tmp_path, BITE.format(guard="ConditionDefined$ Targeted | ConditionPresent$ Creature | "
                                                "ConditionCompare$ EQ1 | "))
    plain = _read(tmp_path, BITE.format(guard=""))
    assert meaning_diff(plain, guarded) == []


def test_a_guard_that_asks_more_than_the_target_is_not_dropped(tmp_path: Path) -> None:
    path = tmp_path / "card.txt"
    path.write_text(BITE.format(guard="ConditionDefined$ Targeted | ConditionPresent$ Creature.powerLE2 | "
                                      "ConditionCompare$ EQ1 | "), encoding="utf-8")
    result = BACKEND.read_card(path)
    plain = _read(tmp_path, BITE.format(guard=""))
    assert result.card is None or meaning_diff(plain, result.card) != [] or result.diagnostics


def test_a_comment_line_is_skipped(tmp_path: Path) -> None:
    """CardRules.Reader.readCard skips a line that starts with '#' (Forge's own Thornplate Intimidator,
    592a533e, has one)."""
    plain = _read(tmp_path, DRAIN.format(who="Opponent"))
    commented = _read(tmp_path, DRAIN.format(who="Opponent").replace("Oracle:", "# TODO: a note: here\nOracle:"))
    assert meaning_diff(plain, commented) == []


def test_attack_and_noncreature_cast_triggers_carry_forges_ai_hints() -> None:
    attack = _card([{"kind": "triggered", "event": "attacks", "text": "Whenever this creature attacks, you gain 1 "
                     "life.", "effects": [{"effect": "gain_life", "amount": 1}]}])
    assert "SVar HasAttackEffect:TRUE" in script_hints(BACKEND.render_card(attack))
    cast = _card([{"kind": "triggered", "event": {"cast": {"zone": "stack", "not_types": ["creature"]}},
                   "text": "Whenever you cast a noncreature spell, you gain 1 life.",
                   "effects": [{"effect": "gain_life", "amount": 1}]}])
    assert "SVar BuffedBy:Card.nonCreature+nonLand" in script_hints(BACKEND.render_card(cast))


def test_a_valid_expression_hint_ignores_the_order_of_its_restrictions() -> None:
    one, two = "SVar:BuffedBy:Card.nonLand+nonCreature\n", "SVar:BuffedBy:Card.nonCreature+nonLand\n"
    assert script_hints(one) == script_hints(two)
