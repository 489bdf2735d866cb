"""`cardgen schema`: the JSON Schema of the spec format, for editors and other tools.

The schema is generated from the pydantic model, so it cannot drift from what the loader accepts; the
committed copies under `schema/` are checked for freshness by the tests. Two adjustments: YAML reads
`number: 126` as an integer and the model accepts it (a before-validator turns it into "126"), so the
schema allows a non-negative integer there too; and a discriminated union the model repeats in many
places (every effect's `instead_if_promised` holds any effect, once alone and once in a list) is written
once under `$defs` and referred to, which keeps the file a third of the size with the same meaning.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import click

SCHEMA_DRAFT = "http://json-schema.org/draft-07/schema#"
"""Declared draft: the YAML language server (editor completion) validates with draft-07, and pydantic's
output for this model uses only draft-07 keywords (`$defs` is reached through plain JSON pointers)."""
KINDS: dict[str, tuple[str, str, str]] = {
    # kind -> ($id, title, committed file)
    "card": ("urn:cardgen:schema:card-spec", "cardgen card spec", "schema/card-spec.schema.json"),
    "set": ("urn:cardgen:schema:set", "cardgen set.yaml", "schema/set.schema.json"),
}


def _allow_integer_numbers(schema: dict[str, Any]) -> None:
    """Printing.number: a string like "5a", or an integer as YAML reads `number: 126`."""
    number = schema.get("$defs", {}).get("Printing", {}).get("properties", {}).get("number")
    if number is None or "anyOf" in number:
        return
    title = number.pop("title", "Number")
    string_form = dict(number)
    number.clear()
    number.update({"title": title, "anyOf": [string_form, {"type": "integer", "minimum": 0, "maximum": 9999}]})


UNION_NAMES = {"effect": "AnyEffect", "kind": "AnyAbility"}
"""The `$defs` name of the union told apart by each discriminator field."""


def _share_unions(schema: dict[str, Any]) -> None:
    """Replace every repeated copy of a discriminated union by a `$ref` to one `$defs` entry."""
    defs = schema.get("$defs", {})
    counts: dict[str, int] = {}

    def key(node: dict[str, Any]) -> str | None:
        discriminator = node.get("discriminator")
        if not isinstance(discriminator, dict) or "oneOf" not in node:
            return None
        return UNION_NAMES.get(discriminator.get("propertyName", ""))

    def count(node: Any) -> None:
        if isinstance(node, dict):
            name = key(node)
            if name is not None:
                counts[name] = counts.get(name, 0) + 1
            for value in node.values():
                count(value)
        elif isinstance(node, list):
            for value in node:
                count(value)

    def replace(node: Any) -> Any:
        if isinstance(node, dict):
            name = key(node)
            if name is not None and counts.get(name, 0) > 1:
                shared = {k: v for k, v in node.items() if k != "title"}
                if defs.setdefault(name, shared) != shared:
                    return {k: replace(v) for k, v in node.items()}  # a different union of the same field
                reference: dict[str, Any] = {"$ref": f"#/$defs/{name}"}
                if "title" in node:
                    reference["title"] = node["title"]
                return reference
            return {k: replace(v) for k, v in node.items()}
        if isinstance(node, list):
            return [replace(v) for v in node]
        return node

    count(schema)
    for name, value in list(schema.items()):
        if name != "$defs":
            schema[name] = replace(value)
    for name, value in list(defs.items()):
        if name not in UNION_NAMES.values():
            defs[name] = replace(value)


def _translation_languages(schema: dict[str, Any]) -> None:
    """`translations` keys: the languages engines read (the model takes any text there, so that the
    validator can name them, CG310; an editor can offer them)."""
    from cardgen.engines.forge.cardnames import LANGUAGES

    translations = schema.get("properties", {}).get("translations")
    if translations is not None:
        translations["propertyNames"] = {"enum": list(LANGUAGES)}


def build_schema(kind: str) -> dict[str, Any]:
    """The JSON Schema (draft-07) of a card spec file or of a `set.yaml`."""
    from cardgen.model.card import Card, SetInfo

    identifier, title, _ = KINDS[kind]
    schema = (Card if kind == "card" else SetInfo).model_json_schema()
    _allow_integer_numbers(schema)
    _translation_languages(schema)
    _share_unions(schema)
    return {"$schema": SCHEMA_DRAFT, "$id": identifier, **schema, "title": title}


def schema_text(kind: str) -> str:
    """The schema as committed: sorted keys, two-space indent, non-ASCII kept, LF, trailing newline."""
    return json.dumps(build_schema(kind), indent=2, sort_keys=True, ensure_ascii=False) + "\n"


@click.command("schema")
@click.option("--kind", type=click.Choice(sorted(KINDS)), default="card", show_default=True,
              help="card: a card spec file; set: a set.yaml.")
@click.option("--out", "out_file", type=click.Path(dir_okay=False, path_type=Path),
              help="Write to FILE instead of stdout (only rewritten when it changes).")
@click.option("--check", "check_only", is_flag=True,
              help="Write nothing; exit 1 if FILE (default: the committed copy) is missing or stale (CI).")
def schema(kind: str, out_file: Path | None, check_only: bool) -> None:
    """Write the JSON Schema of the spec format (draft-07), generated from the spec model.

    Editors use it for completion and inline errors on card_specs/**/*.yaml (see docs/ci-integration.md).
    The repository ships the result as schema/card-spec.schema.json and schema/set.schema.json.

    \b
    Examples:
      cardgen schema                                         # card spec schema to stdout
      cardgen schema --out schema/card-spec.schema.json      # refresh the committed copy
      cardgen schema --kind set --out schema/set.schema.json
      cardgen schema --check                                 # CI: fail if the committed copy is stale
    """
    text = schema_text(kind)
    if out_file is None and check_only:
        out_file = Path(KINDS[kind][2])
    if out_file is None:
        click.echo(text, nl=False)
        return
    from cardgen.inputs import Refusal, read_text
    from cardgen.output import atomic_write

    if out_file.is_symlink() and not check_only:  # a committed link to ~/.bashrc must not get the schema
        click.echo(f"schema: error: {out_file} is a symbolic link; cardgen writes no file through a link: "
                   "remove it, or pass the file it leads to", err=True)
        sys.exit(1)
    current: str | Refusal | None = read_text(out_file, 16 << 20) if os.path.lexists(out_file) else None
    if isinstance(current, Refusal):  # a folder, a FIFO, a link loop...: never a read that blocks
        click.echo(f"schema: error: cannot read {out_file}: {current.message}", err=True)
        sys.exit(1)
    if current == text:
        click.echo(f"{out_file} is up to date", err=True)
        return
    if check_only:
        click.echo(f"schema: error: {out_file} is stale; run: cardgen schema --kind {kind} --out {out_file}", err=True)
        sys.exit(1)
    try:
        atomic_write(out_file, text.encode("utf-8"))  # all or nothing: a full disk leaves the old file
    except OSError as error:
        click.echo(f"schema: error: cannot write {out_file}: {error}", err=True)
        sys.exit(1)
    click.echo(f"wrote {out_file}", err=True)
