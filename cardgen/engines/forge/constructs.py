"""The Forge constructs a script uses, named as `constructs.yaml` names them.

`constructs.yaml` (next to this module) records, for every construct the Forge backend can emit, where
Forge's engine reads it (file and class or method), what it does there, and which of Forge's own scripts
use it the same way. `script_constructs` takes a rendered script apart into those names, so a test can
require that the backend never writes a construct the table does not vouch for.

Names: `line:SVar`, `api:ChangeZone`, `param:ChangeZone.Fizzle`, `trigger:ChangesZone`,
`param:trigger.ChangesZone.ValidCard`, `static:Continuous`, `param:static.Continuous.AddPower`,
`type:Creature`, `property:!token`, `property:non<Type>`, `property:cmcLE<N>`, `defined:TargetedController`,
`count:PromisedGift`, `keyword:Flying`, `token:u_1_1_fish`, `counter:P1P1`, `zone:Graveyard`,
`duration:UntilYourNextTurn`, `phase:End of Turn`, `compare:EQ1`, `cost:Discard`, `hint:PlayMain1`.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

from cardgen.engines.forge.syntax import parse_params
from cardgen.load.yamlload import read_packaged
from cardgen.model import subtypes

TABLE = Path(__file__).with_name("constructs.yaml")
PROPERTY_CHAIN = Path(__file__).with_name("card_properties.yaml")
"""How Forge matches a restriction word, test by test in Forge's order (read in Forge's source)."""

VALID_PARAMS = frozenset({"ValidTgts", "ValidCards", "ChangeType", "SacValid", "ConditionPresent", "Affected",
                          "ValidCard"})
"""Parameters whose value is a valid expression (`Creature.OppCtrl,Enchantment.OppCtrl`)."""
DEFINED_PARAMS = frozenset({"Defined", "DefinedPlayer", "ConditionDefined", "RememberObjects", "TokenOwner",
                            "Caster", "ValidPlayer", "Object"})
"""Parameters whose value names objects or players (`Defined$ You & Valid Permanent.YouCtrl`)."""
ZONE_PARAMS = frozenset({"Origin", "Destination", "TgtZone", "AffectedZone", "ConditionZone", "TriggerZones",
                         "ForgetOnMoved"})
KEYWORD_PARAMS = frozenset({"KW", "AddKeyword", "RemoveKeyword"})
SVAR_PARAMS = frozenset({"SubAbility", "Execute", "StaticAbilities", "TargetMin", "TargetMax",
                         "ConditionCheckSVar"})
"""Parameters whose value names an SVar (an ability, a static ability or a count)."""
COMMON_PARAMS = frozenset({
    "SubAbility", "SpellDescription", "StackDescription", "Cost", "CostDesc", "ConditionZone", "ConditionPresent",
    "ConditionCompare", "ConditionDefined", "ConditionCheckSVar", "ConditionSVarCompare", "ValidTgts", "TgtZone",
    "TargetMin", "TargetMax", "TargetType", "TargetUnique", "TargetsWithDifferentControllers", "TgtPrompt",
    "GiftDescription", "IsCurse", "AILogic",
    "AIPreference", "SorcerySpeed", "ActivationLimit", "UnlessCost", "UnlessPayer", "UnlessSwitched", "Pawprint",
})
"""Parameters every ability reads the same way (SpellAbility, its conditions and targeting, the AI): named
`param:<Key>`, not per API."""
TARGET_WORDS = frozenset({"Any", "Player", "Opponent", "You"})
"""`ValidTgts$` words for players (and "any target"), named `target:<word>`."""


@cache
def table() -> dict[str, dict[str, Any]]:
    """The construct table: construct name -> {read, does, scripts}."""
    data = read_packaged(TABLE)
    table: dict[str, dict[str, Any]] = data["constructs"]
    return table


@cache
def property_chain() -> dict[str, Any]:
    """card_properties.yaml: CardProperty's and ForgeScript's tests of a restriction word, with their sources."""
    data: dict[str, Any] = read_packaged(PROPERTY_CHAIN)
    return data


def _passes(test: str, word: str) -> bool:
    how, _, text = test.partition(" ")
    return {"equals": word == text, "startsWith": word.startswith(text), "contains": text in word}[how]


def matching_test(word: str, version: str = "cardproperty-recent") -> str:
    """The test of Forge's that reads a restriction word (without its `!`), as written, case included:
    `CardProperty startsWith token` for `token`, `ForgeScript hasStringType` for `Token` (the type test,
    which only a type word passes). `version` is one of card_properties.yaml's sources of CardProperty."""
    data = property_chain()
    tests = list(data["card_property"]["tests"])
    changes = data["versions"].get(version, {"added": [], "removed": []})
    tests = [test for test in tests if test not in changes["removed"]]
    for added in changes["added"]:
        tests.insert(tests.index(added["after"]) + 1, added["test"])
    for test in tests:
        if _passes(test, word):
            return f"CardProperty {test}"
    for test in data["card_state"]["tests"]:
        if _passes(test, word):
            return f"ForgeScript {test}"
    return f"ForgeScript {data['card_state']['otherwise']}"


def _type(word: str) -> str:
    """`type:Creature`, and every subtype (205.3) as one construct, `type:<Subtype>`: Forge reads each the same way."""
    return "type:<Subtype>" if word in subtypes.kinds() else f"type:{word}"


