"""Lecture chapter 3, §3.10–§3.15 and §3.20–§3.21: this project's trained reversal seq2seq (本站运行).

Every value comes from the committed checkpoints in results/seq2seq/ through
training.diagnose (hash-checked loading, float64 CPU evaluation) or from the
committed manifest; nothing here is typed in from a page. The course's own archived numbers
(57.67%, 87.00%, 39 failures, index 25, …) are cited records on the pages, never computed here,
except where a page derives something from a cited record input (COURSE_TEST_VALID_TOKENS).
"""
from __future__ import annotations

import functools
import math
from statistics import mean, pstdev

import torch

from kernels.seq2seq import SYMBOLS, VOCAB, Seq2Seq, Seq2SeqConfig, generate_reversal_data, valid_target_tokens
from training.diagnose import BEAM_WIDTHS, MAX_STEPS, SELECTION_RULE, diagnose
from training.store import RESULTS
from checker.reads import remembered
from checker.evidence import inputs, kinds

RESULTS_DIR = RESULTS
BEAM_SHOWN = (1, 2, 4)                 # the widths the pages show (the diagnostics compute BEAM_WIDTHS)
PROFILE_SEEDS = tuple(range(20))       # generator seeds for the test-length profile (§3.12)
COURSE_TEST_VALID_TOKENS = 2016        # cited record (lecture §3.10), used only to derive its mean length
COURSE_TEST_SEQUENCES = 300            # cited record (lecture §3.10)
COURSE_FAILURE = {"source": "b d a d e".split(), "greedy": "d e d a b".split()}   # cited record (lecture §3.10)
SUTSKEVER_PARAMS = 380e6               # cited paper (sutskever2014, 约 380M, as §3.11 cites it), used only for a scale


def _from_end(source, symbol) -> int:
    """1-based position from the end of the last occurrence of `symbol` in `source`."""
    return len(source) - max(i for i, t in enumerate(source) if t == symbol)


def _report() -> dict:
    return diagnose(RESULTS_DIR)


def _metrics(report: dict) -> dict:
    m = report["metrics"]
    return {name: {"exact_match": m[name]["exact_match"], "nll": m[name]["nll"],
                   "token_accuracy": m[name]["token_accuracy"], "failures": m[name]["failures"],
                   "correct_tokens": m[name]["correct_tokens"], "valid_tokens": m[name]["valid_tokens"],
                   "matches": m[name]["sequences"] - m[name]["failures"]}
            for name in m}


# the task settings the site's pair reuses from the course: lecture §3.10 共同500更新, §3.12 训练/验证/测试3000/300/300，
# 源长3–7. A value the course set stays the course's wherever the site uses it (checker/borrowing.py), so the pages
# show these constants, and the run's manifest must agree with them (label round 69's second reader)
COURSE_TASK = {"updates": 500, "splits": [3000, 300, 300], "source_lengths": [3, 7]}
_COURSE_TASK_RULES = {"updates": "§3.10/§3.12: 共同500更新 (each model of the pair), reused by the site's run",
                      "splits": "§3.12: 训练/验证/测试3000/300/300, reused by the site's data",
                      "min_len": "§3.12: 源长3–7, the shortest", "max_len": "§3.12: 源长3–7, the longest",
                      "train_sequences": "§3.12: 训练3000, the training split",
                      "sequences": "§3.12: 训练/验证/测试3000/300/300, the test split, reused by the site's data",
                      "symbols": "§3.10 sets the task: 六字符词表 a–f, the six symbols a, b, c, d, e, f counted"}


def _course_task(hp: dict) -> dict:
    for name, value in COURSE_TASK.items():
        if (list(hp[name]) if isinstance(value, list) else hp[name]) != value:
            raise ValueError(f"results/seq2seq manifest has {name} = {hp[name]}, but the pages say the site's run "
                             f"reuses the course's {value}: retrain with the course's settings, or change the pages "
                             "and declare the value site_run")
    return COURSE_TASK


