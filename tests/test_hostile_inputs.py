"""Hostile and unlucky inputs against every command: odd encodings, YAML features the formats refuse,
links out of the output, signals and full disks while writing, wrongly typed card data, cache files that
are not what they seem. Each ends as the project's rules say: exit 1 with a code and file:line:column for
bad input, 2 for usage, never a traceback, nothing written on failure, nothing outside the output folder,
no hang. Processes and real file systems where it matters; the subprocess timeouts are only guards.
"""

from __future__ import annotations

import gzip
import json
import os
import resource
import shutil
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from cardgen.cli import cli

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX links, FIFOs, signals and limits")

ROOT = Path(__file__).resolve().parents[1]
CGT = ROOT / "card_specs" / "cgt"
GUARD = 120


def run(*args: str, cwd: Path, limit_file: int | None = None, limit_memory: int | None = None,
        stdout: int | None = None) -> subprocess.CompletedProcess[str]:
    """`cardgen ARGS` as a process, with an optional file-size (`ulimit -f`) or address-space (`ulimit -v`)
    limit in bytes."""
    def limits() -> None:
        if limit_file is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit_file, limit_file))
        if limit_memory is not None:
            resource.setrlimit(resource.RLIMIT_AS, (limit_memory, limit_memory))

    return subprocess.run([sys.executable, "-m", "cardgen", *args], cwd=cwd, env=dict(os.environ, PYTHONPATH=str(ROOT)),
                          stdout=subprocess.PIPE if stdout is None else stdout, stderr=subprocess.PIPE, text=True,
                          preexec_fn=limits, timeout=GUARD)


def export_args(tmp_path: Path, *args: str) -> list[str]:
    """`export` of `args` with a folder of no scenarios (the project's own name cards these specs lack)."""
    (tmp_path / "no-scenarios").mkdir(exist_ok=True)
    return ["export", "--scenarios", str(tmp_path / "no-scenarios"), *args]


def invoke(*args: str) -> Result:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=True)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output
    return result


def specs(tmp_path: Path, *names: str) -> Path:
    """A spec root with the test set and a few of its cards."""
    folder = tmp_path / "specs" / "cgt"
    folder.mkdir(parents=True)
    for name in ("set.yaml", "grizzly_bears.yaml", "forest.yaml", "shock.yaml", *names):
        shutil.copy(CGT / name, folder)
    return tmp_path / "specs"


def files(root: Path) -> list[str]:
    return sorted(str(path.relative_to(root)) for path in root.rglob("*") if not path.is_dir()) if root.exists() \
        else []


def tree(root: Path) -> dict[str, bytes]:
    return {str(path.relative_to(root)): path.read_bytes() for path in root.rglob("*") if path.is_file()}


def validate_json(path: Path) -> tuple[int, list[dict]]:
    result = invoke("validate", "--format", "json", str(path))
    return result.exit_code, json.loads(result.stdout)["diagnostics"]


# --------------------------------------------------------------------------------- encodings


@pytest.mark.parametrize(("encoding", "named"), [("utf-16", "UTF-16 (little-endian byte order mark)"),
                                                 ("utf-16-be", "UTF-16 (big-endian, without a byte order mark)"),
                                                 ("utf-32", "UTF-32 (little-endian byte order mark)")])
def test_a_spec_saved_as_utf16_or_utf32_is_named_so(tmp_path: Path, encoding: str, named: str) -> None:
    root = specs(tmp_path)
    shock = root / "cgt" / "shock.yaml"
    shock.write_bytes(shock.read_text(encoding="utf-8").encode(encoding))
    code, found = validate_json(root)
    assert code == 1
    assert [(d["code"], Path(d["file"]).name, d["line"], d["column"]) for d in found] == [("CG002", "shock.yaml", 1, 1)]
    assert named in found[0]["message"] and "save it as UTF-8" in found[0]["message"]


def test_a_lone_surrogate_escape_in_a_spec_is_named(tmp_path: Path) -> None:
    root = specs(tmp_path)
    shock = root / "cgt" / "shock.yaml"
    shock.write_text(shock.read_text(encoding="utf-8").replace("name: Shock", 'name: "Sh\\ud800ock"'),
                     encoding="utf-8")
    code, found = validate_json(root)
    assert code == 1 and [d["code"] for d in found] == ["CG002"]
    assert "lone surrogate" in found[0]["message"] and "Input should be" not in found[0]["message"]


