"""YAML parsers side by side on the benchmark corpus: what cardgen's loader uses (libyaml through
`cardgen.load.yamlload.parse_data`, no positions; the pure-Python positional parse) against PyYAML's
`CSafeLoader` and, when they are installed (none is a dependency of cardgen), rapidyaml (PyPI
`rapidyaml`), ruamel.yaml (its C-backed safe loader, and the round-trip loader that keeps positions as
cardgen's positional parse does) and strictyaml (typed, positions, built on ruamel.yaml). Also prints
how each treats what cardgen's loader refuses or reads by YAML 1.1 rules.

Run by hand (never in the test suite):

    python benchmarks/yaml_parsers.py --size 10000
    pip install rapidyaml ruamel.yaml strictyaml && python benchmarks/yaml_parsers.py --size 10000
"""

from __future__ import annotations

import argparse
import gc
import json
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

from corpus import build_corpus  # noqa: E402

PROBES = {
    "duplicate key": "a: 1\na: 2\n",
    "anchor and alias": "a: &x 1\nb: *x\n",
    "tag": "a: !!str 1\n",
    "merge key": "<<: {a: 1}\n",
    "yes (1.1 bool)": "a: yes\n",
    "~ (null)": "a: ~\n",
    "date": "a: 2024-08-02\n",
    "0x1F (int)": "a: 0x1F\n",
    "1e3 (1.1 str)": "a: 1e3\n",
    "-.5 (1.1 str)": "a: -.5\n",
    "@x (reserved)": "a: @x\n",
}


def cpu(call: Callable[[], Any], runs: int) -> float:
    """Best CPU time of `runs` calls, the cyclic collector off (as the loader runs)."""
    best = float("inf")
    for _ in range(runs):
        gc.collect()
        gc.disable()
        start = time.process_time()
        call()
        best = min(best, time.process_time() - start)
        gc.enable()
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=3)
    arguments = parser.parse_args()

    from cardgen.load import yamlload
    from cardgen.load.fast_yaml import _Composer

    with tempfile.TemporaryDirectory(prefix="cardgen-yaml-") as workspace:
        corpus = build_corpus(ROOT / "card_specs", Path(workspace) / "corpus", arguments.size)
        files = sorted(path for path in corpus.rglob("*.yaml") if path.name != "set.yaml")
        raws = [path.read_bytes() for path in files]
    texts = [raw.decode("utf-8") for raw in raws]
    rows: list[tuple[str, float]] = [
        ("cardgen fast parse (libyaml, no positions)", cpu(lambda: [yamlload.parse_data(t) for t in texts],
                                                           arguments.runs)),
        ("libyaml compose alone", cpu(lambda: [_Composer(t).get_single_node() for t in texts], arguments.runs)),
        ("PyYAML CSafeLoader", cpu(lambda: [yaml.load(t, Loader=yaml.CSafeLoader) for t in texts], arguments.runs)),
        ("cardgen positional parse (pure Python)", cpu(lambda: [yamlload.parse_positional(t, "x") for t in texts],
                                                       1)),
    ]
    try:
        import ryml
    except ImportError:
        ryml = None
    if ryml is not None:
        rows.append(("rapidyaml parse", cpu(lambda: [ryml.parse_in_arena(raw) for raw in raws], arguments.runs)))

        def ryml_json() -> None:
            for raw in raws:
                tree = ryml.parse_in_arena(raw)
                json.loads(ryml.emit_json_malloc(tree, tree.root_id()))

        rows.append(("rapidyaml parse + emit JSON + json.loads", cpu(ryml_json, arguments.runs)))
    others = _other_parsers()
    for label, parse in others.items():
        rows.append((label, cpu(lambda parse=parse: [parse(t) for t in texts], 1)))
    print(f"{len(texts)} spec files, best CPU seconds of {arguments.runs} (1 for the pure-Python ones):")
    for label, seconds in rows:
        print(f"  {label:<45} {seconds:7.3f} s  {len(texts) / seconds:>9,.0f} files/s")
    if ryml is not None:
        def ryml_read(text: str) -> Any:
            tree = ryml.parse_in_arena(text.encode())
            emitted = ryml.emit_json_malloc(tree, tree.root_id())
            try:
                return json.loads(emitted)
            except ValueError:
                return f"invalid JSON {emitted.strip()!r}"

        others["rapidyaml"] = ryml_read
    missing = [name for name, module in (("rapidyaml", ryml), ("ruamel.yaml", _module("ruamel.yaml")),
                                         ("strictyaml", _module("strictyaml"))) if module is None]
    if missing:
        print(f"not installed, not compared: {', '.join(missing)}")
    if not others:
        return
    print("what each reads (cardgen: diagnostic code, or the value):")
    for label, text in PROBES.items():
        parsed = yamlload.parse_positional(text, "x")
        ours = ",".join(d.code for d in parsed.diagnostics) or repr(parsed.data)
        print(f"  {label:<18} cardgen: {ours}")
        for name, parse in others.items():
            try:
                theirs = repr(parse(text))
            except Exception as error:  # noqa: BLE001 - a probe: show what happened
                theirs = f"error {type(error).__name__}"
            print(f"  {'':<18} {name}: {theirs}")


def _module(name: str) -> Any:
    import importlib

    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def _other_parsers() -> dict[str, Callable[[str], Any]]:
    """The parsers of the optional libraries that are installed, by label."""
    out: dict[str, Callable[[str], Any]] = {}
    ruamel = _module("ruamel.yaml")
    if ruamel is not None:
        safe = ruamel.YAML(typ="safe")  # C-backed when ruamel.yaml.clib is installed
        rt = ruamel.YAML(typ="rt")  # keeps line and column of every node (`.lc`)
        out["ruamel.yaml safe loader"] = safe.load
        out["ruamel.yaml round-trip loader (positions)"] = rt.load
    strict = _module("strictyaml")
    if strict is not None:
        out["strictyaml (positions, no schema)"] = lambda text: strict.dirty_load(text, allow_flow_style=True).data
    return out


if __name__ == "__main__":
    main()
