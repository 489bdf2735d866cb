"""Structure numbers of cardgen, re-taken by hand: `python benchmarks/structure.py`.

Prints the package import graph and its cycles, lines per package, the largest functions, how many
files name each effect kind of the spec, and template lines against engine-writer Python lines. It
reads the source with `ast` only (nothing is imported), so it measures a broken tree as well.
`--edges` lists instead every import that lies on a cycle between units.

A "package" is a subpackage of `cardgen` (`cardgen.resolver` with its subpackages, `cardgen.engines.forge`
and `cardgen.engines.xmage` apart); each top-level module (`cardgen/inputs.py`, ...) counts as its own unit.
Every import is counted, including those inside functions and under TYPE_CHECKING, as import-linter does.
"""

from __future__ import annotations

import ast
import re
import statistics
import sys
import typing
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "cardgen"
TEMPLATES = ROOT / "templates"
SPLIT_DEEPER = {"cardgen.engines"}  # packages whose subpackages are units of their own


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def unit_of(module: str) -> str:
    """The package unit a module belongs to (see the module docstring)."""
    parts = module.split(".")
    if len(parts) < 2:
        return module
    unit = ".".join(parts[:2])
    if unit in SPLIT_DEEPER and len(parts) > 2:
        unit = ".".join(parts[:3])
    return unit


def is_package(module: str) -> bool:
    return (ROOT / Path(*module.split(".")) / "__init__.py").exists()


def _type_checking_nodes(tree: ast.AST) -> set[int]:
    """ids of the nodes under an `if TYPE_CHECKING:` block (imports for type hints only)."""
    inside: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for statement in node.body:
                inside.update(id(child) for child in ast.walk(statement))
    return inside


def imports_of(path: Path, typing_imports: bool = True) -> set[str]:
    """Absolute names of the cardgen modules a file imports (relative imports resolved); without the
    TYPE_CHECKING-only ones unless `typing_imports`."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    here = module_name(path)
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    skipped = set() if typing_imports else _type_checking_nodes(tree)
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            found.add(target)
            for alias in node.names:  # `from cardgen import spec` imports the package cardgen.model
                module_file = ROOT / Path(*target.split("."), f"{alias.name}.py")
                if is_package(f"{target}.{alias.name}") or module_file.exists():
                    found.add(f"{target}.{alias.name}")
    return {name for name in found if name == "cardgen" or name.startswith("cardgen.")}


def python_files() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts)


def contract_ignores() -> set[tuple[str, str]]:
    """The `ignore_imports` of the contracts in `.importlinter`, as (importer, imported)."""
    config = ROOT / ".importlinter"
    if not config.exists():
        return set()
    return set(re.findall(r"^\s+(cardgen[\w.]*) -> (cardgen[\w.]*)\s*$", config.read_text(encoding="utf-8"), re.M))


def module_edges(contract_view: bool = False) -> dict[tuple[str, str], list[str]]:
    """(unit, imported unit) -> the modules whose imports make that edge, as `importer -> imported`.
    `contract_view`: as `.importlinter` sees them (no TYPE_CHECKING-only imports, no ignored imports)."""
    edges: dict[tuple[str, str], list[str]] = defaultdict(list)
    ignored = contract_ignores() if contract_view else set()
    for path in python_files():
        importer = module_name(path)
        for target in sorted(imports_of(path, typing_imports=not contract_view)):
            if (importer, target) in ignored:
                continue
            source, target_unit = unit_of(importer), unit_of(target)
            if target_unit not in (source, "cardgen"):
                edges[(source, target_unit)].append(f"{importer} -> {target}")
    return edges


def unit_graph(contract_view: bool = False) -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {unit_of(module_name(path)): set() for path in python_files()}
    for source, target in module_edges(contract_view):
        graph[source].add(target)
    return graph


def strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's algorithm; returns the components with more than one unit (the cycles)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []
    sys.setrecursionlimit(10000)

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                item = stack.pop()
                on_stack.discard(item)
                component.append(item)
                if item == node:
                    break
            if len(component) > 1:
                components.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(components)


def two_way_pairs(graph: dict[str, set[str]]) -> list[tuple[str, str]]:
    return sorted((a, b) for a in graph for b in graph[a] if a < b and a in graph.get(b, ()))


def module_graph(contract_view: bool = False) -> dict[str, set[str]]:
    """Module -> the cardgen modules it imports (a package's `__init__` is the package's name)."""
    ignored = contract_ignores() if contract_view else set()
    graph: dict[str, set[str]] = {}
    for path in python_files():
        importer = module_name(path)
        targets = imports_of(path, typing_imports=not contract_view) - {importer, "cardgen"}
        graph[importer] = {target for target in targets if (importer, target) not in ignored}
    return graph


def lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def lines_per_unit() -> dict[str, int]:
    totals: dict[str, int] = defaultdict(int)
    for path in python_files():
        totals[unit_of(module_name(path))] += lines(path)
    return dict(totals)


def largest_functions(count: int = 5) -> list[tuple[int, str]]:
    sizes: list[tuple[int, str]] = []
    for path in python_files():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                size = (node.end_lineno or node.lineno) - node.lineno + 1
                kind = "class" if isinstance(node, ast.ClassDef) else "def"
                sizes.append((size, f"{kind} {module_name(path)}:{node.name}"))
    return sorted(sizes, reverse=True)[:count]


SPEC_MODEL = PACKAGE / "model" / "card.py"


def effect_models() -> dict[str, str]:
    """kind -> model class name, for every `effect: Literal[...]` discriminator of the spec's models."""
    return discriminated_models("effect", python_files())


