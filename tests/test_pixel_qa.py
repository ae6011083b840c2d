"""Pixel QA (lecture §6.4) and the paired key task (§6.10): the generators against an independent
reading of their pixels (scipy.ndimage), the controls' defining properties, hash refusal, the
committed results reproduced read-only, and a short retrain within the portable tolerance."""
import copy
import json
import shutil
import subprocess
import sys
from fractions import Fraction

import numpy as np
import pytest
import torch
from scipy import ndimage

from kernels.pixel_qa import (COLOUR_RGB, KEY_RGB, SHAPE_ANSWERS, SHAPE_QUESTIONS, PixelQA, PixelQAConfig,
                              draw_key_pair, exact_prior_baseline, flatten_pairs, generate_key_data,
                              generate_shape_data, occlude, pair_both_correct, partner_index, to_tensor)
from training import gpu
from training.pixel_qa_diagnose import diagnose, results_payload
from training.pixel_qa_train import (PREFIX_CHECK, RESULTS, RESULTS_FILE, load_data, load_model,
                                               read_manifest, train_all)
from training.store import ROOT, CheckpointError, json_bytes


# --------------------------------------------------------------------------- generators

def _objects_from_pixels(image):
    """Independent reading: saturated pixels, connected components, each component's hue and x centre."""
    img = image.astype(int)
    saturated = (img.max(2) - img.min(2)) > 60
    labels, n = ndimage.label(saturated)
    objs = []
    for k in range(1, n + 1):
        ys, xs = np.nonzero(labels == k)
        mean = img[ys, xs].mean(0)
        colour = min(COLOUR_RGB, key=lambda c: np.abs(np.array(COLOUR_RGB[c]) - mean).sum())
        objs.append({"x": xs.mean(), "colour": colour, "area": len(xs)})
    return objs


def test_shape_answers_are_what_the_pixels_show():
    data = generate_shape_data(5, n_train=60, n_test=1)
    for image, ans in zip(data["train"]["images"], data["train"]["answers"]):
        truth = dict(zip(SHAPE_QUESTIONS, (SHAPE_ANSWERS[a] for a in ans)))
        objs = _objects_from_pixels(image)
        assert str(len(objs)) == truth["count"]
        assert min(objs, key=lambda o: o["x"])["colour"] == truth["left_colour"]


def test_exact_prior_is_per_template_not_uniform_over_answers():
    prior = exact_prior_baseline()
    assert prior["overall"] == Fraction(1, 3) and prior["uniform_over_answers"] == Fraction(1, 9)
    # the declared weights are what the generator draws: counts over a large sample are close
    answers = generate_shape_data(7, n_train=450, n_test=1)["train"]["answers"]
    for j in range(3):
        freq = np.bincount(answers[:, j], minlength=len(SHAPE_ANSWERS)) / len(answers)
        assert abs(freq.max() - 1 / 3) < 0.08


def test_key_pair_differs_only_inside_the_relevant_boxes():
    rng = np.random.default_rng(3)
    for _ in range(20):
        pair = draw_key_pair(rng)
        a, b = pair["table"].astype(int), pair["cabinet"].astype(int)
        assert (a != b).any()
        both = np.stack([pair["table"], pair["cabinet"]])
        rel = occlude(both, np.array([pair["relevant"]] * 2))
        irr = occlude(both, np.array([pair["irrelevant"]] * 2))
        assert np.array_equal(rel[0], rel[1]), "occluding the relevant places must leave nothing to tell apart"
        assert not np.array_equal(irr[0], irr[1]), "the irrelevant boxes must not hide the key"
        key_pixels = np.all(a == KEY_RGB, axis=2) | np.all(b == KEY_RGB, axis=2)
        assert key_pixels.sum() > 0


def test_key_data_splits_by_pair_and_member_order_does_not_leak():
    data = generate_key_data(11, n_train_pairs=60, n_test_pairs=10)
    tr = data["train"]
    partner = partner_index(tr["pair"])
    assert np.array_equal(partner[partner], np.arange(len(partner)))
    assert np.array_equal(tr["pair"][partner], tr["pair"]) and (partner != np.arange(len(partner))).all()
    first = tr["answers"][0::2, 0]   # the first member's answer: table or cabinet, not always the same
    assert 0.25 < first.mean() < 0.75
    assert (tr["answers"][0::2] != tr["answers"][1::2]).all()


def test_pair_both_correct_and_its_input_check():
    pairs, q = np.array([0, 0, 1, 1]), np.array([0, 0, 0, 0])
    assert pair_both_correct(np.array([1, 1, 1, 0]), pairs, q) == 0.5
    with pytest.raises(ValueError, match="exactly two"):
        pair_both_correct(np.array([1, 1, 1]), np.array([0, 0, 0]), np.array([0, 0, 0]))


