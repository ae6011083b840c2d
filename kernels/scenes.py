"""The site's own teaching pictures for lecture chapter 6, drawn procedurally with integer numpy
operations so every run gives the same pixels on every machine.

These are drawings made for this site, not the course's watercolour illustrations (which are not
available). Each scene is a 224×224 RGB uint8 array. The give-book family shares one drawing
routine, so the controls differ from the blue original only where the routine paints differently:

- red cover:      only the pixels of the cover rectangle change colour;
- grey sleeve:    an opaque grey sleeve, larger than the book, is painted over it;
- background:     only pixels that no figure, arm or book covers get another wall.

`python -m verify.lecture.ch06` writes every scene, the grid overlays and the §6.8 weight maps as
PNG into results/vision/images/ with a manifest of file and pixel sha256 values
(`python -m kernels.scenes` writes the scenes alone).
"""
from __future__ import annotations

import hashlib
import io
import json
import os
import sys
from pathlib import Path

import numpy as np

SIZE = 224
ROOT = Path(__file__).resolve().parents[1]
IMAGE_DIR = ROOT / "results" / "vision" / "images"
MANIFEST = IMAGE_DIR / "manifest.json"

BLUE_COVER = (40, 80, 200)
RED_COVER = (200, 40, 40)
SLEEVE_GREY = (128, 128, 128)
COVER_BOX = (100, 92, 126, 112)     # x0, y0, x1, y1 (exclusive)
PAGES_BOX = (102, 94, 128, 114)
SLEEVE_BOX = (96, 88, 132, 118)


# --------------------------------------------------------------------------- drawing primitives

def canvas(color=(255, 255, 255)) -> np.ndarray:
    img = np.empty((SIZE, SIZE, 3), dtype=np.uint8)
    img[:] = color
    return img


def rect(img, box, color, mask=None) -> None:
    """Fill [x0, x1) × [y0, y1); mark the painted pixels in `mask` when given."""
    x0, y0, x1, y1 = box
    img[y0:y1, x0:x1] = color
    if mask is not None:
        mask[y0:y1, x0:x1] = True


def ellipse(img, center, radii, color, mask=None) -> None:
    """Fill the pixels whose centres satisfy (dx/rx)² + (dy/ry)² <= 1 (integer test, no rounding)."""
    cx, cy = center
    rx, ry = radii
    yy, xx = np.mgrid[0:SIZE, 0:SIZE]
    inside = ((xx - cx) ** 2) * ry * ry + ((yy - cy) ** 2) * rx * rx <= rx * rx * ry * ry
    img[inside] = color
    if mask is not None:
        mask |= inside