def _identity(report: dict) -> dict:
    man = report["manifest"]
    hp = {**man["hyperparameters"], **_course_task(man["hyperparameters"])}
    # counts the pages state in words (两个模型, 三份数据, 三个特殊符号) are read off the manifest and vocabulary
    return {"n_models": len(man["models"]), "n_splits": len(hp["splits"]),
            "n_special": len(VOCAB) - len(SYMBOLS), "symbols": len(SYMBOLS),
            "seed": man["seed"], "updates": hp["updates"], "batch_size": hp["batch_size"],
            "learning_rate": hp["learning_rate"], "grad_clip": hp["grad_clip_norm"],
            "splits": hp["splits"], "min_len": hp["source_lengths"][0], "max_len": hp["source_lengths"][1],
            "params_fixed": man["models"]["fixed"]["parameters"],
            "params_dynamic": man["models"]["dynamic"]["parameters"],
            "extra_params": man["models"]["dynamic"]["parameters"] - man["models"]["fixed"]["parameters"],
            "tokens_seen_fixed": man["models"]["fixed"]["tokens_seen"],
            "tokens_seen_dynamic": man["models"]["dynamic"]["tokens_seen"],
            "train_valid_tokens": man["data"]["valid_target_tokens"]["train"],
            "test_valid_tokens": man["data"]["valid_target_tokens"]["test"],
            "sha_fixed": man["models"]["fixed"]["sha256"][:12],
            "sha_dynamic": man["models"]["dynamic"]["sha256"][:12],
            "sha_data": man["data"]["sha256"][:12],
            "device": man["environment"]["device"], "torch": man["environment"]["torch"],
            "vocab": man["models"]["dynamic"]["config"]["vocab_size"],
            "embedding": man["models"]["dynamic"]["config"]["embedding"],
            "enc_hidden": man["models"]["dynamic"]["config"]["encoder_hidden"],
            "state_width": 2 * man["models"]["dynamic"]["config"]["encoder_hidden"],
            "dec_hidden": man["models"]["dynamic"]["config"]["decoder_hidden"]}


def _top(weights) -> int:
    """0-based source position with the largest read weight (first one on a tie)."""
    return max(range(len(weights)), key=weights.__getitem__)


def _wrong_positions(sel: dict) -> int:
    """How many output positions the greedy output of the selected sequence gets wrong."""
    return sum(g != t for g, t in zip(sel["greedy"], sel["target"])) + abs(len(sel["greedy"]) - len(sel["target"]))


def _text(tokens) -> str:
    return " ".join(tokens)


# --------------------------------------------------------------------------- §3.10

@kinds(course="symbols updates sequences",   # the task's alphabet, update count and test split are the course's
       rules={k: _COURSE_TASK_RULES[k] for k in ("symbols", "updates", "sequences")},
       site_run="*")
def improvement_and_failure() -> dict:
    """§3.10: both models' test metrics, the remaining dynamic failures, the selected sequence."""
    report = _report()
    sel = report["selected"]
    ident = _identity(report)
    return {**ident, "metrics": _metrics(report),
            "sequences": report["test_sequences"], "failures": report["metrics"]["dynamic"]["failures"],
            "source_text": _text(sel["source"]), "target_text": _text(sel["target"]),
            "greedy_text": _text(sel["greedy"]), "index": sel["index"],
            "first_divergence": sel["first_divergence_step"], "n_wrong": _wrong_positions(sel)}


# --------------------------------------------------------------------------- §3.11

@kinds(course="updates train_sequences", rules={k: _COURSE_TASK_RULES[k] for k in ("updates", "train_sequences")},
       site_run="*")
def budget() -> dict:
    """§3.11: this project's training budget for the pair (parameters, updates, batches, tokens)."""
    ident = _identity(_report())
    return {**ident, "sequences_seen": ident["updates"] * ident["batch_size"],
            "train_sequences": ident["splits"][0],
            "epochs": ident["updates"] * ident["batch_size"] / ident["splits"][0],
            # whole orders of magnitude between the cited paper model and the larger of this site's pair
            "paper_params_orders": math.floor(math.log10(SUTSKEVER_PARAMS / ident["params_dynamic"]))}


# --------------------------------------------------------------------------- §3.12

def _initial_shared_gap(man: dict) -> float:
    """Largest |difference| between the two models' initial values over the modules both have,
    each built from the manifest's seed and config as training builds it."""
    init = {}
    for read in ("fixed", "dynamic"):
        with torch.random.fork_rng():
            torch.manual_seed(man["hyperparameters"]["seed"])
            init[read] = Seq2Seq(Seq2SeqConfig(**man["models"][read]["config"])).state_dict()
    return max((init["fixed"][k] - init["dynamic"][k]).abs().max().item() for k in init["fixed"])


