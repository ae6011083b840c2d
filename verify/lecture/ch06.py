"""Lecture chapter 6: images as new evidence for language computation.

Inputs are module constants, defined once. The pictures are the site's own procedural drawings
(kernels/scenes.py), loaded from the committed PNGs in results/vision/images/ after a sha256
check, and compared bitwise with a fresh drawing so the files cannot drift from the generator.
The branch of §6.5–§6.11 is kernels/vision_branch.py. The course's archived LAB03 numbers
(0.922170018, 0.016440292, …) came from other pictures and other code; the pages cite them as
records and are not computed here.
"""
from __future__ import annotations

import numpy as np

from kernels import scenes
from kernels.patches import changed_patches, flatten_patches, patch_counts, rgb_xy_features
from kernels.vision_branch import (VOCAB, BranchCheckFailed, check_four_arms, four_arms, gate_before_bias,
                                   make_params, max_abs_diff, ungated_read, vision_read,
                                   weight_correlations)
from checker.evidence import inputs, kinds

IMAGE_SIZE = 224
PATCH = 16
CHANNELS = 3
TEACHING_GRID = (6, 4)        # columns × rows drawn over the give-book scene
SHOWN_CROPS = 4               # §6.2: the real crops the course showed, cut from the centre of the same picture
SEED = 20261016
WIDTH = 16                    # the branch width: our choice; the seed does not give LAB03's
PREFIX = ("a", "scene")
IMAGE_A, IMAGE_B = "lake", "bank_river"
ARCHIVED_BAND = (0.0049, 0.0054)  # visionruns §6.8: the course's archived colour scale (a record; §6.8 compares widths with it)
TROUSERS = ((60, 60, 70), (50, 50, 60))   # the giver's and the receiver's leg colours as kernels/scenes.py draws them
GIVE_BOOK = ("give_book_blue", "give_book_red", "give_book_sleeve", "give_book_background")
HIGHER_RES = (336, 14)        # §6.15: ViT-L/14 (patch 14) at 336 px beside 224 px: 24×24 and 16×16 patches
BASE_RES = (224, 14)
LLAVA_ENCODER = "CLIP ViT-L/14"   # lecture §6.2 and liu2023llava §4.1: the encoder LLaVA uses


def _scene(name: str) -> np.ndarray:
    """The committed PNG (hash-checked) and a fresh drawing must be the same pixels."""
    img = scenes.load_scene(name)
    fresh = scenes.SCENES[name]()
    if not np.array_equal(img, fresh):
        raise AssertionError(f"results/vision/images/{name}.png no longer matches kernels/scenes.py; "
                             "regenerate with `python -m kernels.scenes`")
    return img


def _counts() -> dict:
    c = patch_counts(IMAGE_SIZE, IMAGE_SIZE, PATCH, CHANNELS)
    cols, rows = TEACHING_GRID
    return {"size": IMAGE_SIZE, "patch": PATCH, "grid": c.grid_rows, "patches": c.patches,
            "values": c.values_per_patch, "rows_cls": c.rows_with_cls, "channels": CHANNELS,
            "teach_cols": cols, "teach_rows": rows, "teach_cells": cols * rows,
            "features": rgb_xy_features(_scene(IMAGE_A), PATCH).shape[1]}


@kinds(course="patch size teach_cells teach_cols teach_rows",
       # size, patch: the site's drawings are drawn at the course's §6.2 size (224×224) and cut at its 16×16 patch
       # (LAB03's cut), as the page says: values the course set stay the course's (checker/borrowing.py)
       site_construction=("bg_patches bg_pixels crop_legs pixels red_patches red_pixels red_share sleeve_patches "
                          "sleeve_pixels"))
