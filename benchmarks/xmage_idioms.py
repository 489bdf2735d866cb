"""Measure generated XMage classes side by side with XMage's own classes for the same cards (run by hand).

    python benchmarks/xmage_idioms.py /path/to/mage [--ours output/xmage] [--cards gift]

For every card class under `<ours>/Mage.Sets/src/mage/cards/` that XMage also has (`<mage>` is an XMage
checkout, or any folder holding `Mage.Sets/src/mage/cards/<letter>/<Class>.java` copies), it prints the
code lines of both files, their ratio, and the number of filter fields (`static final Filter... x =`)
each declares. "Code lines" are lines with something besides whitespace, comments, `import` and
`package` statements: what a maintainer reads. `--cards gift` (the default) limits the comparison to
the cards with `gift:` in their spec, plus those triggered by giving a gift (26 cards); `--cards all`
takes every class both sides have. Tests never need this script.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

CARDS = Path("Mage.Sets/src/mage/cards")
FILTER_FIELD = re.compile(r"^\s*(?:private |public |protected )?static final \w*Filter\w*(?:<[^>]*>)?\s+\w+\s*=",
                          re.MULTILINE)


def code_lines(text: str) -> int:
    """Lines a reader reads: not blank, not comments, not package/import statements."""
    count = 0
    in_block = False
    for raw in text.splitlines():
        line = raw.strip()
        if in_block:
            if "*/" in line:
                in_block = False
                line = line.split("*/", 1)[1].strip()
            else:
                continue
        if line.startswith("/*"):
            if "*/" not in line:
                in_block = True
            continue
        if not line or line.startswith("//") or line.startswith(("import ", "package ")):
            continue
        count += 1
    return count


def filter_fields(text: str) -> int:
    return len(FILTER_FIELD.findall(text))


def gift_classes(specs: Path) -> set[str]:
    """Class names of the cards with a gift or a "whenever you give a gift" trigger."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from cardgen.naming import class_name

    names = set()
    for path in sorted(specs.glob("*/*.yaml")):
        text = path.read_text(encoding="utf-8")
        if re.search(r"^gift:", text, re.MULTILINE) or "you_give_gift" in text:
            match = re.search(r"^name: (.+)$", text, re.MULTILINE)
            if match:
                names.add(class_name(match.group(1).strip().strip("'\"")))
    return names


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("mage", type=Path, help="XMage checkout (or a folder with Mage.Sets/src/mage/cards)")
    parser.add_argument("--ours", type=Path, default=Path("output/xmage"))
    parser.add_argument("--specs", type=Path, default=Path("card_specs"))
    parser.add_argument("--cards", choices=("gift", "all"), default="gift")
    args = parser.parse_args(argv)
    wanted = gift_classes(args.specs) if args.cards == "gift" else None
    rows = []
    for ours in sorted((args.ours / CARDS).glob("*/*.java")):
        if wanted is not None and ours.stem not in wanted:
            continue
        theirs = args.mage / CARDS / ours.parent.name / ours.name
        if not theirs.is_file():
            continue
        a, b = ours.read_text(encoding="utf-8"), theirs.read_text(encoding="utf-8")
        rows.append((ours.stem, code_lines(a), code_lines(b), filter_fields(a), filter_fields(b)))
    if not rows:
        print("no class found on both sides", file=sys.stderr)
        return 1
    print(f"{'card':<22} {'ours':>5} {'xmage':>5} {'ratio':>6} {'filters':>8}")
    for name, ours_lines, their_lines, ours_filters, their_filters in rows:
        print(f"{name:<22} {ours_lines:>5} {their_lines:>5} {ours_lines / their_lines:>6.2f} "
              f"{ours_filters:>3} / {their_filters:<3}")
    total_ours = sum(r[1] for r in rows)
    total_theirs = sum(r[2] for r in rows)
    worst = max(rows, key=lambda r: r[1] / r[2])
    print(f"{len(rows)} cards: code lines {total_ours} / {total_theirs} = {total_ours / total_theirs:.2f}x "
          f"(goal <= 1.15x); worst {worst[0]} {worst[1] / worst[2]:.2f}x (goal <= 1.5x); "
          f"filter fields {sum(r[3] for r in rows)} / {sum(r[4] for r in rows)} (goal <= +10%)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
