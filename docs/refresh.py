"""Rewrite the generated blocks of the docs from the data they show, so they cannot drift from it:

- docs/spec-format.md, `error-codes`: the diagnostic codes (`cardgen.load.codes`);
- docs/engine-deviations.md, `engine-deviations`: the known engine deviations (`cardgen.deviations`);
- docs/constructs.md, `construct-groups`: the typed groups a construct declares, each field with the first
  sentence of its documentation (`cardgen/vocab/construct.py`), and `vocabulary`: the kinds of the registry;
- README.md, `coverage`: how many of the corpus's cards pass each stage of the chain, from the record
  `python benchmarks/coverage.py --record benchmarks/coverage.json` writes;
- docs/translations.md, `forge-translations`: per language, the lines `cardgen export` writes
  (output/forge/languages) against Forge's own lines for the same cards (tests/data/forge_cardnames/shipped,
  with the commit each was read at), every difference with its explanation.

Run `python docs/refresh.py` after changing either; `--check` writes nothing and exits 1 when a block is
stale (tests/test_docs.py runs the same comparison).
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent


def blocks() -> dict[tuple[str, str], str]:
    """(doc file name, block name) -> the block's generated body."""
    from cardgen import deviations
    from cardgen.load.codes import CHECK_CODES, markdown_table

    codes = ("Codes of spec files (`validate`, and every command that reads specs):\n\n" + markdown_table()
             + "\n\nCodes of the behaviour check, the generated tests and drafting (`check`, `export`, "
               "`scenario run`, `new`):\n\n"
             + markdown_table(tuple(CHECK_CODES.values())) + "\n")
    return {("spec-format.md", "error-codes"): codes,
            ("engine-deviations.md", "engine-deviations"): deviations.markdown_table(),
            ("constructs.md", "construct-groups"): construct_groups(),
            ("constructs.md", "vocabulary"): vocabulary(),
            ("../README.md", "coverage"): coverage(),
            ("translations.md", "forge-translations"): forge_translations()}


FORGE_LINES = DOCS.parent / "tests" / "data" / "forge_cardnames" / "shipped"
OUR_LINES = DOCS.parent / "output" / "forge" / "languages"


def _lines(path: Path) -> dict[str, str]:
    """English name -> the whole line, of a cardnames file (a missing file has none)."""
    if not path.is_file():
        return {}
    return {line.split("|", 1)[0]: line for line in path.read_text(encoding="utf-8").splitlines() if line}


def _tsv(path: Path) -> list[list[str]]:
    return [line.split("\t") for line in path.read_text(encoding="utf-8").splitlines()
            if line and not line.startswith("#")]


def _where(ours: str, forge: str) -> str:
    """The first field (and rules-text line) in which two lines differ, for the reader to look at."""
    fields = ("name", "type line", "rules text")
    a, b = ours.split("|", 3)[1:], forge.split("|", 3)[1:]
    for index, (x, y) in enumerate(zip(a, b, strict=False)):
        if x != y:
            if index < 2:
                return fields[index]
            for n, (p, q) in enumerate(zip(x.split("\\n"), y.split("\\n"), strict=False), 1):
                if p != q:
                    return f"rules text, line {n}"
            return "rules text, number of lines"
    return "number of fields"


def difference_rows() -> list[tuple[str, str, str, str]]:
    """(language, card, how they differ, explanation or "") for every card whose lines differ or that one
    side lacks; an empty explanation is a difference nobody has explained yet."""
    explained = {(row[0], row[1]): f"{row[2]}'s error: {row[3]}" for row in _tsv(FORGE_LINES / "differences.tsv")}
    rows = []
    for language in sorted(row[0] for row in _tsv(FORGE_LINES / "commits.tsv")):
        ours = _lines(OUR_LINES / f"cardnames-{language}.txt")
        forge = _lines(FORGE_LINES / f"cardnames-{language}.txt")
        for card in sorted(set(ours) | set(forge)):
            if card not in forge:
                rows.append((language, card, "Forge's file has no line", "an addition: `cardgen install` adds it"))
            elif card not in ours:
                rows.append((language, card, "Forge has a line, the spec no translation",
                             explained.get((language, card), "")))
            elif ours[card] != forge[card]:
                rows.append((language, card, f"differs in the {_where(ours[card], forge[card])}",
                             explained.get((language, card), "")))
    return rows


def forge_translations() -> str:
    """Per language: how many of cardgen's lines equal Forge's own byte for byte, and each difference."""
    commits = {row[0]: row[1] for row in _tsv(FORGE_LINES / "commits.tsv")}
    differences = difference_rows()
    out = ["| language | Forge's file read at | cardgen's lines | equal to Forge's | different | Forge has none | "
           "Forge only |", "| --- | --- | --- | --- | --- | --- | --- |"]
    for language, commit in sorted(commits.items()):
        ours = _lines(OUR_LINES / f"cardnames-{language}.txt")
        forge = _lines(FORGE_LINES / f"cardnames-{language}.txt")
        equal = sum(1 for card, line in ours.items() if forge.get(card) == line)
        different = sum(1 for card, line in ours.items() if card in forge and forge[card] != line)
        out.append(f"| {language} | `{commit[:10]}` | {len(ours)} | {equal} | {different} | "
                   f"{sum(1 for card in ours if card not in forge)} | {sum(1 for card in forge if card not in ours)} |")
    out += ["", "Every line that is not equal:", ""]
    if differences:
        out += ["| language | card | how | explanation |", "| --- | --- | --- | --- |"]
        out += [f"| {language} | {card} | {how} | {why or '**not explained**'} |"
                for language, card, how, why in differences]
    else:
        out.append("none.")
    return "\n".join(out) + "\n"