def give_book_controls() -> dict:
    """Chapter opening: which pixels each control changes relative to the blue-cover drawing. crop_legs: how many
    trouser pixels (the two figures' leg colours in kernels/scenes.py) each of the central 2×2 cells holds, laid
    out as the figure shows them (top row above, left column left), for the sentence 左下格还有一点腿."""
    blue, red, sleeve, other = (_scene(n) for n in GIVE_BOOK)
    cover = np.zeros(blue.shape[:2], dtype=bool)
    x0, y0, x1, y1 = scenes.COVER_BOX
    cover[y0:y1, x0:x1] = True
    fg = scenes.give_book_foreground()

    def changed(img):
        return np.any(img != blue, axis=-1)

    red_mask, sleeve_mask, bg_mask = changed(red), changed(sleeve), changed(other)
    assert red_mask.sum() == cover.sum() and not (red_mask & ~cover).any(), "red control changes more than the cover"
    assert not (bg_mask & fg).any(), "background control touches a figure or the book"
    sx0, sy0, sx1, sy1 = scenes.SLEEVE_BOX
    for bx0, by0, bx1, by1 in (scenes.COVER_BOX, scenes.PAGES_BOX):  # the page: the sleeve hides the whole book
        assert sx0 <= bx0 and sy0 <= by0 and bx1 <= sx1 and by1 <= sy1, "the sleeve does not cover the book"
    total = blue.shape[0] * blue.shape[1]
    return {**_counts(), "pixels": total,
            "red_pixels": int(red_mask.sum()), "red_share": red_mask.sum() / total,
            "red_patches": len(changed_patches(blue, red, PATCH)),
            "sleeve_pixels": int(sleeve_mask.sum()), "sleeve_patches": len(changed_patches(blue, sleeve, PATCH)),
            "bg_pixels": int(bg_mask.sum()), "bg_patches": len(changed_patches(blue, other, PATCH)),
            "fg_pixels": int(fg.sum()), "crop_legs": _crop_legs(blue)}


def _crop_legs(img) -> np.ndarray:
    """Trouser pixels in each of the central 2×2 cells of the 6×4 grid (the cells scenes.central_crops shows)."""
    cols, rows = TEACHING_GRID
    cells = scenes.grid_cells(cols, rows)
    c0, r0 = cols // 2 - 1, rows // 2 - 1
    legs = np.zeros((2, 2))
    for dr in (0, 1):
        for dc in (0, 1):
            x0, y0, x1, y1 = cells[(r0 + dr) * cols + c0 + dc]
            crop = img[y0:y1, x0:x1]
            legs[dr, dc] = sum(np.all(crop == colour, axis=-1).sum() for colour in TROUSERS)
    return legs


@inputs("shown_crops")
@kinds(course=("channels features flat_shape grid patch patches rows_cls shown_crops size teach_cells teach_cols "
               "teach_rows values"),
       site_construction="flat_rows patch_r0c1 patch_r1c0",   # the array the site cut from its lake drawing
       rules={"features": "§6.2: LAB03 每块只取RGB均值与x/y共5维: three channel means plus x and y, five numbers a patch",
              "flat_shape": "§6.2's own two counts for this cut (14×14=196块, 每块…16×16×3=768个值): one row per "
                            "patch, one column per raw value; the site's lake drawing is cut at the course's "
                            "224×224 and 16×16, so its array has the course's shape (196, 768)"})
def patch_grid() -> dict:
    """§6.2: the three counts, checked on a real array cut from the lake drawing. flat_rows: the array's first
    grid row of patches and one more (rows 0-14); patch_r0c1, patch_r1c0: the 16×16 blocks at grid row 0,
    column 1 and grid row 1, column 0, sliced from the image itself and laid out pixel row by pixel row (C order),
    so 'each row is one block unrolled row-wise' is row(flat_rows, 1) == patch_r0c1, row(…, 14) == patch_r1c0."""
    counts = _counts()
    image = _scene(IMAGE_A)
    flat = flatten_patches(image, PATCH)
    assert flat.shape == (counts["patches"], counts["values"])
    block = lambda r, c: image[r * PATCH:(r + 1) * PATCH, c * PATCH:(c + 1) * PATCH].reshape(-1)
    return {**counts, "flat_shape": list(flat.shape), "shown_crops": SHOWN_CROPS,
            "flat_rows": flat[: counts["grid"] + 1], "patch_r0c1": block(0, 1), "patch_r1c0": block(1, 0)}


