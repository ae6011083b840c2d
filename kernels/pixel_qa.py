"""Pixel question answering on synthetic scenes (lecture §6.4, LAB14 state 1) and the paired
key-location task of §6.10: scene generators, the small CNN that answers from pixels, controls.

Two tasks share one model:

- **shape scenes** (§6.4): 32×32 RGB, one to three non-overlapping objects, each a colour
  (red/green/blue) and a shape (square/circle/triangle) on a noisy grey background. Three
  question templates per image: how many objects; the colour of the leftmost object; the shape
  of the rightmost object (left/right by centre x; with one object both are that object).
- **key scenes** (§6.10): 48×48 RGB rooms with a table and an open cabinet (sides, sizes,
  colours, wall, floor, lighting, a cup and a picture drawn at random). Each scene is drawn
  twice, identical except for the key: once on the table top, once inside the cabinet. Two
  templates: where is the key (table/cabinet); is the key on the table (yes/no). The two
  members of a pair get the same question with opposite answers.

The model sees only pixels and the template id, never the attributes. Data generation is numpy
(`np.random.default_rng(seed)`); images are uint8, fed as float in [0, 1].
"""
from __future__ import annotations

import copy
import hashlib
from dataclasses import asdict, dataclass
from fractions import Fraction

import numpy as np
import torch
from torch import nn

# --------------------------------------------------------------------------- shape scenes (§6.4)

COLOURS = ("red", "green", "blue")
SHAPES = ("square", "circle", "triangle")
COUNTS = ("1", "2", "3")
COLOUR_RGB = {"red": (205, 45, 40), "green": (45, 170, 60), "blue": (45, 70, 215)}
SHAPE_QUESTIONS = ("count", "left_colour", "right_shape")
SHAPE_ANSWERS = COUNTS + COLOURS + SHAPES
SHAPE_ANSWER_GROUP = (0,) * len(COUNTS) + (1,) * len(COLOURS) + (2,) * len(SHAPES)   # template each answer belongs to
SHAPE_SIZE = 32
# The generator's distribution, declared once: the exact prior baseline is derived from it.
COUNT_WEIGHTS = {"1": Fraction(1, 3), "2": Fraction(1, 3), "3": Fraction(1, 3)}
COLOUR_WEIGHTS = {c: Fraction(1, 3) for c in COLOURS}
SHAPE_WEIGHTS = {s: Fraction(1, 3) for s in SHAPES}


def _shape_mask(shape: str, cx: int, cy: int, r: int, size: int) -> np.ndarray:
    y, x = np.mgrid[0:size, 0:size]
    dx, dy = x - cx, y - cy
    if shape == "square":
        return (np.abs(dx) <= r) & (np.abs(dy) <= r)
    if shape == "circle":
        return dx * dx + dy * dy <= r * r + r
    if shape == "triangle":   # apex up, base at the bottom
        return (dy >= -r) & (dy <= r) & (2 * np.abs(dx) <= dy + r)
    raise ValueError(f"unknown shape {shape!r}; expected one of {SHAPES}")


def _pick(rng: np.random.Generator, weights: dict) -> str:
    keys = list(weights)
    return keys[int(rng.choice(len(keys), p=[float(weights[k]) for k in keys]))]


