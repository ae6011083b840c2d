"""Verified figures: pictures drawn from the same values a page's claims are checked against.

A page declares its figures in front matter:

    figures:
      - id: read-weights                    # lowercase letters and hyphens (no digits: ids appear in the body)
        draw: attention_pair                # a drawing function of tools/figure_kinds.py
        from: verify/lecture/ch03_checkpoint.py::failure_attention   # optional; default: the page's verify
        data: {weights: tf_weights, rows: target_tokens}              # argument -> key path in those values
        labels: [源位置, 目标步]             # optional titles/axis names the drawing writes (checked like text)
        sha256: 3f1c0a9e2b7d4c55            # first 16 hex digits of the data hash (a lock, like a claim)

`from` may also name a committed results file (`results/…/train_log.json`, `benchmarks/results/cpu.json`)
or a diagram description (`tools/diagrams/….yaml`). The body embeds the figure on a line of its own,
with its alt text and its caption (numbers in the caption are claims like any other):

    ![alt text](figure:read-weights "caption")

The data are hashed canonically (floats rounded, see `canonical`), the SVG is drawn by matplotlib (Agg,
text as paths in a CJK font shipped by the `mplfonts` wheel, fixed hash salt, no date), and cached under
build/figures/ by the hash of data, drawing code and matplotlib version, so an unchanged figure is not
redrawn (a warm run does not even import matplotlib). A changed value changes the data hash and fails
the page until the figure's `sha256` lock is renewed (`python -m tools.figures --renew PAGE`).
"""
from __future__ import annotations

import hashlib
import json
import math
import os
import re
import sys
import tempfile
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / "build" / "figures"
KINDS_FILE = Path(__file__).with_name("figure_kinds.py")
FIGURE_ID = re.compile(r"[a-z][a-z-]*\Z")
ENTRY_KEYS = {"id", "draw", "from", "data", "labels", "sha256"}
EMBED = re.compile(r'(?P<indent>^[ \t]*)!\[(?P<alt>[^\]\n]*)\]\(figure:(?P<id>[a-z][a-z-]*)(?:\s+"(?P<caption>[^"\n]*)")?\)', re.M)
NUMBER = re.compile(r"[−-]?\d*\.?\d+%?")
LOCK_DIGITS = 16


# --------------------------------------------------------------------------- data and its hash