def _arms() -> tuple[dict, object]:
    params = make_params(SEED, WIDTH)
    fa, fb = rgb_xy_features(_scene(IMAGE_A), PATCH), rgb_xy_features(_scene(IMAGE_B), PATCH)
    return four_arms(fa, fb, params, PREFIX), params


@kinds(course="grid k_rows patches seed vocab_size weights_len z_rows",   # the rows of Z and K, the weights, the patch count: §6.7 prints the 196 positions; grid: §6.11's code cuts 14×14
       site_construction="K_shape Z_shape features head head_input logits param_count width",
       rules={"vocab_size": "§6.6 lists the vocabulary a/scene/river/person/bank/EOS, §6.5 calls it 六词: six words",
              "z_rows": "§6.11's code reshapes the 224×224 image into 196 patches and z = features @ encoder; "
                        "§6.7's heat map normalizes over 196 positions",
              "k_rows": "k = z @ K in §6.11's code: one key per patch, 196 (§6.7's 196 positions)",
              "weights_len": "§6.7: the heat map normalizes over 196 positions, one weight per position",
              "grid": "§6.11's vision_read cuts the 224×224 picture 14×14 (image.reshape(14,16,14,16,3))",
              "patches": "§6.7's heat map normalizes over 196 positions; §6.11's code reshapes the patch means to (196,3)"})
@inputs("seed")
def branch_setup() -> dict:
    """§6.5–§6.6: what the stand-in is made of. head (width × vocabulary), the state it reads (head_input:
    language plus gated branch, as a width × 1 column) and the logits of image A's run: column j of the head
    gives word j's score, colsum(head_input * head) == logits."""
    runs, params = _arms()
    run = runs[("A", True)]
    return {**_counts(), "seed": SEED, "width": params.width, "vocab": list(VOCAB), "vocab_size": len(VOCAB),
            "head": params.head, "head_input": (run.language + run.branch)[:, None], "logits": run.logits,
            "prefix": " ".join(PREFIX), "Z_shape": list(run.Z.shape), "K_shape": list(run.K.shape),
            "z_rows": run.Z.shape[0], "k_rows": run.K.shape[0],
            "q_shape": list(run.q.shape), "weights_len": len(run.weights),
            "param_count": sum(getattr(params, f).size for f in
                               ("encoder", "embedding", "W_Q", "W_K", "W_V", "W_O", "bias", "head"))}


def _failed_check(runs: dict, params) -> str | None:
    """The condition check_four_arms names as violated by these arms (None when all hold)."""
    try:
        check_four_arms(runs, params)
    except BranchCheckFailed as failed:
        return failed.reason
    return None


@kinds(course="seed positions",   # seed: §6.6 fixes it (course_also); positions: §6.7 prints the 196 heat-map positions
       site_construction=("gate_residue leak_off_diff max_dK max_dZ off_a off_b off_diff off_vs_language on_a "
                          "on_b on_diff stale_on_diff sum_err width"))
