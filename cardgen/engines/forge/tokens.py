"""Token scripts: Forge names each token by its characteristics (`u_2_2_bird_flying`: blue 2/2 Bird with
flying; `c_a_food_sac`: colorless artifact Food) and ships the file under `res/tokenscripts/`.

The spec names a token by its characteristics too, so the script name is derived both ways. Only tokens
whose Forge name follows from their characteristics are supported: the four gift tokens and vanilla or
keyword-only creature tokens.
"""

from __future__ import annotations

import re
from typing import Any

from cardgen.engines.forge.constructs import table
from cardgen.engines.forge.syntax import KEYWORDS
from cardgen.model.card import TokenDef
from cardgen.model.gift import PREDEFINED_TOKENS

PREDEFINED_SCRIPTS: dict[str, str] = {
    "food": "c_a_food_sac", "treasure": "c_a_treasure_sac", "fish": "u_1_1_fish", "octopus": "u_8_8_octopus",
}
PREDEFINED_BY_SCRIPT: dict[str, str] = {script: name for name, script in PREDEFINED_SCRIPTS.items()}

_COLOR_ORDER = "WUBRG"
_KEYWORD_SLUGS: dict[str, str] = {forge.lower().replace(" ", "_"): spec for spec, forge in KEYWORDS.items()}


def _characteristics(token: TokenDef) -> tuple[object, ...]:
    return (tuple(sorted(token.colors)), tuple(token.types), tuple(token.subtypes), tuple(token.supertypes),
            token.pt, tuple(sorted(token.keywords)))


def predefined_name(token: str | TokenDef) -> str | None:
    """The predefined token a definition describes (`food`, ...), by characteristics, if any."""
    if isinstance(token, str):
        return token
    for name, definition in PREDEFINED_TOKENS.items():
        if _characteristics(definition) == _characteristics(token):
            return name
    return None


def token_script(token: str | TokenDef) -> str:
    """Forge's token script name; raises ValueError when Forge's naming cannot describe the token."""
    predefined = predefined_name(token)
    if predefined is not None:
        return PREDEFINED_SCRIPTS[predefined]
    assert isinstance(token, TokenDef)
    if token.types != ["Creature"] or token.pt is None or "*" in token.pt or token.supertypes or token.text:
        raise ValueError(f"token {token.name!r}: only the gift tokens and plain creature tokens (with keywords) "
                         "have a Forge token script name")
    if not token.subtypes or token.name != " ".join(token.subtypes):
        raise ValueError(f"token {token.name!r}: its name must be its creature types, as Forge names tokens")
    colors = "".join(c.lower() for c in _COLOR_ORDER if c in token.colors) or "c"
    power, toughness = token.pt.split("/")
    words = [word.lower() for word in token.subtypes]
    if any(not re.fullmatch(r"[a-z]+", word) for word in words):
        raise ValueError(f"token {token.name!r}: creature types must be single plain words")
    keywords = [KEYWORDS[k].lower().replace(" ", "_") for k in sorted(token.keywords)]
    name = "_".join([colors, power, toughness, *words, *keywords])
    if f"token:{name}" not in table():
        raise ValueError(f"token {token.name!r}: Forge ships no token script {name!r} (res/tokenscripts); the "
                         "scripts cardgen knows Forge has are the token: entries of constructs.yaml")
    return name


def read_token_script(script: str) -> str | dict[str, Any] | None:
    """A predefined token name, a TokenDef as a dict, or None when the name does not follow the scheme."""
    if script in PREDEFINED_BY_SCRIPT:
        return PREDEFINED_BY_SCRIPT[script]
    match = re.fullmatch(r"([wubrgc]+)_([0-9]+)_([0-9]+)_([a-z_]+)", script)
    if not match:
        return None
    colors_text, power, toughness, tail = match.groups()
    colors = [] if colors_text == "c" else [c.upper() for c in colors_text]
    if "c" in colors_text and colors_text != "c":
        return None
    words = tail.split("_")
    keywords: list[str] = []
    while words:
        two = "_".join(words[-2:]) if len(words) >= 2 else None
        if two in _KEYWORD_SLUGS and len(words) > 2:
            keywords.insert(0, _KEYWORD_SLUGS[two])
            words = words[:-2]
        elif words[-1] in _KEYWORD_SLUGS and len(words) > 1:
            keywords.insert(0, _KEYWORD_SLUGS[words[-1]])
            words = words[:-1]
        else:
            break
    subtypes = [word.capitalize() for word in words]
    return {"name": " ".join(subtypes), "colors": colors, "types": ["Creature"], "subtypes": subtypes,
            "pt": f"{power}/{toughness}", "keywords": sorted(keywords)}