def ability_models() -> dict[str, str]:
    """kind -> model class name, for every `kind: Literal[...]` discriminator of the spec's ability models
    (only the spec's own models: the game state has a `kind` field of its own)."""
    return discriminated_models("kind", [SPEC_MODEL])


def trigger_events() -> dict[str, str]:
    """event -> the model that lists it, for the `event: Literal[...]` of the triggered ability. The model
    class is no mark of an event (it names the ability kind), so only the event's string counts."""
    return {event: "" for event in discriminated_models("event", [SPEC_MODEL])}


def discriminated_models(field_name: str, paths: list[Path]) -> dict[str, str]:
    """value -> model class name, for every `<field_name>: Literal[...]` field of a class in `paths`."""
    kinds: dict[str, str] = {}
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.ClassDef):
                continue
            for item in node.body:
                if (
                    isinstance(item, ast.AnnAssign)
                    and isinstance(item.target, ast.Name)
                    and item.target.id == field_name
                    and isinstance(item.annotation, ast.Subscript)
                ):
                    literal = item.annotation.slice
                    for const in ast.walk(literal):
                        if isinstance(const, ast.Constant) and isinstance(const.value, str):
                            kinds[const.value] = node.name
    return dict(sorted(kinds.items()))


def effect_kinds() -> list[str]:
    return list(effect_models())


def _files_and_texts() -> list[str]:
    files = python_files() + sorted(p for p in TEMPLATES.rglob("*") if p.is_file())
    return [p.read_text(encoding="utf-8", errors="replace") for p in files]


def files_naming(kinds: list[str]) -> dict[str, int]:
    """Files in which the kind's word occurs at all (docstrings, comments and zone names included)."""
    texts = _files_and_texts()
    return {kind: sum(1 for text in texts if re.search(rf"\b{re.escape(kind)}\b", text)) for kind in kinds}


def files_naming_as_kind(kinds: dict[str, str]) -> dict[str, int]:
    """Files that name the kind as a kind: its quoted string (`"exile"`) or its model class (`Exile`) in
    code, docstrings and comments left out. A zone or an event that shares the word still counts, so this
    is an upper bound of the places that know the kind."""
    counts = dict.fromkeys(kinds, 0)
    for path in python_files():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {
            id(node.body[0].value)
            for node in ast.walk(tree)
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
            and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)
        }
        strings = {n.value for n in ast.walk(tree)
                   if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docstrings}
        names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
        names |= {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
        names |= {alias.asname or alias.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)
                  for alias in n.names}
        names |= {n.name for n in ast.walk(tree) if isinstance(n, ast.ClassDef)}
        for kind, model in kinds.items():
            if kind in strings or (model and model in names):
                counts[kind] += 1
    for path in sorted(p for p in TEMPLATES.rglob("*") if p.is_file()):
        text = path.read_text(encoding="utf-8", errors="replace")
        for kind in kinds:
            if re.search(rf"[\"']{re.escape(kind)}[\"']", text):
                counts[kind] += 1
    return counts


def _is_field(node: ast.AST, field_name: str) -> bool:
    """`x.kind`, `x["kind"]` or `x.get("kind")`."""
    if isinstance(node, ast.Attribute):
        return node.attr == field_name
    if isinstance(node, ast.Subscript):
        return isinstance(node.slice, ast.Constant) and node.slice.value == field_name
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get":
        return bool(node.args) and isinstance(node.args[0], ast.Constant) and node.args[0].value == field_name
    return False


