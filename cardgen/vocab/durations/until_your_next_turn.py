"""The `until_your_next_turn` duration: "until your next turn" (611.2b)."""

from __future__ import annotations

from cardgen.vocab.construct import DurationConstruct, DurationRule, DurationText, ForgeDuration, XMageDuration

CONSTRUCT = DurationConstruct(
    kind="until_your_next_turn",
    text=DurationText(words=" until your next turn"),
    forge=ForgeDuration(value="UntilYourNextTurn"),
    xmage=XMageDuration(member="UntilYourNextTurn"),
    rule=DurationRule(ends="controller_turn"),
)
