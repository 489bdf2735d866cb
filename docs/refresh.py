"""Rewrite the generated blocks of the docs from the data they show, so they cannot drift from it:

- docs/spec-format.md, `error-codes`: the diagnostic codes (`cardgen.load.codes`);
- docs/engine-deviations.md, `engine-deviations`: the known engine deviations (`cardgen.deviations`).

Run `python docs/refresh.py` after changing either; `--check` writes nothing and exits 1 when a block is
stale (tests/test_docs.py runs the same comparison).
"""

from __future__ import annotations

import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent


def blocks() -> dict[tuple[str, str], str]:
    """(doc file name, block name) -> the block's generated body."""
    from cardgen import deviations
    from cardgen.load.codes import CHECK_CODES, markdown_table

    codes = ("Codes of spec files (`validate`, and every command that reads specs):\n\n" + markdown_table()
             + "\n\nCodes of the behaviour check and the generated tests (`check`, `export`, `scenario run`):\n\n"
             + markdown_table(tuple(CHECK_CODES.values())) + "\n")
    return {("spec-format.md", "error-codes"): codes,
            ("engine-deviations.md", "engine-deviations"): deviations.markdown_table()}


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
