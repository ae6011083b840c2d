"""One drawing function per kind of figure (see tools/figures.py for the pipeline).

Each function gets the figure's data (canonical JSON values: lists, floats, strings; -inf as the
string '-inf') and returns (figure, labels): the matplotlib figure and every annotation it wrote
besides axis ticks, so the pipeline can check the numbers in them against the page's claims (or, for
a diagram, that each label occurs on the page). No function computes a model quantity: everything
shown is a value the verify function or the results file already holds.
"""
from __future__ import annotations

import importlib.util
import io
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Callable

FONT_FAMILY = "Noto Sans CJK SC"
SALT = "nlp-course-kb"
WIDTH_IN = 7.0
BLUE, ORANGE, GREEN, RED, GRAY = "#1f5fa8", "#d9822b", "#2e8b57", "#c0392b", "#9a9a9a"


@dataclass(frozen=True)
class Kind:
    draw: Callable
    labels_from_page: bool = False   # a diagram's labels must occur in the page text


KINDS: dict[str, Kind] = {}


def kind(labels_from_page: bool = False):
    def register(fn):
        KINDS[fn.__name__] = Kind(fn, labels_from_page)
        return fn
    return register


def font_path() -> Path:
    """The CJK font shipped inside the mplfonts wheel (found without importing the package)."""
    spec = importlib.util.find_spec("mplfonts")
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError("mplfonts is not installed; run `make setup` (it ships the CJK font figures use)")
    return Path(list(spec.submodule_search_locations)[0]) / "fonts" / "NotoSansCJKsc-Regular.otf"


_ready = False


def _pyplot():
    global _ready
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    if not _ready:
        from matplotlib import font_manager
        font_manager.fontManager.addfont(str(font_path()))
        plt.rcParams.update({
            "svg.hashsalt": SALT, "svg.fonttype": "path", "font.family": [FONT_FAMILY, "DejaVu Sans"],
            "font.size": 10, "axes.spines.top": False, "axes.spines.right": False, "figure.dpi": 100,
            "axes.unicode_minus": True, "path.simplify": False,
        })
        _ready = True
    return plt


def draw_svg(name: str, data: dict) -> tuple[bytes, list[str]]:
    plt = _pyplot()
    fig, labels = KINDS[name].draw(plt, **data)
    out = io.BytesIO()
    fig.savefig(out, format="svg", bbox_inches="tight", metadata={"Date": None, "Creator": None})
    plt.close(fig)
    return out.getvalue(), list(labels)


def _fmt_prob(x: float) -> str:
    """0.45 -> '0.45'; 2/3 -> '2/3'; 1.0 -> '1': how the pages print a given probability."""
    f = Fraction(x).limit_denominator(12)
    if abs(float(f) - x) < 1e-9 and f.denominator in (1, 3, 6, 7, 9, 11, 12):
        return str(f.numerator) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"
    return f"{x:.2f}"


def _num(x):
    return float("-inf") if x == "-inf" else float("inf") if x == "inf" else x


# --------------------------------------------------------------------------- bars and curves

@kind()
def softmax_bars(plt, scores, weights, labels):
    """Scores and the softmax weights they become, as two bar panels over the same positions."""
    fig, axes = plt.subplots(1, 2, figsize=(WIDTH_IN, 2.6))
    names = labels[2:] if len(labels) > 2 else [str(i + 1) for i in range(len(scores))]
    for ax, values, title, color in ((axes[0], scores, labels[0], GRAY), (axes[1], weights, labels[1], BLUE)):
        ax.bar(range(len(values)), values, color=color, width=0.6)
        ax.set_xticks(range(len(values)), names)
        ax.set_title(title)
        ax.axhline(0, color="black", linewidth=0.6)
    axes[1].set_ylim(0, 1)
    return fig, labels[:2]


@kind()
def decay_curves(plt, forgets, steps, curves, labels):
    """f^t-style retention curves: one line per forget value, log y axis."""
    fig, ax = plt.subplots(figsize=(WIDTH_IN, 3.0))
    colors = (BLUE, ORANGE, GREEN, RED)
    for f, curve, color in zip(forgets, curves, colors):
        ax.plot(range(len(curve)), curve, color=color, label=f"f = {f}")
    for s in steps:
        ax.axvline(s, color=GRAY, linestyle=":", linewidth=1)
    ax.set_yscale("log")
    ax.set_xlabel(labels[0])
    ax.set_ylabel(labels[1])
    ax.legend(frameon=False)
    return fig, [f"f = {f}" for f in forgets] + labels