def test_a_crlf_spec_is_read_and_exported_with_lf_only(tmp_path: Path) -> None:
    root = specs(tmp_path)
    for path in (root / "cgt").iterdir():
        path.write_bytes(path.read_bytes().replace(b"\n", b"\r\n"))
    assert invoke("validate", str(root)).exit_code == 0
    out = tmp_path / "out"
    (tmp_path / "none").mkdir()
    assert invoke("export", "--out", str(out), "--scenarios", str(tmp_path / "none"), str(root)).exit_code == 0
    written = tree(out)
    assert written and not [name for name, data in written.items() if b"\r" in data]


@pytest.mark.parametrize(("line", "code"), [
    ("<<: {name: Shock}", "CG007"),                                          # a merge key
    ("name: !!python/object/apply:os.system ['touch pwned']", "CG007"),     # a Python tag
    ("name: &n Shock", "CG007"),                                             # an anchor
])
def test_yaml_features_a_spec_may_not_use_are_refused_at_their_line(tmp_path: Path, line: str, code: str) -> None:
    root = specs(tmp_path)
    shock = root / "cgt" / "shock.yaml"
    shock.write_text(shock.read_text(encoding="utf-8").replace("name: Shock", line), encoding="utf-8")
    status, found = validate_json(root)
    assert status == 1 and [(d["code"], d["line"]) for d in found] == [(code, 1)]
    assert not (tmp_path / "pwned").exists() and not Path("pwned").exists()


