"""Forge's prompts and AI hints, the way Forge's own scripts of the same shape carry them.

None of these change what the card does (the reader skips them); a Forge reviewer asks for them because the
GUI shows the prompts and the AI plays the card better with the hints. Made here, for every construct:

- `TgtPrompt$ Select target <what>` on every ability that targets an object or a player, worded from the
  target's filter (Forge's Crumb and Get It, Into the Flood Maw, Long River's Pull, Octomancer, Parting Gust).
- `DeckNeeds:Keyword$Gift` for "whenever you give a gift" (Jolly Gerbils), `DeckHas:Ability$Discard` for a
  discard cost (Sazacap's Brew) (written by `build`).

The hints that belong to one construct sit in its module's Forge section (`cardgen/vocab/effects/`): a message
naming what is sacrificed (`SacMessage$`), `IsCurse$` when a zone change targets a player, and the AI-hint
SVars of a construct's `forge.hints` (`PlayMain1` for a card that lets you cast another card this turn,
`AttachAILogic` for an Aura that steals what it enchants). `noun_phrase` here words all of them.
"""

from __future__ import annotations

from cardgen.model.card import ObjectFilter, Target

PLAYER_PROMPTS: dict[str, str] = {"any": "Select target player", "opponent": "Select target opponent"}
_CONTROLLERS: dict[str, str] = {"you": "you control", "opponent": "an opponent controls",
                                "not_you": "you don't control"}
_OWNERS: dict[str, str] = {"you": "your graveyard", "opponent": "an opponent's graveyard"}


def listed(words: list[str]) -> str:
    """"Bat", "Bat or Rat", "Bat, Lizard, Rat, or Squirrel" (as Forge's own prompts list subtypes)."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + ("," if len(words) > 2 else "") + " or " + words[-1]


def noun_phrase(selector: ObjectFilter) -> str:
    """`nonland permanent`, `artifact or enchantment`, `creature token`, `legendary creature`, `Bird creature`,
    `Lizard, Mouse, Otter, or Raccoon`."""
    words = " or ".join(selector.types) if selector.types else ("" if selector.subtypes else "permanent")
    if selector.subtypes:
        words = f"{listed(selector.subtypes)} {words}".strip()
    prefix = [*selector.supertypes, *(f"non{word}" for word in selector.not_supertypes),
              *(f"non{word}" for word in selector.not_types), *(f"non-{word}" for word in selector.not_subtypes)]
    if selector.token is False:
        prefix.insert(0, "nontoken")
    if selector.attacking:  # "Select target attacking creature", as Forge's own Hunter's Talent prompts
        prefix.insert(0, "attacking")
    phrase = " ".join([*prefix, words])
    return phrase + (" token" if selector.token else "")


def target_prompt(target: Target) -> str | None:
    """The `TgtPrompt$` text for a target (None for "any target", which Forge leaves unprompted)."""
    if target.player is not None:
        return PLAYER_PROMPTS.get(target.player)
    if target.any_target:
        return None
    if target.zone == "stack":
        words = " or ".join(target.types) if target.types else ""
        words = (f"{listed(target.subtypes)} {words}".strip() if target.subtypes else words) + " spell"
        words = words.strip()
        return f"Select target {words}"
    phrase = noun_phrase(target)
    if target.zone == "battlefield":
        parts = [phrase, *([_CONTROLLERS[target.controller]] if target.controller else [])]
    else:
        parts = [phrase + " card" if target.types or target.subtypes else phrase.replace("permanent", "card")]
    if target.max_mana_value is not None:
        parts.append(f"with mana value {target.max_mana_value} or less")
    if target.min_power is not None:
        parts.append(f"with power {target.min_power} or greater")
    if target.max_power is not None:
        parts.append(f"with power {target.max_power} or less")
    if target.entered_this_turn:
        parts.append("that entered the battlefield this turn")
    if target.dealt_damage_this_turn:
        parts.append("that was dealt damage this turn")
    if target.zone == "graveyard":
        parts.append("in " + _OWNERS.get(target.owner or "", "a graveyard"))
    elif target.zone != "battlefield":
        parts.append(f"in {'your' if target.owner == 'you' else 'a'} {target.zone}")
    return ("Select another target " if target.other else "Select target ") + " ".join(parts)



# ------------------------------------------------------------------------------------ a script's hints

AI_PARAMS = frozenset({"IsCurse", "AILogic", "AIPreference", "AITgts", "AITgtsStrict", "AILifeThreshold"})
"""Ability parameters only Forge's AI reads (the reader drops them: no game meaning)."""
DECK_LINES = ("DeckHas", "DeckHints", "DeckNeeds", "AI")
"""Lines only Forge's deck generation and AI read."""
IMAGE_SVARS = frozenset({"Picture", "PicCount"})
"""SVars of older scripts that only name the card's image (CardRules.Reader.parseLine keeps `SVar:Picture`
as the picture's address, forge-core/src/main/java/forge/card/CardRules.java at 01da6767): neither meaning
nor a hint."""


VALID_SVARS = frozenset({"BuffedBy"})
"""AI-hint SVars whose value is a valid expression: `Card.nonLand+nonCreature` is `Card.nonCreature+nonLand`
(CardProperty tests each `+` part on its own)."""


def _ordered_valid(valid: str) -> str:
    """A valid expression with each alternative's `+` restrictions in one order."""
    alternatives = []
    for alternative in valid.split(","):
        head, dot, rest = alternative.partition(".")
        alternatives.append(head + (dot + "+".join(sorted(rest.split("+"))) if dot else ""))
    return ",".join(sorted(alternatives))


def script_hints(text: str) -> list[str]:
    """The AI and deck-building hints of a script, spelled so that two scripts that differ only in layout,
    parameter order or SVar names give the same list: `Pump: IsCurse$ True`, `SVar PlayMain1:TRUE`,
    `DeckHas: Ability$Food|LifeGain|Token`. `cardgen diff` compares them apart from the meaning, which
    they do not change. An older Aura's own `A:SP$ Attach | AILogic$ Pump` is the `SVar AttachAILogic:Pump`
    a newer one carries (Card.getFirstAttachSpell hands that SVar to the Aura spell it makes as `AILogic$`)."""
    from cardgen.engines.forge.read_model import HINT_SVARS
    from cardgen.engines.forge.syntax import parse_params

    found: set[str] = set()
    for raw in text.split("\n"):
        key, _, value = raw.rstrip("\r").partition(":")
        body = value
        if key == "SVar":
            name, _, body = value.partition(":")
            if name in IMAGE_SVARS:
                continue
            if name in VALID_SVARS:
                found.add(f"SVar {name}:{_ordered_valid(body.strip())}")
                continue
            if name in HINT_SVARS or "$" not in body:
                found.add(f"SVar {name}:{body.strip()}")
                continue
        if key in DECK_LINES:
            parts = []
            for part in value.split("&"):
                kind, _, values = part.strip().partition("$")
                parts.append(f"{kind}${'|'.join(sorted(values.split('|')))}" if values else kind)
            found.add(f"{key}: {' & '.join(sorted(parts))}")
        elif key in ("A", "SVar") and "$" in body:
            params = parse_params(body)
            api = params[0][1] if params else ""
            if key == "A" and params and params[0] == ("SP", "Attach"):
                found.update(f"SVar AttachAILogic:{setting}" for name, setting in params[1:] if name == "AILogic")
                params = [param for param in params if param[0] != "AILogic"]
            found.update(f"{api}: {name}$ {setting}" for name, setting in params[1:] if name in AI_PARAMS)
    return sorted(found)
