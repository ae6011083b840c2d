"""Mutants of the files under the pages (issue 20): committed results, manifests, notebook outputs, and the
data the checker itself reads. Generated at run time from the committed files, like the page corpus.

Each edit is what a hurried co-author does by hand: a recorded fastest time replaced by another repeat, a
manifest's learning rate changed to match an edited page, a machine-dependent notebook line retyped, a year
in the bibliography that its arXiv id contradicts, a number added to the generated seed data so that a site
number looks course-stated. A mutant is killed when the file checks (`file_errors`) report an error the
committed files do not get. Files bound by regeneration alone (a notebook's exact outputs, a results file a
notebook writes) are checked by rerunning them in tests/test_notebooks.py, not here: that takes minutes.
"""
from __future__ import annotations

import copy
import json
import random
import re
from pathlib import Path

import nbformat

from tests.mutations.corpus import ROOT, Mutant

SEEDS, SECTIONS = ROOT.parent / "shared" / "seeds", ROOT.parent / "shared" / "sections.tsv"
FOLDERS = ("results", "benchmarks/results", "notebooks", "checker/data", "kernels")


def file_errors(root: Path) -> list[str]:
    """Every error the checks of committed files report for the tree at root."""
    from checker import artifacts
    from checker.seed_numbers import differences
    errors = artifacts.check(root)
    if SEEDS.is_dir() and SECTIONS.is_file():
        errors += [f"checker/data/seed_numbers.json:1: {key} is not what the seeds give"
                   for key in differences(root / "checker/data/seed_numbers.json", SEEDS, SECTIONS)]
    return errors


def _whole_file(cls: str, name: str, rel: str, new_text: str) -> Mutant:
    old = (ROOT / rel).read_text(encoding="utf-8")
    return Mutant(cls, name, [(rel, old, new_text, 0)], None, [])


def _json_text(rel: str, data) -> str:
    """Serialized the way the committed file is (the files round-trip: see tests/test_artifacts.py)."""
    text = (ROOT / rel).read_text(encoding="utf-8")
    indent = 2 if text.startswith('{\n  "') else 1
    return json.dumps(data, indent=indent, ensure_ascii=False) + ("\n" if text.endswith("\n") else "")


def _leaves(obj, path=()):
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from _leaves(v, path + (k,))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from _leaves(v, path + (i,))
    else:
        yield path, obj


def _set(obj, path, value):
    for key in path[:-1]:
        obj = obj[key]
    obj[path[-1]] = value


def _changed(value):
    """A plausible hand edit of one recorded value, or None for values that are not numbers."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return value * 2 if isinstance(value, int) and value else round(value * 1.1, 6) if value else 1


def _json_mutants(cls: str, rel: str, under: tuple, rng, n: int) -> list[Mutant]:
    data = json.loads((ROOT / rel).read_text(encoding="utf-8"))
    block = data
    for key in under:
        block = block.get(key, {}) if isinstance(block, dict) else {}
    sites = [(under + p, v) for p, v in _leaves(block) if _changed(v) is not None]
    out = []
    for path, value in (sites if len(sites) <= n else rng.sample(sites, n)):
        edited = copy.deepcopy(data)
        _set(edited, path, _changed(value))
        where = ".".join(map(str, path))
        out.append(_whole_file(cls, f"{rel} {where} {value} -> {_changed(value)}", rel, _json_text(rel, edited)))
    return out


def _fastest_not_minimum(rel: str = "benchmarks/results/cpu.json") -> list[Mutant]:
    data = json.loads((ROOT / rel).read_text(encoding="utf-8"))
    out = []
    for i, row in enumerate(data.get("kv_cache", {}).get("rows", [])):
        for side in ("cached", "full"):
            times = sorted(row.get(f"{side}_times_s", []))
            if len(times) > 1:
                edited = copy.deepcopy(data)
                edited["kv_cache"]["rows"][i][f"{side}_s"] = times[1]
                out.append(_whole_file("artifacts", f"{rel} kv t={row.get('t')} {side}_s = second fastest", rel,
                                       _json_text(rel, edited)))
    return out


def _notebook_outputs(rng, n: int) -> list[Mutant]:
    """Retype a digit or a word of a machine-dependent cell's output (the pinned ones)."""
    from checker.artifacts import machine_dependent_outputs
    out = []
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        rel = path.relative_to(ROOT).as_posix()
        nb = nbformat.read(path, as_version=4)
        for cell in machine_dependent_outputs(nb):
            for k, output in enumerate(nb.cells[int(cell)].outputs):
                text = output.get("text", "")
                sites = [m for m in re.finditer(r"\d", text)] if isinstance(text, str) else []
                for m in (sites if len(sites) <= n else rng.sample(sites, n)):
                    edited = copy.deepcopy(nb)
                    digit = str((int(m.group()) + 1) % 10)
                    edited.cells[int(cell)].outputs[k]["text"] = text[:m.start()] + digit + text[m.end():]
                    out.append(_whole_file("artifacts", f"{rel} cell {cell} output digit at {m.start()}", rel,
                                           nbformat.writes(edited) + "\n"))
    return out