@functools.lru_cache(maxsize=2)   # reads no file, so the nudged second run (checker/reads.py) may share it
def _length_profile(seeds: tuple) -> dict:
    """Valid target tokens of the test split over `seeds`, for the generator used (splits drawn in order)
    and for the pooled alternative."""
    profile = {}
    for draw in ("sequential", "pooled"):
        counts = [valid_target_tokens(generate_reversal_data(s, draw=draw)["test"]) for s in seeds]
        profile[draw] = {"mean": mean(counts), "sd": pstdev(counts), "min": min(counts), "max": max(counts)}
    return profile


# course_mean_source_length converts the cited record (2016 valid test target tokens, EOS included, less one EOS
# for each of the 300 test sequences, divided by 300; seq2seqruns §3.10), so it is declared record with that rule:
# the course never prints a mean source length. uniform_tokens is the site's arithmetic expectation (test sequences x (mean of a
# uniform length + one EOS)), not a training result.
@kinds(site_construction="profile profile_seeds uniform_tokens",
       course="symbols splits min_len max_len updates sequences",   # the course's task settings the site reuses
       record="course_mean_source_length",
       rules={"course_mean_source_length": "the cited record's 2016 valid test target tokens (EOS included) less one "
                                            "EOS for each of its 300 test sequences, divided by 300 (seq2seqruns §3.10)",
              **{k: _COURSE_TASK_RULES[k] for k in ("symbols", "splits", "min_len", "max_len", "updates", "sequences")}},
       site_run="*")
def failure_case() -> dict:
    """§3.12: the selected failure (rule fixed before looking), its identity, the data profile.

    The profile compares the test split's valid target tokens under this project's generator
    (splits drawn in order, test last) with the pooled alternative, over PROFILE_SEEDS: a computation of the
    site's generator, not read from the runs (site_construction). It also derives the mean source length
    implied by the course's cited 2016 tokens over 300 sequences (a conversion of the record).
    """
    report = _report()
    sel = report["selected"]
    ident = _identity(report)
    profile = _length_profile(PROFILE_SEEDS)
    n_test = report["test_sequences"]
    uniform_mean_len = (ident["min_len"] + ident["max_len"]) / 2
    fixed, target = sel["fixed_greedy"], sel["target"]
    wrong_at = [i for i, (a, b) in enumerate(zip(fixed, target)) if a != b]
    # what §3.12 says in words: the fixed model starts right and swaps two symbols just before EOS
    assert len(fixed) == len(target) and fixed[0] == target[0], "the fixed model does not start right"
    assert wrong_at == [len(target) - 3, len(target) - 2] and fixed[-3:-1] == target[-3:-1][::-1], \
        "the fixed model's error is not the last two symbols swapped"
    return {**ident, "index": sel["index"], "fixed_wrong": len(wrong_at), "failures": report["metrics"]["dynamic"]["failures"],
            "sequences": n_test, "selection_rule": SELECTION_RULE,
            "source_text": _text(sel["source"]), "target_text": _text(sel["target"]),
            "greedy_text": _text(sel["greedy"]), "source_length": sel["source_length"],
            "exact_match_dynamic": report["metrics"]["dynamic"]["exact_match"],
            "profile_seeds": len(PROFILE_SEEDS), "profile": profile,
            "uniform_tokens": n_test * (uniform_mean_len + 1),
            "our_mean_source_length": (ident["test_valid_tokens"] - n_test) / n_test,
            "course_tokens": COURSE_TEST_VALID_TOKENS, "course_sequences": COURSE_TEST_SEQUENCES,
            "course_mean_source_length": (COURSE_TEST_VALID_TOKENS - COURSE_TEST_SEQUENCES) / COURSE_TEST_SEQUENCES,
            "fixed_greedy_text": _text(sel["fixed_greedy"]), "fixed_correct": sel["fixed_correct"],
            "first_divergence": sel["first_divergence_step"],
            "init_shared_gap": _initial_shared_gap(report["manifest"])}