@kind()
def credit_distance(plt, distances, full, truncated, labels):
    """Sensitivity of the last state to earlier states against distance: whole history vs truncated."""
    fig, ax = plt.subplots(figsize=(WIDTH_IN, 3.0))
    ax.plot(distances, full, marker="o", color=BLUE, label=labels[2])
    ax.plot(distances[:len(truncated)], truncated, marker="s", color=ORANGE, linestyle="none", label=labels[3])
    ax.axvline(len(truncated) - 1 + 0.5, color=GRAY, linestyle="--")
    ax.set_yscale("log")
    ax.set_xlabel(labels[0])
    ax.set_ylabel(labels[1])
    ax.legend(frameon=False)
    return fig, list(labels)


@kind()
def training_curves(plt, spec):
    """Training loss of both reversal models against updates, with the validation NLL marked."""
    fig, ax = plt.subplots(figsize=(WIDTH_IN, 3.2))
    styles = {"dynamic": (BLUE, "动态读取"), "fixed": (ORANGE, "固定摘要")}
    for name, (color, label) in styles.items():
        run = spec[name]
        ax.plot([s["update"] for s in run["steps"]], [s["loss"] for s in run["steps"]], color=color,
                label=f"{label}：训练损失")
        ax.plot([run["updates"]], [run["validation"]["nll"]], marker="D", color=color, linestyle="none",
                label=f"{label}：验证集 NLL")
    ax.set_yscale("log")
    ax.set_xlabel("更新步数")
    ax.set_ylabel("每个 token 的交叉熵（nats）")
    ax.legend(frameon=False, fontsize=9)
    return fig, [f"{styles[n][1]}：{w}" for n in styles for w in ("训练损失", "验证集 NLL")]


@kind()
def kv_benchmark(plt, rows):
    """Committed CPU benchmark: time per decode step against the prefix length t (log axes), and the ratio."""
    fig, axes = plt.subplots(1, 2, figsize=(WIDTH_IN, 3.0))
    t = [r["t"] for r in rows]
    axes[0].plot(t, [r["full_s"] * 1e3 for r in rows], marker="o", color=ORANGE, label="整段重算")
    axes[0].plot(t, [r["cached_s"] * 1e3 for r in rows], marker="s", color=BLUE, label="KV cache")
    axes[0].set_xscale("log", base=2)
    axes[0].set_yscale("log")
    axes[0].set_xlabel("已有前缀长度 t")
    axes[0].set_ylabel("每步耗时（ms）")
    axes[0].legend(frameon=False)
    axes[1].plot(t, [r["ratio"] for r in rows], marker="o", color=GREEN)
    axes[1].axhline(1, color=GRAY, linestyle=":")
    axes[1].set_xscale("log", base=2)
    axes[1].set_xlabel("已有前缀长度 t")
    axes[1].set_ylabel("重算耗时 / cache 耗时")
    fig.tight_layout()
    return fig, ["整段重算", "KV cache"]


@kind()
def memory_growth(plt, rows):
    """Peak memory of materialized vs blocked attention against N (log axes)."""
    fig, ax = plt.subplots(figsize=(WIDTH_IN, 3.0))
    n = [r["n"] for r in rows]
    ax.plot(n, [r["mat_peak"] / 2**20 for r in rows], marker="o", color=ORANGE, label="整张分数矩阵")
    ax.plot(n, [r["blk_peak"] / 2**20 for r in rows], marker="s", color=BLUE, label="分块在线 softmax")
    ax.set_xscale("log", base=2)
    ax.set_yscale("log", base=2)
    ax.set_xlabel("序列长度 N")
    ax.set_ylabel("峰值内存（MiB）")
    ax.legend(frameon=False)
    return fig, ["整张分数矩阵", "分块在线 softmax"]


