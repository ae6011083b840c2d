"""LAB03 path B (kernels/vision_branch.py) against an independent PyTorch twin, plus the three
mistakes of §6.7/§6.11 that must turn these tests red: the gate moved before the bias, K/V not
recomputed after an image swap, and an off arm that still reads the image."""
import shutil

import numpy as np
import pytest
import torch
from scipy.stats import pearsonr

from kernels import scenes
from kernels.patches import changed_patches, flatten_patches, patch_counts, rgb_xy_features
from kernels.vision_branch import (VOCAB, BranchCheckFailed, check_four_arms, four_arms, gate_before_bias,
                                   gated_branch, language_state, make_params, pearson, ungated_read, vision_read,
                                   weight_correlations)

SEED = 20261016
PREFIX = ("a", "scene")


@pytest.fixture(scope="module")
def params():
    return make_params(SEED, width=16)


@pytest.fixture(scope="module")
def images():
    return {"A": scenes.load_scene("lake"), "B": scenes.load_scene("bank_river")}


def torch_features(image) -> torch.Tensor:
    """Mean RGB per 16×16 patch via avg_pool2d, plus x/y on [0, 1]: written without kernels.patches."""
    x = torch.tensor(np.asarray(image), dtype=torch.float64).permute(2, 0, 1)[None] / 255.0
    rgb = torch.nn.functional.avg_pool2d(x, 16)[0].permute(1, 2, 0).reshape(-1, 3)
    n = int(rgb.shape[0] ** 0.5)
    coords = torch.linspace(0, 1, n, dtype=torch.float64)
    yy, xx = torch.meshgrid(coords, coords, indexing="ij")
    return torch.cat([rgb, xx.reshape(-1, 1), yy.reshape(-1, 1)], dim=1)


def torch_branch(image, p, enabled: bool):
    """The same computation in torch, from the parameter arrays only."""
    t = {k: torch.tensor(getattr(p, k)) for k in ("encoder", "embedding", "W_Q", "W_K", "W_V", "W_O", "bias", "head")}
    language = t["embedding"][[VOCAB.index(w) for w in PREFIX]].mean(0)
    Z = torch_features(image) @ t["encoder"]
    q, K, V = language @ t["W_Q"], Z @ t["W_K"], Z @ t["W_V"]
    weights = torch.softmax(K @ q / K.shape[1] ** 0.5, dim=0)
    branch = (weights @ V @ t["W_O"] + t["bias"]) * float(enabled)
    logits = (language + branch) @ t["head"]
    return {"Z": Z, "weights": weights, "logits": logits, "language_only": language @ t["head"]}


# --------------------------------------------------------------------------- agreement with torch

@pytest.mark.parametrize("image", ["A", "B"])
@pytest.mark.parametrize("enabled", [True, False])
def test_kernel_matches_torch_twin(params, images, image, enabled):
    ours = vision_read(rgb_xy_features(images[image]), params, PREFIX, enabled)
    ref = torch_branch(images[image], params, enabled)
    np.testing.assert_allclose(ours.Z, ref["Z"].numpy(), rtol=0, atol=1e-12)
    np.testing.assert_allclose(ours.weights, ref["weights"].numpy(), rtol=0, atol=1e-14)
    np.testing.assert_allclose(ours.logits, ref["logits"].numpy(), rtol=0, atol=1e-12)


def test_features_match_torch_pooling(images):
    np.testing.assert_allclose(rgb_xy_features(images["A"]), torch_features(images["A"]).numpy(), atol=1e-14)


def test_patch_counts_and_flattening():
    c = patch_counts(224, 224, 16)
    assert (c.grid_rows, c.patches, c.values_per_patch, c.rows_with_cls) == (14, 196, 768, 197)
    img = np.arange(224 * 224 * 3, dtype=np.int64).reshape(224, 224, 3)
    flat = flatten_patches(img, 16)
    # patch (row 1, column 2) starts at pixel (16, 32); its first row is 16 consecutive pixels
    np.testing.assert_array_equal(flat[1 * 14 + 2][:48], img[16, 32:48].ravel())
    with pytest.raises(ValueError, match="multiple of the patch size"):
        patch_counts(225, 224, 16)


# --------------------------------------------------------------------------- the three mistakes

def test_off_arm_is_exactly_the_language_only_logits(params, images):
    """Red when the gate is moved before the bias: the off arm would still add the bias."""
    for image in images.values():
        off = vision_read(rgb_xy_features(image), params, PREFIX, enabled=False)
        assert not np.any(off.branch)
        assert np.array_equal(off.logits, language_state(params, PREFIX) @ params.head)
        np.testing.assert_allclose(off.logits, torch_branch(image, params, False)["language_only"].numpy(),
                                   rtol=0, atol=1e-14)
    read = np.random.default_rng(0).standard_normal(params.width)
    assert not np.any(gated_branch(read, params, False))
    assert np.any(gate_before_bias(read, params, False))   # the wrong variant really is wrong


def test_off_arm_does_not_read_the_image(params, images):
    """Red when the off arm still reads the image: any picture, even noise, gives identical logits."""
    noise = np.random.default_rng(1).integers(0, 256, (224, 224, 3), dtype=np.uint8)
    logits = [vision_read(rgb_xy_features(img), params, PREFIX, enabled=False).logits
              for img in (images["A"], images["B"], noise)]
    assert np.array_equal(logits[0], logits[1]) and np.array_equal(logits[0], logits[2])