def _notebook_prose(rng, n: int) -> list[Mutant]:
    """Retype a digit of a number in a notebook's Markdown (checker/notebook_prose.py). Small integers (<= 12)
    are left out: the check finds a number in the notebook's outputs, where 2 or 4 occur anyway, so a retyped
    small count is out of its reach (measured: 5 of 18 such edits caught when they were included)."""
    from checker import classify
    from checker.kinds import decisive
    from checker.numbers import parse_number

    def counts(token) -> bool:
        try:
            return decisive([parse_number(token.text).value])
        except Exception:
            return True
    out = []
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        rel = path.relative_to(ROOT).as_posix()
        nb = nbformat.read(path, as_version=4)
        sites = [(i, t) for i, c in enumerate(nb.cells) if c.cell_type == "markdown"
                 for t in classify.numbers_in(c.source)
                 if not t.structural and not t.word and re.search(r"\d", t.text) and counts(t)]
        for i, token in (sites if len(sites) <= n else rng.sample(sites, n)):
            edited = copy.deepcopy(nb)
            k = token.start + re.search(r"\d", token.text).start()
            source = edited.cells[i].source
            edited.cells[i].source = source[:k] + str((int(source[k]) + 3) % 10) + source[k + 1:]
            out.append(_whole_file("notebook_prose", f"{rel} markdown cell {i}: {token.text!r} retyped", rel,
                                   nbformat.writes(edited) + "\n"))
    return out


def artifacts(rng) -> list[Mutant]:
    mutants = _fastest_not_minimum()
    mutants += _json_mutants("artifacts", "benchmarks/results/cpu.json", (), rng, 8)
    for rel, under in [("results/seq2seq/manifest.json", ("hyperparameters",)),
                       ("results/pixel_qa/manifest.json", ("hyperparameters",)),
                       ("results/route_g/manifest.json", ("hyperparameters",)),
                       ("results/route_g/manifest.json", ("config",)),
                       ("results/labs/route_c.json", ("training",)),
                       ("results/labs/route_g.json", ("machine_dependent",))]:
        mutants += _json_mutants("artifacts", rel, under, rng, 4)
    return mutants + _notebook_outputs(rng, 3) + _notebook_prose(rng, 2)


ENTRY = re.compile(r"^@\w+\{(?P<key>\w+),(?P<body>.*?)(?=^@|\Z)", re.S | re.M)


def data(rng) -> list[Mutant]:
    rel = "checker/data/bibliography.bib"
    bib = (ROOT / rel).read_text(encoding="utf-8")
    out = []
    for m in ENTRY.finditer(bib):
        body = m["body"]
        arxiv = re.search(r"eprint = \{(\d{2})(\d{2})\.\d{4,5}\}", body)
        year = re.search(r"year = \{(\d{4})\}", body)
        if arxiv and year:     # a venue year, or the entry's year, before its own arXiv id
            earlier = str(2000 + int(arxiv[1]) - 1)
            start = m.start("body") + year.start(1)
            out.append(Mutant("data", f"{rel} {m['key']} year {year[1]} -> {earlier} (arXiv {arxiv[1]}{arxiv[2]})",
                              [(rel, year[1], earlier, start)], None, []))
            venue = re.search(r"(?:booktitle|journal) = \{[^}]*?((?:19|20)\d{2})", body)
            if venue:
                start = m.start("body") + venue.start(1)
                out.append(Mutant("data", f"{rel} {m['key']} venue year {venue[1]} -> {earlier}",
                                  [(rel, venue[1], earlier, start)], None, []))
        if "kind = {record}" in body and year:   # a course record's year that its section does not state
            start = m.start("body") + year.start(1)
            out.append(Mutant("data", f"{rel} record {m['key']} year {year[1]} -> {int(year[1]) - 1}",
                              [(rel, year[1], str(int(year[1]) - 1), start)], None, []))
    if SEEDS.is_dir():
        out += _seed_data(rng, 12)
    return out


def _seed_data(rng, n: int) -> list[Mutant]:
    """Edit the generated seed data so that a site number looks course-stated, or a stated count vanishes."""
    rel = "checker/data/seed_numbers.json"
    text = (ROOT / rel).read_text(encoding="utf-8")
    data = json.loads(text)
    keys = sorted(data)
    out = []
    for key in rng.sample(keys, min(n, len(keys))):
        edited = copy.deepcopy(data)
        entry = edited[key]
        if entry["values"] and rng.random() < 0.5:
            entry["values"].append([round(entry["values"][0][0] * 1.1 + 0.013, 3), 0.0005])
            what = "a site value added"
        elif entry["phrases"]:
            entry["phrases"] = entry["phrases"][1:]
            what = "a stated count phrase dropped"
        else:
            entry["values"].append([0.881, 0.0005])
            what = "a site value added"
        new = json.dumps(edited, ensure_ascii=False, indent=0, sort_keys=True) + "\n"
        out.append(Mutant("data", f"{rel} {key}: {what}", [(rel, text, new, 0)], None, []))
    return out


def generate(seed: int = 9) -> list[Mutant]:
    rng = random.Random(seed)
    return artifacts(rng) + data(rng)
