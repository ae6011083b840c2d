"""The checker is a pipeline of stages in small modules with no import cycle between them (a cycle makes every
stage depend on every other; it once ran checker -> figures -> site additions -> checker)."""
from pathlib import Path

from verify.inputs import _imports_of, _module_file
from verify.paths import ROOT


def _graph() -> dict[str, set[str]]:
    graph = {}
    for file in sorted((ROOT / "verify").rglob("*.py")):
        rel = file.relative_to(ROOT).with_suffix("")
        name = ".".join(rel.parts)
        package = ".".join(rel.parts[:-1])
        deps = set()
        for imported in _imports_of(file, package):
            found = _module_file(imported)
            if found and found.name != "__init__.py" and found.is_relative_to(ROOT / "verify"):
                deps.add(".".join(found.relative_to(ROOT).with_suffix("").parts))
        graph[name] = deps - {name}
    return graph


def test_no_import_cycle_among_the_verify_modules():
    graph, cycles = _graph(), []

    def visit(node, path, seen):
        for dep in sorted(graph.get(node, ())):
            if dep == path[0]:
                cycles.append(" -> ".join(path + [dep]))
            elif dep not in seen:
                seen.add(dep)
                visit(dep, path + [dep], seen)

    for start in graph:
        visit(start, [start], {start})
    assert not cycles, cycles[:5]
    assert len(graph) > 20   # the walk saw the modules
