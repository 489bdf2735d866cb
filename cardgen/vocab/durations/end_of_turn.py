"""The `end_of_turn` duration: "until end of turn" (514.2), the default of every effect that has one."""

from __future__ import annotations

from cardgen.vocab.construct import DurationConstruct, DurationRule, DurationText, ForgeDuration, XMageDuration

CONSTRUCT = DurationConstruct(
    kind="end_of_turn",
    text=DurationText(words=" until end of turn", this_turn=" this turn"),
    forge=ForgeDuration(value="EndOfTurn", default=True),  # left out: Forge's default
    xmage=XMageDuration(member="EndOfTurn"),
    rule=DurationRule(ends="cleanup"),
)
