"""Claims about the site's own runs are backed (issue 20).

A sentence that says the site trained, measured, timed or reran something ("本站在 CPU 上实测的速度比",
"本项目自己训练的两个 checkpoint") is a claim about evidence, and it holds only where that evidence is:

- on a page whose evidence lists `checkpoint` or `measurement`, the page names the results file the run wrote
  (`results/…`, `benchmarks/results/…`, or the producer `make bench` / `make checkpoints`), and the file exists;
- elsewhere, the sentence links to the page that has the run (a page with that evidence and its results file,
  or a lab notebook's page, whose notebook CI reruns);
- a sentence about a GPU run (GPU, CUDA, H200, 显卡…) is backed only by a results file that records a CUDA
  device; this site has none yet, so every such sentence must be a plan ("待做") or a negation.

Negations are not claims: a clause with 没/未/不/无/尚未 before the verb ("本站没有训练 GQA 模型", "本站未训练的
解码器", "不是本站的测量"), or a clause followed by "：待做". A line that defines the label itself
(`**本站运行**：本项目自己训练……`) is a definition, not a claim.

Out of reach: a run claimed without any of the verbs below ("本站的结果显示……"), and a link to a page that has
a run of something else. The verbs are listed here so that the guide and the checker agree.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

from checker.paths import ROOT

SUBJECT = r"(?:本站|本项目)"
VERB = r"(?:重新训练|重训|训练|测量|测得|测过|测了|实测|复测|重测|复跑|复现了|计时|跑了|跑过|重跑|运行了|运行过|跑出|训出|基准测试)"   # 复测: W32-056
DID = r"(?:做|完成|进行)[了过][^，。；！？\n]{0,8}?(?:运行|训练|测量|实验|测试|重训|对照|比较)"   # 本站已经做了这样的运行
# 本站在 CPU 上比较了…: on a named machine, comparing or testing is running
ON = r"在\s*(?:CPU|GPU|CUDA|H100|H200|A100|显卡|[^，。；！？\n]{0,8}机器)\s*上[^，。；！？\n]{0,6}?(?:比较|对比|测试|跑|运行|训练|计时)"
# (a name counts as one word: 本站用 `span_corruption` 复跑…, whose backticks the prose view blanks: blind_33 W33-057)
RUN = re.compile(rf"{SUBJECT}(?:[A-Za-z_][\w.]*+|[^，。；！？\nA-Za-z_]){{0,14}}?{VERB}|{SUBJECT}[^，。；！？\n]{{0,14}}?{DID}|"
                 rf"{SUBJECT}\s*{ON}")
# 训练 as part of a noun after a measure word or 的 (本站另取一个训练表里没有的词: new-author trial 13) names a thing,
# not a run; 本站训练时, 本站实测表明 are still runs
TRAINING_AS_NOUN = re.compile(r"(?<=[个张份套的这那])训练(?=表|集|数据|语料|样本|文本)")
NEGATION = re.compile(r"[没未不无]|尚未|还没")
CLAUSE = re.compile(r"[^，。；！？：:\n,;]+")
PLAN_AFTER = re.compile(r"\s*[：:（(]\s*待做")
# the sentence goes on to say the run is still to be done: 本站在 GPU 上的对比见 §7.8 页，目前待测 (label round 78)
PLAN_LATER = re.compile(r"[^。！？\n]{0,20}?(?:待测|待做|尚未(?:测|跑|做|运行)|还没有?(?:测|跑|做|运行))")
DEFINITION = re.compile(r"\*\*本站运行\*\*\s*[：:]|“本站运行”\s*[：:]")
GPU = re.compile(r"GPU|CUDA|H100|H200|A100|显卡|显存")
RESULTS = re.compile(r"(?:benchmarks/)?results/[\w./-]*[\w/]|make (?:bench|checkpoints)")
LINK = re.compile(r"\]\((?P<target>[^)\s#]+)(?:#[^)]*)?\)")
RUN_EVIDENCE = {"checkpoint", "measurement"}
NOT_OURS = ("历史记录", "论文结果")   # a box of the course's archived runs or of a paper's results
OURS = ("本站运行", "本站构造")
# a box labelled as the site's whose own text says its numbers are someone else's
# (a method's origin is no number's: 这种拆法不是本站的发明, label round 56 on 1-1)
DISOWNS = re.compile(r"(?:不是本站|并非本站|非本站|不是本项目)(?!的?(?:发明|首创|独创|原创|提出|想出|首先提出|方法|做法|拆法|写法|思路|想法|设计))"
                     r"|是(?:原课程|课程)的(?:历史记录|存档运行)|论文报告的(?:结果|数)")


def run_clauses(view: str):
    """(start, end) of every clause of the prose view that claims a run of the site's own."""
    for c in CLAUSE.finditer(view):
        # the first mention of a run that is not 训练 used as a noun (一个训练表)
        m = next((r for r in RUN.finditer(c.group())
                  if not TRAINING_AS_NOUN.match(c.group(), r.end() - 2)), None)
        if not m or NEGATION.search(c.group()[:m.end()]) or PLAN_AFTER.match(view, c.end()) \
                or PLAN_LATER.match(view, c.end()):
            continue
        line_start = view.rfind("\n", 0, c.start()) + 1
        if DEFINITION.search(view[line_start:c.start()]):
            continue
        yield c.start(), c.end()