@inputs("seed")
def four_arm_table() -> dict:
    """§6.7: the four arms, the asserted checks, and the two deliberate mistakes."""
    runs, params = _arms()
    check = check_four_arms(runs, params)
    fa, fb = runs[("A", True)].features, runs[("B", True)].features
    a_index = VOCAB.index("a")

    stale = four_arms(fa, fb, params, PREFIX, stale_kv=True)
    try:
        check_four_arms(stale, params)
        stale_caught = False
    except BranchCheckFailed:
        stale_caught = True
    assert stale_caught, "the four-arm check did not detect stale K/V"
    wrong_gate = four_arms(fa, fb, params, PREFIX, branch_fn=gate_before_bias)
    language_only = runs[("A", False)].language @ params.head
    residue = max_abs_diff(wrong_gate[("A", False)].logits, language_only)
    assert residue > 0.0, "gating before the bias left no residue"
    leak = four_arms(fa, fb, params, PREFIX, branch_fn=ungated_read)
    leak_off_diff = max_abs_diff(leak[("A", False)].logits, leak[("B", False)].logits)
    assert leak_off_diff > 0.0

    def arm(image, enabled):
        r = runs[(image, enabled)]
        return {"probs": r.probabilities.tolist(), "p_a": float(r.probabilities[a_index]),
                "argmax": VOCAB[int(np.argmax(r.logits))], "argmax_id": int(np.argmax(r.logits)),
                "p_max": float(r.probabilities.max()), "logits": r.logits.tolist()}

    on_a, on_b = arm("A", True), arm("B", True)
    assert on_a["argmax"] == on_b["argmax"], "the page says the greedy choice is the same for both images"
    return {
        "seed": SEED, "width": params.width, "prefix": " ".join(PREFIX), "vocab": list(VOCAB),
        "positions": len(runs[("A", True)].weights),   # the site's pictures: one weight per 16x16 patch
        "max_dZ": max_abs_diff(runs[("A", True)].Z, runs[("B", True)].Z),
        "max_dK": max_abs_diff(runs[("A", True)].K, runs[("B", True)].K),
        "on_diff": check["on_diff"], "off_diff": check["off_diff"], "off_vs_language": check["off_vs_language"],
        "on_a": on_a, "on_b": on_b, "off_a": arm("A", False), "off_b": arm("B", False),
        "stale_on_diff": max_abs_diff(stale[("A", True)].logits, stale[("B", True)].logits),
        "stale_caught": stale_caught, "gate_residue": residue, "leak_off_diff": leak_off_diff,
        # gating before the bias: the off arms of A and B still agree, and only the language-only check fails
        "wrong_gate_off_diff": max_abs_diff(wrong_gate[("A", False)].logits, wrong_gate[("B", False)].logits),
        "wrong_gate_caught_by_language": _failed_check(wrong_gate, params) == "bias_survives_gate",
        "leak_caught_by_off_check": _failed_check(leak, params) == "off_reads_image",
        "sum_err": max(abs(float(runs[(i, True)].weights.sum()) - 1.0) for i in ("A", "B")),
        "positions": len(runs[("A", True)].weights),
    }


WEIGHT_MAPS = ("weights_A_anchored", "weights_A_stretched", "weights_B_anchored", "weights_B_stretched")
MAP_TOLERANCE = 1  # colour levels: a last-bit difference in the weights may round a channel the other way


def weight_map_drawings() -> dict:
    """§6.8's maps: each on-arm weight map on a scale anchored at the uniform baseline
    ([0, 2/196], white = uniform) and on a scale stretched to its own min..max."""
    runs, _ = _arms()
    grid = patch_counts(IMAGE_SIZE, IMAGE_SIZE, PATCH).grid_rows
    out = {}
    for image in ("A", "B"):
        w = runs[(image, True)].weights
        uniform = 1.0 / len(w)
        out[f"weights_{image}_anchored"] = (lambda w=w, u=uniform: scenes.weight_map(w, grid, 0.0, 2 * u))
        out[f"weights_{image}_stretched"] = (lambda w=w: scenes.weight_map(w, grid, float(w.min()), float(w.max())))
    return out


def _map_pixels_spread(img: np.ndarray) -> int:
    """How far the map's colours stray from white, in levels (0 = every cell at the baseline)."""
    return int(np.max(255 - img.astype(int).min(axis=-1)))


@kinds(# patch: the course's 16-px cells (lecture §6.7: 图中每格对应16×16像素的一个patch), used (沿用讲义 §6.7 的设定)
       # in the site's own heat maps of its own images A and B: the course set it, so it stays the course's
       course="patch positions uniform",
       site_construction="A B band band_low")