def test_a_spec_vanishing_between_listing_and_reading_is_reported(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    from cardgen.load import specs as specs_module

    root = specs(tmp_path)
    real = specs_module.read_limited

    listed = root / "cgt" / "shock.yaml"

    def vanishing(path: object, *args: object, **kwargs: object) -> object:
        if Path(str(path)) == listed and listed.exists():  # this copy only, never the shipped card
            listed.unlink()
        return real(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(specs_module, "read_limited", vanishing)
    code, found = validate_json(root)
    assert code == 1 and [(d["code"], Path(d["file"]).name) for d in found] == [("CG009", "shock.yaml")]
    shutil.copy(CGT / "shock.yaml", listed)  # listed again, and gone again as export reads it
    export = invoke(*export_args(tmp_path, "--out", str(tmp_path / "out"), str(root)))
    assert export.exit_code == 1 and "CG009" in export.output and not (tmp_path / "out").exists()


# --------------------------------------------------------------------------------- scenarios


SCENARIO = """\
card: Shock
scenarios:
  - name: one
    players:
      alice: {hand: [Shock]}
      bob: {}
    expect:
      players:
        alice: {EXPECT}
"""


def scenario_run(tmp_path: Path, text: str | bytes, *extra: str) -> Result:
    root = specs(tmp_path)
    folder = tmp_path / "scen"
    folder.mkdir()
    target = folder / "s.yaml"
    if isinstance(text, bytes):
        target.write_bytes(text)
    else:
        target.write_text(text, encoding="utf-8")
    return invoke("scenario", "run", "--specs", str(root), *extra, str(folder))


@pytest.mark.parametrize(("expect", "column", "words"), [
    ("mana_pool: {G: 1}", 17, "`mana_pool` takes a whole number (the amount of mana in the pool, e.g. `mana_pool: 2`), "
                              "found a mapping"),
    ("mana_pool: lots", 17, "found a string 'lots'"),
    ("mana_pool: [1]", 17, "found a list"),
    ("life: '12'", 17, "found a string '12' (write the number without quotes)"),
    ("graveyard: true", 17, "`graveyard` takes a whole number or a list or a mapping"),   # was read as a count of 1
])
def test_a_scenario_value_of_the_wrong_type_says_what_the_key_takes(tmp_path: Path, expect: str, column: int,
                                                                   words: str) -> None:
    result = scenario_run(tmp_path, SCENARIO.replace("EXPECT", expect))
    assert result.exit_code == 1
    [line] = [line for line in result.output.splitlines() if "SC002" in line]
    assert line.startswith(f"{tmp_path / 'scen' / 's.yaml'}:9:{column}: error SC002")
    assert words in line and "Input should be" not in line


def test_a_scenario_value_of_the_wrong_type_is_the_same_error_for_check(tmp_path: Path) -> None:
    result = scenario_run(tmp_path, SCENARIO.replace("EXPECT", "mana_pool: {G: 1}"))
    check = invoke("check", "--scenarios", str(tmp_path / "scen"), str(tmp_path / "specs"))
    assert check.exit_code == 1
    assert "`mana_pool` takes a whole number" in check.output and "Input should be" not in check.output
    assert result.exit_code == 1


def test_a_scenario_file_in_utf16_is_named_so(tmp_path: Path) -> None:
    result = scenario_run(tmp_path, SCENARIO.replace("EXPECT", "life: 20").encode("utf-16"))
    assert result.exit_code == 1 and "s.yaml:1:1: error SC001" in result.output and "UTF-16" in result.output


def test_a_lone_surrogate_in_a_scenario_is_named(tmp_path: Path) -> None:
    result = scenario_run(tmp_path, SCENARIO.replace("name: one", 'name: "o\\udc00ne"').replace("EXPECT", "life: 20"))
    assert result.exit_code == 1 and "s.yaml:3:5: error SC002" in result.output
    assert "lone surrogate" in result.output


def test_a_scenario_file_of_thousands_of_scenarios_is_refused_at_its_key(tmp_path: Path) -> None:
    entries = "".join(f"  - name: s{index}\n    players:\n      alice: {{}}\n      bob: {{}}\n"
                      for index in range(1000))
    result = scenario_run(tmp_path, "card: Shock\nscenarios:\n" + entries)
    assert result.exit_code == 1
    assert "s.yaml:2:1: error SC002: scenarios: a file of 1000 scenarios; a scenario file holds at most 200" \
        in result.output
    assert "1000 skipped" in result.output


def test_a_crlf_scenario_plays(tmp_path: Path) -> None:
    text = SCENARIO.replace("EXPECT", "life: 20").replace("\n", "\r\n")
    result = scenario_run(tmp_path, text)
    assert result.exit_code == 0, result.output
    assert "1 passed" in result.output


# ------------------------------------------------------------------------------------ export


def test_an_engine_folder_linked_outside_the_output_is_not_written_through(tmp_path: Path) -> None:
    root = specs(tmp_path)
    outside = tmp_path / "outside"
    outside.mkdir()
    out = tmp_path / "out"
    out.mkdir()
    (out / "forge").symlink_to(outside, target_is_directory=True)
    result = invoke(*export_args(tmp_path, "--out", str(out), str(root)))
    assert result.exit_code == 1
    assert "is a symbolic link to a folder outside" in result.stderr
    assert files(outside) == [] and not (out / "xmage").exists()


def test_a_generated_file_replaced_by_a_link_outside_is_not_written_through(tmp_path: Path) -> None:
    root = specs(tmp_path)
    out = tmp_path / "out"
    assert invoke(*export_args(tmp_path, "--out", str(out), str(root))).exit_code == 0
    victim = tmp_path / "victim"
    victim.write_text("mine\n", encoding="utf-8")
    script = out / "forge" / "cardsfolder" / "s" / "shock.txt"
    script.unlink()
    script.symlink_to(victim)
    result = invoke(*export_args(tmp_path, "--out", str(out), str(root)))
    assert result.exit_code == 1 and "resolves outside" in result.stderr
    assert victim.read_text(encoding="utf-8") == "mine\n"


def export_child(out: Path, root: Path) -> subprocess.Popen[str]:
    """`cardgen export` in a child that stops, every file staged, at its first rename until told to go on."""
    code = f"""
        import os, sys
        real_replace = os.replace
        def stalled_replace(source, target):
            print("ready", flush=True)
            sys.stdin.readline()
            real_replace(source, target)
        os.replace = stalled_replace
        from cardgen.cli import main
        sys.argv = ["cardgen", "export", "--scenarios", {str(root.parent / "no-scenarios")!r}, "--out", {str(out)!r},
                    "-q", {str(root)!r}]
        main()
    """
    return subprocess.Popen([sys.executable, "-c", textwrap.dedent(code)], cwd=root.parent, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=dict(os.environ, PYTHONPATH=str(ROOT)))


@pytest.mark.parametrize(("signum", "status", "said"), [(signal.SIGTERM, 1, "the files it staged were removed"),
                                                        (signal.SIGINT, 130, "interrupted")])
def test_a_signal_while_the_export_is_staged_leaves_nothing(tmp_path: Path, signum: int, status: int,
                                                             said: str) -> None:
    root = specs(tmp_path)
    (tmp_path / "no-scenarios").mkdir()
    out = tmp_path / "out"
    child = export_child(out, root)
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "ready"
        assert list(out.rglob(".cardgen-tmp-*")), "the child stopped with its files staged"
        child.send_signal(signum)
        _, stderr = child.communicate(timeout=GUARD)
    finally:
        if child.poll() is None:
            child.kill()
    assert child.returncode == status, stderr
    assert "Traceback" not in stderr and said in stderr
    assert not out.exists() or files(out) == []


def test_a_file_size_limit_mid_export_leaves_the_previous_tree(tmp_path: Path) -> None:
    """`ulimit -f`: the second export, whose cards changed, fails on a large file; every file is as the
    first export left it, and no temporary file stays."""
    root = specs(tmp_path)
    out = tmp_path / "out"
    assert run(*export_args(tmp_path, "--out", str(out), "-q", str(root)), cwd=tmp_path).returncode == 0
    before = tree(out)
    shutil.copy(CGT / "glorious_anthem.yaml", root / "cgt")
    done = run(*export_args(tmp_path, "--out", str(out), str(root)), cwd=tmp_path, limit_file=400)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "File too large" in done.stderr and "Traceback" not in done.stderr
    assert tree(out) == before


def test_a_full_disk_mid_export_leaves_nothing(tmp_path: Path) -> None:
    """A real full file system, where one can be mounted (root in a container): ENOSPC, nothing left."""
    mount = tmp_path / "small"
    mount.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(mount)], capture_output=True,
                      check=False).returncode != 0:
        pytest.skip("cannot mount a small tmpfs here")
    try:
        done = run("export", "--out", str(mount / "out"), str(ROOT / "card_specs"), cwd=tmp_path)
        assert done.returncode == 1 and "No space left on device" in done.stderr
        assert "Traceback" not in done.stderr
        assert files(mount) == [] and not (mount / "out").exists()
    finally:
        subprocess.run(["umount", str(mount)], check=False)