# a sentence ends at 。！？ or where a paragraph, list item, heading, table row or admonition begins (a Markdown
# source line break inside a paragraph does not end it)
BOUNDARY = re.compile(r"[。！？]|\n(?=[ \t]*(?:[-*+][ \t]|\d+\.[ \t]|#|\||!!!|\n|$))")


def _sentence(view: str, start: int, end: int) -> tuple[int, int]:
    lefts = [m.end() for m in BOUNDARY.finditer(view, 0, start)]
    right = BOUNDARY.search(view, end)
    return (lefts[-1] if lefts else 0), (right.start() if right else len(view))


def named_results(body: str) -> list[str]:
    """The results files (or producers) a page names, that exist."""
    found = []
    for name in RESULTS.findall(body):
        if name.startswith("make ") or (ROOT / name).exists():
            found.append(name)
    return found


def _named_texts(names: list[str]):
    """The text of every JSON results file the names point at (a folder: its JSON files; make bench: cpu.json)."""
    for name in names:
        path = ROOT / name
        files = sorted(path.rglob("*.json")) if path.is_dir() else [path] if path.suffix == ".json" else []
        if name == "make bench":
            files = [ROOT / "benchmarks" / "results" / "cpu.json"]
        for f in files:
            try:
                text = f.read_text(encoding="utf-8")
                json.loads(text)
            except (OSError, ValueError):
                continue
            yield text


def records_cuda(names: list[str]) -> bool:
    """Does any named JSON results file record a CUDA device?"""
    return any(re.search(r'"cuda_available":\s*true|"device":\s*"cuda', text) for text in _named_texts(names))


# a processor named in prose beside a run: it must be the one the named results files record ("cpu_model")
MACHINE = re.compile(r"AMD EPYC|AMD Ryzen|Intel Xeon|Intel Core|Apple M\d|Graviton\d?|Ampere Altra")


def machine_errors(body: str, view: str, names: list[str]) -> list[tuple[int, str]]:
    recorded = {m for text in _named_texts(names) for m in re.findall(r'"cpu_model":\s*"([^"]+)"', text)}
    if not recorded:
        return []
    return [(m.start(), f"the page names the machine {m.group(0)!r}, but its results files record "
                        f"{', '.join(sorted(recorded))} (cpu_model); say the machine the run was on")
            for m in MACHINE.finditer(view) if not any(m.group(0) in r or r in m.group(0) for r in recorded)]


def _linked(page_path: Path, target: str) -> Path:
    """The page a link points to; for a page checked in a scratch copy of one page (a test, a mutant), the same
    place in the project's docs/."""
    found = (Path(page_path).parent / target).resolve()
    if found.exists():
        return found
    parts = Path(page_path).resolve().parts
    if "docs" in parts:
        inside = Path(*parts[len(parts) - parts[::-1].index("docs"):]).parent / target
        return (ROOT / "docs" / inside).resolve()
    return found


