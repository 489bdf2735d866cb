"""Hypothesis profiles for the whole suite (see `examples`).

`default` keeps `pytest` fast for everyday work: each property runs a fifth of its examples.
`HYPOTHESIS_PROFILE=deep` runs every property with the full example counts written in the tests, times
four, for a thorough run before a release or after touching a parser, renderer or the resolver.
"""

from __future__ import annotations

from examples import PROFILE
from hypothesis import settings

settings.register_profile("default", deadline=None)
settings.register_profile("deep", deadline=None, print_blob=True)
settings.load_profile(PROFILE)