def coverage() -> str:
    """The README's coverage table, from the committed record of `benchmarks/coverage.py`."""
    import importlib.util
    import json

    spec = importlib.util.spec_from_file_location("coverage_tool", DOCS.parent / "benchmarks" / "coverage.py")
    assert spec is not None and spec.loader is not None
    tool = sys.modules.setdefault(spec.name, importlib.util.module_from_spec(spec))  # dataclasses look it up
    spec.loader.exec_module(tool)
    return str(tool.markdown_table(json.loads(tool.RECORD.read_text(encoding="utf-8"))))


def _first_sentence(text: str) -> str:
    flat = " ".join(text.split())
    end = next((i for i in range(len(flat)) if flat[i] == "." and (i + 1 == len(flat) or flat[i + 1] == " ")
                and not flat[max(0, i - 3):i].endswith(("e.g", "i.e"))), len(flat) - 1)
    return flat[:end + 1].replace("|", "\\|")


def construct_groups() -> str:
    """One table per class of `cardgen/vocab/construct.py` that a construct module fills (its fields, their
    types and the first sentence of each field's documentation), read from the source."""
    source = (DOCS.parent / "cardgen" / "vocab" / "construct.py").read_text(encoding="utf-8")
    out: list[str] = []
    for node in ast.parse(source).body:
        if not (isinstance(node, ast.ClassDef) and any(getattr(b, "id", "") == "Group" or
                                                        getattr(getattr(b, "value", None), "id", "") == "Group"
                                                        for b in node.bases)):
            continue
        doc = ast.get_docstring(node) or ""
        rows = []
        body = node.body
        for index, item in enumerate(body):
            if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                after = body[index + 1] if index + 1 < len(body) else None
                text = after.value.value if isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant) \
                    and isinstance(after.value.value, str) else ""
                required = "" if item.value is not None else " (required)"
                kind = ast.unparse(item.annotation).replace("|", "or")
                rows.append(f"| `{item.target.id}`{required} | `{kind}` | {_first_sentence(text)} |")
        out += [f"**`{node.name}`** — {_first_sentence(doc)}", "", "| field | type | holds |", "| --- | --- | --- |",
                *rows, ""]
    return "\n".join(out)


def vocabulary() -> str:
    """The kinds each registry holds, in registry order (its modules, sorted)."""
    from cardgen import vocab
    from cardgen.vocab import subject

    registries = [("effects", "cardgen/vocab/effects/", vocab.EFFECTS), ("ability kinds", "cardgen/vocab/abilities/",
                  vocab.ABILITIES), ("trigger events", "cardgen/vocab/events/", vocab.EVENTS),
                  ("subject kinds", "cardgen/vocab/subject_kinds/", subject.SUBJECTS),
                  ("amount kinds", "cardgen/vocab/amounts/", vocab.AMOUNTS),
                  ("conditions", "cardgen/vocab/conditions/", vocab.CONDITIONS),
                  ("durations", "cardgen/vocab/durations/", vocab.DURATIONS)]
    rows = [f"| {name} | `{folder}` | {len(kinds)} | {', '.join(f'`{kind}`' for kind in kinds)} |"
            for name, folder, kinds in registries]
    return "\n".join(["| registry | modules | kinds | each kind |", "| --- | --- | --- | --- |", *rows])


def refreshed(text: str, name: str, body: str) -> str:
    """`text` with the block `name` (between `<!-- BEGIN name -->` and `<!-- END name -->`) set to `body`."""
    begin, end = f"<!-- BEGIN {name} -->\n", f"<!-- END {name} -->"
    if begin not in text or end not in text:
        raise SystemExit(f"the block {name} is missing its BEGIN/END lines")
    head, rest = text.split(begin, 1)
    return head + begin + "\n" + body.rstrip("\n") + "\n\n" + end + rest.split(end, 1)[1]


def main() -> None:
    sys.path.insert(0, str(DOCS.parent))
    check = "--check" in sys.argv[1:]
    stale = []
    for (file, name), body in blocks().items():
        path = DOCS / file
        text = path.read_text(encoding="utf-8")
        fresh = refreshed(text, name, body)
        if fresh != text:
            stale.append(f"docs/{file} ({name})")
            if not check:
                path.write_text(fresh, encoding="utf-8", newline="\n")
    verb = "stale" if check else "rewritten"
    print(f"{verb}: {', '.join(stale)}" if stale else "docs are fresh")
    sys.exit(1 if check and stale else 0)


if __name__ == "__main__":
    main()