def weight_range() -> dict:
    """§6.8: the range of the on-arm weights against the uniform baseline 1/196, and the two
    drawings of the same weights (committed PNGs compared with a fresh rendering)."""
    drawings = weight_map_drawings()
    spread = {}
    for name in WEIGHT_MAPS:
        committed, fresh = scenes.load_scene(name), drawings[name]()
        if int(np.max(np.abs(committed.astype(int) - fresh.astype(int)))) > MAP_TOLERANCE:
            raise AssertionError(f"results/vision/images/{name}.png no longer matches the weights; "
                                 "regenerate with `python -m verify.lecture.ch06`")
        spread[name] = _map_pixels_spread(fresh)
    runs, _ = _arms()
    out = {"positions": len(runs[("A", True)].weights), "uniform": 1.0 / len(runs[("A", True)].weights)}
    for image in ("A", "B"):
        w = runs[(image, True)].weights
        out[image] = {"min": float(w.min()), "max": float(w.max()), "ratio": float(w.max() / w.min()),
                      "above": int((w > out["uniform"]).sum()),
                      "max_over_uniform": float(w.max() * len(w)),
                      "width": float(w.max() - w.min()),
                      "width_over_archive": float((w.max() - w.min()) / (ARCHIVED_BAND[1] - ARCHIVED_BAND[0])),
                      "corr": weight_correlations(runs[(image, True)])}
    out["min"] = min(out["A"]["min"], out["B"]["min"])
    out["max"] = max(out["A"]["max"], out["B"]["max"])
    assert out["min"] < out["uniform"] < out["max"]
    for image in ("A", "B"):  # the page says the pattern follows the coordinates more than brightness
        c = out[image]["corr"]
        assert abs(c["x"]) > abs(c["brightness"]), f"image {image}: brightness explains the weights better than x"
    out["spread"] = {k.replace("weights_", ""): v for k, v in spread.items()}
    out["band"], out["band_low"], out["patch"] = 2 * out["uniform"], 0.0, PATCH
    return out


@kinds(course="vit_patch p0 p1 s0", site_construction="g0 g1 n0 n1 pixel_ratio ratio s1 side_ratio",
       rules={"vit_patch": "the 14 in the encoder name CLIP ViT-L/14 that lecture §6.2 prints (原LLaVA采用CLIP ViT-L/14)",
              "s0": "the image side of lecture §6.2's example (224×224图像, course_also), reused as the base resolution",
              "p0": "the patch side 14 in the encoder name CLIP ViT-L/14 that lecture §6.2 prints",
              "p1": "the same patch side 14 of CLIP ViT-L/14 (lecture §6.2); only the resolution changes"})
def higher_resolution() -> dict:
    """§6.15: position counts when resolution rises at a fixed patch size (arithmetic only). The 14 in the
    encoder's name CLIP ViT-L/14 is the course's (lecture §6.2 prints it; the page names §6.2 in course_also);
    the block size of the site's arithmetic is taken from it."""
    (s0, p0), (s1, p1) = BASE_RES, HIGHER_RES
    vit_patch = int(LLAVA_ENCODER.rsplit("/", 1)[1])
    assert p0 == p1 == vit_patch, "the arithmetic's block size is the one in the encoder's name"
    a, b = patch_counts(s0, s0, p0), patch_counts(s1, s1, p1)
    return {"s0": s0, "p0": p0, "n0": a.patches, "g0": a.grid_rows, "s1": s1, "p1": p1, "n1": b.patches,
            "g1": b.grid_rows, "side_ratio": s1 / s0, "ratio": b.patches / a.patches, "pixel_ratio": (s1 * s1) / (s0 * s0),
            "vit_patch": vit_patch}


def chapter() -> dict:
    return give_book_controls()


def one_read(image: str = IMAGE_A, enabled: bool = True):
    """Convenience for the pages' code blocks and the notebook: one arm on a committed picture."""
    return vision_read(rgb_xy_features(_scene(image), PATCH), make_params(SEED, WIDTH), PREFIX, enabled)


if __name__ == "__main__":
    manifest = scenes.write_all(extra=weight_map_drawings())
    print(f"wrote {len(manifest['images'])} images and manifest.json to {scenes.IMAGE_DIR}")
