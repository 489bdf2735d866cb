"""The Forge slots of the vocabulary registry (issue 15): every effect construct says how Forge is told it
and how a Forge script is read back into it, and what the reader dispatches on is an API Forge has."""

from __future__ import annotations

from cardgen import vocab
from cardgen.engines.forge import read_apis
from cardgen.engines.forge.constructs import table

WRITE_SLOTS = ("forge_write", "forge_static", "forge_from_keyword")
"""One of these says how an effect reaches a script: an ability, a static ability's line, or a keyword."""
READ_SLOTS = ("forge_read_pump", "forge_read_keyword", "forge_read_static", "forge_read_continuous")


def test_every_effect_kind_has_a_forge_form() -> None:
    missing = [kind for kind, construct in vocab.EFFECTS.items()
               if not any(construct.has(slot) for slot in WRITE_SLOTS)]
    assert missing == []


def test_every_written_effect_kind_is_read_back() -> None:
    """A kind Forge is told is also read from a Forge script (the cross-engine check relies on it)."""
    unread = [kind for kind, construct in vocab.EFFECTS.items()
              if (construct.has("forge_write") or construct.has("forge_static"))
              and not any(name.startswith("forge_read:") or name in READ_SLOTS for name in construct.hooks)]
    assert unread == []


def test_every_api_a_construct_reads_is_a_forge_api_we_vouch_for() -> None:
    """`forge_read:<Api>` names an API of the construct table (where Forge's engine implements it)."""
    apis = {name.removeprefix("api:") for name in table() if name.startswith("api:")}
    assert set(read_apis.API_READERS) - apis == set()


def test_forge_slot_names_are_the_known_ones() -> None:
    """A misspelt slot would be silently ignored by every consumer."""
    known = {*WRITE_SLOTS, *READ_SLOTS, "forge_remembers", "forge_remember_param", "forge_moves_to",
             "forge_damage_map", "forge_hints"}
    for kind, construct in vocab.EFFECTS.items():
        for name in construct.hooks:
            if name.startswith("forge"):
                assert name in known or name.startswith("forge_read:"), (kind, name)


def test_apis_read_by_several_constructs_are_claimed_by_one() -> None:
    """ChangeZone and ChangeZoneAll are shared; the others have one reader each."""
    shared = {api for api, hooks in read_apis.API_READERS.items() if len(hooks) > 1}
    assert shared == {"ChangeZone", "ChangeZoneAll"}
