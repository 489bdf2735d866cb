"""The Forge groups of the vocabulary registry: what the reader dispatches on is an API Forge has, and the
APIs several constructs read are the shared ones (every construct's Forge group is complete: checked at
discovery, see tests/test_construct_contract.py)."""

from __future__ import annotations

from cardgen.engines.forge import read_apis
from cardgen.engines.forge.constructs import table


def test_every_api_a_construct_reads_is_a_forge_api_we_vouch_for() -> None:
    """`forge.reads` names an API of the construct table (where Forge's engine implements it)."""
    apis = {name.removeprefix("api:") for name in table() if name.startswith("api:")}
    assert set(read_apis.API_READERS) - apis == set()


def test_apis_read_by_several_constructs_are_claimed_by_one() -> None:
    """ChangeZone and ChangeZoneAll are shared, and DealDamage (the card's damage, and damage from another
    source equal to its power: `DamageSource$`), and Dig (look at the top cards and take some, and exile the top
    card: `DestinationZone$ Exile` with `ChangeNum$ All`), and Discard (cards chosen, `Mode$ TgtChoose`, and the
    whole hand, `Mode$ Hand`), and Counter (a spell countered, and countered unless its controller pays); the
    others have one reader each."""
    shared = {api for api, hooks in read_apis.API_READERS.items() if len(hooks) > 1}
    assert shared == {"ChangeZone", "ChangeZoneAll", "Counter", "DealDamage", "Dig", "Discard"}