def test_shared_image_features_equal_repeating_the_image():
    torch.manual_seed(0)
    model = PixelQA(PixelQAConfig()).double().eval()
    images = to_tensor(generate_shape_data(1, n_train=4, n_test=1)["train"]["images"], torch.float64)
    idx, q, _ = flatten_pairs(np.zeros((4, 3), dtype=np.int64))
    shared = model(images, torch.from_numpy(q), torch.from_numpy(idx))
    repeated = model(images[idx], torch.from_numpy(q))
    assert torch.allclose(shared, repeated, atol=1e-12)


# --------------------------------------------------------------------------- committed artifacts

@pytest.fixture()
def results_copy(tmp_path):
    target = tmp_path / "pixel_qa"
    shutil.copytree(RESULTS, target)
    return target


def test_diagnosis_reproduces_the_committed_results_json():
    committed = (RESULTS / RESULTS_FILE).read_bytes()
    assert json_bytes(results_payload(diagnose())) == committed


def test_controls_have_their_defining_properties():
    report = diagnose()
    shape, key = report["shape"], report["key"]
    assert shape["test_pairs"] == 3 * shape["test_images"]
    for seed, row in key["per_seed"].items():
        # the relevant occlusion makes both members identical: the pair can never be both right
        assert row["occlude_relevant"]["pair_both_correct"] == 0.0
        # the swap scores each answer on the partner image, whose truth is the other answer
        assert row["swap"]["overall"] <= 1 - row["model"]["overall"] + 1e-12
    for seed, row in shape["per_seed"].items():
        for name in SHAPE_QUESTIONS:
            assert row["model"]["per_question"][name] > row["question_only"]["per_question"][name]


def test_corrupted_checkpoint_is_refused_with_one_clear_line(results_copy):
    path = results_copy / "shape-full-s1.pt"
    blob = bytearray(path.read_bytes())
    blob[len(blob) // 2] ^= 0x01
    path.write_bytes(bytes(blob))
    with pytest.raises(CheckpointError) as info:
        load_model("shape-full-s1", results_copy)
    assert "\n" not in str(info.value) and "refusing" in str(info.value)
    run = subprocess.run([sys.executable, "-m", "training.pixel_qa_diagnose", "--dir", str(results_copy)],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 1
    assert len(run.stderr.strip().splitlines()) == 1 and "shape-full-s1.pt" in run.stderr


def test_changed_generator_output_is_refused(results_copy):
    manifest = read_manifest(results_copy)
    manifest["tasks"]["key"]["data_sha256"] = "0" * 64
    with pytest.raises(CheckpointError, match="regenerated key data"):
        load_data("key", manifest)


def test_training_refuses_to_overwrite_without_force(results_copy):
    before = (results_copy / "key-full-s0.pt").read_bytes()
    with pytest.raises(FileExistsError, match="--force"):
        train_all(results_copy, device="cpu", quiet=True)
    assert (results_copy / "key-full-s0.pt").read_bytes() == before


def test_first_updates_retrain_to_the_recorded_fingerprint():
    """The first PREFIX_CHECK updates of one seed, retrained here in float64, match the recorded fingerprint to
    numeric.WEIGHT_RTOL (measured drift between two CPU kernel sets: about 1e-13; the same check under the
    baseline kernels is tests/test_portability.py)."""
    from training.portability import check_pixel_qa
    assert read_manifest()["prefix_check"]["updates"] == PREFIX_CHECK["updates"]
    result = check_pixel_qa()
    assert result["ok"], result["problems"]


def test_gpu_comparison_accepts_the_reference_and_rejects_a_drift():
    report = diagnose()
    assert gpu.compare_vision(report, report)["ok"]
    drifted = json.loads(json.dumps(report))
    for row in drifted["shape"]["summary"]["model"]["per_question"].values():
        row["mean"] -= 0.2
    assert not gpu.compare_vision(report, drifted)["ok"]



def test_the_float32_screen_answers_what_float64_answers_on_every_committed_checkpoint():
    """predict's float32 pass decides only rows whose two best logits stand apart (SCREEN_MARGIN); on every
    committed model, on its task's test images (every image with every template, and every image with the other
    images' questions) and on the all-zero image, its answers equal a float64 evaluation of every row."""
    from kernels.pixel_qa import predict
    from training.pixel_qa_train import ARMS, SEEDS
    manifest = read_manifest(RESULTS)
    tests = {task: load_data(task, manifest)["test"] for task in ("shape", "key")}
    rows = 0
    for arm, (task, _) in ARMS.items():
        images = tests[task]["images"]
        idx, q, _ = flatten_pairs(tests[task]["answers"])
        shifted = (idx + 1) % len(images)
        cases = [(images, np.concatenate([idx, shifted]), np.concatenate([q, q])),
                 (np.zeros_like(images[:1]), np.zeros_like(idx), q)]
        for seed in SEEDS:
            model = load_model(f"{arm}-s{seed}", RESULTS, manifest)
            for imgs, index, questions in cases:
                screened = predict(copy.deepcopy(model), imgs, index, questions)
                full = predict(copy.deepcopy(model), imgs, index, questions, screen=False)
                assert np.array_equal(screened, full), (arm, seed)
                rows += len(index)
    assert rows > 10000
