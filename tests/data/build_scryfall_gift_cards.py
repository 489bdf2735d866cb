"""Write `scryfall_gift_cards.json` (the printed gift cards) and `scryfall_invented_gift_cards.json` (the
invented ones of `invented/`) in Scryfall's bulk-data format.

The printed cards are the shipped specs of every set that is not a test set. Their printed facts (name,
cost, type line, P/T and the current Oracle text) come from current card data, never from a spec: for
Bloomburrow and its Commander set from the Scryfall-format corpus (`blb-cards.json`, `blc-cards.json`),
for the others from `OTHER_SETS` below (public card data, source named per card). Each printing's set,
number, rarity and art variant (which Scryfall says with `frame_effects`, `promo`), and each set's name,
date and type, and the printed text in other languages (the spec's `translations`, as card objects of
other `lang`s of its first printing), come from the shipped specs, because the corpus lists main
printings only. The invented
cards' printed facts come from their specs in `invented/` (only the printed fields: the drafter never
sees the abilities). Run from the repository root:

    python tests/data/build_scryfall_gift_cards.py /path/to/shared/reference/bloomburrow
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
FRAME_EFFECTS = {"showcase": ["showcase"], "extended_art": ["extendedart"]}
SCRYFALL_LANG = {"de-DE": "de", "es-ES": "es", "fr-FR": "fr", "it-IT": "it", "ja-JP": "ja", "ko-KR": "ko",
                 "pt-BR": "pt", "zh-CN": "zhs"}
"""The spec's languages as Scryfall's `lang` codes."""


def translated(entry: dict, spec: dict) -> list[dict]:
    """Scryfall's card objects of the same printing in the other languages the shipped spec carries (the
    printed text of its first printing), as "All Cards" holds them."""
    out = []
    for language, translation in spec.get("translations", {}).items():
        out.append({**entry, "lang": SCRYFALL_LANG[language], "printed_name": translation["name"],
                    "printed_type_line": translation["type_line"],
                    "printed_text": "\n".join(translation.get("text", []))})
    return out



CORPUS_FILES = ("blb-cards.json", "blc-cards.json")

OTHER_SETS: dict[str, dict[str, str]] = {
    # Gatherer (multiverse id 671192): the extra turn's reminder has no "before its other effects".
    "Perch Protection": {
        "mana_cost": "{4}{W}{W}", "type_line": "Instant",
        "oracle_text": "Gift an extra turn (You may promise an opponent a gift as you cast this spell. If you do, "
                       "they take an extra turn after this one.)\nCreate four 2/2 blue Bird creature tokens with "
                       "flying. If the gift was promised, all permanents you control phase out, and until your "
                       "next turn, your life total can't change and you gain protection from everything.\n"
                       "Exile Perch Protection.",
    },
    # Public Scryfall-derived card data (several card files agree): the Treasure's "Sacrifice this token".
    "Bilbo's Gambit": {
        "mana_cost": "{1}{W}", "type_line": "Instant",
        "oracle_text": "Gift a Treasure (You may promise an opponent a gift as you cast this spell. If you do, they "
                       "create a Treasure token before its other effects. It's an artifact with \"{T}, Sacrifice "
                       "this token: Add one mana of any color.\")\nReturn target spell to its owner's hand. If "
                       "the gift was promised, players can't cast spells this turn.",
    },
}
"""Current Oracle text of the printed cards outside the Bloomburrow corpus."""


def shipped() -> tuple[dict[str, dict], dict[str, dict]]:
    specs, sets = {}, {}
    for path in sorted((REPO / "card_specs").glob("*/*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if path.name == "set.yaml":
            sets[data["code"]] = data
        else:
            specs[data["name"]] = data
    return specs, sets


def _write(name: str, entries: list[dict]) -> None:
    text = json.dumps(entries, indent=1, ensure_ascii=False) + "\n"
    (HERE / name).write_text(text, encoding="utf-8")


def invented() -> list[dict]:
    root = HERE / "invented"
    sets = {}
    for path in root.glob("*/set.yaml"):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        sets[data["code"]] = data
    out = []
    for path in sorted(root.glob("*/*.yaml")):
        if path.name == "set.yaml":
            continue
        card = yaml.safe_load(path.read_text(encoding="utf-8"))
        type_line = " ".join(card["types"]) + (" \u2014 " + " ".join(card["subtypes"]) if card.get("subtypes") else "")
        for printing in card["printings"]:
            code = printing["set"]
            entry = {"object": "card", "name": card["name"], "lang": "en",
                     "released_at": str(sets[code]["release_date"]), "layout": "normal",
                     "mana_cost": card["mana_cost"], "type_line": type_line, "oracle_text": card["oracle"]}
            if card.get("pt"):
                entry["power"], entry["toughness"] = str(card["pt"]).split("/")
            entry.update({"set": code.lower(), "set_name": sets[code]["name"], "set_type": sets[code]["type"],
                          "collector_number": str(printing["number"]), "rarity": printing["rarity"]})
            out.append(entry)
    return out


def current_facts(corpus: Path) -> dict[str, dict]:
    """Name -> the current printed facts (cost, type line, P/T, Oracle text) of every printed card."""
    facts: dict[str, dict] = {name: dict(card) for name, card in OTHER_SETS.items()}
    for file_name in CORPUS_FILES:
        for card in json.loads((corpus / file_name).read_text(encoding="utf-8")):
            keep = {key: card[key] for key in ("mana_cost", "type_line", "oracle_text", "power", "toughness")
                    if key in card}
            facts.setdefault(card["name"], keep)
    return facts


def main(corpus: Path) -> None:
    specs, sets = shipped()
    facts = current_facts(corpus)
    out = []
    for name, spec in sorted(specs.items()):
        printed = [p for p in spec["printings"] if sets[p["set"]]["type"] != "test"]
        if not printed:
            continue
        card = facts[name]
        for printing in printed:
            code = printing["set"]
            variant = printing.get("variant")
            entry = {"object": "card", "name": name, "lang": "en", "released_at": str(sets[code]["release_date"]),
                     "layout": "normal", **{k: card[k] for k in ("mana_cost", "type_line", "oracle_text")}}
            if "power" in card:
                entry["power"], entry["toughness"] = card["power"], card["toughness"]
            entry.update({"set": code.lower(), "set_name": sets[code]["name"], "set_type": sets[code]["type"],
                          "collector_number": str(printing["number"]), "rarity": printing["rarity"],
                          "promo": variant == "promo", "border_color": "black", "full_art": False})
            if variant in FRAME_EFFECTS:
                entry["frame_effects"] = FRAME_EFFECTS[variant]
            out.append(entry)
            if printing is spec["printings"][0]:
                out.extend(translated(entry, spec))
    _write("scryfall_gift_cards.json", out)
    _write("scryfall_invented_gift_cards.json", invented())


if __name__ == "__main__":
    main(Path(sys.argv[1]))
