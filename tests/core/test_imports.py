"""pyautograd's modules import each other without a circle, and at the top.

A circle makes the import order matter (a name is missing while its module is half
initialised) and is usually held open by an import hidden inside a function; both make the
code harder to read. The graph is built from the source: an edge for every import (also one
inside a function), to the module imported and to the packages Python runs on the way (their
``__init__``); a package's own ``__init__`` counts only when names are taken from it.
"""

import ast
import pathlib

import pytest

PACKAGE = pathlib.Path(__file__).resolve().parents[2] / "pyautograd"


def _module_name(path):
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules():
    return {_module_name(p): p for p in PACKAGE.rglob("*.py")}


def _resolve(importer, is_package, node):
    """The pyautograd modules an ``import``/``from ... import`` statement makes Python run."""
    modules = _modules()
    if isinstance(node, ast.Import):
        names = [alias.name for alias in node.names]
        return [n for n in names if n in modules]
    if node.level:
        base = importer.split(".") if is_package else importer.split(".")[:-1]
        base = base[: len(base) - (node.level - 1)]
        target = ".".join(base + ([node.module] if node.module else []))
    else:
        target = node.module
    if target not in modules:
        return []
    found = []
    for alias in node.names:
        sub = f"{target}.{alias.name}"
        if sub in modules:
            found.append(sub)  # ``from . import dtypes``: the submodule
        else:
            found.append(target)  # a name defined in ``target`` itself
    if node.module:
        found.append(target)
    return found


def _ancestors(name):
    parts = name.split(".")
    return {".".join(parts[:k]) for k in range(1, len(parts))}


def _graph():
    graph, local_imports = {}, []
    for name, path in _modules().items():
        tree = ast.parse(path.read_text(), str(path))
        is_package = path.name == "__init__.py"
        edges = set()
        for statement in ast.walk(tree):
            if not isinstance(statement, (ast.Import, ast.ImportFrom)):
                continue
            if statement not in _module_level(tree):  # a circle held open inside a function is one too
                local_imports.append(f"{path.relative_to(PACKAGE.parent)}:{statement.lineno}")
            for target in _resolve(name, is_package, statement):
                edges.add(target)
                # Python runs the packages on the way to a module, except the importer's own
                edges |= _ancestors(target) - _ancestors(name) - {name}
        edges.discard(name)
        graph[name] = edges
    return graph, local_imports


def _module_level(tree):
    """Import statements that run when the module is imported (also inside a top-level try)."""
    found = []
    stack = list(tree.body)
    while stack:
        statement = stack.pop()
        if isinstance(statement, (ast.Import, ast.ImportFrom)):
            found.append(statement)
        elif isinstance(statement, (ast.Try, ast.If)):
            stack.extend(statement.body + statement.orelse)
            stack.extend(s for h in getattr(statement, "handlers", ()) for s in h.body)
    return found


def _find_circle(graph):
    """One import circle as a list of module names, or None."""
    state = {}  # name -> "open" while on the path, "done" after
    path = []

    def visit(name):
        state[name] = "open"
        path.append(name)
        for target in sorted(graph.get(name, ())):
            if state.get(target) == "open":
                return path[path.index(target) :] + [target]
            if target not in state:
                circle = visit(target)
                if circle:
                    return circle
        path.pop()
        state[name] = "done"
        return None

    for name in sorted(graph):
        if name not in state:
            circle = visit(name)
            if circle:
                return circle
    return None


def test_no_import_circle():
    graph, _ = _graph()
    assert _find_circle(graph) is None, " -> ".join(_find_circle(graph))


def test_imports_are_at_the_top():
    _, local_imports = _graph()
    assert local_imports == []


def test_the_circle_finder_finds_a_circle():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _find_circle(graph) == ["a", "b", "c", "a"]
    assert _find_circle({"a": {"b"}, "b": set()}) is None


@pytest.mark.parametrize(
    "source, importer, expected",
    [
        ("from .. import empty_like", "pyautograd.nn.init", {"pyautograd"}),
        ("from .. import dtypes", "pyautograd.nn.init", {"pyautograd.dtypes"}),
        ("from ..ops.shape import stack", "pyautograd.nn.init", {"pyautograd.ops.shape", "pyautograd.ops"}),
    ],
)
def test_edges_of_an_import(source, importer, expected):
    statement = ast.parse(source).body[0]
    edges = set()
    for target in _resolve(importer, False, statement):
        edges.add(target)
        edges |= _ancestors(target) - _ancestors(importer) - {importer}
    assert edges == expected