def vertical_gradient(img, y0, y1, top, bottom, x0=0, x1=SIZE) -> None:
    """Rows y0..y1-1 blend linearly (integer arithmetic) from colour `top` to `bottom`."""
    n = max(y1 - y0 - 1, 1)
    for i, y in enumerate(range(y0, y1)):
        img[y, x0:x1] = [(t * (n - i) + b * i) // n for t, b in zip(top, bottom)]


# --------------------------------------------------------------------------- scenes

def give_book(cover: str = "blue", background: str = "plain") -> np.ndarray:
    """A giver (left) hands a book to a man (right). cover: blue | red | sleeve; background: plain | other."""
    img, _ = _give_book_with_mask(cover, background)
    return img


def _give_book_with_mask(cover: str, background: str):
    if cover not in ("blue", "red", "sleeve"):
        raise ValueError(f"cover must be 'blue', 'red' or 'sleeve', not {cover!r}")
    if background not in ("plain", "other"):
        raise ValueError(f"background must be 'plain' or 'other', not {background!r}")
    img = canvas()
    if background == "plain":
        rect(img, (0, 0, SIZE, 150), (236, 226, 204))
        rect(img, (0, 150, SIZE, SIZE), (172, 140, 108))
    else:  # another room: green wall with a framed picture, darker floor boards
        rect(img, (0, 0, SIZE, 150), (196, 222, 200))
        rect(img, (14, 18, 52, 50), (120, 90, 60))
        rect(img, (18, 22, 48, 46), (250, 240, 170))
        for x in range(0, SIZE, 28):
            rect(img, (x, 150, x + 26, SIZE), (140, 110, 86))
            rect(img, (x + 26, 150, x + 28, SIZE), (110, 84, 64))
    fg = np.zeros((SIZE, SIZE), dtype=bool)
    skin = (224, 180, 150)
    # giver, left: green shirt, brown hair, arm reaching right
    ellipse(img, (62, 58), (14, 16), skin, fg)
    rect(img, (48, 40, 76, 50), (90, 60, 40), fg)
    rect(img, (46, 76, 80, 150), (80, 140, 90), fg)
    rect(img, (50, 150, 62, 200), (60, 60, 70), fg)
    rect(img, (66, 150, 78, 200), (60, 60, 70), fg)
    rect(img, (78, 98, 104, 108), skin, fg)
    # receiver, right: a man with short dark hair, orange shirt, arm reaching left
    ellipse(img, (164, 56), (15, 17), skin, fg)
    rect(img, (149, 36, 179, 46), (40, 30, 30), fg)
    rect(img, (146, 76, 184, 150), (200, 120, 50), fg)
    rect(img, (150, 150, 163, 200), (50, 50, 60), fg)
    rect(img, (167, 150, 180, 200), (50, 50, 60), fg)
    rect(img, (124, 100, 148, 110), skin, fg)
    # the book: a page block and, on top, the cover
    rect(img, PAGES_BOX, (246, 244, 232), fg)
    rect(img, COVER_BOX, BLUE_COVER if cover != "red" else RED_COVER, fg)
    if cover == "sleeve":  # an opaque sleeve over the whole book, not a grey cover
        rect(img, SLEEVE_BOX, SLEEVE_GREY, fg)
    return img, fg


def lake() -> np.ndarray:
    """Image A: a person in a hat on a bench by a lake, a dog beside the bench."""
    img = canvas()
    vertical_gradient(img, 0, 90, (150, 200, 240), (205, 230, 250))
    for cx in (20, 60, 110, 170, 210):
        ellipse(img, (cx, 88), (26, 14), (70, 120, 80))
    vertical_gradient(img, 90, 140, (60, 120, 190), (40, 90, 160))
    rect(img, (0, 140, SIZE, SIZE), (110, 170, 90))
    # bench
    rect(img, (40, 150, 132, 158), (130, 90, 50))
    rect(img, (40, 130, 132, 136), (130, 90, 50))
    rect(img, (44, 158, 50, 182), (90, 60, 35))
    rect(img, (122, 158, 128, 182), (90, 60, 35))
    # person sitting, with a hat
    ellipse(img, (84, 104), (10, 11), (224, 180, 150))
    rect(img, (70, 92, 98, 96), (50, 40, 40))
    rect(img, (76, 82, 92, 93), (50, 40, 40))
    rect(img, (72, 115, 96, 150), (170, 60, 60))
    rect(img, (74, 150, 112, 158), (60, 60, 90))
    rect(img, (104, 158, 112, 180), (60, 60, 90))
    # dog
    ellipse(img, (172, 174), (20, 10), (150, 100, 60))
    ellipse(img, (196, 162), (9, 8), (150, 100, 60))
    rect(img, (199, 150, 205, 158), (110, 70, 40))
    for x in (158, 164, 178, 184):
        rect(img, (x, 180, x + 4, 194), (120, 80, 45))
    rect(img, (146, 166, 154, 170), (120, 80, 45))
    return img


def bank_river() -> np.ndarray:
    """Image B, two parts: left, notes handed over a bank counter; right, reading on a river bank."""
    img = canvas()
    half = SIZE // 2
    # left: bank interior
    rect(img, (0, 0, half, 130), (200, 200, 190))
    rect(img, (8, 20, 40, 60), (170, 190, 210))
    rect(img, (0, 130, half, 150), (120, 80, 50))
    rect(img, (0, 150, half, SIZE), (150, 150, 150))
    ellipse(img, (30, 90), (10, 11), (224, 180, 150))
    rect(img, (20, 101, 40, 130), (40, 60, 100))
    ellipse(img, (84, 92), (10, 11), (200, 160, 130))
    rect(img, (72, 103, 96, 170), (120, 40, 90))
    rect(img, (40, 118, 74, 124), (224, 180, 150))
    rect(img, (50, 112, 66, 122), (90, 170, 100))
    rect(img, (52, 114, 64, 120), (140, 210, 150))
    # right: river bank
    vertical_gradient(img, 0, 80, (160, 205, 240), (215, 235, 250), x0=half)
    rect(img, (half, 80, SIZE, 120), (50, 110, 180))
    rect(img, (half, 120, SIZE, SIZE), (100, 160, 80))
    ellipse(img, (170, 138), (9, 10), (224, 180, 150))
    rect(img, (160, 148, 180, 180), (230, 200, 60))
    rect(img, (156, 180, 196, 188), (70, 70, 100))
    rect(img, (176, 156, 192, 168), (250, 250, 240))
    rect(img, (183, 156, 185, 168), (120, 120, 120))
    # divider between the two parts
    rect(img, (half - 1, 0, half + 1, SIZE), (255, 255, 255))
    return img


def give_book_foreground() -> np.ndarray:
    """Pixels any figure, arm or book covers (identical for every background)."""
    return _give_book_with_mask("blue", "plain")[1]


# --------------------------------------------------------------------------- grid overlays

def grid_lines(img, columns: int, rows: int, color=(20, 20, 20)) -> np.ndarray:
    """A copy with cell boundaries drawn: `columns` × `rows` cells, boundaries at round(k·SIZE/n)."""
    out = img.copy()
    for k in range(1, columns):
        x = (k * SIZE + columns // 2) // columns
        out[:, x] = color
    for k in range(1, rows):
        y = (k * SIZE + rows // 2) // rows
        out[y, :] = color
    return out


def grid_cells(columns: int, rows: int) -> list[tuple[int, int, int, int]]:
    """(x0, y0, x1, y1) of every cell, row-major, with the same boundaries grid_lines draws."""
    xs = [(k * SIZE + columns // 2) // columns for k in range(columns + 1)]
    ys = [(k * SIZE + rows // 2) // rows for k in range(rows + 1)]
    return [(xs[c], ys[r], xs[c + 1], ys[r + 1]) for r in range(rows) for c in range(columns)]


def central_crops(img, columns: int, rows: int, gap: int = 6) -> np.ndarray:
    """The central 2×2 block of cells cut from `img` (real pixels, not redrawn), laid out with
    white gaps so the reader sees separate crops."""
    cells = grid_cells(columns, rows)
    c0, r0 = columns // 2 - 1, rows // 2 - 1
    picked = [cells[(r0 + dr) * columns + c0 + dc] for dr in (0, 1) for dc in (0, 1)]
    w = max(x1 - x0 for x0, _, x1, _ in picked)
    h = max(y1 - y0 for _, y0, _, y1 in picked)
    out = np.full((2 * h + 3 * gap, 2 * w + 3 * gap, 3), 255, dtype=np.uint8)
    for i, (x0, y0, x1, y1) in enumerate(picked):
        top, left = gap + (i // 2) * (h + gap), gap + (i % 2) * (w + gap)
        out[top:top + y1 - y0, left:left + x1 - x0] = img[y0:y1, x0:x1]
    return out


# --------------------------------------------------------------------------- weight maps

def weight_map(weights, grid: int, low: float, high: float, cell: int = 16) -> np.ndarray:
    """A grid×grid map of `weights` (row-major), each value a cell×cell block coloured on one
    diverging scale: `low` → blue, the midpoint of [low, high] → white, `high` → red, clipped.
    The scale is the caller's choice; that choice is the point of §6.8."""
    w = np.asarray(weights, dtype=np.float64).reshape(grid, grid)
    t = np.clip((w - low) / (high - low), 0.0, 1.0)
    blue, white, red = np.array([40, 70, 200.0]), np.array([255, 255, 255.0]), np.array([200, 40, 40.0])
    lower = white + (blue - white) * (1 - 2 * np.minimum(t, 0.5))[..., None]
    upper = white + (red - white) * (2 * np.maximum(t, 0.5) - 1)[..., None]
    rgb = np.where((t < 0.5)[..., None], lower, upper)
    img = np.rint(rgb).astype(np.uint8)
    return np.repeat(np.repeat(img, cell, axis=0), cell, axis=1)


# --------------------------------------------------------------------------- files

SCENES = {
    "give_book_blue": lambda: give_book("blue"),
    "give_book_red": lambda: give_book("red"),
    "give_book_sleeve": lambda: give_book("sleeve"),
    "give_book_background": lambda: give_book("blue", "other"),
    "lake": lake,
    "bank_river": bank_river,
    "give_book_grid_6x4": lambda: grid_lines(give_book("blue"), 6, 4),
    "give_book_center_crops": lambda: central_crops(give_book("blue"), 6, 4),
    "lake_grid_14x14": lambda: grid_lines(lake(), 14, 14, (255, 255, 255)),
    "bank_river_grid_14x14": lambda: grid_lines(bank_river(), 14, 14, (20, 20, 20)),
}


def pixel_sha256(img: np.ndarray) -> str:
    """Hash of the shape and the raw uint8 pixels: independent of how the PNG was compressed."""
    img = np.ascontiguousarray(img, dtype=np.uint8)
    return hashlib.sha256(repr(img.shape).encode() + img.tobytes()).hexdigest()


def png_bytes(img: np.ndarray) -> bytes:
    from PIL import Image

    buffer = io.BytesIO()
    Image.fromarray(np.ascontiguousarray(img, dtype=np.uint8), mode="RGB").save(buffer, format="PNG",
                                                                               compress_level=9)
    return buffer.getvalue()


class ImageCheckFailed(ValueError):
    pass


def load_scene(name: str, directory: Path = IMAGE_DIR) -> np.ndarray:
    """The committed PNG as uint8 pixels, after checking the file's and the pixels' sha256 against
    the manifest. A mismatch raises with the file name and what to do."""
    from PIL import Image

    manifest_path = directory / "manifest.json"
    if not manifest_path.exists():
        raise ImageCheckFailed(f"{manifest_path}:1: manifest missing; run `python -m verify.lecture.ch06`")
    entry = json.loads(manifest_path.read_text(encoding="utf-8"))["images"].get(name)
    if entry is None:
        raise ImageCheckFailed(f"{manifest_path}:1: no image named {name!r}; run `python -m verify.lecture.ch06`")
    path = directory / entry["file"]
    data = path.read_bytes()
    if hashlib.sha256(data).hexdigest() != entry["file_sha256"]:
        raise ImageCheckFailed(f"{path}:1: file sha256 differs from {manifest_path.name}; "
                               "restore the committed file or regenerate with `python -m verify.lecture.ch06`")
    img = np.asarray(Image.open(io.BytesIO(data)).convert("RGB"), dtype=np.uint8)
    if pixel_sha256(img) != entry["pixel_sha256"]:
        raise ImageCheckFailed(f"{path}:1: decoded pixels differ from the manifest's pixel sha256")
    return img


def _write_atomic(path: Path, data: bytes) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)


def write_all(directory: Path = IMAGE_DIR, extra: dict | None = None) -> dict:
    """Write every scene (plus `extra` name → drawing function, e.g. weight maps) and the manifest."""
    directory.mkdir(parents=True, exist_ok=True)
    images = {}
    for name, draw in {**SCENES, **(extra or {})}.items():
        img = draw()
        data = png_bytes(img)
        _write_atomic(directory / f"{name}.png", data)
        images[name] = {"file": f"{name}.png", "file_sha256": hashlib.sha256(data).hexdigest(),
                        "pixel_sha256": pixel_sha256(img), "shape": list(img.shape)}
    manifest = {"generator": "kernels/scenes.py", "note": "the site's own procedural drawings, "
                "not the course's illustrations", "images": images}
    _write_atomic(directory / "manifest.json", (json.dumps(manifest, indent=1) + "\n").encode())
    return manifest


if __name__ == "__main__":
    out = write_all(Path(sys.argv[1]) if len(sys.argv) > 1 else IMAGE_DIR)
    print(f"wrote {len(out['images'])} images and manifest.json")
