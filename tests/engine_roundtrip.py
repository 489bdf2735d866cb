"""One check the vocabulary tests share: a card rendered by both engines reads back to the same meaning."""

from __future__ import annotations

from xmage_strategies import registrations_for

from cardgen.canonical import meaning_diff
from cardgen.engines.forge.backend import ForgeBackend
from cardgen.engines.forge.reader import read_script
from cardgen.engines.xmage.backend import XMageBackend
from cardgen.engines.xmage.reader import read_class
from cardgen.model.card import Card


def rendered_and_read_back(card: Card, script_name: str) -> tuple[str, str]:
    """The card's Forge script and XMage class, after asserting that each engine's reader gives back a card
    that means what `card` means; callers then assert the engine forms they expect in the two texts."""
    script = ForgeBackend().render_card(card)
    forge_back = read_script(script, script_name)
    assert forge_back.card is not None, forge_back.diagnostics
    assert meaning_diff(forge_back.card, card, ("forge", "spec")) == []
    source = XMageBackend().render_card(card)
    xmage_back = read_class(source, registrations_for(card))
    assert xmage_back.card is not None, xmage_back.diagnostics
    assert meaning_diff(xmage_back.card, card, ("xmage", "spec")) == []
    return script, source