def _constants(node: ast.AST) -> set[str]:
    """The string constants of `node` itself or of a tuple, list or set literal of them."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return {item.value for item in node.elts if isinstance(item, ast.Constant) and isinstance(item.value, str)}
    return set()


def files_using_as_value(field_name: str, kinds: dict[str, str]) -> dict[str, int]:
    """Files whose code uses the kind as the value of the discriminator `field_name`: compares a `kind`
    with it (`a.kind == "equip"`, `x["kind"] in ("spell", ...)`), builds a dict with it (`{"kind": "equip"}`),
    passes it as the keyword (`kind="triggered"`), or names its model class. A tighter count than
    `files_naming_as_kind`, which also counts the word used for anything else (a zone, an event, a field)."""
    counts = dict.fromkeys(kinds, 0)
    for path in python_files():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        used: set[str] = set()
        names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
        names |= {alias.asname or alias.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)
                  for alias in n.names}
        names |= {n.name for n in ast.walk(tree) if isinstance(n, ast.ClassDef)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Compare):
                sides = [node.left, *node.comparators]
                if any(_is_field(side, field_name) for side in sides):
                    for side in sides:
                        used |= _constants(side)
            elif isinstance(node, ast.Dict):
                for key, value in zip(node.keys, node.values, strict=True):
                    if isinstance(key, ast.Constant) and key.value == field_name and value is not None:
                        used |= _constants(value)
            elif isinstance(node, ast.keyword) and node.arg == field_name:
                used |= _constants(node.value)
        for kind, model in kinds.items():
            if kind in used or (model and model in names):
                counts[kind] += 1
    return counts


def template_vs_writer() -> dict[str, tuple[int, int]]:
    """Per engine: lines of templates, lines of the Python package that writes its files."""
    result = {}
    for engine in ("forge", "xmage"):
        template_lines = sum(lines(p) for p in (TEMPLATES / engine).rglob("*") if p.is_file())
        writer_lines = sum(lines(p) for p in (PACKAGE / "engines" / engine).rglob("*.py"))
        result[engine] = (template_lines, writer_lines)
    return result


def report() -> str:
    out: list[str] = []
    for title, contract_view in (("every import", False), ("as .importlinter sees them", True)):
        graph = unit_graph(contract_view)
        cycles = strongly_connected(graph)
        out.append(f"[{title}] units: {len(graph)}; import edges between units: {sum(map(len, graph.values()))}")
        out.append(f"  cycles (strongly connected groups of units): {len(cycles)}")
        for component in cycles:
            out.append(f"    {len(component)} units: {', '.join(component)}")
        pairs = two_way_pairs(graph)
        out.append(f"  two-way pairs (A imports B and B imports A): {len(pairs)}")
        for a, b in pairs:
            out.append(f"    {a} <-> {b}")
        module_cycles = strongly_connected(module_graph(contract_view))
        out.append(f"  cycles between modules: {len(module_cycles)}")
        for component in module_cycles:
            out.append(f"    {len(component)} modules: {', '.join(component)}")
    out.append("lines per unit:")
    for unit, count in sorted(lines_per_unit().items(), key=lambda item: -item[1]):
        out.append(f"  {count:6d}  {unit}")
    out.append("largest functions and classes (lines):")
    for size, name in largest_functions():
        out.append(f"  {size:6d}  {name}")
    naming = files_naming(effect_kinds())
    if naming:
        out.append(
            f"files naming each effect kind ({len(naming)} kinds): median {statistics.median(naming.values())}, "
            f"max {max(naming.values())}"
        )
        out.append("  " + ", ".join(f"{kind} {n}" for kind, n in sorted(naming.items(), key=lambda i: -i[1])))
    as_kind = files_naming_as_kind(effect_models())
    if as_kind:
        out.append(
            f"files naming each effect kind as a kind (its string or model class in code): median "
            f"{statistics.median(as_kind.values())}, max {max(as_kind.values())}"
        )
        out.append("  " + ", ".join(f"{kind} {n}" for kind, n in sorted(as_kind.items(), key=lambda i: -i[1])))
    as_value = files_using_as_value("effect", effect_models())
    if as_value:
        out.append(
            f"files using each effect kind as the value of `effect` (compared, built, or its model class): "
            f"median {statistics.median(as_value.values())}, max {max(as_value.values())}"
        )
        out.append("  " + ", ".join(f"{kind} {n}" for kind, n in sorted(as_value.items(), key=lambda i: -i[1])))
    for title, field_name, models in (("ability kind", "kind", ability_models()),
                                      ("trigger event", "event", trigger_events())):
        as_kind = files_naming_as_kind(models)
        if as_kind:
            out.append(
                f"files naming each {title} as a kind (its string or model class in code): median "
                f"{statistics.median(as_kind.values())}, max {max(as_kind.values())}"
            )
            out.append("  " + ", ".join(f"{kind} {n}" for kind, n in sorted(as_kind.items(), key=lambda i: -i[1])))
        as_value = files_using_as_value(field_name, models)
        if as_value:
            out.append(
                f"files using each {title} as the value of `{field_name}` (compared, built, or its model class): "
                f"median {statistics.median(as_value.values())}, max {max(as_value.values())}"
            )
            out.append("  " + ", ".join(f"{kind} {n}" for kind, n in sorted(as_value.items(), key=lambda i: -i[1])))
    for engine, (template_lines, writer_lines) in template_vs_writer().items():
        out.append(f"{engine}: template lines {template_lines}, engine-writer Python lines {writer_lines}")
    return "\n".join(out)


def edges_report() -> str:
    """Every edge between units that lies inside a cycle, with the imports that make it."""
    graph = unit_graph()
    out: list[str] = []
    for component in strongly_connected(graph):
        members = set(component)
        for (source, target), imports in sorted(module_edges().items()):
            if source in members and target in members:
                out.append(f"{source} -> {target}")
                out.extend(f"    {line}" for line in imports)
    return "\n".join(out)


def main(argv: typing.Sequence[str] = ()) -> int:
    print(edges_report() if "--edges" in argv else report())
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