def _valid(text: str, out: set[str], words: set[str] | None = None) -> None:
    """Adds the constructs of a valid expression to `out`, and each restriction word as written to `words`."""
    for alternative in text.split(","):
        base, _, rest = alternative.strip().partition(".")
        out.add(_type(base))
        for prop in filter(None, rest.split("+")):
            if words is not None:
                words.add(prop)
            if re.fullmatch(r"(cmc|power)(LE|LT|GE|GT|EQ)[0-9]+", prop):
                prop = re.sub(r"[0-9]+$", "<N>", prop)
            elif re.fullmatch(r"non[A-Z][A-Za-z'-]+", prop):
                out.add(_type(prop[3:]))
                prop = "non<Type>"
            elif prop in subtypes.kinds():
                out.add(_type(prop))
                continue
            out.add(f"property:{prop}")


def _defined(text: str, out: set[str], words: set[str] | None) -> None:
    for part in text.split("&"):
        part = part.strip()
        if part.startswith("Valid "):
            out.add("defined:Valid")
            _valid(part[len("Valid "):], out, words)
        else:
            out.add(f"defined:{part}")


def _params(kind: str, params: list[tuple[str, str]], out: set[str], words: set[str] | None) -> None:
    """`kind` is the API (`ChangeZone`), `trigger.<Mode>`, `static.<Mode>` or `replacement.<Event>`."""
    for key, value in params:
        out.add(f"param:{key}" if key in COMMON_PARAMS else f"param:{kind}.{key}")
        if key == "ValidTgts" and value in TARGET_WORDS:
            out.add(f"target:{value}")
        elif key in VALID_PARAMS:
            _valid(value, out, words)
        elif key in DEFINED_PARAMS:
            _defined(value, out, words)
        elif key in ZONE_PARAMS:
            for zone in value.split(","):
                out.add(f"zone:{zone.strip()}")
        elif key in KEYWORD_PARAMS:
            for word in value.split("&"):
                out.add(f"keyword:{word.strip()}")
        elif key in ("TokenScript",):
            out.add(f"token:{value}")
        elif key in ("CounterType", "WithCountersType"):
            out.add(f"counter:{value}")
        elif key == "Duration":
            out.add(f"duration:{value}")
        elif key == "Phase":
            out.add(f"phase:{value}")
        elif key in ("ConditionCompare", "ConditionSVarCompare"):
            out.add(f"compare:{re.sub(r'[0-9]+$', '<N>', value)}")
        elif key in ("Cost", "UnlessCost"):
            for part in re.findall(r"[^\s<]+(?:<[^>]*>)?", value):  # `Sac<1/CARDNAME/this artifact>` is one part
                if "<" in part:
                    out.add(f"cost:{part.split('<')[0]}")
                elif part in ("T", "Forage"):
                    out.add(f"cost:{part}")


def script_constructs(text: str, words: set[str] | None = None) -> set[str]:
    """Every construct a Forge card script uses; each restriction word of its valid expressions, as written
    (`!token`, `cmcLE2`), also goes to `words` when given."""
    out: set[str] = set()
    svars: dict[str, str] = {}
    for line in text.split("\n"):
        if not line.strip():
            continue
        key, _, value = line.partition(":")
        out.add(f"line:{key}")
        if key == "K":
            word, _, rest = value.partition(":")
            out.add(f"keyword:{word}")
            if word == "Enchant":
                _valid(rest.split(":")[0], out, words)
        elif key in ("A", "T", "S", "R"):
            _ability(key, value, out, words)
        elif key == "SVar":
            name, _, body = value.partition(":")
            svars[name] = body
    for name, body in svars.items():
        if body.startswith("Count$"):
            out.add("count:" + re.sub(r"[0-9]+", "<N>", body[len("Count$"):]))
        elif "$" not in body:
            out.add(f"hint:{name}")  # a plain value read by the AI (PlayMain1:TRUE)
        elif body.startswith("Mode$"):  # a trigger a Class's level adds (`AddTrigger$`), else a static
            _ability("T" if "| Execute$" in body else "S", body, out, words)
        elif body.startswith("Event$"):  # a replacement effect a Class's level adds (`AddReplacementEffect$`)
            _ability("R", body, out, words)
        elif body.partition("$")[0] in ("AB", "DB", "SP"):
            _ability("A", body, out, words)
        else:  # another count expression, an amount kind's (`PlayerCountOpponents$Amount`)
            out.add("count:" + re.sub(r"[0-9]+", "<N>", body))
    return out


def property_words(text: str) -> set[str]:
    """Every restriction word of every valid expression of a script, as written (`!token`, `cmcLE2`)."""
    words: set[str] = set()
    script_constructs(text, words)
    return words


def _ability(line: str, value: str, out: set[str], words: set[str] | None = None) -> None:
    params = parse_params(value)
    if line == "A":
        head, api = params[0]
        out.add(f"api:{api}")
        _params(api, params[1:], out, words)
        return
    head = "Event" if line == "R" else "Mode"  # a replacement effect names its event (`R:Event$ Moved`)
    mode = dict(params).get(head, "")
    kind = {"T": "trigger", "R": "replacement"}.get(line, "static")
    out.add(f"{kind}:{mode}")
    _params(f"{kind}.{mode}", [(k, v) for k, v in params if k != head], out, words)
