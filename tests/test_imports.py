"""No import cycle in the package: every import statement counts, at the top, in a function or under TYPE_CHECKING.

A cycle ties modules together so that none can be read, tested or loaded without the others (the table loaded
click through the command line's names; the server's rooms imported each other for a type). The imports are read
from the source with ``ast``, the modules' graph is searched for strongly connected groups (Tarjan), and any group
of more than one module fails the test.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "commerce_a11y"


def module_files() -> dict[str, Path]:
    modules = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = path
    return modules


def imports_of(module: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The package's modules that ``module`` imports anywhere in its source (a package counts as its __init__)."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name in modules)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join([*base, *([node.module] if node.module else [])])
            else:
                target = node.module or ""
            if target in modules:
                found.add(target)
            found.update(f"{target}.{alias.name}" for alias in node.names if f"{target}.{alias.name}" in modules)
    found.discard(module)
    return found


def import_graph() -> dict[str, set[str]]:
    modules = module_files()
    return {module: imports_of(module, path, modules) for module, path in modules.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    groups.append(sorted(group))
    return groups


def test_the_finder_sees_a_cycle_through_any_kind_of_import() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert cycles(graph) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_the_graph_counts_function_level_and_type_only_imports() -> None:
    graph = import_graph()
    assert "commerce_a11y.opponents" in graph["commerce_a11y.server.table"]
    assert "commerce_a11y.bots" in graph["commerce_a11y.opponents"]  # imported inside parse_opponents only


def test_no_module_of_the_package_imports_itself_back() -> None:
    assert cycles(import_graph()) == []


@pytest.mark.e2e  # a fresh interpreter: what importing loads and holds
def test_importing_the_package_does_nothing() -> None:
    """``import commerce_a11y`` (a library's first step) loads no other module of the game and touches no signal: the
    program's own start (``cli.py``) is where Ctrl-C is held while the game loads."""
    code = ("import signal, sys\nbefore = signal.getsignal(signal.SIGINT)\nimport commerce_a11y\n"
            "print(signal.getsignal(signal.SIGINT) is before, commerce_a11y.__version__,"
            " sorted(m for m in sys.modules if m.startswith('commerce_a11y')))\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split(" ", 2)[0::2] == ["True", "['commerce_a11y']\n"]


@pytest.mark.e2e  # a fresh interpreter: what importing loads and holds
def test_the_program_holds_ctrl_c_from_its_first_line_and_a_library_does_not() -> None:
    """``commerce`` and ``python -m commerce_a11y`` hold Ctrl-C from ``cli.py``'s first line (``cli.main`` then
    leaves quietly); a program that only imports the command line (a test runner) keeps its own Ctrl-C."""
    code = ("import signal, sys\nsys.argv[0] = {program!r}\nimport commerce_a11y.cli\n"
            "print(getattr(signal.getsignal(signal.SIGINT), '__name__', ''))\n")
    held = {}
    for program in ("/usr/bin/commerce", "/x/commerce_a11y/__main__.py", "/usr/bin/pytest", "-c"):
        result = subprocess.run([sys.executable, "-c", code.format(program=program)], capture_output=True,
                                text=True, timeout=60, check=False)
        assert result.returncode == 0, result.stderr
        held[program] = result.stdout.strip() == "_hold_interrupt"
    assert held == {"/usr/bin/commerce": True, "/x/commerce_a11y/__main__.py": True, "/usr/bin/pytest": False,
                    "-c": False}