@kind()
def score_growth(plt, rows, big_n, one_head, all_heads, heads):
    """The n×n score table as n grows (the cells drawn), and the bytes of one layer's scores at big n."""
    fig, axes = plt.subplots(1, len(rows) + 1, figsize=(WIDTH_IN, 2.4),
                             gridspec_kw={"width_ratios": [1] * len(rows) + [1.6]})
    for ax, row in zip(axes, rows):
        n = row["n"]
        for k in range(n + 1):
            ax.plot([0, n], [k, k], color=GRAY, linewidth=0.4)
            ax.plot([k, k], [0, n], color=GRAY, linewidth=0.4)
        ax.fill_between([0, n], 0, n, color=BLUE, alpha=0.25)
        ax.set_xlim(0, rows[-1]["n"])
        ax.set_ylim(rows[-1]["n"], 0)
        ax.set_aspect("equal")
        ax.axis("off")
        ax.set_title(f"n = {n}")
    bar = axes[-1]
    bar.bar([0, 1], [one_head / 2**20, all_heads / 2**20], color=[BLUE, ORANGE], width=0.6)
    bar.set_yscale("log", base=2)
    bar.set_xticks([0, 1], ["单头", "全部头"])
    bar.set_ylabel("一层分数矩阵（MiB）")
    bar.set_title(f"n = {big_n}")
    return fig, [f"n = {r['n']}" for r in rows] + [f"n = {big_n}"]


# --------------------------------------------------------------------------- matrices

@kind()
def heatmaps(plt, labels, ticks=None, **panels):
    """Matrices side by side; -inf cells (masked) are drawn as grey crosses, not as a colour."""
    import numpy as np
    names = list(panels)
    if ticks is None and len(labels) > len(names):
        ticks = labels[len(names):]
    fig, axes = plt.subplots(1, len(names), figsize=(min(WIDTH_IN, 2.6 * len(names) + 0.8), 2.9), squeeze=False)
    for ax, name, title in zip(axes[0], names, labels):
        m = np.array([[_num(x) for x in row] for row in panels[name]], dtype=float)
        masked = ~np.isfinite(m)
        shown = np.where(masked, np.nan, m)
        lo = min(0.0, np.nanmin(shown)) if np.isfinite(shown).any() else 0.0
        hi = max(1.0, np.nanmax(shown)) if np.isfinite(shown).any() else 1.0
        image = ax.imshow(shown, cmap="Blues", vmin=lo, vmax=hi)
        for i, j in zip(*np.nonzero(masked)):
            ax.text(j, i, "×", ha="center", va="center", color=GRAY, fontsize=12)
        n_rows, n_cols = m.shape
        ax.set_xticks(range(n_cols), ticks if ticks and len(ticks) == n_cols else [str(j + 1) for j in range(n_cols)])
        ax.set_yticks(range(n_rows), ticks if ticks and len(ticks) == n_rows else [str(i + 1) for i in range(n_rows)])
        if ticks and len(ticks) == n_cols:
            ax.tick_params(axis="x", labelrotation=45)
        ax.set_title(title)
        fig.colorbar(image, ax=ax, fraction=0.046, pad=0.04)
    fig.tight_layout()
    return fig, list(labels[:len(names)])


@kind()
def read_weights(plt, tf, fr, source, target, greedy):
    """Read weights over the source positions at each target step: teacher forcing and free running."""
    import numpy as np
    src = source.split()
    fig, axes = plt.subplots(1, 2, figsize=(WIDTH_IN, 3.4))
    for ax, steps, outputs, title in ((axes[0], tf, target.split(), "teacher forcing（输入参考前缀）"),
                                      (axes[1], fr, greedy.split(), "自由生成（输入自己的输出）")):
        w = np.array([s["w"] for s in steps], dtype=float)
        image = ax.imshow(w, cmap="Blues", vmin=0, vmax=1, aspect="auto")
        ax.set_xticks(range(len(src)), src)
        ax.set_yticks(range(len(outputs)), outputs)
        ax.set_xlabel("源位置")
        ax.set_ylabel("本步输出")
        ax.set_title(title, fontsize=10)
    fig.colorbar(image, ax=list(axes), fraction=0.03, pad=0.02)
    return fig, ["teacher forcing（输入参考前缀）", "自由生成（输入自己的输出）"]


