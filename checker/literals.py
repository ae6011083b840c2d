"""Results are computed, inputs are declared (issue 20): a verify function may not return a written-out number
for a key the page prints as computed.

A hurried co-author who cannot make a claim pass can replace the computation by a copy of the printed value
(`return {"ppl": 2.5198}`); every claim stays green and nothing is recomputed. So, for each key a page's
claims use, the function's source is read (ast): a value that is a numeric literal, a tuple or list of them,
or a dict of them, or a name bound to one in the function or at module level (`LR = 0.1`), also inside np.array(...),
float(...), list(...), dict(...) or .tolist(), is written out, and such a key must be
declared an input with @inputs(...) (checker/evidence.py). Inputs are the given numbers of an example (a learning
rate, the course's scores -6.4 and -8.2, a seed); results go through kernels.

What is read: `return {...}` dict literals, `out["key"] = ...` assignments, and the dict literal or `out.update(...)`
of a name the function returns (`out = {...}; out.update(k=1.0); return out`), in the function itself. Out of
reach: a literal smuggled through a helper function or arithmetic on literals (`0.5 + 0`); a reviewer reads
those.
"""
from __future__ import annotations

import ast
import copy
import functools
import importlib
import inspect
import textwrap


def _is_literal(node, names: dict, depth: int = 0) -> bool:
    if isinstance(node, ast.Constant):
        return isinstance(node.value, (int, float)) and not isinstance(node.value, bool)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        return _is_literal(node.operand, names, depth)
    if isinstance(node, (ast.Tuple, ast.List)):
        return bool(node.elts) and all(_is_literal(e, names, depth) for e in node.elts)
    if isinstance(node, ast.Dict):
        # {"a": 0.25, "b": 0.5}: a table of written-out numbers, each one an input (new-author trial 15's temperatures)
        return bool(node.values) and all(_is_literal(v, names, depth) for v in node.values)
    if isinstance(node, ast.Name) and node.id in names and depth < 3:
        return _is_literal(names[node.id], names, depth + 1)
    if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant) and depth < 3:
        # SIZES["layers"] of a dict written out (SIZES = {"layers": 24, …}): the entry is written out
        table = _resolved_dict(node.value, names, depth)
        entry = _entry(table, node.slice.value) if table is not None else None
        return entry is not None and _is_literal(entry, names, depth + 1)
    if isinstance(node, ast.Call):
        # np.array([1.0, 0.0]), float(2), BASE.tolist(): a written-out number in a wrapper is still written out
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
        if name == "dict" and isinstance(func, ast.Name):
            # dict(TAUS), dict(a=0.25, b=0.5), dict(TAUS, c=0.1): every entry written out (review 77)
            parts = [*node.args, *(k.value for k in node.keywords)]
            return bool(parts) and len(node.args) <= 1 and all(k.arg for k in node.keywords) \
                and all(_is_literal(p, names, depth) for p in parts)
        if name in _WRAPPERS and len(node.args) == 1:
            return _is_literal(node.args[0], names, depth)
        if name in ("tolist", "copy") and isinstance(func, ast.Attribute) and not node.args:
            return _is_literal(func.value, names, depth)
        if name in ("values", "keys", "items") and isinstance(func, ast.Attribute) and not node.args:
            # list(FREQS.values()) of a table written out (new-author trial 54 declared it an input and was told
            # it was not written out): its values are the table's
            return _resolved_dict(func.value, names, depth) is not None and _is_literal(func.value, names, depth)
    return False


_WRAPPERS = {"array", "asarray", "float64", "float", "int", "list", "tuple"}


def _resolved_dict(node, names: dict, depth: int = 0):
    """The dict literal a name stands for (m = SIZES, SIZES = {...}), or None."""
    while isinstance(node, ast.Name) and node.id in names and depth < 3:
        node, depth = names[node.id], depth + 1
    return node if isinstance(node, ast.Dict) else None


def _entry(table: ast.Dict, key):
    return next((v for k, v in zip(table.keys, table.values) if isinstance(k, ast.Constant) and k.value == key), None)


def _assigned(node) -> list[tuple[str, ast.AST]]:
    """(name, value node) of one assignment: `N = 10`, and each name of `A, B = 10, 20` with its own value (the
    new-author trial of stop 48 wrote its two inputs so, and was told they were not written out)."""
    if not isinstance(node, ast.Assign) or len(node.targets) != 1:
        return []
    target = node.targets[0]
    if isinstance(target, ast.Name):
        return [(target.id, node.value)]
    if isinstance(target, (ast.Tuple, ast.List)) and isinstance(node.value, (ast.Tuple, ast.List)) \
            and len(target.elts) == len(node.value.elts) and all(isinstance(t, ast.Name) for t in target.elts):
        return [(t.id, v) for t, v in zip(target.elts, node.value.elts)]
    return []


def _bindings(statements) -> dict:
    """name -> value node of every single-name or tuple assignment (the last one wins)."""
    names = {}
    for node in statements:
        for sub in ast.walk(node):
            names.update(_assigned(sub))
    return names


