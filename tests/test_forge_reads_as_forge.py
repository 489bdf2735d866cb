"""The Forge reader reads a script as Forge runs it, not as the inverse of our writer."""

from __future__ import annotations

from cardgen.engines.forge.reader import read_script

HEAD = ("Name:Test\nManaCost:1 R\nTypes:Instant\nK:Gift\n"
        "SVar:GiftAbility:DB$ Draw | Defined$ Promised | GiftDescription$ a card\n")
ORACLE = ("Oracle:Gift a card (You may promise an opponent a gift as you cast this spell. If you do, they draw a "
          "card before its other effects.)\\nDo it.\n")


def _read(body: str):
    return read_script(HEAD + body + ORACLE)


def _codes(result) -> set[str]:
    return {d.code for d in result.diagnostics}


def test_a_damage_map_makes_the_following_damage_one_event() -> None:
    result = _read("A:SP$ DealDamage | ValidTgts$ Any | NumDmg$ 1 | DamageMap$ True | SubAbility$ DBAll"
                   " | SpellDescription$ Do it.\nSVar:DBAll:DB$ DamageAll | ValidCards$ Creature | NumDmg$ 2"
                   " | SubAbility$ DBResolve\nSVar:DBResolve:DB$ DamageResolve\n")
    assert result.diagnostics == []
    first, second = result.card.abilities[0].effects
    assert not first.simultaneous and second.simultaneous


def test_damage_without_a_map_is_separate_events() -> None:
    result = _read("A:SP$ DealDamage | ValidTgts$ Creature | NumDmg$ 2 | SubAbility$ DBHit | SpellDescription$ Do it."
                   "\nSVar:DBHit:DB$ DealDamage | Defined$ TargetedController | NumDmg$ 3\n")
    assert result.diagnostics == []
    assert [effect.simultaneous for effect in result.card.abilities[0].effects] == [False, False]


def test_a_damage_resolve_without_a_map_is_reported() -> None:
    result = _read("A:SP$ DealDamage | ValidTgts$ Any | NumDmg$ 1 | SubAbility$ DBResolve | SpellDescription$ Do it."
                   "\nSVar:DBResolve:DB$ DamageResolve\n")
    assert "FG201" in _codes(result)


def test_a_targeted_spell_moved_off_the_stack_needs_fizzle() -> None:
    body = ("A:SP$ ChangeZone | ValidTgts$ Card.inZoneStack | TgtZone$ Stack | Origin$ Stack | Destination$ Hand"
            "{} | SpellDescription$ Do it.\n")
    assert "FG201" in _codes(_read(body.format("")))
    assert _read(body.format(" | Fizzle$ True")).diagnostics == []


def test_the_resolving_spell_moving_itself_needs_no_fizzle() -> None:
    result = _read("A:SP$ Draw | SubAbility$ DBExile | SpellDescription$ Do it.\n"
                   "SVar:DBExile:DB$ ChangeZone | Origin$ Stack | Destination$ Exile\n")
    assert result.diagnostics == []


def test_nontoken_is_no_forge_property() -> None:
    body = "A:SP$ Destroy | ValidTgts$ Creature.{} | SpellDescription$ Do it.\n"
    assert "FG203" in _codes(_read(body.format("nonToken")))
    result = _read(body.format("!token"))
    assert result.diagnostics == [] and result.card.abilities[0].effects[0].what.target.token is False


def test_token_is_matched_as_written() -> None:
    """CardProperty matches `startsWith("token")`, case included: `Token` is no property and no type, so
    `!Token` lets every creature through (tokens too) and `Token` matches nothing."""
    body = "A:SP$ Destroy | ValidTgts$ Creature.{} | SpellDescription$ Do it.\n"
    result = _read(body.format("!Token"))
    assert result.diagnostics == [] and result.card.abilities[0].effects[0].what.target.token is None
    assert "FG203" in _codes(_read(body.format("Token")))
    assert _read(body.format("token")).card.abilities[0].effects[0].what.target.token is True


def test_a_remembered_choice_from_the_graveyard_must_exclude_tokens() -> None:
    body = ("A:SP$ DestroyAll | ValidCards$ Creature | RememberDestroyed$ True | SubAbility$ DBReturn"
            " | SpellDescription$ Do it.\nSVar:DBReturn:DB$ ChangeZone | ChangeType$ Creature.{}IsRemembered+YouOwn"
            " | Hidden$ True | Mandatory$ True | Origin$ Graveyard | Destination$ Battlefield | SubAbility$ DBCleanup\n"
            "SVar:DBCleanup:DB$ Cleanup | ClearRemembered$ True\n")
    assert "FG203" in _codes(_read(body.format("")))
    assert _read(body.format("!token+")).diagnostics == []
    assert "FG203" in _codes(_read(body.format("!Token+")))  # Forge's own Starfall Invocation: tokens come too