# ------------------------------------------------------------------------------------ schema


def test_schema_out_as_a_link_is_not_written_through(tmp_path: Path) -> None:
    victim = tmp_path / "bashrc"
    victim.write_text("mine\n", encoding="utf-8")
    (tmp_path / "schema.json").symlink_to(victim)
    done = run("schema", "--out", "schema.json", cwd=tmp_path)
    assert done.returncode == 1 and "symbolic link" in done.stderr and "Traceback" not in done.stderr
    assert victim.read_text(encoding="utf-8") == "mine\n"


def test_schema_out_on_a_full_disk_keeps_the_old_file(tmp_path: Path) -> None:
    target = tmp_path / "schema.json"
    target.write_text("old\n", encoding="utf-8")
    done = run("schema", "--out", "schema.json", cwd=tmp_path, limit_file=4096)
    assert done.returncode == 1 and "File too large" in done.stderr and "Traceback" not in done.stderr
    assert target.read_text(encoding="utf-8") == "old\n"
    assert [path.name for path in tmp_path.iterdir()] == ["schema.json"]


@pytest.mark.parametrize("args", [("schema",), ("validate", "--format", "json", "specs")])
def test_stdout_on_a_full_device_is_a_clean_error(tmp_path: Path, args: tuple[str, ...]) -> None:
    specs(tmp_path)
    with open("/dev/full", "w") as full:
        done = run(*args, cwd=tmp_path, stdout=full.fileno())
    assert done.returncode == 1
    assert "Traceback" not in done.stderr and "No space left on device" in done.stderr


# --------------------------------------------------------------------------------------- new


def card_data(tmp_path: Path, **fields: object) -> Path:
    card = {"object": "card", "name": "Evil Bear", "lang": "en", "released_at": "2024-08-02", "layout": "normal",
            "mana_cost": "{1}{G}", "type_line": "Creature \u2014 Bear", "oracle_text": "", "power": "2",
            "toughness": "2", "set": "blb", "set_name": "Bloomburrow", "set_type": "expansion",
            "collector_number": "1", "rarity": "common", **fields}
    path = tmp_path / "cards.json"
    path.write_text(json.dumps([card]), encoding="utf-8")
    return path