def canonical(value):
    """JSON-ready data with floats rounded (12 decimals, 10 significant digits), so the hash ignores
    last-bit noise of another CPU or BLAS."""
    from checker.numbers import Quantity

    if isinstance(value, Quantity):  # a figure plots the value in base units (bytes, seconds)
        value = value.value
    if hasattr(value, "tolist"):
        value = value.tolist()
    if isinstance(value, dict):
        return {str(k): canonical(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [canonical(v) for v in value]
    if isinstance(value, bool) or value is None or isinstance(value, (int, str)):
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            return repr(value)
        return float(f"{round(value, 12):.10g}") + 0.0  # +0.0 turns -0.0 into 0.0
    raise TypeError(f"figure data must be numbers, strings, lists or maps, got {type(value).__name__}")


def data_sha256(data: dict) -> str:
    text = json.dumps(canonical(data), sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def load_values(source: str) -> dict:
    """Values from a verify function (path.py::function), a committed JSON results file or a YAML diagram."""
    if "::" in source:
        from checker.values import run_verify
        return run_verify(source)
    path = ROOT / source
    if not path.is_file():
        raise FileNotFoundError(f"{source} does not exist; name a committed results file or a verify function")
    text = path.read_text(encoding="utf-8")
    return json.loads(text) if path.suffix == ".json" else yaml.safe_load(text)


def select(values: dict, mapping: dict | None) -> dict:
    """{argument: key path} -> {argument: value}; key paths use the claim syntax (a.b, a[0])."""
    from checker.values import lookup
    if not mapping:
        return {"spec": values}
    out = {}
    for arg, path in mapping.items():
        if isinstance(path, list):
            out[arg] = [select(values, {arg: p})[arg] for p in path]
            continue
        m = re.fullmatch(r"(\w+)((?:\[\d+\]|\.\w+)*)", str(path))
        if not m or m.group(1) not in values:
            raise KeyError(f"data {arg}: {path!r} is not a key of the values (known: {', '.join(sorted(values))})")
        out[arg] = lookup(values, m.group(1), m.group(2))
    return out


# --------------------------------------------------------------------------- drawing, cached

def _code_sha() -> str:
    return hashlib.sha256(KINDS_FILE.read_bytes() + Path(__file__).read_bytes()).hexdigest()


def _matplotlib_version() -> str:
    from importlib.metadata import version
    return version("matplotlib")


def cache_key(draw: str, data_hash: str) -> str:
    return hashlib.sha256(f"{draw}\n{data_hash}\n{_code_sha()}\n{_matplotlib_version()}".encode()).hexdigest()


def _write_atomically(path: Path, payload: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    with os.fdopen(fd, "wb") as handle:
        handle.write(payload)
    os.replace(tmp, path)


def render(draw: str, data: dict, data_hash: str, cache: Path = CACHE) -> dict:
    """Draw (or reuse) the SVG; returns its path, sha256, the labels drawn and whether it was drawn now."""
    key = cache_key(draw, data_hash)
    svg, sidecar = cache / f"{key}.svg", cache / f"{key}.json"
    if svg.is_file() and sidecar.is_file():
        info = json.loads(sidecar.read_text(encoding="utf-8"))
        if hashlib.sha256(svg.read_bytes()).hexdigest() == info["svg_sha256"]:
            return {**info, "svg": str(svg), "drawn": False}
    from tools import figure_kinds
    payload, labels = figure_kinds.draw_svg(draw, canonical(data))
    info = {"svg_sha256": hashlib.sha256(payload).hexdigest(), "labels": labels}
    _write_atomically(svg, payload)
    _write_atomically(sidecar, json.dumps(info, ensure_ascii=False).encode("utf-8"))
    return {**info, "svg": str(svg), "drawn": True}


# --------------------------------------------------------------------------- the page check

def _relative(path: str) -> str:
    p = Path(path)
    return p.relative_to(ROOT).as_posix() if p.is_relative_to(ROOT) else str(p)


def _plain(number: str) -> str:
    """'−0.42' and '-.42' print the same number."""
    number = number.replace("−", "-")
    return re.sub(r"^(-?)0(?=\.)", r"\1", number)


def _squeeze(text: str) -> str:
    return re.sub(r"\s+", "", text)


_SIDE = re.compile(r"(?<!左)([左右])(?!右)(?:边|侧|图|半|栏)?(?:几幅|一幅|两幅)?(?:是|为|：|:)?\s*([^；;。，,左右]{2,40})")
_FUNCTION_CHARACTERS = set("的是了和与之在为有也都 ")


def _sides_swapped(alt: str, caption: str) -> bool:
    """Does the caption give the left panel what the alt text gives the right one, and the right the left (blind_38
    W38-051: 左：给定的分数；右：softmax 之后的权重 -> 左：softmax 之后的权重；右：给定的分数)? Each side's words are
    compared by their characters; only where both texts describe both sides."""
    def sides(text: str) -> dict[str, set[str]]:
        found: dict[str, set[str]] = {}
        for m in _SIDE.finditer(text):
            found.setdefault(m.group(1), set(m.group(2).lower()) - _FUNCTION_CHARACTERS)
        return found
    a, c = sides(alt), sides(caption)
    if not ({"左", "右"} <= set(a) and {"左", "右"} <= set(c)):
        return False
    kept = len(a["左"] & c["左"]) + len(a["右"] & c["右"])
    swapped = len(a["左"] & c["右"]) + len(a["右"] & c["左"])
    return swapped > kept


def check_figures(page, values: dict | None, report, fail) -> list[dict]:
    """Long because the rules share one pass over the declared figures and their embeds (line numbers, locks, alt text) and report in page order. Check and draw a page's declared figures; returns their records for the page JSON.

    `fail(line, message)` records a one-line error. Rules: every entry is embedded exactly once with
    non-empty alt text; every embed names a declared figure; the data hash equals the entry's lock;
    numbers the drawing printed (annotations) are numbers a passing claim printed on the page; a
    diagram's labels all occur in the page text.
    """
    from tools import figure_kinds
    from checker.page import claim_line

    entries = page.meta.get("figures") or []
    embeds = {}
    for m in EMBED.finditer(page.body):
        embeds.setdefault(m.group("id"), []).append(m)
    if not isinstance(entries, list):
        fail(page.meta_lines.get("figures", 2), "'figures' must be a YAML list of {id, draw, data, sha256}")
        return []
    declared = {e.get("id") for e in entries if isinstance(e, dict)}
    for fid, found in embeds.items():
        if fid not in declared:
            fail(page.line_of(found[0].start()), f"the body embeds figure:{fid}, which 'figures' does not declare")
    printed = {_plain(n) for c in report.claims if c.status == "passed" and c.printed
               for n in NUMBER.findall(c.printed)}
    body = _squeeze(page.body)
    records = []
    for i, entry in enumerate(entries):
        line = claim_line(page, "figures", i)
        if not isinstance(entry, dict) or not {"id", "draw", "sha256"} <= set(entry) or set(entry) - ENTRY_KEYS:
            fail(line, f"figure {i} needs id, draw and sha256 (optional: from, data), and no other keys")
            continue
        fid = str(entry["id"])
        if not FIGURE_ID.match(fid):
            fail(line, f"figure id {fid!r} must be lowercase letters and hyphens (it is written in the body)")
            continue
        if entry["draw"] not in figure_kinds.KINDS:
            fail(line, f"figure {fid}: no drawing function {entry['draw']!r}; "
                       f"known: {', '.join(sorted(figure_kinds.KINDS))}")
            continue
        found = embeds.get(fid, [])
        if len(found) != 1:
            fail(line, f"figure {fid} must be embedded once in the body as ![alt](figure:{fid} \"caption\"), "
                       f"found {len(found)}")
            continue
        embed = found[0]
        alt, caption = embed.group("alt").strip(), (embed.group("caption") or "").strip()
        if not alt or not caption:
            fail(page.line_of(embed.start()), f"figure {fid} needs alt text and a caption: "
                                              f"![what the figure shows](figure:{fid} \"caption\")")
        if alt and caption and _sides_swapped(alt, caption):
            fail(page.line_of(embed.start()), f"figure {fid}: the caption's left and right panels are the alt text's "
                                              "right and left; say each side as the figure draws it")
        source = entry.get("from") or page.meta.get("verify")
        if not source:
            fail(line, f"figure {fid} names no 'from' and the page has no verify function to draw from")
            continue
        try:
            data = select(values if source == page.meta.get("verify") and values is not None
                          else load_values(source), entry.get("data"))
            if "labels" in entry:
                data["labels"] = [str(x) for x in entry["labels"]]
            digest = data_sha256(data)
        except Exception as exc:
            fail(line, f"figure {fid}: its data cannot be read from {source}: {type(exc).__name__}: {exc}")
            continue
        if str(entry["sha256"]) != digest[:LOCK_DIGITS]:
            fail(line, f"figure {fid}: data changed (sha256 {digest[:LOCK_DIGITS]}, lock {entry['sha256']}); "
                       "check the caption and the figure, then renew the lock (python -m tools.figures --renew PAGE)")
        try:
            drawn = render(entry["draw"], data, digest)
        except Exception as exc:
            fail(line, f"figure {fid}: drawing {entry['draw']} failed: {type(exc).__name__}: {exc}")
            continue
        for label in drawn["labels"]:
            if figure_kinds.KINDS[entry["draw"]].labels_from_page:
                if _squeeze(label) not in body:
                    fail(line, f"figure {fid}: diagram label {label!r} does not occur on the page; "
                               "name it in the text or change the diagram")
                continue
            for number in NUMBER.findall(label):
                if _plain(number) not in printed:
                    fail(line, f"figure {fid}: the drawing prints {number} ({label!r}), which no passing claim "
                               "prints on the page; claim it in the text or drop it from the drawing")
        records.append({
            "id": fid, "draw": f"tools/figure_kinds.py::{entry['draw']}", "from": source,
            "data": entry.get("data"), "alt": alt, "caption": caption,
            "data_sha256": digest, "svg_sha256": drawn["svg_sha256"], "url": site_path(page.id, fid),
            "svg_cache": _relative(drawn["svg"]),
            "labels": drawn["labels"], "drawn_now": drawn["drawn"],
        })
    return records


# --------------------------------------------------------------------------- site: embed and copy

def site_path(page_id: str, fid: str) -> str:
    return f"figures/{page_id}/{fid}.svg"


def embed_figures(markdown: str, src_uri: str, page_id: str) -> str:
    """Replace each ![alt](figure:id "caption") with a <figure> pointing at the copied SVG.

    Every emitted line keeps the placeholder's indentation, so a figure inside a box stays in the box."""
    up = "../" * src_uri.count("/")

    def figure_html(m: re.Match) -> str:
        fid, pad = m.group("id"), m.group("indent")
        lines = (f'<figure class="verified-figure" id="figure-{fid}" markdown="span">',
                 f'![{m.group("alt")}]({up}{site_path(page_id, fid)}){{ loading=lazy }}',
                 f'<figcaption markdown="span">{m.group("caption") or ""}</figcaption>', '</figure>')
        return "\n".join(pad + line for line in lines)
    return EMBED.sub(figure_html, markdown)


# --------------------------------------------------------------------------- command line

def current_locks(path: Path) -> list[tuple[str, str, str]]:
    """(figure id, lock written on the page, lock of the data now) for each figure of a page."""
    from checker.page import read_page
    page = read_page(path)
    out = []
    for entry in page.meta.get("figures") or []:
        data = select(load_values(entry.get("from") or page.meta["verify"]), entry.get("data"))
        if "labels" in entry:
            data["labels"] = [str(x) for x in entry["labels"]]
        out.append((entry["id"], str(entry["sha256"]), data_sha256(data)[:LOCK_DIGITS]))
    return out


def renew_locks(path: Path) -> int:
    """Rewrite the sha256 line of every figure of a page whose data changed; returns how many."""
    text = path.read_text(encoding="utf-8")
    changed = 0
    for fid, old, new in current_locks(path):
        if old != new:
            pattern = re.compile(rf"(- id: {re.escape(fid)}\n(?:    .*\n)*?    sha256: ){re.escape(old)}\b")
            text, n = pattern.subn(rf"\g<1>{new}", text, count=1)
            changed += n
    if changed:
        path.write_text(text, encoding="utf-8")
    return changed


def main(argv=None) -> int:
    """`python -m tools.figures [--renew] [PAGE|FOLDER ...]`: print each figure's lock and its data's
    current hash; --renew writes the current hash into the page (after you have checked the figure)."""
    import argparse
    from checker.page import all_pages
    parser = argparse.ArgumentParser(prog="python -m tools.figures", description=main.__doc__)
    parser.add_argument("--renew", action="store_true", help="write the current data hash into each page")
    parser.add_argument("--locks", action="store_true", help="(default) print the locks")
    parser.add_argument("pages", nargs="*", type=Path)
    args = parser.parse_args(argv)
    pages = []
    for given in args.pages or [ROOT / "docs"]:
        pages += all_pages(given) if given.is_dir() else [given]
    stale = 0
    for path in pages:
        for fid, old, new in current_locks(path):
            stale += old != new
            print(f"{path}: {fid}: sha256 {new}" + ("" if old == new else f" (page says {old})"))
        if args.renew:
            renew_locks(path)
    return 1 if stale and not args.renew else 0


if __name__ == "__main__":
    sys.exit(main())