@functools.lru_cache(maxsize=None)
def _module_constants(module) -> dict:
    """name -> value node of the module's top-level assignments (single names and literal tuples); a module is parsed once, not once
    per verify function in it (that was a second of a cold run)."""
    top = {}
    for node in ast.parse(inspect.getsource(module)).body:   # module constants only, not other functions' locals
        top.update(_assigned(node))
        top.update(_imported_constants(node))
    return top


_READING: set[str] = set()   # verify modules whose constants are being read, against an import cycle


def _imported_constants(node) -> dict:
    """name -> value node of the constants a top-level `from verify.… import NAME` brings in, each with the names it
    uses inlined from its own module: new-author trial 17 took lecture §1.3's table as `from verify.lecture.ch01 import
    TABLE_3` and was told its declared input was not written out anywhere the checker reads."""
    if not isinstance(node, ast.ImportFrom) or node.level or not (node.module or "").startswith("verify."):
        return {}
    if node.module in _READING:
        return {}   # two verify modules importing each other's constants (review 80): the one being read stops it
    _READING.add(node.module)
    try:
        theirs = _module_constants(importlib.import_module(node.module))
    except (ImportError, OSError, TypeError, SyntaxError):
        return {}
    finally:
        _READING.discard(node.module)
    return {alias.asname or alias.name: _inlined(theirs[alias.name], theirs)
            for alias in node.names if alias.name in theirs}


def _inlined(node, names: dict, depth: int = 0):
    """A copy of `node` with each name it uses replaced by that name's value in `names` (its own module's), so that
    it reads the same in the module that imports it."""
    class Inline(ast.NodeTransformer):
        def visit_Name(self, name):
            if name.id in names and depth < 3:
                return _inlined(names[name.id], names, depth + 1)
            return name
    return Inline().visit(copy.deepcopy(node))


@functools.lru_cache(maxsize=None)
def _literal_keys(function) -> frozenset:
    try:
        top = _module_constants(inspect.getmodule(function))
        tree = ast.parse(textwrap.dedent(inspect.getsource(function)))
    except (OSError, TypeError, SyntaxError):
        return frozenset()
    # an import of a verify module's constants inside the function counts as one at the top (new-author trial 27
    # imported lecture §7.4's sizes in the function and was told eleven inputs were not written out)
    local_imports = {}
    for node in ast.walk(tree):
        local_imports.update(_imported_constants(node))
    names = {**top, **local_imports, **_bindings(tree.body)}
    # a table the function changes as it runs (calls = {"greedy": 0}; calls[name] += 1 in a wrapper that counts the
    # model's calls: new-author trial 53) holds what was counted, not what was written
    for name in _changed_in_place(tree):
        names.pop(name, None)
    found = set()
    returned = {node.value.id for node in ast.walk(tree) if isinstance(node, ast.Return)
                and isinstance(node.value, ast.Name)}

    def read_dict(node, depth: int = 0) -> None:
        for key, value in zip(node.keys, node.values):
            if isinstance(key, ast.Constant) and isinstance(key.value, str) and _is_literal(value, names):
                found.add(key.value)
            elif key is None and depth < 3:   # {**SIZES, …}: the written-out entries of a spread dict literal
                spread = _resolved_dict(value, names)
                if spread is not None:
                    read_dict(spread, depth + 1)

    for node in ast.walk(tree):
        if isinstance(node, ast.Return) and isinstance(node.value, ast.Dict):
            read_dict(node.value)
        elif isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name) \
                and node.targets[0].id in returned and isinstance(node.value, ast.Dict):
            read_dict(node.value)   # out = {...}; …; return out
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "update" \
                and isinstance(node.func.value, ast.Name) and node.func.value.id in returned:
            for arg in node.args:   # out.update({...}) and out.update(key=value)
                if isinstance(arg, ast.Dict):
                    read_dict(arg)
            found.update(k.arg for k in node.keywords if k.arg and _is_literal(k.value, names))
        elif isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Subscript):
            target = node.targets[0]
            if isinstance(target.slice, ast.Constant) and isinstance(target.slice.value, str) \
                    and _is_literal(node.value, names):
                found.add(target.slice.value)
    return frozenset(found)


_MUTATORS = {"append", "extend", "insert", "update", "setdefault", "pop", "clear", "add", "fill", "sort"}


def _changed_in_place(tree) -> set[str]:
    """The names whose value the function changes in place: an item assigned or augmented (calls[k] += 1), or a
    method that changes it called (seen.append(x))."""
    changed = set()
    for node in ast.walk(tree):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AugAssign) \
            else []
        for target in targets:
            if isinstance(target, ast.Subscript) and isinstance(target.value, ast.Name):
                changed.add(target.value.id)
        if isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name):
            changed.add(node.target.id)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _MUTATORS \
                and isinstance(node.func.value, ast.Name):
            changed.add(node.func.value.id)
    return changed


def literal_keys(function) -> frozenset:
    """The keys the function returns as written-out numbers."""
    return _literal_keys(function)
