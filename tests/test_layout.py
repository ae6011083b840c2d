"""The tree shows the architecture: one package per role, no import cycle between modules, no role reaching into
a package it should not (a cycle makes every stage depend on every other; one ran checker -> figures -> site
additions -> checker), and the README's layout table names exactly the packages on disk."""
import re
from pathlib import Path

from checker.inputs import _imports_of, _module_file
from checker.paths import ROOT

PACKAGES = ("kernels", "checker", "verify", "training", "labs", "tools", "sitegen")
# who may import whom: the math imports nothing of ours; the checker reads pages and runs their verify functions
# by path (never by import); the pages' functions call kernels, the checker's declarations and the suites' results
ALLOWED = {
    "kernels": {"kernels"},
    "checker": {"checker", "kernels", "tools", "training", "labs"},
    "verify": {"verify", "kernels", "checker", "training", "labs"},
    "training": {"training", "kernels", "checker"},
    "labs": {"labs", "kernels", "checker", "training"},
    "tools": {"tools", "kernels", "checker", "training"},
    # the site's build step reads pages and verification results; the theme only renders what it writes
    "sitegen": {"sitegen", "checker", "tools", "kernels", "labs"},
}


def _graph() -> dict[str, set[str]]:
    graph = {}
    for package in PACKAGES:
        for file in sorted((ROOT / package).rglob("*.py")):
            rel = file.relative_to(ROOT).with_suffix("")
            name = ".".join(rel.parts)
            deps = set()
            for imported in _imports_of(file, ".".join(rel.parts[:-1])):
                found = _module_file(imported)
                if found and found.name != "__init__.py":
                    deps.add(".".join(found.relative_to(ROOT).with_suffix("").parts))
            graph[name] = deps - {name}
    return graph


def test_no_import_cycle_among_the_project_modules():
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
    assert len(graph) > 60   # the walk saw the modules


def test_each_package_imports_only_what_its_role_allows():
    wrong = [f"{module} imports {dep}" for module, deps in _graph().items() for dep in deps
             if dep.split(".")[0] not in ALLOWED[module.split(".")[0]]]
    assert not wrong, wrong


def test_the_readme_layout_table_matches_the_tree():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    listed = set(re.findall(r"^\| `([a-z_]+)/` \|", readme, re.M))
    on_disk = {p.name for p in ROOT.iterdir() if p.is_dir() and not p.name.startswith((".", "_"))
               and p.name not in ("build", "site", "node_modules") and not p.name.endswith(".egg-info")}
    assert listed == on_disk, (sorted(listed - on_disk), sorted(on_disk - listed))
