"""Rewrite the generated blocks of the docs from the data they show, so they cannot drift from it:

- docs/spec-format.md, `error-codes`: the diagnostic codes (`cardgen.load.codes`);
- docs/engine-deviations.md, `engine-deviations`: the known engine deviations (`cardgen.deviations`);
- docs/constructs.md, `construct-groups`: the typed groups a construct declares, each field with the first
  sentence of its documentation (`cardgen/vocab/construct.py`), and `vocabulary`: the kinds of the registry;
- README.md, `coverage`: how many of the corpus's cards pass each stage of the chain, from the record
  `python benchmarks/coverage.py --record benchmarks/coverage.json` writes.

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
             + "\n\nCodes of the behaviour check, the generated tests and drafting (`check`, `export`, `scenario run`, `new`):\n\n"
             + markdown_table(tuple(CHECK_CODES.values())) + "\n")
    return {("spec-format.md", "error-codes"): codes,
            ("engine-deviations.md", "engine-deviations"): deviations.markdown_table(),
            ("constructs.md", "construct-groups"): construct_groups(),
            ("constructs.md", "vocabulary"): vocabulary(),
            ("../README.md", "coverage"): coverage()}


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