def draw_shape_scene(rng: np.random.Generator, size: int = SHAPE_SIZE) -> tuple[np.ndarray, dict]:
    """One scene: (uint8 image HxWx3, truth {'objects': [...], 'answers': {question: answer}})."""
    n = int(_pick(rng, COUNT_WEIGHTS))
    while True:   # rejection: boxes apart by a margin, centres at distinct x so left/right is defined
        objs = []
        for _ in range(n):
            r = int(rng.integers(4, 7))
            objs.append({"r": r, "x": int(rng.integers(r + 1, size - r - 1)),
                         "y": int(rng.integers(r + 1, size - r - 1)),
                         "colour": _pick(rng, COLOUR_WEIGHTS), "shape": _pick(rng, SHAPE_WEIGHTS)})
        ok = all(abs(a["x"] - b["x"]) >= 3 and (abs(a["x"] - b["x"]) > a["r"] + b["r"] + 1
                                                 or abs(a["y"] - b["y"]) > a["r"] + b["r"] + 1)
                 for i, a in enumerate(objs) for b in objs[i + 1:])
        if ok:
            break
    grey = rng.integers(70, 130)
    image = np.clip(grey + rng.normal(0, 6, (size, size, 3)), 0, 255)
    for o in objs:
        colour = np.clip(np.array(COLOUR_RGB[o["colour"]]) + rng.integers(-20, 21, 3), 0, 255)
        image[_shape_mask(o["shape"], o["x"], o["y"], o["r"], size)] = colour
    left = min(objs, key=lambda o: o["x"])
    right = max(objs, key=lambda o: o["x"])
    answers = {"count": str(n), "left_colour": left["colour"], "right_shape": right["shape"]}
    return image.astype(np.uint8), {"objects": objs, "answers": answers}


def generate_shape_data(seed: int, n_train: int = 720, n_test: int = 180) -> dict:
    """{'train'|'test': {'images': uint8 [N,H,W,3], 'answers': int [N,3] (SHAPE_ANSWERS index per
    question)}}; train drawn first, then test, from one generator."""
    rng = np.random.default_rng(seed)
    out = {}
    for split, n in (("train", n_train), ("test", n_test)):
        images, answers = [], []
        for _ in range(n):
            img, truth = draw_shape_scene(rng)
            images.append(img)
            answers.append([SHAPE_ANSWERS.index(truth["answers"][q]) for q in SHAPE_QUESTIONS])
        out[split] = {"images": np.stack(images), "answers": np.array(answers, dtype=np.int64)}
    return out


def exact_prior_baseline() -> dict:
    """Best accuracy of an answer chosen from the question alone, under the generator's own
    distribution (exact fractions): per template the largest answer probability, overall their
    mean (every image carries each template once)."""
    per = {"count": max(COUNT_WEIGHTS.values()),
           # the leftmost object's colour and the rightmost's shape are draws of the same
           # distributions, independent of position
           "left_colour": max(COLOUR_WEIGHTS.values()),
           "right_shape": max(SHAPE_WEIGHTS.values())}
    return {"per_question": per, "overall": sum(per.values()) / len(per),
            "uniform_over_answers": Fraction(1, len(SHAPE_ANSWERS))}


def empirical_prior_baseline(train_answers: np.ndarray, test_answers: np.ndarray) -> dict:
    """Majority answer of each template in the training split, scored on the test split."""
    per = {}
    for j, q in enumerate(SHAPE_QUESTIONS):
        values, counts = np.unique(train_answers[:, j], return_counts=True)
        majority = values[np.argmax(counts)]
        per[q] = {"answer": SHAPE_ANSWERS[majority], "accuracy": float(np.mean(test_answers[:, j] == majority))}
    return {"per_question": per, "overall": float(np.mean([p["accuracy"] for p in per.values()]))}


# --------------------------------------------------------------------------- key scenes (§6.10)

KEY_QUESTIONS = ("where_key", "key_on_table")
KEY_ANSWERS = ("table", "cabinet", "yes", "no")
KEY_SIZE = 48
KEY_RGB = (235, 200, 40)


def _rect(image, x0, y0, x1, y1, colour):
    image[y0:y1, x0:x1] = colour


def _draw_key(image, x, y):
    """A small key: a 3×3 ring-like head and a 4-pixel bit to its right."""
    _rect(image, x, y, x + 3, y + 3, KEY_RGB)
    image[y + 1, x + 1] = image[y + 1, x + 1] * 0.4
    _rect(image, x + 3, y + 1, x + 7, y + 2, KEY_RGB)
    image[y + 2, x + 6] = KEY_RGB