# --------------------------------------------------------------------------- §3.13

@kinds(site_run="*")
def traces() -> dict:
    """§3.13: per-step teacher-forced and free-running traces of the selected sequence, and how many of
    the dynamic failures first diverge at step 1 (where the read is still uniform)."""
    report = _report()
    sel = report["selected"]
    tf = [{"step": s["step"], "p": s["p_target"], "nll": s["nll"], "w": s["source_weights"],
           "top": _top(s["source_weights"]) + 1, "top_w": max(s["source_weights"])}
          for s in sel["teacher_forced"]]
    fr = [{"step": s["step"], "p": s["p_chosen"], "p_ref": s["p_reference"], "w": s["source_weights"],
           "top": _top(s["source_weights"]) + 1, "top_w": max(s["source_weights"])}
          for s in sel["free_running"]]
    first_w = sel["free_running"][0]["source_weights"]
    source, choice = sel["source"], sel["greedy"][0]
    # what §3.13 says in words: the first wrong choice is the most frequent source symbol and the one
    # just before the last (the answer's first symbol)
    assert source.count(choice) == max(source.count(t) for t in set(source)), "the first choice is not the most frequent"
    choice_from_end = _from_end(source, choice)
    course_from_end = _from_end(COURSE_FAILURE["source"], COURSE_FAILURE["greedy"][0])
    assert course_from_end == choice_from_end, "the course's first wrong symbol comes from another source position"
    return {"tf": tf, "fr": fr, "first_divergence": sel["first_divergence_step"],
            # the heatmaps' matrices: one row per step, one column per source position
            "tf_weights": [s["w"] for s in tf], "fr_weights": [s["w"] for s in fr],
            "source_length": sel["source_length"], "uniform": 1 / sel["source_length"],
            "first_weight_spread": max(first_w) - min(first_w),
            "steps": len(sel["teacher_forced"]), "fr_steps": len(sel["free_running"]),
            "failures": report["metrics"]["dynamic"]["failures"],
            "first_step_failures": report["metrics"]["dynamic"]["failure_first_divergence"].count(1),
            "first_choice_count": source.count(choice), "choice_from_end": choice_from_end,
            "n_wrong": _wrong_positions(sel),
            "source_text": _text(sel["source"]), "target_text": _text(sel["target"]),
            "greedy_text": _text(sel["greedy"])}


# --------------------------------------------------------------------------- §3.14

@kinds(course="sequences",   # the site's test split has the course's size (§3.12 训练/验证/测试3000/300/300), reused
       rules={"sequences": _COURSE_TASK_RULES["sequences"]},
       site_run="*")
def denominators() -> dict:
    """§3.14: the two denominators (valid tokens vs complete sequences) and the sequence log-probability
    of the selected target as the sum of its teacher-forced log-probabilities."""
    report = _report()
    sel = report["selected"]
    return {"metrics": _metrics(report), "sequences": report["test_sequences"],
            "n_models": len(report["manifest"]["models"]),
            "valid_tokens": report["metrics"]["dynamic"]["valid_tokens"],
            "failures": report["metrics"]["dynamic"]["failures"],
            # of those failures, how many first diverge at step 1, where both conditions feed only BOS (§3.13)
            "first_step_failures": report["metrics"]["dynamic"]["failure_first_divergence"].count(1),
            "target_lp": sel["target_log_probability_tf_sum"],
            "target_lp_prefix": sel["target_log_probability"],
            "target_p": math.exp(sel["target_log_probability_tf_sum"]),
            "tf_log_p": [s["log_p_target"] for s in sel["teacher_forced"]],
            "steps": len(sel["teacher_forced"]),
            # valid target tokens one sequence can have (its source length plus EOS), shortest and longest
            "target_tokens_per_sequence": [n + 1 for n in report["manifest"]["hyperparameters"]["source_lengths"]]}


# --------------------------------------------------------------------------- §3.15

