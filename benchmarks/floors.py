"""The floors cardgen's commands are measured against, as whole processes of their own.

    python benchmarks/floors.py import                 # import pydantic, jinja2, click, yaml
    python benchmarks/floors.py validate CORPUS        # ... + libyaml parse + the card model, per spec
    python benchmarks/floors.py export CORPUS OUT      # ... + one jinja2 render and one write per spec

Each is the least its command could cost with the same libraries: `validate` has to read every file
and hold it to the spec format (the project's own pydantic models), `export` has to do that and write a
rendered file per card. The rest of a command - the gift rules, the naming checks, the engines' forms,
the report - is what the ratio to the floor measures. `benchmarks/run.py` times each command against
its floor in turn, run by run, so that a busy machine slows both alike.
"""

from __future__ import annotations

import sys
from pathlib import Path


def _specs(corpus: Path) -> list[Path]:
    return sorted(path for path in corpus.rglob("*.yaml") if path.name != "set.yaml")


def validate_floor(corpus: Path) -> int:
    """Parse every spec with libyaml and validate it with the card model; the count of cards."""
    import yaml

    from cardgen.model.card import Card

    count = 0
    for path in _specs(corpus):
        Card.model_validate(yaml.load(path.read_bytes(), Loader=yaml.CSafeLoader))
        count += 1
    return count


TEMPLATE = """\
Name:{{ card.name }}
ManaCost:{{ card.mana_cost or "no cost" }}
Types:{{ card.types | join(" ") }}
{% for printing in card.printings %}Printing:{{ printing.set }} {{ printing.number }}
{% endfor %}Oracle:{{ card.oracle }}
"""


def export_floor(corpus: Path, out: Path) -> int:
    """The validate floor, then one jinja2 render per card and a plain write of it."""
    import jinja2
    import yaml

    from cardgen.model.card import Card

    template = jinja2.Environment(keep_trailing_newline=True).from_string(TEMPLATE)
    out.mkdir(parents=True, exist_ok=True)
    count = 0
    for path in _specs(corpus):
        card = Card.model_validate(yaml.load(path.read_bytes(), Loader=yaml.CSafeLoader))
        with open(out / f"{path.stem}.txt", "w", encoding="utf-8", newline="\n") as handle:
            handle.write(template.render(card=card))
        count += 1
    return count


def main(argv: list[str]) -> int:
    what = argv[0] if argv else ""
    if what == "import":
        import click  # noqa: F401
        import jinja2  # noqa: F401
        import pydantic  # noqa: F401
        import yaml  # noqa: F401
    elif what == "validate" and len(argv) == 2:
        validate_floor(Path(argv[1]))
    elif what == "export" and len(argv) == 3:
        export_floor(Path(argv[1]), Path(argv[2]))
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
