"""The registry of diagnostic codes: one place that says what each code means.

Codes are stable (CI annotations, tests and contributors' muscle memory match on them), so a code is
never renumbered or reused; a retired check keeps its number. Groups: `CG0xx` the file or its YAML,
`CG1xx` the schema and card structure, `CG2xx` the gift rules (702.174), `CG3xx` printed text,
`CG4xx` names and paths, `CG9xx` internal failures. The error tables of docs/spec-format.md and the tests are
generated from / checked against this table.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardgen.diagnostics import Diagnostic, Location, Severity


@dataclass(frozen=True, slots=True)
class CodeInfo:
    """What a code means: the rule it enforces, a one-line summary, and how to fix it."""

    code: str
    rule: str | None
    summary: str
    fix: str
    severity: Severity = "error"


_ENTRIES = (
    # ------------------------------------------------------------------ 0xx: the file and its YAML
    CodeInfo("CG001", "yaml", "The file is not valid YAML.",
             "Fix the syntax at the reported line (indentation, an unclosed quote or bracket, a stray `:`)."),
    CodeInfo("CG002", "utf-8", "The file is not UTF-8 text.",
             "Save the file as UTF-8 (without a byte order mark if possible)."),
    CodeInfo("CG003", "utf-8", "The file is binary or contains control characters.",
             "Spec files are plain text; remove NUL and other control characters (tabs are fine only "
             "outside indentation)."),
    CodeInfo("CG004", "limits", "The file is larger than 1 MiB and was not read.",
             "A card spec is a few kilobytes; split the file or remove the pasted data."),
    CodeInfo("CG005", "spec", "The file is empty (or only comments).",
             "Write the card (see the example in docs/spec-format.md) or delete the file."),
    CodeInfo("CG006", "spec", "The top level of the file is not a mapping.",
             "A spec file is a mapping of `key: value` lines (`name:`, `types:`, ...), not a list or a scalar."),
    CodeInfo("CG007", "spec", "YAML anchors, aliases, merge keys or explicit tags are used.",
             "Write the value out; `&anchor`, `*alias`, `<<:` and `!!tags` are not part of the spec format."),
    CodeInfo("CG008", "spec", "The file holds more than one YAML document.",
             "Put one card per file; remove the second `---`."),
    CodeInfo("CG009", "io", "The file could not be read, or was refused: a FIFO, device or folder, a symbolic "
             "link loop, or a link that leads outside the folders given.",
             "Check that the path is a regular, readable file inside the spec root (links are followed only "
             "within it)."),
    CodeInfo("CG010", "spec", "A `.yml` file is ignored: spec files end in `.yaml`.",
             "Rename the file to `.yaml` (or move it out of the spec folder).", "warning"),
    CodeInfo("CG011", "io", "A folder inside a spec folder was not searched (a symbolic link, or unreadable).",
             "Put the specs in real folders under the spec root, or pass the folder itself.", "warning"),
    # ------------------------------------------------------------------ 1xx: schema and structure
    CodeInfo("CG100", "schema", "The value breaks the spec schema.",
             "Read the message; see the field reference in docs/spec-format.md."),
    CodeInfo("CG101", "schema", "Unknown key.",
             "Remove the key or fix its spelling; the message lists the keys allowed there."),
    CodeInfo("CG102", "yaml", "The same key appears twice in one mapping.",
             "Keep one of them; YAML would silently keep only the last."),
    CodeInfo("CG103", "schema", "A value has the wrong type.",
             "Write the type the message asks for (quote strings such as `'2/2'`, write numbers unquoted)."),
    CodeInfo("CG104", "107.4", "The mana cost is malformed.",
             "Write every symbol in braces, X first then generic then colored: `'{X}{2}{R}'`."),
    CodeInfo("CG105", "schema", "A required key is missing.",
             "Add the key the message names."),
    CodeInfo("CG106", "schema", "A value is not one of the allowed words.",
             "Use one of the values the message lists."),
    CodeInfo("CG107", "schema", "A number is out of range.",
             "Use a number within the bounds the message gives."),
    CodeInfo("CG108", "schema", "A value has the wrong form or length.",
             "Follow the form the message gives (e.g. `2/2`, set code `BLB`, id `snake_case`)."),
    CodeInfo("CG109", "yaml", "A mapping key is not a plain string.",
             "Write keys as words; quote keys YAML reads as booleans or numbers (`'on':`, `'1':`)."),
    CodeInfo("CG110", "spec", "The abilities do not fit the card type.",
             "Instants and sorceries need a `kind: spell` ability; permanents use triggered/static/keyword "
             "abilities and no `kind: spell`."),
    CodeInfo("CG111", "303.4", "`enchant` on a card that is not an Aura, or an Aura without exactly one.",
             "Add subtype `Aura` with one `kind: enchant` ability, or remove the enchant ability."),
    CodeInfo("CG112", "301.5", "`equip` on a card that is not an Equipment.",
             "Add subtype `Equipment` or remove the equip ability."),
    CodeInfo("CG113", "208.1", "Power/toughness on a non-creature, or a creature without it.",
             "Give every Creature (and Vehicle) `pt:`; remove `pt:` from other cards."),
    CodeInfo("CG114", "spec", "A `ref` does not name an earlier effect of the same ability.",
             "Give the earlier effect `id: <name>` and refer to it only from later effects."),
    CodeInfo("CG115", "spec", "Two effects of one card share an `id`.",
             "Rename one; only an `instead_if_promised` branch may reuse its parent's id."),
    CodeInfo("CG116", "spec", "The same printing (set and collector number) is listed twice.",
             "Remove the duplicate printing."),
    CodeInfo("CG117", "115.1", "A target asks for more than it allows (`min` > `max`).",
             "Make `min` at most `max`."),
    CodeInfo("CG118", "702.1", "The same keyword ability is written twice.",
             "Remove the repeated keyword.", "warning"),
    CodeInfo("CG119", "102.1", "An effect only a player can do (draw, discard, mill, gain or lose life) names an "
             "object as who does it.",
             "Name a player: `you`, `each_opponent`, `each_player`, `gift_recipient`, a `{target: {player: ...}}` "
             "or a `{ref: ..., relation: controller|owner}`."),
    CodeInfo("CG129", "601.2c", "A target marked `other_target` (another target than the earlier ones) is the "
             "first target of its ability.",
             "Remove `other_target`, or use `other: true` for \"another target\" meaning other than the source."),
    CodeInfo("CG130", "602.1", "An activated ability without a cost, with both or neither of `effects` and `mana`, "
             "whose `sacrifice` filter is not a kind the engines write, or whose line's cost differs from its `cost`.",
             "Give `cost` (`mana`, `tap: true`, `sacrifice: self` or `{types: [creature]}`, optionally `other: true`, "
             "or `{types: [artifact]}`) as the line prints it, and either `effects` or `mana: any_color`."),
    CodeInfo("CG131", "205.3", "A filter names a subtype that is not one of rule 205.3's.",
             "Write the subtype as printed (\"Rabbit\", \"Mouse\", not \"Mice\"), one of the creature, artifact, "
             "enchantment, land, planeswalker, spell or battle types of rule 205.3."),
    CodeInfo("CG161", "716.2a", "A Class's levels are not its first ability (level 1, no cost) and then levels 2, "
             "3, ... in order with a mana cost each, or `class_level` is on a card that is not a Class.",
             "Start a Class's abilities with `{kind: class_level, level: 1}` (the reminder line) and put "
             "`{kind: class_level, level: N, cost: ...}` before each later level's abilities."),
    CodeInfo("CG136", "702.175a", "`offspring` on a card that is not a creature, or written twice.",
             "Keep one `kind: offspring` ability, on a creature card only."),
    CodeInfo("CG147", "614.1c", "An `enters_tapped` ability on an instant or sorcery, or whose line is not "
             "\"This land enters tapped.\" (or \"This creature enters tapped.\", ...).",
             "Write the line as the card prints it, \"This land enters tapped.\", on a permanent card."),
    CodeInfo("CG148", "614.12", "A `choose_as_enters` ability on an instant or sorcery, or whose line is not "
             "\"As this artifact enters, choose a creature type.\" (\"... choose a color.\"; with `tapped: true`, "
             "\"This land enters tapped. As it enters, choose a color.\").",
             "Write the line as the card prints it, with the `choose` and `tapped` it says, on a permanent card."),
    # ------------------------------------------------------------------ 2xx: the gift rules
    CodeInfo("CG201", "702.174d-i", "Unknown gift kind.",
             "Use one of card, food, treasure, tapped_fish, octopus, extra_turn."),
    CodeInfo("CG202", "702.174a", "More than one gift on a card (a gift cost can't be paid more than once).",
             "Keep a single `gift:` and at most one explicit `give_gift` effect."),
    CodeInfo("CG203", "702.174a", "Gift on a card that is never cast (a Land).",
             "Remove `gift:`; gift is an additional cost to cast a spell."),
    CodeInfo("CG204", "702.174j", "An explicit `give_gift` of an instant or sorcery is not its first effect.",
             "Move `give_gift` to the first effect of the first spell ability, or drop it (it is derived)."),
    CodeInfo("CG205", "702.174b", "An explicit `give_gift` of a permanent is not alone in its own `enters` "
             "trigger with `intervening_if: promised`.",
             "Drop the `give_gift` (the enters trigger is derived) or put it alone in that trigger."),
    CodeInfo("CG206", "702.174m", "A target marked `only_if_promised` is on an effect that happens whether "
             "or not the gift was promised.",
             "Add `condition: promised` to the effect (or move it into an `instead_if_promised` branch), "
             "or drop the mark."),
    CodeInfo("CG207", "702.174m", "An effect conditional on the promise has a target not marked "
             "`only_if_promised`, and nothing later uses that target.",
             "Mark the target `only_if_promised: true` (it is chosen only if the gift was promised).",
             "warning"),
    CodeInfo("CG208", "702.174k", "The promise is tested on a card without gift.",
             "Add `gift:` or remove `condition`, `intervening_if` and `instead_if_promised`."),
    CodeInfo("CG209", "702.174a", "A `give_gift` effect on a card without `gift:`.",
             "Add `gift: <kind>` or remove the effect."),
    CodeInfo("CG210", "702.174b", "`gift_recipient` is used on a card without gift.",
             "Add `gift:` or name another player."),
    CodeInfo("CG211", "702.174b", "A `give_gift` effect carries a condition, replacement or check.",
             "Write `give_gift` bare: whether the gift was promised is part of the gift itself."),
    # ------------------------------------------------------------------ 3xx: printed text
    CodeInfo("CG301", "spec", "The oracle text does not match the abilities.",
             "Make `oracle` and the abilities' `text` agree; the message shows the first differing line."),
    CodeInfo("CG302", "702.174", "The gift line (keyword and reminder text) of the oracle is wrong.",
             "Copy the expected line from the message; the reminder is derived from `gift:`."),
    CodeInfo("CG303", "engine-safety", "Text contains characters that are never printed and could break "
             "out of an engine file (`|`, `$`, `\\`, control characters), or a word Forge replaces (`CARDNAME`, "
             "`NICKNAME`).",
             "Remove the character or word; write line breaks only between oracle lines."),
    CodeInfo("CG304", "702.174k", "An ability's text says \"if the gift was (not) promised\" but none of its "
             "effects (nor its trigger) depends on the promise.",
             "Add `condition: promised`/`not_promised`, `intervening_if: promised` or `instead_if_promised` "
             "where the text says so.", "warning"),
    CodeInfo("CG305", "207.1", "An ability's structure does not mean what its text says: read with the phrasing "
             "forms, the oracle line gives other effects, amounts, targets, conditions or another kind of "
             "ability.",
             "Fix the structure (or the text, if it is the one mistyped); the message names the fields and the "
             "words that differ, what the text says and what the structure says."),
    CodeInfo("CG306", "207.1", "The phrasing forms cannot read an ability's text, so its meaning was not "
             "compared with the structure.",
             "Write `text` exactly as the card prints it; if it is, the forms lack a construct: add its form to "
             "its construct module's `phrasings` (`cardgen/vocab/effects/<kind>.py`; shared grammar in "
             "`cardgen/phrasing/forms.py`; the message names the words not understood).", "warning"),
    CodeInfo("CG307", "xmage-rules-text", "The text XMage will print for an ability (the rules-text model of the "
             "class cardgen writes) differs from its oracle line, compared as XMage's VerifyCardDataTest compares "
             "a class with Oracle data.",
             "Write the oracle as the card prints it today (\"When this creature enters\", \"this Aura\" where "
             "older text named the card); if it is, the structure makes XMage print a part twice (a trigger "
             "phrase, an intervening \"if\" the trigger already says): fix the structure. The message shows both "
             "texts and the first differing word."),
    CodeInfo("CG308", "forge-rules-text", "The descriptions written into the Forge script (which Forge shows as "
             "the card's text) do not say the oracle's lines.",
             "Fix the ability's text or structure; the message shows what Forge will show, the oracle line and "
             "the first differing word."),
    CodeInfo("CG310", "translations", "A translation is in a language the engines have no translation file "
             "for, or the code is misspelt.",
             "Use one of de-DE, es-ES, fr-FR, it-IT, ja-JP, ko-KR, pt-BR, zh-CN (Forge's "
             "`cardnames-<lang>.txt` files), spelt so."),
    CodeInfo("CG311", "translations", "A translation's rules text has not one line per line of the English "
             "oracle: a line is missing, or one too many.",
             "Copy each printed line, in the English order (the gift line with its printed reminder text first); "
             "Forge pairs the lines by position."),
    CodeInfo("CG312", "702.174a", "A gift card's translation does not start with the gift keyword as cards "
             "printed in that language spell it.",
             "Copy the first line from the printed card; the expected phrase is in "
             "cardgen/data/gift_keywords.tsv (read from printed cards)."),
    CodeInfo("CG313", "engine-safety", "A translation's name, type line or text line holds a `|`, a backslash, "
             "a line break, or a word Forge's reader rewrites (`VERT`), which would break out of its line.",
             "Write one printed line per `text` entry, without those characters; printed text never has them."),
    CodeInfo("CG314", "translations", "Two cards of a set have the same translated name in one language.",
             "Copy each card's own printed name; two cards of a set never share one."),
    CodeInfo("CG315", "translations", "No printed gift keyword is known for the translation's language and gift "
             "kind, so its first line was not checked.",
             "Add the phrase, as a card printed in that language spells it, with that card's name, to "
             "cardgen/data/gift_keywords.tsv.", "warning"),
    # ------------------------------------------------------------------ 4xx: names and paths
    CodeInfo("CG401", "201.2", "Two spec files define the same card name.",
             "Keep one spec per card; add printings to it instead of copying it."),
    CodeInfo("CG402", "naming", "The file name is not the card name's slug.",
             "Rename the file to the name the message gives (`cardgen.naming.slug`)."),
    CodeInfo("CG403", "naming", "The card's folder is not the lower-case code of one of its printings' sets.",
             "Move the file to `card_specs/<set code>/` of one of its printings."),
    CodeInfo("CG404", "naming", "A printing names a set without a `set.yaml`.",
             "Add `card_specs/<set code>/set.yaml` or fix the set code."),
    CodeInfo("CG405", "engine-safety", "The card name has a character that could break out of an engine "
             "field or a path.",
             "Use the printed name; `| $ \\ \" / { } < > @`, control characters, `..`, leading or trailing "
             "spaces and Forge's placeholders `CARDNAME`/`NICKNAME` are refused."),
    CodeInfo("CG406", "naming", "A card or set name gives an empty, Windows-reserved or too long file name "
             "(over 255 bytes per name once normalized, which export could not write).",
             "Use the printed name; it must contain ASCII letters or digits and give no file named CON, NUL, "
             "COM1, ... (any case, any extension)."),
    CodeInfo("CG407", "engine-safety", "A subtype, token name or set name has a character that could break "
             "out of an engine field.",
             "Use plain words; the same characters as in card names (but `@`) are refused, and a subtype is "
             "one word (Forge's type line is split on spaces)."),
    CodeInfo("CG408", "naming", "A `set.yaml` is in the wrong folder or repeats another set's code.",
             "Put each set in `card_specs/<lower-case code>/set.yaml`, once."),
    CodeInfo("CG409", "naming", "Two different cards share a set and collector number.",
             "Give each printing the number printed on that card; engines key printings on it."),
    CodeInfo("CG410", "naming", "Two cards or sets give the same engine file or class name (compared ignoring "
             "case and Unicode form, as Windows and macOS do), or a new set the name of a set XMage has.",
             "Rename one; the message names both specs with their lines. `Foo: Bar` and `Foo Bar`, `Fire Ball` "
             "and `Fire-Ball`, `Heist` and `Heist Effect` (the class of Heist's effect) collide."),
    CodeInfo("CG411", "naming", "The name gives an XMage class name that is not usable: a Java keyword, a "
             "`java.lang` class, or a class generated code imports or extends (`Card Impl`, `Uuid`).",
             "Use the printed name; the message says which class it would clash with."),
    CodeInfo("CG412", "naming", "A card name looks like another card's: the two have one Unicode confusables "
             "skeleton (UTS #39), as Cyrillic `Веars` and Latin `Bears` do.",
             "Spell the name in the letters printed on the card; the message names the other card's spec."),
    # ------------------------------------------------------------------ 9xx: internal
    CodeInfo("CG901", None, "A check failed internally (a bug in cardgen, not in the spec).",
             "Report it with the spec file; the other checks still ran."),
)

CODES: dict[str, CodeInfo] = {entry.code: entry for entry in _ENTRIES}
"""code -> CodeInfo, in code order: the codes of spec files."""

_CHECK_ENTRIES = (
    CodeInfo("CHK001", "check", "A scenario's result differs between the spec and an engine's generated file "
             "(read back), or the spec run misses the scenario's expectations.",
             "Read the first differing field or event in the message; fix the spec, the scenario or the "
             "construct's engine form that the difference points at."),
    CodeInfo("CHK002", "check", "A card has no scenario.",
             "Write `scenarios/<set>/<slug>.yaml` with its promised and not-promised behaviour (see "
             "docs/scenario-format.md).", "warning"),
    CodeInfo("XMG300", "xmage-tests", "A part of a scenario XMage's test harness cannot express (an event "
             "log, a rules-text line, ...) was left out of the card's generated XMage test.",
             "Nothing to do: `cardgen check` still plays that part with the resolver; the message names each "
             "part left out.", "note"),
    CodeInfo("XMG301", "xmage-tests", "A scenario of an exported card names a card outside the card pool "
             "(`scenario run`'s \"unknown card\"); export writes nothing.",
             "Export the spec of that card too (or fix the name): the scenario plays with the cards exported "
             "and cardgen's test cards."),
    CodeInfo("XMG302", "xmage-tests", "The reference resolver cannot play a scenario (it fails or the resolver "
             "errs), so the card's generated XMage test has no method for it.",
             "Run `cardgen scenario run` on the file: fix the scenario or the spec it names.", "warning"),
    CodeInfo("DEV001", None, "A scenario shows a recorded engine deviation (docs/engine-deviations.md): the "
             "engine, not the scenario, breaks the rule there, and its generated XMage test is ignored.",
             "Nothing to do until the engine is fixed; then play the scenario in the engine again and remove "
             "the entry from `cardgen/data/engine_deviations.yaml`.", "note"),
    CodeInfo("NEW001", "new", "`cardgen new` left something of the card for you to write or check (a printing "
             "or set left out, an oracle line not drafted, what a run without --dry-run would refuse).",
             "Do what the message says in the drafted spec, then run `cardgen validate --strict` on it.", "note"),
    CodeInfo("NEW002", "new", "`cardgen new` cannot draft or write the spec (the card is not in the data file, "
             "the data cannot be read, the spec file exists, ...); nothing is written.",
             "Follow the message: fix --data or --set, or pass --force to start an existing file again."),
    CodeInfo("NEW003", "new", "The card data holds a control character (ESC, BEL, NUL, ...) or a lone surrogate "
             "in a text `cardgen new` would copy; nothing is written.",
             "Fix the data file (the message names the field and the character); no printed card holds one."),
)

CHECK_CODES: dict[str, CodeInfo] = {entry.code: entry for entry in _CHECK_ENTRIES}
"""code -> CodeInfo for what `check` and `export` find beyond the specs: the behaviour check and the
generated tests."""


def diagnostic(
    code: str,
    message: str,
    location: Location | None = None,
    *,
    rule: str | None = None,
    severity: Severity | None = None,
) -> Diagnostic:
    """A Diagnostic whose rule and severity default to the registry's, so a code means one thing."""
    info = CODES.get(code) or CHECK_CODES[code]
    return Diagnostic(
        code=code,
        message=message,
        location=location,
        rule=rule if rule is not None else info.rule,
        severity=severity if severity is not None else info.severity,
    )


def markdown_table(entries: tuple[CodeInfo, ...] = _ENTRIES) -> str:
    """A code table of the docs (the spec codes by default), generated so it cannot drift from the registry."""
    rows = ["| Code | Rule | Severity | Meaning | How to fix |", "| --- | --- | --- | --- | --- |"]
    for info in entries:
        cells = [info.code, info.rule or "", info.severity, info.summary, info.fix]
        rows.append("| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |")
    return "\n".join(rows)