@remembered(maxsize=2)
def _unrepaired_margins(directory: str) -> tuple:
    """For each dynamic failure that the widest beam does not repair: the target's summed log-probability minus
    greedy's finished output's (None when greedy's output has no EOS). Negative: the model itself ranks the
    wrong output higher, so no wider search would return the target (a model error, not a search error)."""
    from kernels.seq2seq import PrefixScorer, greedy_generate
    from training.diagnose import evaluation_copy
    from training.store import load_all

    report = _report()
    models, data, _ = load_all(RESULTS_DIR)
    dyn = evaluation_copy(models["dynamic"])
    rows = data["test"]
    repaired = set(report["beam_repairs"][str(max(BEAM_WIDTHS))]["indices"])
    unrepaired = [i for i in report["metrics"]["dynamic"]["failure_indices"] if i not in repaired]
    outputs = greedy_generate(dyn, [rows[i] for i in unrepaired], max_steps=MAX_STEPS)
    margins = []
    for i, out in zip(unrepaired, outputs):
        scorer = PrefixScorer(dyn, rows[i]["source"])
        margins.append(scorer.sequence_log_probability(rows[i]["target"]) - scorer.sequence_log_probability(out)
                       if out and out[-1] == "EOS" else None)
    return tuple(margins)


@kinds(course="widths n_widths beam.w1.width beam.w2.width beam.w4.width",   # the course's widths: §3.15 beam2 / 加宽到4,
       rules={"n_widths": "讲义 §3.21 的 path_a 按宽度 [1,2,4] 运行 beam，共三种"},   # §3.21's path_a runs [1,2,4]
       site_run="*")
def beam_outcome() -> dict:
    """§3.15: beam 1/2/4 on the selected sequence: final candidates, summed log-probabilities (EOS in,
    no length penalty), where the target ranks."""
    report = _report()
    sel = report["selected"]
    beams = {}
    for w in BEAM_SHOWN:
        b = sel["beam"][str(w)]
        beams[f"w{w}"] = {"lp": [c["log_probability"] for c in b["candidates"]],
                          "texts": [_text(c["tokens"]) for c in b["candidates"]],
                          "rank": b["target_rank"], "in_final": b["target_in_final"], "correct": b["correct"],
                          "best_lp": b["best_log_probability"], "width": w, "size": len(b["candidates"])}
    greedy_lp = sel["greedy_log_probability"]
    target_lp = sel["target_log_probability"]
    repairs = report["beam_repairs"]
    # the page says width 4 repairs the same failures width 2 does
    assert repairs["2"]["indices"] == repairs["4"]["indices"], "widths 2 and 4 repair different failures"
    return {"beam": beams, "n_widths": len(beams), "widths": list(BEAM_WIDTHS), "target_lp": target_lp, "greedy_lp": greedy_lp,
            "target_lp_tf_sum": sel["target_log_probability_tf_sum"],   # §3.14's sum of teacher-forced log-probabilities
            "gap": greedy_lp - target_lp, "ratio": math.exp(greedy_lp - target_lp),
            "greedy_p": math.exp(greedy_lp), "target_p": math.exp(target_lp),
            "target_text": _text(sel["target"]), "greedy_text": _text(sel["greedy"]),
            "failures": report["metrics"]["dynamic"]["failures"],
            "repaired2": report["beam_repairs"]["2"]["repaired"], "repaired4": report["beam_repairs"]["4"]["repaired"],
            "unrepaired4": report["metrics"]["dynamic"]["failures"] - report["beam_repairs"]["4"]["repaired"],
            # of those, how many the model itself scores below greedy's output (§3.15: most failures are this kind)
            "unrepaired_below_greedy": sum(1 for m in _unrepaired_margins(str(RESULTS_DIR)) if m is not None and m < 0),
            "repaired_margin_min": min(report["beam_repairs"]["2"]["target_minus_greedy_log_probability"], default=None),
            "kept_every_round2": sel["beam"]["2"]["target_prefix_kept_every_round"],
            "rounds2": [[(_text(c["tokens"]), c["log_probability"]) for c in r] for r in sel["beam"]["2"]["rounds"]]}


# --------------------------------------------------------------------------- §3.22

COURSE_CASE_BEAM_WIDTH = 2   # the width §3.22 names for the reversal case ("在beam2里"): the course's, an input


@kinds(course="width case_her case_him", site_run="best_lp in_final kept_every_round2 target_lp",
       rules={"width": "§3.22 names the reversal case's beam width: 正确完成项在beam2里: two",
              "case_her": "§3.16's given total for the correct her sentence, −6.4 (read through its verify function)",
              "case_him": "§3.16's given total for the returned him sentence, −8.2 (read through its verify function)"})