def test_kv_are_recomputed_after_an_image_swap(params, images):
    """Red when four_arms reuses image A's K/V for image B."""
    fa, fb = rgb_xy_features(images["A"]), rgb_xy_features(images["B"])
    runs = four_arms(fa, fb, params, PREFIX)
    ref_b = torch_branch(images["B"], params, True)
    np.testing.assert_allclose(runs[("B", True)].weights, ref_b["weights"].numpy(), atol=1e-14)
    assert not np.array_equal(runs[("A", True)].K, runs[("B", True)].K)
    assert not np.array_equal(runs[("A", True)].logits, runs[("B", True)].logits)


def test_check_passes_the_correct_branch(params, images):
    fa, fb = rgb_xy_features(images["A"]), rgb_xy_features(images["B"])
    result = check_four_arms(four_arms(fa, fb, params, PREFIX), params)
    assert result["off_diff"] == 0.0 and result["off_vs_language"] == 0.0 and result["on_diff"] > 0.0


@pytest.mark.parametrize("wrong, reason", [
    (dict(branch_fn=gate_before_bias), "bias_survives_gate"),
    (dict(branch_fn=ungated_read), "off_reads_image"),
    (dict(stale_kv=True), "stale_kv"),
])
def test_check_catches_each_mistake(params, images, wrong, reason):
    fa, fb = rgb_xy_features(images["A"]), rgb_xy_features(images["B"])
    with pytest.raises(BranchCheckFailed) as caught:
        check_four_arms(four_arms(fa, fb, params, PREFIX, **wrong), params)
    assert caught.value.reason == reason


def test_identical_images_make_identical_on_arms_and_the_check_says_so(params, images):
    fa = rgb_xy_features(images["A"])
    with pytest.raises(BranchCheckFailed) as caught:
        check_four_arms(four_arms(fa, fa.copy(), params, PREFIX), params)
    assert caught.value.reason == "on_arms_identical"


def test_params_are_fixed_by_the_seed():
    a, b, c = make_params(SEED), make_params(SEED), make_params(SEED + 1)
    assert np.array_equal(a.W_K, b.W_K) and not np.array_equal(a.W_K, c.W_K)
    with pytest.raises(ValueError, match="not in the vocabulary"):
        language_state(a, ("a", "dog"))


def test_pearson_matches_scipy(params, images):
    run = vision_read(rgb_xy_features(images["A"]), params, PREFIX)
    corr = weight_correlations(run)
    assert corr["x"] == pytest.approx(pearsonr(run.weights, run.features[:, 3])[0], abs=1e-12)
    rng = np.random.default_rng(3)
    u, v = rng.standard_normal(50), rng.standard_normal(50)
    assert pearson(u, v) == pytest.approx(pearsonr(u, v)[0], abs=1e-12)


# --------------------------------------------------------------------------- the pictures

def test_committed_pictures_match_the_generator():
    for name, draw in scenes.SCENES.items():
        assert scenes.pixel_sha256(scenes.load_scene(name)) == scenes.pixel_sha256(draw())


def test_controls_change_only_what_they_claim():
    blue, red, other = scenes.give_book("blue"), scenes.give_book("red"), scenes.give_book("blue", "other")
    x0, y0, x1, y1 = scenes.COVER_BOX
    cover = np.zeros((224, 224), dtype=bool)
    cover[y0:y1, x0:x1] = True
    assert np.array_equal(np.any(red != blue, axis=-1), cover)
    assert not (np.any(other != blue, axis=-1) & scenes.give_book_foreground()).any()
    assert len(changed_patches(blue, red, 16)) >= 1
    with pytest.raises(ValueError, match="cover must be"):
        scenes.give_book("green")


def test_central_crops_are_cut_not_redrawn():
    img = scenes.give_book("blue")
    crops = scenes.central_crops(img, 6, 4, gap=6)
    x0, y0, x1, y1 = scenes.grid_cells(6, 4)[1 * 6 + 2]   # row 1, column 2: the first central cell
    np.testing.assert_array_equal(crops[6:6 + y1 - y0, 6:6 + x1 - x0], img[y0:y1, x0:x1])
    assert len(scenes.grid_cells(6, 4)) == 24


def test_a_tampered_png_is_refused(tmp_path):
    shutil.copytree(scenes.IMAGE_DIR, tmp_path / "images")
    path = tmp_path / "images" / "lake.png"
    data = bytearray(path.read_bytes())
    data[-20] ^= 0xFF
    path.write_bytes(bytes(data))
    with pytest.raises(scenes.ImageCheckFailed, match="lake.png:1: file sha256"):
        scenes.load_scene("lake", tmp_path / "images")


def test_uniform_weights_are_white_on_the_anchored_scale():
    u = np.full(196, 1 / 196)
    assert np.all(scenes.weight_map(u, 14, 0.0, 2 / 196) == 255)
    ramp = np.linspace(0.0, 2 / 196, 196)
    img = scenes.weight_map(ramp, 14, 0.0, 2 / 196)
    assert tuple(img[0, 0]) == (40, 70, 200) and tuple(img[-1, -1]) == (200, 40, 40)
