"""What the labs index page (docs/labs/index.md) quotes from the lab notebooks' committed results."""
from __future__ import annotations

from checker.evidence import from_runs, inputs, kinds
from labs.notebooks import committed_results
from labs.route_g import headlines as route_g_headlines


SITE_TREE_WIDTH = 2   # the course tree's width (lecture §3.17, §8.4), borrowed into the site's second tree


@from_runs("b_mlp", "b_lstm", "b_greedy_*", "b_tau1_*", "b_rule_nll", "b_texts", "b_seeds", "b_updates",
           "c_*", "g_seeds", "g_params", "g_frozen", "g_updates", "g_length", "g_train_*",
           "g_pairs", "g_in_min", "g_out_acc", "g_dip_*", "g_guess_*", "g_worst_*", "g_far_*",
           "g_near_*", "g_k_*", "g_pos_k", "g_suffix_pair", "g_untrained_acc")
@kinds(course="d_beam2 d_best d_greedy d_pruned_round d_total d_width",
       site_construction=("a_base_pairs a_base_window a_left_kept a_money_money a_r1_removed a_r1_window "
                          "a_r3_added a_r3_window a_rank a_right_kept a_river_money a_sentences a_static_money "
                          "a_static_river a_types b_bigram b_floor b_sample_floor b_tokens b_unigram "
                          "d_site_beam2 d_site_best d_site_greedy d_site_width ef_forward_bound ef_gradient_bound "
                          "g_final_len g_layers g_prompt g_steps g_tol g_weight_share g_weights g_width "
                          "g_within"),
       rules={"d_pruned_round": "lecture §3.17: the width-2 beam keeps A and B in its first round (首轮), "
                                "already dropping C, the prefix of the optimal path C EOS"})
@inputs("a_r1_window", "a_r3_window", "d_width", "d_site_width")
def lab_headlines() -> dict:
    """What docs/labs/index.md quotes from the committed lab results (each checked against the
    notebooks by tests/test_notebooks.py, so a quoted number cannot outlive its computation)."""
    a, b, d, ef = (committed_results(r) for r in ("route_a", "route_b", "route_d", "route_ef"))
    ngram = {r["model"]: r for r in b["ngram"]}
    neural = lambda name: [r["ppl"] for r in b["neural"] if r["model"] == name]
    rule = {r["rule"]: r for r in b["sampling"]}
    settings = {(s["window"], s["direction"]): s for s in a["settings"]}
    base = settings[tuple(a["baseline"])]
    course, site = d["course_tree"], d["site_tree"]
    beam = lambda tree, width: next(b for b in tree["beams"] if b["width"] == width)
    river, money = "we sat on the river bank", "the bank lends money"
    return {
        "a_sentences": len(a["corpus"]), "a_types": len(a["vocabulary"]), "a_rank": a["svd_rank"],
        "a_base_window": base["window"], "a_base_pairs": base["pairs"],
        "a_r1_window": 1, "a_r1_removed": settings[(1, "both")]["pairs_removed"],
        "a_r3_window": 3, "a_r3_added": settings[(3, "both")]["pairs_added"],
        "a_left_kept": settings[(2, "left")]["words_kept"], "a_right_kept": settings[(2, "right")]["words_kept"],
        "a_static_river": a["bank"]["static_cosine"]["river"], "a_static_money": a["bank"]["static_cosine"]["money"],
        "a_river_money": a["bank"][river]["cosine"]["money"], "a_money_money": a["bank"][money]["cosine"]["money"],
        "d_width": 2, "d_total": course["sum"], "d_greedy": beam(course, 1)["returned_p"], "d_beam2": beam(course, 2)["returned_p"],
        "d_best": course["paths"][0][1], "d_pruned_round": beam(course, 2)["optimum_pruned_in_round"],
        # d_site_width: the course tree's width 2 (lecture §3.17, §8.4) borrowed, as the page says (沿用), into the
        # site's own second tree: the site's assumption
        "d_site_width": SITE_TREE_WIDTH,
        "d_site_greedy": beam(site, 1)["returned_p"], "d_site_beam2": beam(site, SITE_TREE_WIDTH)["returned_p"],
        "d_site_best": site["paths"][0][1],
        "ef_forward_bound": ef["forward_gap_below"], "ef_gradient_bound": ef["gradient_gap_below"],
        "b_floor": b["floor"]["perplexity"], "b_sample_floor": b["floor"]["sample_perplexity"],
        "b_tokens": b["sizes"]["held_out_tokens"], "b_seeds": len(b["seeds"]["models"]), "b_updates": b["updates"],
        "b_unigram": ngram["unigram add-1"]["ppl"], "b_bigram": ngram["bigram add-0.1"]["ppl"],
        "b_mlp": [min(neural("window MLP (k=2)")), max(neural("window MLP (k=2)"))],
        "b_lstm": [min(neural("LSTM")), max(neural("LSTM"))],
        "b_greedy_distinct": rule["greedy"]["distinct_2"], "b_greedy_limit": rule["greedy"]["hit_limit"],
        "b_texts": rule["greedy"]["texts"], "b_tau1_distinct": rule["tau 1.0"]["distinct_2"],
        "b_greedy_nll": rule["greedy"]["source_nll_per_token"], "b_tau1_nll": rule["tau 1.0"]["source_nll_per_token"],
        # every other sampling rule's per-token NLL under the true source, for greedy's "每 token NLL 却最低"
        "b_rule_nll": [r["source_nll_per_token"] for name, r in rule.items() if name != "greedy"],
        **route_g_headlines(committed_results("route_g")),   # route G part 2 quotes trained checkpoints
        # the tokens greedy generates by full recomputation and with the cache, for "生成的 token 完全相同"
        "g_full_tokens": committed_results("route_g")["equivalence"]["full_sequence"],
        "g_cached_tokens": committed_results("route_g")["equivalence"]["cached_sequence"],
        **route_g_placement(committed_results("route_g")["context"]),
        **route_c_headlines(),
    }


