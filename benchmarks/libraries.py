"""cardgen's hand-written file lock, path checks and streaming JSON reader against the libraries that
could replace them (filelock, pathvalidate, ijson): what each refuses among hostile inputs, and speed.
The YAML loader's comparison is benchmarks/yaml_parsers.py. None of the libraries is a dependency of
cardgen; a library that is not installed is left out.

Run by hand (never in the test suite):

    pip install --target /tmp/libs filelock pathvalidate ijson
    PYTHONPATH=. python benchmarks/libraries.py --libs /tmp/libs
"""

from __future__ import annotations

import argparse
import importlib
import io
import json
import sys
import tempfile
import time
import timeit
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PATHS = ["../escape.txt", "/etc/passwd", "a//b.txt", ".hidden/x.txt", "a\\b.txt", "c/con.txt", "c/CON",
         "c/com\u00b9.txt", "c/lpt0.txt", "x/aux.java", "c/ok_name.txt", "c/" + "\u00e9" * 100 + ".txt",
         "c/" + "e" * 300 + ".txt", "c/name. ", "c/a:b.txt", "c/nul\x00.txt"]
JSON = ['[{"a": 1}, {"b": 2}', '[{"a": 1}] trailing', "[NaN]", "[1, 2,]", '{"a": 1, "a": 2}',
        "[" * 5000 + "]" * 5000, '["\\ud800"]', "[1e999]", '["a\x01b"]', "[01]"]


def _per_call(function: Callable[[], object], number: int) -> float:
    """Best of 5 runs, microseconds per call."""
    return min(timeit.repeat(function, number=number, repeat=5)) / number * 1e6


def _optional(name: str) -> Any:
    try:
        return importlib.import_module(name)
    except ImportError:
        print(f"not installed, not compared: {name}")
        return None


def locks() -> None:
    from cardgen.lock import FolderLocked, exclusive

    filelock = _optional("filelock")
    print("\n## File lock: one acquire and release (µs), a second lock while held\n")
    print("| lock | µs | second lock | left in the folder |\n| --- | --- | --- | --- |")
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)

        def ours() -> None:
            with exclusive(folder, "export"):
                pass

        refused = "taken"
        with exclusive(folder, "export"):
            try:
                with exclusive(folder, "export"):
                    pass
            except FolderLocked:
                refused = "refused"
        print(f"| cardgen.lock | {_per_call(ours, 2000):.1f} | {refused} | nothing |")
        if filelock is None:
            return
        path = str(folder / ".lock")

        def theirs() -> None:
            with filelock.FileLock(path, timeout=0):
                pass

        took = _per_call(theirs, 2000)
        held = filelock.FileLock(path, timeout=0)
        held.acquire()
        try:
            with filelock.FileLock(path, timeout=0):
                refused = "taken"
        except filelock.Timeout:
            refused = "refused"
        held.release()
        left = ", ".join(sorted(entry.name for entry in folder.iterdir())) or "nothing"
        print(f"| filelock {filelock.__version__} | {took:.1f} | {refused} | {left} |")


def paths() -> None:
    from cardgen.naming import WINDOWS_RESERVED, fold
    from cardgen.output import UnsafePathError, safe_relative
    from cardgen.validate.naming import MAX_NAME_BYTES, _name_bytes

    pathvalidate = _optional("pathvalidate")

    def ours(path: str) -> str:
        try:
            safe_relative(path)
        except UnsafePathError:
            return "refused"
        name = path.rsplit("/", 1)[-1]
        if fold(name).split(".", 1)[0] in WINDOWS_RESERVED:
            return "refused (reserved)"
        return "refused (length)" if _name_bytes(name) > MAX_NAME_BYTES else "ok"

    def theirs(path: str) -> str:
        try:
            pathvalidate.validate_filepath(path, platform="universal")
        except pathvalidate.ValidationError as error:
            return f"refused ({error.reason.name.lower()})"
        return "ok"

    print("\n## Output paths (cardgen: safe_relative, reserved names, bytes per name; pathvalidate: "
          "validate_filepath, universal)\n")
    print("| path | cardgen | pathvalidate |\n| --- | --- | --- |")
    for path in PATHS:
        print(f"| `{path[:30]!r}` | {ours(path)} | {theirs(path) if pathvalidate else '-'} |")
    names = [f"c/card_name_{index}.txt" for index in range(1000)]
    mine = _per_call(lambda: [ours(name) for name in names], 20) / 1000
    line = f"\n1000 paths: cardgen {mine:.2f} µs per path"
    if pathvalidate is not None:
        other = _per_call(lambda: [theirs(name) for name in names], 20) / 1000
        line += f", pathvalidate {pathvalidate.__version__} {other:.2f} µs ({other / mine:.1f}x)"
    print(line)


def streams() -> None:
    from cardgen.scaffold.jsonstream import JsonFormatError, JsonStream

    ijson = _optional("ijson")

    def ours(text: str) -> str:
        try:
            stream = JsonStream(io.StringIO(text))
            if text.startswith("["):
                list(stream.values())
            else:
                stream.value()
            stream.end()
        except JsonFormatError as error:
            return f"refused at character {error.offset}"
        return "ok"

    def theirs(text: str) -> str:
        try:
            list(ijson.items(io.BytesIO(text.encode("utf-8", "surrogatepass")), "item" if text.startswith("[") else ""))
        except Exception as error:  # noqa: BLE001 - ijson's errors have no common base but Exception
            return f"refused ({type(error).__name__}, no offset)"
        return "ok"

    print("\n## Streaming JSON (cardgen: JsonStream; ijson: items)\n")
    print("| input | cardgen | ijson |\n| --- | --- | --- |")
    for text in JSON:
        print(f"| `{text[:22]!r}` | {ours(text)} | {theirs(text) if ijson else '-'} |")
    sample = json.loads((ROOT / "tests" / "data" / "scryfall_sample.json").read_text(encoding="utf-8"))
    big = json.dumps(sample * max(1, 20000 // len(sample)))
    size = len(big.encode()) / 1e6
    start = time.perf_counter()
    count = sum(1 for _ in JsonStream(io.StringIO(big)).values())
    mine = time.perf_counter() - start
    line = f"\n{count} cards, {size:.0f} MB: cardgen {mine:.2f} s"
    if ijson is not None:
        start = time.perf_counter()
        sum(1 for _ in ijson.items(io.BytesIO(big.encode()), "item"))
        other = time.perf_counter() - start
        line += f", ijson {ijson.__version__} ({ijson.backend}) {other:.2f} s ({mine / other:.1f}x of its time)"
    print(line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--libs", type=Path, help="a folder the libraries were installed into (pip --target)")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    if args.libs is not None:
        sys.path.append(str(args.libs))
    locks()
    paths()
    streams()


if __name__ == "__main__":
    main()
