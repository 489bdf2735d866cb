"""The load layer: from files on disk to validated models, or diagnostics saying why not.

- `yamlload`: the one hardened YAML reader of every file cardgen reads (specs, `set.yaml`, scenarios):
  a fast parse through libyaml (`fast_yaml`) for every file, and a positional re-parse only for a file
  a diagnostic needs positions of;
- `codes`: the table of diagnostic codes every layer above reports through;
- `schema_errors`: a pydantic `ValidationError` as diagnostics in the spec's own words;
- `specs`: spec files found, read and validated into a `Catalog`.

It sits on the model layer (`cardgen.model`) and under everything that checks, renders or plays cards.
"""