def route_g_placement(context: dict) -> dict:
    """Route G's position sweep carries confusable distractors in every pair, placed before or after the fact
    (kernels/fact_task.py::position_sweep); the distractor sweep puts them all between the fact and QUERY. The
    page compares the two at the position both sweeps test outside the trained range, with the sweep's count."""
    k = context["position_distractors"]
    first, last = context["train_fact_range"]
    sweeps = {int(key.rsplit("_", 1)[1]): rows for key, rows in context["summary"].items()
              if key.startswith("distractors_at_")}
    far_at = next(at for at in sorted(sweeps) if not first <= at <= last)
    row = next(r for r in sweeps[far_at] if r["distractors"] == k)
    return {"g_pos_k": k, "g_far_pos_k_acc": row["accuracy"]["mean"]}


def route_c_headlines() -> dict:
    """Route C's numbers for the labs index, from the committed sweep (results/labs/route_c.json):
    per distance and model the three-seed mean and [min, max] of pair-both-correct, clipping on and off. Read through
    the manifest's sha256 (a hand-edited run is refused here, not only in tests/test_route_c.py)."""
    from training.route_c_train import load_results
    c = load_results()
    spread = lambda m: {"mean": m["mean"], "range": [m["min"], m["max"]]}

    from kernels.first_clue import KEY_CLUE_POSITION
    clue_position = {"first_clue": 0, "key_in_box": KEY_CLUE_POSITION}
    length = {(r["task"], r["distance"]): r["sequence_length"] for r in c["runs"]}

    def rows(task, metric="pair_both_correct"):
        table = {}
        for r in c["summary"]:
            if r["task"] == task:
                key = f"{r['cell']}_{'on' if r['clip'] else 'off'}"
                after = length[(task, r["distance"])] - 1 - clue_position[task]   # tokens after the clue
                table.setdefault(r["distance"], {"distance": r["distance"], "after": after})[key] = spread(r[metric])
        return [table[d] for d in sorted(table)]

    clipped = lambda cell: [r["clipped_share"] for r in c["runs"] if r["task"] == "first_clue" and r["cell"] == cell]
    # per (distance, seed) outcome of an LSTM first-clue run with clipping on or off, to compare the two
    lstm_runs = lambda clip: [[r["pair_both_correct"], r["accuracy"], r["final_loss"]] for r in sorted(c["runs"], key=lambda r: (r["distance"], r["seed"]))
                              if r["task"] == "first_clue" and r["cell"] == "lstm" and r["clip"] == clip]
    far_from = 40   # the page's "from this distance on, nothing is learned"
    far_max = max(r["pair_both_correct"] for r in c["runs"] if r["task"] == "first_clue" and r["distance"] >= far_from)
    return {
        "c_seeds": len(c["seeds"]), "c_updates": c["training"]["updates"], "c_batch": c["training"]["batch_size"],
        "c_train_pairs": c["sizes"]["n_train_pairs"], "c_test_pairs": c["sizes"]["n_test_pairs"],
        "c_hidden": c["model"]["hidden"], "c_clip_threshold": c["training"]["clip_threshold"],
        "c_rnn_params": c["parameters"]["first_clue-rnn"], "c_lstm_params": c["parameters"]["first_clue-lstm"],
        "c_key_rnn_params": c["parameters"]["key_in_box-rnn"], "c_key_lstm_params": c["parameters"]["key_in_box-lstm"],
        "c_runs": len(c["runs"]), "c_cpu_s": round(c["cpu_s_total"]),
        "c_rnn_clipped_max": max(clipped("rnn")), "c_lstm_clipped_max": max(clipped("lstm")),
        "c_lstm_clip_on": lstm_runs(True), "c_lstm_clip_off": lstm_runs(False),
        "c_far_from": far_from, "c_far_max": far_max,
        "c_fc": rows("first_clue"), "c_fc_acc": rows("first_clue", "accuracy"), "c_key": rows("key_in_box"),
    }