@kind()
def word_scatter(plt, words, points, labels):
    """2-D embedding of a small vocabulary, one labelled point per word."""
    fig, ax = plt.subplots(figsize=(WIDTH_IN * 0.7, 3.6))
    for word, (x, y) in zip(words, points):
        ax.scatter([x], [y], color=BLUE, s=18)
        ax.annotate(word, (x, y), textcoords="offset points", xytext=(4, 4))
    ax.axhline(0, color=GRAY, linewidth=0.5)
    ax.axvline(0, color=GRAY, linewidth=0.5)
    ax.set_xlabel(labels[0])
    ax.set_ylabel(labels[1])
    ax.margins(0.2)
    return fig, list(words) + list(labels)


@kind()
def token_strip(plt, tokens, prefill, spans, key_start, labels):
    """A document as a strip of token cells: record spans shaded, the prefill/decode boundary marked."""
    from matplotlib.patches import Rectangle
    per_row = 41
    rows = -(-tokens // per_row)
    fig, ax = plt.subplots(figsize=(WIDTH_IN, 0.45 * rows + 1.0))
    colors = (BLUE, ORANGE, GREEN, RED, "#7d5ba6", "#8c6d31")
    owner = {}
    for k, span in enumerate(spans):
        for i in range(span["start"], span["end"]):
            owner[i] = colors[k % len(colors)]
    for i in range(tokens):
        r, c = divmod(i, per_row)
        face = owner.get(i, "white") if i < prefill else "#eeeeee"
        ax.add_patch(Rectangle((c, -r), 0.92, 0.8, facecolor=face, edgecolor=GRAY, linewidth=0.4,
                               alpha=0.55 if i in owner else 1.0))
        if i == key_start:
            ax.add_patch(Rectangle((c, -r), 0.92, 0.8, fill=False, edgecolor="black", linewidth=1.5))
    r, c = divmod(prefill, per_row)
    ax.plot([c - 0.04, c - 0.04], [-r - 0.1, -r + 0.9], color=RED, linewidth=2.5)
    ax.set_xlim(-0.5, per_row + 0.5)
    ax.set_ylim(-rows, 1.3)
    ax.axis("off")
    for k, (label, color) in enumerate(zip(labels, (BLUE, "#eeeeee", RED))):
        ax.add_patch(Rectangle((k * 14, 1.0), 0.9, 0.7, facecolor=color, edgecolor=GRAY, alpha=0.55 if k == 0 else 1))
        ax.text(k * 14 + 1.3, 1.35, label, va="center", fontsize=9)
    return fig, list(labels)


# --------------------------------------------------------------------------- search tree

@kind()
def probability_tree(plt, edges, path, greedy_path, best_path, beam_path, pruned):
    """Long because it is one drawing: layout, edges, leaves and the three highlighted paths share the coordinates. The finite probability tree: every edge with its given probability, every leaf with its sentence
    probability; greedy, exhaustive-best and beam paths highlighted; prefixes the beam dropped crossed."""
    children = {("" if p == "root" else p): d for p, d in edges.items()}
    leaves, pos = [], {}

    def place(prefix, depth):
        kids = children.get(prefix, {})
        ys = []
        for tok in kids:
            node = prefix + ("" if tok == "EOS" else tok)
            name = f"{node}_EOS" if tok == "EOS" else node
            ys.append(place_node(name, node if tok != "EOS" else None, depth + 1))
        return ys

    def place_node(name, expand, depth):
        if expand is None:
            y = len(leaves)
            leaves.append(name)
        else:
            ys = place(expand, depth)
            y = sum(ys) / len(ys)
        pos[name] = (depth, y)
        return y

    pos[""] = (0, sum(place("", 0)) / len(children[""]))
    fig, ax = plt.subplots(figsize=(WIDTH_IN, 3.8))
    labels = []
    highlight = {greedy_path: (ORANGE, "greedy"), best_path: (GREEN, "穷举最优"), beam_path: (BLUE, "beam")}

    def on_path(name, target):
        return target.startswith(name.replace("_EOS", "")) if not name.endswith("_EOS") else name == target

    for prefix, kids in children.items():
        x0, y0 = pos[prefix]
        for tok, p in kids.items():
            name = f"{prefix}_EOS" if tok == "EOS" else prefix + tok
            x1, y1 = pos[name]
            color, width = GRAY, 1.0
            for target, (c, _) in highlight.items():
                if on_path(name, target) and (prefix == "" or on_path(prefix, target)):
                    color, width = c, 2.4
                    break
            ax.plot([x0, x1], [y0, y1], color=color, linewidth=width, zorder=1)
            text = f"{tok} {_fmt_prob(p)}"
            ax.text((x0 + x1) / 2, (y0 + y1) / 2 - 0.12, text, ha="center", fontsize=8,
                    bbox={"facecolor": "white", "edgecolor": "none", "pad": 0.5})
            labels.append(text)
    for name, (x, y) in pos.items():
        marker = "s" if name.endswith("_EOS") else "o"
        ax.scatter([x], [y], marker=marker, color="white", edgecolor="black", zorder=2, s=40)
        if name in pruned:
            ax.scatter([x], [y], marker="x", color=RED, zorder=3, s=60)
        if name in path:
            text = f"{path[name]:.3f}"
            ax.text(x + 0.12, y, text, va="center", fontsize=8)
            labels.append(text)
    for target, (c, label) in highlight.items():
        ax.plot([], [], color=c, linewidth=2.4, label=label)
    ax.scatter([], [], marker="x", color=RED, label="被 beam 剪掉")
    ax.legend(frameon=False, loc="upper left", fontsize=8)
    ax.set_ylim(len(leaves) - 0.5, -0.8)
    ax.axis("off")
    return fig, labels + [lab for _, lab in highlight.values()] + ["被 beam 剪掉"]


# --------------------------------------------------------------------------- diagrams

@kind(labels_from_page=True)
def block_diagram(plt, spec):
    """Columns of boxes from a declarative description (tools/diagrams/*.yaml): arrows between
    consecutive boxes, optional skip arrows (residuals) and links across columns."""
    from matplotlib.patches import FancyArrowPatch, FancyBboxPatch
    columns = spec["columns"]
    height = max(len(c["boxes"]) for c in columns)
    fig, ax = plt.subplots(figsize=(WIDTH_IN, 0.62 * height + 1.0))
    labels = []
    centers = {}
    for ci, column in enumerate(columns):
        x = ci * 3.4
        ax.text(x, height + 0.1, column["title"], ha="center", fontsize=12)
        labels.append(column["title"])
        for bi, box in enumerate(column["boxes"]):
            label = box if isinstance(box, str) else box["label"]
            kind_ = "plain" if isinstance(box, str) else box.get("kind", "plain")
            face = {"plain": "#f4f4f4", "attention": "#dbe8f7", "norm": "#fdebd3", "add": "#e3f2e6"}[kind_]
            y = bi
            ax.add_patch(FancyBboxPatch((x - 1.25, y - 0.3), 2.5, 0.6, boxstyle="round,pad=0.02",
                                        facecolor=face, edgecolor="#555555", linewidth=0.8))
            ax.text(x, y, label, ha="center", va="center", fontsize=9)
            labels.append(label)
            centers[(ci, bi)] = (x, y)
            if bi:
                ax.add_patch(FancyArrowPatch((x, y - 0.7), (x, y - 0.3), arrowstyle="-|>", mutation_scale=9,
                                             color="#555555"))
        for a, b in column.get("skips", []):
            (xa, ya), (xb, yb) = centers[(ci, a)], centers[(ci, b)]
            ax.add_patch(FancyArrowPatch((xa + 1.25, ya), (xb + 1.25, yb), connectionstyle="arc3,rad=-0.45",
                                         arrowstyle="-|>", mutation_scale=9, color=GREEN, linewidth=1.1))
    for ca, a, cb, b in spec.get("links", []):
        (xa, ya), (xb, yb) = centers[(ca, a)], centers[(cb, b)]
        ax.add_patch(FancyArrowPatch((xa + 1.25, ya), (xb - 1.25, yb), arrowstyle="-|>", mutation_scale=9,
                                     color=BLUE, linewidth=1.2))
    ax.set_xlim(-1.6, (len(columns) - 1) * 3.4 + 1.9)
    ax.set_ylim(-0.6, height + 0.5)
    ax.axis("off")
    return fig, labels
