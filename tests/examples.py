"""How many examples a property test runs under the active hypothesis profile.

Each test states the example count it is tuned for (`examples(400)`); the `default` profile runs a fifth
of it (never fewer than 10) so the suite stays quick, and `HYPOTHESIS_PROFILE=deep` runs four times as
many. The assertions are the same in every profile; only the number of generated inputs changes.
"""

from __future__ import annotations

import os

PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "default")
SCALE = {"default": 0.2, "deep": 4.0}


def examples(count: int) -> int:
    """The number of examples to run for a property tuned for `count`, under the active profile."""
    if PROFILE not in SCALE:
        raise ValueError(f"HYPOTHESIS_PROFILE={PROFILE!r}: known profiles are {', '.join(SCALE)}")
    return max(10, round(count * SCALE[PROFILE]))