@pytest.mark.parametrize(("raw", "said"), [
    ('"power": 2', "cards[].power of 'Evil Bear' is a number, where the card data has a string"),  # was drafted 0/2
    ('"power": NaN', "cards[].power of 'Evil Bear' is a number"),
    ('"power": ' + "9" * 5000, "a number of more than 4300 digits"),
    ('"mana_cost": ["{G}"]', "cards[].mana_cost of 'Evil Bear' is a list"),
])
def test_wrongly_typed_card_data_is_an_error_naming_the_field(tmp_path: Path, raw: str, said: str) -> None:
    path = card_data(tmp_path)
    path.write_text(path.read_text(encoding="utf-8").replace('"power": "2"', raw), encoding="utf-8")
    done = run("new", "Evil Bear", "--data", str(path), "--out", "specs", cwd=tmp_path)
    assert done.returncode == 1 and "NEW002" in done.stderr and said in done.stderr, done.stderr
    assert "Traceback" not in done.stderr and "set_int_max_str_digits" not in done.stderr
    assert not (tmp_path / "specs").exists()


def test_a_compressed_file_unpacking_to_one_huge_string_is_refused(tmp_path: Path) -> None:
    bomb = tmp_path / "cards.json.gz"
    with gzip.open(bomb, "wb", compresslevel=1) as handle:
        handle.write(b'[{"name": "Evil Bear", "type_line": "Creature", "oracle_text": "')
        for _ in range(200):
            handle.write(b"x" * (1 << 20))
        handle.write(b'"}]')
    done = run("new", "Evil Bear", "--data", str(bomb), "--dry-run", cwd=tmp_path)
    assert done.returncode == 1 and "NEW002" in done.stderr and "more than 128 MiB" in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.slow
def test_one_300_mb_string_under_a_700_mib_address_space_is_a_clean_error(tmp_path: Path) -> None:
    """`ulimit -v 716800` and a card data file holding one 300 MB string: refused with a code before it
    is held, not a MemoryError traceback nor a hang."""
    path = tmp_path / "cards.json"
    with path.open("w", encoding="utf-8") as handle:
        handle.write('[{"name": "Evil Bear", "type_line": "Creature", "oracle_text": "')
        for _ in range(300):
            handle.write("x" * 1_000_000)
        handle.write('"}]')
    done = run("new", "Evil Bear", "--data", str(path), "--out", "specs", cwd=tmp_path, limit_memory=716800 * 1024)
    assert done.returncode == 1, done.stderr
    assert "NEW002" in done.stderr and "Traceback" not in done.stderr
    assert not (tmp_path / "specs").exists()


def test_a_card_name_climbing_out_of_the_folder_stays_inside_it(tmp_path: Path) -> None:
    path = card_data(tmp_path, name="../../Evil Bear")
    done = run("new", "../../Evil Bear", "--data", str(path), "--out", "specs", cwd=tmp_path)
    assert "Traceback" not in done.stderr
    written = [p for p in tmp_path.rglob("*.yaml")]
    assert all((tmp_path / "specs") in p.parents for p in written), written
    assert not list(tmp_path.parent.glob("*.yaml"))


def test_a_set_code_climbing_out_is_a_usage_error(tmp_path: Path) -> None:
    done = run("new", "Evil Bear", "--data", str(card_data(tmp_path)), "--set", "../../x", "--dry-run", cwd=tmp_path)
    assert done.returncode == 2 and "is not a set code" in done.stderr


# ----------------------------------------------------------------------------------- install


def forge_checkout(tmp_path: Path) -> Path:
    checkout = tmp_path / "forge"
    (checkout / "forge-gui" / "res" / "cardsfolder").mkdir(parents=True)
    (checkout / "forge-gui" / "res" / "editions").mkdir(parents=True)
    return checkout


BLB = str(ROOT / "card_specs" / "blb" / "blooming_blast.yaml")


def install(checkout: Path) -> Result:
    (checkout / "none").mkdir(exist_ok=True)
    return invoke("install", "--engine", "forge", "--checkout", str(checkout), "--scenarios",
                  str(checkout / "none"), BLB)


def test_install_never_writes_through_a_card_folder_linked_outside(tmp_path: Path) -> None:
    checkout = forge_checkout(tmp_path)
    outside = tmp_path / "outside"
    outside.mkdir()
    (checkout / "forge-gui" / "res" / "cardsfolder" / "b").symlink_to(outside, target_is_directory=True)
    result = install(checkout)
    assert result.exit_code == 1 and "resolves outside" in result.output
    assert files(outside) == [] and files(checkout / "forge-gui" / "res" / "editions") == []