@inputs("width")
def diagnosis_cases() -> dict:
    """§3.22: the course's two-case table names beam width 2 for the real reversal sample (its width, an input);
    this project's run of the same check at that width (§3.15): the target prefix kept in every round, the
    target in the final candidates, scored below the returned one."""
    sel = _report()["selected"]
    kept = sel["beam"][str(COURSE_CASE_BEAM_WIDTH)]
    return {"width": COURSE_CASE_BEAM_WIDTH,
            "kept_every_round2": kept["target_prefix_kept_every_round"], "in_final": kept["target_in_final"],
            "best_lp": kept["best_log_probability"], "target_lp": sel["target_log_probability"],
            # the table's her/him row: §3.16's two given totals (correct her, returned him), through its verify
            "case_her": _her_him()["her"], "case_him": _her_him()["him"]}


@functools.cache
def _her_him() -> dict:
    from verify.lecture.ch03_search import candidate_scores
    return candidate_scores()


# --------------------------------------------------------------------------- §3.20 / §3.21

COURSE_LAB_WIDTHS = (1, 2, 4)   # lecture §3.20: 已有1/2/4, the course's own; BEAM_WIDTHS is the site's diagnose


@inputs("widths")
@kinds(course="widths diag_widths",   # the lecture's lab widths (§3.20: 已有1/2/4; §3.15's archived sample at 2 and 4),
       # not a run result; the site's diagnose uses the same widths (沿用), and a value the course set stays the
       # course's wherever the site uses it (checker/borrowing.py)
       site_run="*")
def lab_route() -> dict:
    """§3.20: what the lab's path A returns for the selected sequence (index, beam widths available)."""
    report = _report()
    sel = report["selected"]
    return {"index": sel["index"], "widths": list(COURSE_LAB_WIDTHS), "diag_widths": list(BEAM_WIDTHS),
            "n_models": len(report["manifest"]["models"]),
            "exact_match_dynamic": report["metrics"]["dynamic"]["exact_match"],
            "exact_match_fixed": report["metrics"]["fixed"]["exact_match"],
            "target_lp": sel["target_log_probability"], "greedy_lp": sel["greedy_log_probability"],
            "rank2": sel["beam"]["2"]["target_rank"], "first_divergence": sel["first_divergence_step"],
            "in_final2": sel["beam"]["2"]["target_in_final"]}   # the target is among width 2's final candidates


@kinds(# widths: §3.21's path_a beam widths [1,2,4]; max_steps: the lower bound of path_a's step loop max(12, ...):
       # the course set both, the site's diagnose uses them (取自), so they stay the course's (checker/borrowing.py)
       course="max_steps widths updates",
       site_construction="eval_tol gpu_weight_rtol retrain_diagnosis_rtol retrain_weight_rtol tol",
       rules={"max_steps": "§3.21's path_a decodes for max(12, ...) steps: the lower bound 12 is the course's",
              "updates": _COURSE_TASK_RULES["updates"]},
       site_run="*")   # tolerances are constants the site chose, not run results
def implementation() -> dict:
    """§3.21: identity of the run and the parts of the diagnostic procedure the page states."""
    from training.gpu import EVAL_LOGP_TOL, GPU_WEIGHT_RTOL, TOLERANCES
    from training.portability import DIAGNOSIS_RTOL, SEQ2SEQ_WEIGHT_RTOL

    report = _report()
    ident = _identity(report)
    return {**ident, "index": report["selected"]["index"], "widths": list(BEAM_WIDTHS),
            "failures": report["metrics"]["dynamic"]["failures"], "sequences": report["test_sequences"],
            "max_steps": MAX_STEPS, "tol": TOLERANCES, "eval_tol": EVAL_LOGP_TOL,
            "retrain_weight_rtol": SEQ2SEQ_WEIGHT_RTOL, "retrain_diagnosis_rtol": DIAGNOSIS_RTOL,
            "gpu_weight_rtol": GPU_WEIGHT_RTOL,
            "em_gap": report["metrics"]["dynamic"]["exact_match"] - report["metrics"]["fixed"]["exact_match"]}
