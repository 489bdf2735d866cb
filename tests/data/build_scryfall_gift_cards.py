"""Write `scryfall_gift_cards.json` (the printed gift cards) and `scryfall_invented_gift_cards.json` (the
invented ones of `invented/`) in Scryfall's bulk-data format.

The printed facts (name, cost, type line, P/T, oracle text, set, collector number, rarity) come from the
project's reference list of gift cards; the art variant of each printing (which Scryfall says with
`frame_effects`, `promo`), each set's name, date and type, and the printed text in other languages (the
spec's `translations`, as card objects of other `lang`s of its first printing) come from the shipped
specs, because the reference list does not record them. The invented cards' printed facts come from their specs in
`invented/` (only the printed fields: the drafter never sees the abilities). Run from the repository root:

    python tests/data/build_scryfall_gift_cards.py /path/to/shared/reference/gift_cards.yaml
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


def main(reference: Path) -> None:
    cards = yaml.safe_load(reference.read_text(encoding="utf-8"))["cards"]
    specs, sets = shipped()
    out = []
    for card in cards:
        variants = {(p["set"], str(p["number"])): p.get("variant") for p in specs[card["name"]]["printings"]}
        type_line = " ".join(card["types"]) + (" \u2014 " + " ".join(card["subtypes"]) if card["subtypes"] else "")
        for printing in card["printings"]:
            code = printing["set"]
            variant = variants.get((code, str(printing["number"])))
            entry = {"object": "card", "name": card["name"], "lang": "en",
                     "released_at": str(sets[code]["release_date"]), "layout": "normal",
                     "mana_cost": card["mana_cost"], "type_line": type_line, "oracle_text": card["oracle"]}
            if card.get("pt"):
                entry["power"], entry["toughness"] = str(card["pt"]).split("/")
            entry.update({"set": code.lower(), "set_name": sets[code]["name"], "set_type": sets[code]["type"],
                          "collector_number": str(printing["number"]), "rarity": printing["rarity"],
                          "promo": variant == "promo", "border_color": "black", "full_art": False})
            if variant in FRAME_EFFECTS:
                entry["frame_effects"] = FRAME_EFFECTS[variant]
            out.append(entry)
            first = specs[card["name"]]["printings"][0]
            if (first["set"], str(first["number"])) == (code, str(printing["number"])):
                out.extend(translated(entry, specs[card["name"]]))
    _write("scryfall_gift_cards.json", out)
    _write("scryfall_invented_gift_cards.json", invented())


if __name__ == "__main__":
    main(Path(sys.argv[1]))
