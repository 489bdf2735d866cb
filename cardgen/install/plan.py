"""Planning an install as data, then applying it: nothing is written unless every change is allowed.

`plan_install` maps each rendered file to its place in the checkout and decides, without writing, what
would happen to it: `create` (absent), `update` (an edition or set class gains lines, or `--force`
replaces a differing file), `unchanged`, `refused` (a differing hand-written file or a conflicting line,
without `--force`) or `error` (something `--force` cannot fix: the set class is missing, a file is not
text, a path would leave the checkout). `apply_plan` applies the creates and updates as one transaction, and only
when the plan has no refusal and no error: every new file is staged (written to a temporary sibling)
first, every file it replaces is checked to hold still what the plan read (its digest), and only then are
the staged files renamed into place; a rename that fails half way puts the replaced files back. So the
checkout ends either as it was or with every change, and a file someone saved while the install ran is
never overwritten.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from cardgen.engines.forge import cardnames
from cardgen.freshness import digest_bytes
from cardgen.inputs import ENGINE_FILE_LIMIT, Refusal, read_limited, real_roots
from cardgen.install import checkout as layout
from cardgen.install.forge_edition import EditionMerge, merge_edition, metadata_value
from cardgen.install.xmage_sets import SetMerge, SetMergeError, merge_set_lines
from cardgen.naming import fold
from cardgen.output import UnsafePathError, discard_staged, resolve_inside, stage_file

Status = Literal["create", "update", "unchanged", "refused", "error"]
STATUSES: tuple[Status, ...] = ("create", "update", "unchanged", "refused", "error")


@dataclass(frozen=True, slots=True)
class Action:
    """What happens to one file of the checkout (`path` is relative to it, POSIX)."""

    path: str
    status: Status
    data: bytes | None = None
    """The new content, for `create` and `update`."""
    detail: str = ""
    before: str | None = None
    """For an `update`, the digest of the file's bytes the plan read (`cardgen.freshness.digest_bytes`):
    the file is replaced only while it still holds them."""


@dataclass(slots=True)
class InstallPlan:
    checkout: Path
    actions: list[Action] = field(default_factory=list)

    @property
    def blocked(self) -> bool:
        """Whether anything was refused or failed: then nothing may be written."""
        return any(action.status in ("refused", "error") for action in self.actions)

    def count(self, status: Status) -> int:
        return sum(1 for action in self.actions if action.status == status)


class InstallRefused(RuntimeError):
    """`apply_plan` was asked to write a plan that refuses something."""


class InstallWriteError(RuntimeError):
    """Staging or renaming the files failed (disk full, a file-size limit, permissions): nothing of the
    checkout was changed, or the files already replaced were put back (`restored` says which)."""

    def __init__(self, path: str, cause: Exception, restored: list[str] | None = None) -> None:
        super().__init__(f"cannot write {path}: {cause}")
        self.path = path
        self.restored = restored or []


class InstallConflict(RuntimeError):
    """Files the plan read changed (or appeared) before they were replaced: someone edited them meanwhile."""

    def __init__(self, paths: list[str]) -> None:
        super().__init__(f"changed since the install read {'it' if len(paths) == 1 else 'them'}: {', '.join(paths)}")
        self.paths = paths


def plan_install(engine: str, checkout: Path, files: Mapping[str, str], *, force: bool = False,
                 keep: frozenset[str] = frozenset()) -> InstallPlan:
    """Decide what installing `files` (a backend's `RenderResult.files`) into `checkout` would do.

    `keep` are files of stand-in cards (test sets): where the checkout already has that file, the
    engine's own is kept - never overwritten, not even with `force` - and the set registers it."""
    planner = _plan_forge if engine == "forge" else _plan_xmage
    plan = InstallPlan(checkout)
    _FOLDERS.clear()
    for relative in sorted(files):
        if relative in keep and (checkout / relative).is_file() \
                and (checkout / relative).read_bytes() != files[relative].encode("utf-8"):
            plan.actions.append(Action(relative, "unchanged", detail="the engine's own file is kept; the test "
                                                                      "card stands in for it"))
            continue
        plan.actions.append(planner(checkout, relative, files[relative], force))
    _refuse_duplicate_targets(plan)
    plan.actions.sort(key=lambda action: action.path)
    return plan


def apply_plan(plan: InstallPlan) -> list[str]:
    """Apply the plan's creates and updates as one transaction (see the module's docstring); returns the
    paths written. Raises `InstallConflict` when a file changed since the plan read it and
    `InstallWriteError` when a file cannot be staged or renamed; either way the checkout is as before."""
    if plan.blocked:
        raise InstallRefused("the plan refuses changes; nothing may be written")
    changes = [action for action in plan.actions if action.status in ("create", "update") and action.data is not None]
    staged: list[tuple[Action, str, str]] = []
    temporaries: list[str] = []
    made: list[str] = []
    try:
        for action in changes:
            try:
                target = str(resolve_inside(plan.checkout, action.path))
                _make_folders(os.path.dirname(target), made)
                staged.append((action, target, stage_file(target, action.data or b"", temporaries)))
            except (OSError, UnsafePathError) as error:
                raise InstallWriteError(action.path, error) from error
        changed = [action.path for action, target, _ in staged if _digest_now(target) != action.before]
        if changed:
            raise InstallConflict(changed)
        _rename_all(staged)
    except BaseException:
        discard_staged(temporaries)
        for folder in reversed(made):
            with contextlib.suppress(OSError):
                os.rmdir(folder)
        raise
    return [action.path for action in changes]


def _make_folders(folder: str, made: list[str]) -> None:
    """Make `folder` and its missing parents, appending each to `made` (outermost first, to remove on failure)."""
    missing = []
    while folder and not os.path.isdir(folder):
        missing.append(folder)
        folder = os.path.dirname(folder)
    for each in reversed(missing):
        os.mkdir(each)
        made.append(each)


def _digest_now(target: str) -> str | None:
    """The digest of the file at `target` now (None when nothing is there)."""
    try:
        with open(target, "rb") as handle:
            return digest_bytes(handle.read())
    except FileNotFoundError:
        return None
    except OSError as error:
        return f"unreadable: {error}"


def _rename_all(staged: list[tuple[Action, str, str]]) -> None:
    """Rename each staged file over its target, keeping a hard link (or a copy) of each file replaced;
    when one rename fails, the files renamed so far are put back (created ones removed) before raising."""
    done: list[tuple[str, str | None]] = []
    backup: str | None = None
    try:
        for action, target, temporary in staged:
            backup = _backup(target) if action.before is not None else None
            try:
                os.replace(temporary, target)
            except OSError as error:
                raise InstallWriteError(action.path, error) from error
            done.append((target, backup))
            backup = None
    except BaseException as error:
        restored = _restore(done)
        if backup is not None:
            with contextlib.suppress(OSError):
                os.unlink(backup)
        if isinstance(error, InstallWriteError):
            error.restored = restored
        raise
    for _, kept in done:
        if kept is not None:
            with contextlib.suppress(OSError):
                os.unlink(kept)


def _backup(target: str) -> str:
    """A temporary sibling holding the bytes `target` has now (a hard link where the file system allows)."""
    from cardgen.output import temporary_name

    backup = os.path.join(os.path.dirname(target), temporary_name())
    try:
        os.link(target, backup, follow_symlinks=False)
    except OSError:
        with open(target, "rb") as handle:
            data = handle.read()
        return stage_file(target, data)
    return backup


def _restore(done: list[tuple[str, str | None]]) -> list[str]:
    """Undo the renames in `done` (newest first): a replaced file gets its backup back, a created one goes."""
    restored = []
    for target, backup in reversed(done):
        with contextlib.suppress(OSError):
            if backup is None:
                os.unlink(target)
            else:
                os.replace(backup, target)
            restored.append(target)
    return restored


# ------------------------------------------------------------------------------------------- Forge
def _plan_forge(checkout: Path, relative: str, text: str, force: bool) -> Action:
    if layout.is_forge_edition(relative):
        return _plan_edition(checkout, relative, text, force)
    if layout.is_forge_translation(relative):
        return _plan_translations(checkout, relative, text, force)
    return plan_copy(checkout, layout.forge_target(relative, checkout), text, force)


def _plan_translations(checkout: Path, relative: str, text: str, force: bool) -> Action:
    """A language's translation lines merged into the checkout's `cardnames-<lang>.txt` in the file's own
    order (`cardnames.merge_file`): every other line stays byte for byte; a card's line that differs from
    ours is refused without `--force`, like a differing script. A folder Forge reads no translations from
    (a custom folder) gets none."""
    if layout.forge_languages(checkout) is None:
        return Action(relative, "unchanged", detail="not installed: Forge reads translations only from its "
                                                    "res/languages/ folder, not from this one")
    target = layout.forge_target(relative, checkout)
    path = _inside(checkout, target)
    if isinstance(path, Action):
        return path
    if not path.exists():
        return Action(target, "create", text.encode("utf-8"))
    if not path.is_file():
        return Action(target, "error", detail="exists and is not a file; move it away")
    existing = _read_text(path, target)
    if isinstance(existing, Action):
        return existing
    merged, merge = cardnames.merge_file(existing, text, force=force)
    names = {state: [name for name, found in merge.outcome.items() if found == state]
             for state in ("added", "replaced", "differs")}
    lines = EditionMerge(merged, inserted=names["added"], replaced=names["replaced"], conflicts=names["differs"])
    return _merged(target, lines, force, "translation lines", before=digest_bytes(existing.encode("utf-8")))


def _plan_edition(checkout: Path, relative: str, text: str, force: bool) -> Action:
    """A new edition file is written whole; an existing one (found by name, else by its `Code=`) gets
    our missing lines merged in."""
    target = layout.forge_target(relative, checkout)
    code = metadata_value(text, "Code")
    path = _inside(checkout, target)
    if isinstance(path, Action):
        return path
    note = ""
    if not path.exists() and code:
        found = _edition_by_code(checkout, code)
        if found is not None:
            note = f"set {code} is kept in this file; "
            target = found
            path = _inside(checkout, target)
            if isinstance(path, Action):
                return path
    if not path.exists():
        return Action(target, "create", text.encode("utf-8"))
    existing = _read_text(path, target)
    if isinstance(existing, Action):
        return existing
    theirs = metadata_value(existing, "Code")
    if code and theirs and theirs.upper() != code.upper():
        return Action(target, "error", detail=f"this edition file is set {theirs}, ours is {code}: rename the set "
                                              "in its set.yaml or move the other edition file away")
    return _merged(target, merge_edition(existing, text, force=force), force, "edition lines", note,
                   digest_bytes(existing.encode("utf-8")))


def _edition_by_code(checkout: Path, code: str) -> str | None:
    """The checkout's edition file of set `code` when it is not named after our set name."""
    folder = checkout / layout.forge_editions(checkout)
    if not folder.is_dir():
        return None
    roots = real_roots([checkout])
    for path in sorted(folder.glob("*.txt")):
        raw = read_limited(path, ENGINE_FILE_LIMIT, roots)
        if isinstance(raw, Refusal):
            continue  # a FIFO, a link out of the checkout...: not an edition file we may read
        head = raw.decode("utf-8", errors="replace")
        found = metadata_value(head, "Code")
        if found is not None and found.upper() == code.upper():
            return f"{layout.forge_editions(checkout)}/{path.name}"
    return None


# ------------------------------------------------------------------------------------------- XMage
def _plan_xmage(checkout: Path, relative: str, text: str, force: bool) -> Action:
    set_class = layout.xmage_set_lines_class(relative)
    if set_class is None:
        return plan_copy(checkout, relative, text, force)
    target = f"{layout.XMAGE_SETS}/{set_class}.java"
    path = _inside(checkout, target)
    if isinstance(path, Action):
        return path
    if not path.is_file():
        return Action(target, "error", detail=f"the set class {set_class} is missing in this checkout, so its "
                                              "cards cannot be registered: update the XMage checkout (or install "
                                              "into one that has the set)")
    existing = _read_text(path, target)
    if isinstance(existing, Action):
        return existing
    try:
        merge = merge_set_lines(existing, set_class, text, force=force)
    except SetMergeError as error:
        return Action(target, "error", detail=f"cannot register the cards: {error}")
    return _merged(target, merge, force, "SetCardInfo lines", before=digest_bytes(existing.encode("utf-8")))


# ------------------------------------------------------------------------------------------ shared
def plan_copy(checkout: Path, target: str, text: str, force: bool) -> Action:
    """A whole file: created when absent, unchanged when identical, else refused (replaced with force)."""
    path = _inside(checkout, target)
    if isinstance(path, Action):
        return path
    data = text.encode("utf-8")
    if not path.exists():
        return Action(target, "create", data)
    if not path.is_file():
        return Action(target, "error", detail="exists and is not a file; move it away")
    existing = read_limited(path, ENGINE_FILE_LIMIT, real_roots([checkout]))
    if isinstance(existing, Refusal):
        return Action(target, "error", detail=f"cannot be read: {existing.message}")
    if existing == data:
        return Action(target, "unchanged")
    if force:
        return Action(target, "update", data, "replaced the existing file (--force)", digest_bytes(existing))
    return Action(target, "refused", detail="differs from the generated file (hand-written?); "
                                            "rerun with --force to replace it")


def _merged(target: str, merge: EditionMerge | SetMerge, force: bool, what: str, note: str = "",
            before: str | None = None) -> Action:
    """The action of a line merge (`before`: the digest of the merged file as read)."""
    conflicts, inserted, replaced = merge.conflicts, merge.inserted, merge.replaced
    if conflicts and not force:
        shown = "; ".join(conflicts[:3]) + (f"; and {len(conflicts) - 3} more" if len(conflicts) > 3 else "")
        return Action(target, "refused", detail=f"{note}{len(conflicts)} conflicting {what}: {shown}; rerun with "
                                                "--force to replace them")
    if not inserted and not replaced:
        return Action(target, "unchanged", detail=note.rstrip("; "))
    parts = [f"+{len(inserted)} {what}"] if inserted else []
    if replaced:
        parts.append(f"{len(replaced)} replaced (--force)")
    return Action(target, "update", merge.text.encode("utf-8"), note + ", ".join(parts), before)


def _inside(checkout: Path, target: str) -> Path | Action:
    try:
        path = resolve_inside(checkout, target)
    except UnsafePathError as error:
        return Action(target, "error", detail=f"{error}; nothing may be written outside the checkout")
    twin = _case_twin(path)
    if twin is not None:
        return Action(target, "error", detail=f"the checkout has `{twin}`, which differs only in case (or Unicode "
                                              "form): on Windows or macOS both are one file, and the engine would "
                                              "load two cards or sets; rename the spec or the existing file")
    return path


def _case_twin(path: Path) -> str | None:
    """The name of another entry in `path`'s folder that a case-insensitive file system would take for it."""
    try:
        names = _folder_names(str(path.parent))
    except OSError:
        return None
    return next((name for name in names.get(fold(path.name), ()) if name != path.name), None)


_FOLDERS: dict[str, dict[str, list[str]]] = {}


def _folder_names(folder: str) -> dict[str, list[str]]:
    """A folder's entries by folded name, read once per plan (`plan_install` clears it)."""
    names = _FOLDERS.get(folder)
    if names is None:
        names = {}
        for name in os.listdir(folder):
            names.setdefault(fold(name), []).append(name)
        _FOLDERS[folder] = names
    return names


def _read_text(path: Path, target: str) -> str | Action:
    """A checkout file's text, read through `cardgen.inputs`: a FIFO, a device or a link loop there is
    an error for that file, never a read that blocks."""
    raw = read_limited(path, ENGINE_FILE_LIMIT)
    if isinstance(raw, Refusal):
        return Action(target, "error", detail=f"cannot be read: {raw.message}")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return Action(target, "error", detail="is not UTF-8 text; convert it (or merge by hand)")


def _refuse_duplicate_targets(plan: InstallPlan) -> None:
    """Two rendered files landing on one checkout file (a set class both written and merged into, an
    edition found by code that is also written by name) would overwrite each other."""
    seen: dict[str, str] = {}
    for index, action in enumerate(plan.actions):
        key = fold(action.path)  # one file on a case-insensitive file system
        if key in seen:
            other = "" if seen[key] == action.path else f" (as `{seen[key]}`, differing only in case)"
            plan.actions[index] = Action(action.path, "error", detail=f"two generated files target this file{other}")
        else:
            seen[key] = action.path