def _page_backs_a_run(target: Path) -> tuple[bool, list[str]]:
    from checker.page import read_page
    if target.parent.name == "labs" and (ROOT / "notebooks" / f"{target.stem}.ipynb").is_file():
        route = re.sub(r"^lab_?", "", target.stem)
        return True, [f"notebooks/{target.stem}.ipynb"] + [r for r in (f"results/labs/{route}.json",) if (ROOT / r).is_file()]
    if not target.is_file():
        return False, []
    try:
        page = read_page(target)
    except Exception:
        return False, []
    names = named_results(page.body)
    return bool(RUN_EVIDENCE & set(page.meta.get("evidence") or [])) and bool(names), names


def errors(page, view: str) -> list[tuple[int, str]]:
    """(body offset, message) for each run claim the page does not back."""
    body = page.body
    evidence = set(page.meta.get("evidence") or [])
    own = named_results(body)
    found = []
    if RUN_EVIDENCE & evidence and not own:
        found.append((0, f"evidence lists {', '.join(sorted(RUN_EVIDENCE & evidence))}, but the page names no results "
                         "file that exists; name the run's files in 来源 (results/…, benchmarks/results/…)"))
    found += machine_errors(body, view, own)
    from checker.kinds import blocks
    all_boxes = blocks(body)
    boxes = [b for b in all_boxes if b.label in NOT_OURS]
    for box in (b for b in all_boxes if b.label in OURS):
        m = DISOWNS.search(view, box.start, box.end)
        if m:
            found.append((m.start(), f"a box labelled {box.label} says its numbers are '{m.group(0)}…'; label it by "
                                     "whose numbers they are (历史记录 for the course's archived runs, 论文结果 for a paper)"))
    backed = bool(RUN_EVIDENCE & evidence)   # a run the page itself, or a page a sentence links, backs
    for start, end in run_clauses(view):
        s, e = _sentence(view, start, end)
        clause = view[start:end].strip()
        box = min((b for b in boxes if b.start <= start < b.end), key=lambda b: b.end - b.start, default=None)
        if box is not None:
            found.append((start, f"'{clause}' says the site ran something, inside a box labelled {box.label}, "
                                 f"which is not the site's run; fix the sentence or the label"))
            continue
        linked = []
        for m in LINK.finditer(body, s, e):
            ok, names = _page_backs_a_run(_linked(page.path, m["target"]))
            if ok:
                linked.append(names)
        names = own if RUN_EVIDENCE & evidence else []
        if GPU.search(clause):   # the clause, not the sentence: '本站在 CPU 上训练；跨到 GPU 的差别由 make gpu 检查'
            if not records_cuda(names + [n for group in linked for n in group]):
                found.append((start, f"'{clause}' says the site ran something on a GPU, but no results file it names "
                                     "records a CUDA device; say what was run where (CPU), or mark it 待做"))
            continue
        if RUN_EVIDENCE & evidence or linked:
            backed = True
            continue   # a page of runs names its files (above); elsewhere the sentence links the page with the run
        found.append((start, f"'{clause}' says the site trained or measured something, but this page has no "
                             "checkpoint or measurement evidence and the sentence links to no page that has; link "
                             "the page with the run (and its results file), or say what was done"))
    # the description is the line a search result and an agent show first: a run it claims is backed by the page
    # (7-2's 用本站未训练的 TinyDecoder made 用本站训练的 passed with the body unchanged: only its pin caught it)
    description = str(page.meta.get("description") or "")
    for start, end in run_clauses(description):
        if not backed:
            found.append((DESCRIPTION, f"the description says the site trained or measured something "
                                       f"('{description[start:end].strip()}'), but the page backs no run (no "
                                       "checkpoint or measurement evidence, no sentence linking a page that has "
                                       "one); say what was done, or back the run in the body"))
    return found


DESCRIPTION = -1   # the offset errors() gives for a message about the description (the pipeline reports its line)