def draw_key_pair(rng: np.random.Generator, size: int = KEY_SIZE) -> dict:
    """One room drawn twice: {'table': img, 'cabinet': img, 'relevant': [boxes], 'irrelevant': [boxes]}.

    'relevant' are the two places a key can be; 'irrelevant' two boxes of the same sizes where it never is."""
    wall_h = int(rng.integers(28, 33))
    light = rng.uniform(0.8, 1.1)
    image = np.zeros((size, size, 3))
    image[:wall_h] = rng.integers(120, 200, 3)
    image[wall_h:] = rng.integers(60, 120, 3)
    table_left = bool(rng.integers(0, 2))
    tw, cw = int(rng.integers(15, 19)), int(rng.integers(14, 17))
    tx = int(rng.integers(1, 5)) if table_left else size - tw - int(rng.integers(1, 5))
    cx = size - cw - int(rng.integers(1, 5)) if table_left else int(rng.integers(1, 5))
    floor = wall_h + int(rng.integers(6, 10))
    # table: top surface and two legs standing on the floor line
    top_y = floor - int(rng.integers(9, 12))
    wood = rng.integers(100, 170, 3) * np.array([1.0, 0.7, 0.45])
    _rect(image, tx, top_y, tx + tw, top_y + 2, wood)
    _rect(image, tx + 1, top_y + 2, tx + 3, floor, wood * 0.8)
    _rect(image, tx + tw - 3, top_y + 2, tx + tw - 1, floor, wood * 0.8)
    # cabinet: a frame with a dark interior and an open door on its outer side
    ch = int(rng.integers(22, 26))
    cy = floor - ch
    body = rng.integers(90, 180, 3).astype(float)
    _rect(image, cx, cy, cx + cw, floor, body)
    _rect(image, cx + 2, cy + 2, cx + cw - 2, floor - 2, body * 0.35)
    door_x = cx + cw if table_left else cx - 3
    _rect(image, max(door_x, 0), cy + 1, min(door_x + 3, size), floor - 1, body * 1.15)
    # distractors: a cup on the table (away from the key's spot), a picture on the wall
    cup_x = tx + tw - 6
    _rect(image, cup_x, top_y - 4, cup_x + 3, top_y, rng.integers(40, 255, 3))
    px = int(rng.integers(10, size - 18))
    _rect(image, px, 2, px + 8, 8, rng.integers(0, 255, 3))
    image = image * light + rng.normal(0, 5, image.shape)
    image = np.clip(image, 0, 255)
    key_table = (tx + 2, top_y - 3)
    key_cabinet = (cx + cw // 2 - 3, floor - 2 - 3 - int(rng.integers(0, 6)))
    pair = {}
    for place, (kx, ky) in (("table", key_table), ("cabinet", key_cabinet)):
        img = image.copy()
        _draw_key(img, kx, ky)
        pair[place] = np.clip(img, 0, 255).astype(np.uint8)
    # relevant: where the key can be (above the table's left part; the cabinet's lower interior);
    # irrelevant: boxes of the same sizes where the key never is (the wall just above the first,
    # the cabinet's upper interior), so both controls hide the same area of similar surroundings
    relevant = [(tx, top_y - 6, tx + 9, top_y), (cx + 2, floor - 11, cx + cw - 2, floor - 2)]
    irrelevant = [(tx, top_y - 14, tx + 9, top_y - 8), (cx + 2, cy + 2, cx + cw - 2, cy + 11)]
    pair["relevant"], pair["irrelevant"] = relevant, irrelevant
    return pair


def generate_key_data(seed: int, n_train_pairs: int = 400, n_test_pairs: int = 100) -> dict:
    """{'train'|'test': {'images': uint8 [2P,H,W,3], 'answers': int [2P,2], 'pair': int [2P],
    'relevant'/'irrelevant': int [2P,2,4] boxes}}. The two members of a pair are consecutive but
    in a random order (the index parity does not reveal the answer); splits are by pair."""
    rng = np.random.default_rng(seed)
    out = {}
    for split, n in (("train", n_train_pairs), ("test", n_test_pairs)):
        images, answers, pair_ids, rel, irr = [], [], [], [], []
        for p in range(n):
            pair = draw_key_pair(rng)
            order = ("table", "cabinet") if rng.integers(0, 2) == 0 else ("cabinet", "table")
            for place in order:
                images.append(pair[place])
                answers.append([KEY_ANSWERS.index(place), KEY_ANSWERS.index("yes" if place == "table" else "no")])
                pair_ids.append(p)
                rel.append(pair["relevant"])
                irr.append(pair["irrelevant"])
        out[split] = {"images": np.stack(images), "answers": np.array(answers, dtype=np.int64),
                      "pair": np.array(pair_ids, dtype=np.int64), "relevant": np.array(rel, dtype=np.int64),
                      "irrelevant": np.array(irr, dtype=np.int64)}
    return out


def occlude(images: np.ndarray, boxes: np.ndarray, grey: int = 128) -> np.ndarray:
    """Copies of the images with each box (x0, y0, x1, y1; per image, several) painted opaque grey."""
    out = images.copy()
    for i, per_image in enumerate(boxes):
        for x0, y0, x1, y1 in per_image:
            out[i, y0:y1, x0:x1] = grey
    return out


def partner_index(pair_ids: np.ndarray) -> np.ndarray:
    """For each image, the index of the other member of its pair."""
    out = np.empty_like(pair_ids)
    for p in np.unique(pair_ids):
        a, b = np.flatnonzero(pair_ids == p)
        out[a], out[b] = b, a
    return out


def data_sha256(data: dict) -> str:
    """sha256 over every array of every split (sorted names; dtype, shape and bytes)."""
    h = hashlib.sha256()
    for split in sorted(data):
        for name in sorted(data[split]):
            arr = np.ascontiguousarray(data[split][name])
            h.update(f"{split}/{name}/{arr.dtype.str}/{arr.shape}".encode())
            h.update(arr.tobytes())
    return h.hexdigest()


# --------------------------------------------------------------------------- the model


@dataclass(frozen=True)
class PixelQAConfig:
    image_size: int = SHAPE_SIZE
    questions: int = len(SHAPE_QUESTIONS)
    answers: int = len(SHAPE_ANSWERS)
    channels: tuple = (16, 32, 32)
    question_embedding: int = 8
    hidden: int = 64

    def to_dict(self) -> dict:
        d = asdict(self)
        d["channels"] = list(self.channels)
        return d

    @classmethod
    def from_dict(cls, d: dict) -> "PixelQAConfig":
        return cls(**{**d, "channels": tuple(d["channels"])})


class PixelQA(nn.Module):
    """Three conv(3×3)+ReLU+maxpool(2) blocks on the pixels, flattened (the spatial layout is kept,
    so left and right stay distinguishable), concatenated with a learned embedding of the template
    id, then a one-hidden-layer MLP to answer logits over the task's whole answer vocabulary."""

    def __init__(self, config: PixelQAConfig):
        super().__init__()
        self.config = config
        layers, c_in = [], 3
        for c in config.channels:
            layers += [nn.Conv2d(c_in, c, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2)]
            c_in = c
        self.vision = nn.Sequential(*layers)
        side = config.image_size // 2 ** len(config.channels)
        self.question = nn.Embedding(config.questions, config.question_embedding)
        self.head = nn.Sequential(nn.Linear(c_in * side * side + config.question_embedding, config.hidden),
                                  nn.ReLU(), nn.Linear(config.hidden, config.answers))

    def features(self, images: torch.Tensor) -> torch.Tensor:
        """float [N,3,H,W] in [0,1] -> flattened feature maps [N, F]."""
        return self.vision(images).flatten(1)

    def answer(self, features: torch.Tensor, questions: torch.Tensor) -> torch.Tensor:
        """Image features [B,F] and template ids [B] -> answer logits [B, answers]."""
        return self.head(torch.cat([features, self.question(questions)], dim=1))

    def forward(self, images: torch.Tensor, questions: torch.Tensor, image_of: torch.Tensor | None = None
                ) -> torch.Tensor:
        """images: float [N,3,H,W] in [0,1]; questions: long [B]; image_of: long [B] (which image each
        question is about; default: question k is about image k) -> logits [B, answers]. Each image's
        features are computed once however many questions it carries."""
        features = self.features(images)
        if image_of is not None:
            features = features[image_of]
        return self.answer(features, questions)


def parameter_count(model: nn.Module) -> int:
    return sum(p.numel() for p in model.parameters())


def to_tensor(images: np.ndarray, dtype: torch.dtype | None = None) -> torch.Tensor:
    """uint8 [N,H,W,3] -> float [N,3,H,W] in [0,1], in torch's default dtype unless one is given."""
    return torch.from_numpy(np.ascontiguousarray(images.transpose(0, 3, 1, 2))).to(dtype or torch.get_default_dtype()) / 255.0


def flatten_pairs(answers: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Image–question pairs of a split: (image index, template id, answer id), image-major."""
    n, q = answers.shape
    return np.repeat(np.arange(n), q), np.tile(np.arange(q), n), answers.reshape(-1)


# a float32 pass decides an answer only where its two best logits stand further apart than this share of the best
# (float32 rounding in this small network is about 1e-6 of a logit's size, a thousand times less): the other rows
# are evaluated again in float64, so every answer is the float64 argmax (tests/test_pixel_qa.py compares the two
# on every committed checkpoint; a cold `make verify` spent 7 s of CPU evaluating them in float64 throughout)
SCREEN_MARGIN = 1e-3


@torch.no_grad()
def predict(model: PixelQA, images: np.ndarray, image_index: np.ndarray, questions: np.ndarray,
            dtype=torch.float64, batch: int = 256, screen: bool = True) -> np.ndarray:
    """Argmax answer ids for (images[image_index[k]], questions[k]), evaluated in `dtype` on the CPU
    (the model is moved in place). Each image's features are computed once. For float64, a float32 pass on a
    copy screens first (`screen`), and only the rows it cannot decide are evaluated in float64."""
    if screen and dtype == torch.float64:
        return _screened(model, images, image_index, questions, batch)
    model = model.to("cpu", dtype).eval()
    features = torch.cat([model.features(to_tensor(images[s:s + batch], dtype))
                          for s in range(0, len(images), batch)])
    logits = model.answer(features[torch.from_numpy(image_index)], torch.from_numpy(questions))
    return logits.argmax(1).numpy()


def _screened(model: PixelQA, images: np.ndarray, image_index: np.ndarray, questions: np.ndarray,
              batch: int) -> np.ndarray:
    single = copy.deepcopy(model).to("cpu", torch.float32).eval()
    features = torch.cat([single.features(to_tensor(images[s:s + batch], torch.float32))
                          for s in range(0, len(images), batch)])
    logits = single.answer(features[torch.from_numpy(image_index)], torch.from_numpy(questions)).double()
    best = logits.topk(2, dim=1).values
    undecided = np.flatnonzero(((best[:, 0] - best[:, 1]) <= SCREEN_MARGIN * (1 + best[:, 0].abs())).numpy())
    answers = logits.argmax(1).numpy()
    if len(undecided):
        needed = np.unique(image_index[undecided])
        local = np.searchsorted(needed, image_index[undecided])
        answers[undecided] = predict(model, images[needed], local, questions[undecided], torch.float64, batch,
                                     screen=False)
    return answers


def accuracy_by_question(pred: np.ndarray, truth: np.ndarray, questions: np.ndarray, names) -> dict:
    """{'per_question': {name: fraction}, 'overall': fraction, 'correct': int, 'total': int}."""
    per = {name: float(np.mean(pred[questions == j] == truth[questions == j])) for j, name in enumerate(names)}
    return {"per_question": per, "overall": float(np.mean(pred == truth)),
            "correct": int(np.sum(pred == truth)), "total": int(len(truth))}


def pair_both_correct(correct: np.ndarray, pair_ids: np.ndarray, questions: np.ndarray) -> float:
    """Fraction of (pair, template) groups whose two members are both answered correctly."""
    groups = {}
    for ok, p, q in zip(correct, pair_ids, questions):
        groups.setdefault((int(p), int(q)), []).append(bool(ok))
    if any(len(v) != 2 for v in groups.values()):
        raise ValueError("pair_both_correct: every (pair, question) group must have exactly two members")
    return float(np.mean([all(v) for v in groups.values()]))