@pytest.mark.parametrize("kind", ["link", "utf-16", "fifo"])
def test_install_refuses_an_edition_file_it_cannot_merge_into(tmp_path: Path, kind: str) -> None:
    checkout = forge_checkout(tmp_path)
    edition = checkout / "forge-gui" / "res" / "editions" / "Bloomburrow.txt"
    victim = tmp_path / "victim.txt"
    victim.write_text("[metadata]\nCode=BLB\n", encoding="utf-8")
    if kind == "link":
        edition.symlink_to(victim)
    elif kind == "utf-16":
        edition.write_bytes("[metadata]\r\nCode=BLB\r\n".encode("utf-16"))
    else:
        os.mkfifo(edition)
    result = install(checkout)
    assert result.exit_code == 1 and "nothing was written" in result.output
    assert "Bloomburrow.txt" in result.output
    assert files(checkout / "forge-gui" / "res" / "cardsfolder") == []
    assert victim.read_text(encoding="utf-8") == "[metadata]\nCode=BLB\n"


# -------------------------------------------------------------------------------------- diff


def test_diff_reads_unreadable_checkout_files_as_unreadable(tmp_path: Path) -> None:
    root = specs(tmp_path)
    out = tmp_path / "out"
    assert invoke(*export_args(tmp_path, "--out", str(out), str(root))).exit_code == 0
    checkout = tmp_path / "checkout" / "cardsfolder"
    shutil.copytree(out / "forge" / "cardsfolder", checkout)
    bears = checkout / "g" / "grizzly_bears.txt"
    bears.write_bytes(bears.read_text(encoding="utf-8").encode("utf-16"))
    (checkout / "s" / "noise.txt").write_bytes(os.urandom(200_000))
    os.mkfifo(checkout / "f" / "pipe.txt")
    result = invoke("diff", "--engine", "forge", "--against", str(tmp_path / "checkout"), str(root))
    assert result.exit_code == 1
    assert "Grizzly Bears: unreadable" in result.output and "3 cards: 2 same, 1 unreadable" in result.output


# ------------------------------------------------------------------------------------- cache


@pytest.mark.parametrize("damage", ["garbage", "truncated", "fifo", "link", "folder-is-a-file", "secret-folder"])
def test_a_damaged_cache_is_passed_over_never_trusted_nor_a_hang(tmp_path: Path, damage: str,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    root = specs(tmp_path)
    monkeypatch.chdir(tmp_path)
    assert invoke("validate", "--cache", str(root)).exit_code == 0
    cache = tmp_path / ".cardgen-cache"
    database = cache / "specs.sqlite3"
    good = database.read_bytes()
    if damage == "garbage":
        database.write_bytes(os.urandom(5000))
    elif damage == "truncated":
        database.write_bytes(good[:3000])
    elif damage == "fifo":
        database.unlink()
        os.mkfifo(database)
    elif damage == "link":
        database.unlink()
        (tmp_path / "elsewhere.sqlite3").write_bytes(good)
        database.symlink_to(tmp_path / "elsewhere.sqlite3")
    elif damage == "folder-is-a-file":
        shutil.rmtree(cache)
        cache.write_text("x", encoding="utf-8")
    else:
        (cache / "secret").unlink()
        (cache / "secret").mkdir()
    shock = root / "cgt" / "shock.yaml"
    shock.write_text(shock.read_text(encoding="utf-8").replace("rarity: common", "rarity: commn"), encoding="utf-8")
    result = invoke("validate", "--cache", "--format", "json", str(root))
    assert result.exit_code == 1  # the changed spec is judged again, whatever the cache holds
    assert [d["code"] for d in json.loads(result.stdout)["diagnostics"] if d["severity"] == "error"] == ["CG106"]


# ------------------------------------------------------------------------------------ config


@pytest.mark.parametrize("setting", ["jobs = -1", 'format = "xml"', "broken = [", "strict = 'yes'"])
def test_a_bad_project_setting_is_a_usage_error(tmp_path: Path, setting: str) -> None:
    specs(tmp_path)
    (tmp_path / "pyproject.toml").write_text(f"[tool.cardgen]\n{setting}\n", encoding="utf-8")
    done = run("validate", "specs", cwd=tmp_path)
    assert done.returncode == 2 and "pyproject.toml" in done.stderr and "Traceback" not in done.stderr
