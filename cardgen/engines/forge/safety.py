"""What a Forge card script cannot carry in a name or a line of text, for validation to refuse.

A Forge script is `Key:Value` lines; a value is split into parameters on `|` and a parameter's value
read as an SVar reference or a count after `$`, so either character in a name or a description would end
the field and inject the rest. Forge also replaces words in descriptions with the card's name, and reads
an edition row as `<number> <rarity> <name> @<artist>`. Validation (`cardgen.validate.charset`) asks this
module, so the Forge rules are stated once, beside the writer they protect.
"""

from __future__ import annotations

FIELD_SEPARATORS = frozenset("|$")
"""Never in a name or rules text: `|` separates a script value's parameters, `$` starts a parameter's
value (`ValidTgts$ Creature`, `SVar:X:Count$...`)."""

CARD_NAME_FORBIDDEN = frozenset("@")
"""Never in a card name: Forge's edition rows read `<number> <rarity> <name> @<artist>`, and its parser
(`CardEdition.Reader`, name group `[^@$]*`) would take the rest of the name for an artist credit."""

PLACEHOLDERS = ("CARDNAME", "NICKNAME")
"""Words Forge replaces in descriptions with the card's (short) name: in a name or rules text they would
be shown as another text than the spec's."""


def placeholder_problems(text: str) -> list[str]:
    """The Forge placeholders `text` holds, each as a problem a message can list."""
    return [f"`{word}` (Forge shows the card's name in its place)" for word in PLACEHOLDERS if word in text]
