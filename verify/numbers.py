"""Reading numbers the way the pages print them, and comparing them at the printed precision.

A printed number carries its own tolerance: `.422319` claims six decimals, so it stands for
any value within half a unit of the last printed digit. Forms understood (all found in the
course documents): leading-dot decimals, unicode minus, thousands separators, percentages,
scientific forms (`1.804×10⁻¹⁵`, `2.66\\times10^{-5}`, `1e-05`), exact fractions (`4/7`),
byte and time units (`512MiB`, `5.12 MB`, `19.95ms`) and the exact symbols `\\ln 4`, `\\sqrt 8`.

Values computed by verify functions are in base units: fractions not percents, bytes,
seconds.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass

SUPERSCRIPTS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺", "0123456789-+")

UNITS = {
    "%": 1e-2, r"\%": 1e-2,
    "B": 1, "KB": 1e3, "MB": 1e6, "GB": 1e9, "TB": 1e12,
    "KiB": 2.0 ** 10, "MiB": 2.0 ** 20, "GiB": 2.0 ** 30, "TiB": 2.0 ** 40,
    "ns": 1e-9, "μs": 1e-6, "us": 1e-6, "ms": 1e-3, "s": 1.0,
}
_UNIT_ALT = "|".join(re.escape(u) for u in sorted(UNITS, key=len, reverse=True))

SIGN = r"[-−]?"
MANTISSA = r"(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)"
EXPONENT = (r"(?:(?:×|\\times|\\cdot|·)\s*10\s*(?:\^\s*\{\s*[-−+]?\s*\d+\s*\}|\^\s*[-−+]?\d+|[⁻⁺]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+)"
            r"|[eE][-+]?\d+(?![A-Za-z]))")
UNIT = rf"(?:\s?(?:{_UNIT_ALT})(?![A-Za-z]))"
SYMBOLIC = r"(?:\\(?:ln|sqrt)\s*(?:\{\s*\d+(?:\.\d+)?\s*\}|\d+(?:\.\d+)?)|\\frac\s*\{\s*\d+\s*\}\s*\{\s*\d+\s*\})"
FRACTION = r"(?:\d+/\d+(?![\d.]))"

# One printed scalar. Order matters: the fraction and symbolic forms are tried first.
SCALAR = rf"(?:{SIGN}(?:{SYMBOLIC}|{FRACTION}|{MANTISSA}(?:{EXPONENT})?(?:{UNIT})?))"
SCALAR_RE = re.compile(SCALAR)


class NumberFormatError(ValueError):
    pass


@dataclass(frozen=True)
class Printed:
    """A number as printed: its value and the half-width of the interval it stands for."""
    text: str
    value: float
    tolerance: float

    def admits(self, computed: float) -> bool:
        slack = 1e-9 * max(abs(self.value), abs(computed), 1e-300)
        return abs(float(computed) - self.value) <= self.tolerance + slack


def parse_number(text: str) -> Printed:
    """Parse one printed scalar; raises NumberFormatError for anything else."""
    raw = text
    s = re.sub(r"\s+", "", text).replace("−", "-")
    if not s or SCALAR_RE.fullmatch(s) is None:
        raise NumberFormatError(f"cannot read {raw!r} as a number")
    sign = -1.0 if s.startswith("-") else 1.0
    s = s.lstrip("-")

    symbolic = re.fullmatch(r"\\(ln|sqrt)\{?([\d.]+)\}?", s)
    if symbolic:
        fn, arg = symbolic.groups()
        if fn == "ln" and float(arg) <= 0:
            raise NumberFormatError(f"{raw!r} is the logarithm of a non-positive number")
        value = math.log(float(arg)) if fn == "ln" else math.sqrt(float(arg))
        return Printed(raw, sign * value, 0.0)
    frac = re.fullmatch(r"\\frac\{(\d+)\}\{(\d+)\}|(\d+)/(\d+)", s)
    if frac:
        num, den = [int(g) for g in frac.groups() if g is not None]
        if den == 0:
            raise NumberFormatError(f"{raw!r} divides by zero")
        return Printed(raw, sign * num / den, 0.0)

    scale = 1.0
    for unit in sorted(UNITS, key=len, reverse=True):
        if s.endswith(unit) and re.fullmatch(rf".*\d{re.escape(unit)}", s):
            scale, s = UNITS[unit], s[: -len(unit)]
            break
    exponent = 0
    m = re.fullmatch(r"(.+?)(?:(?:×|\\times|\\cdot|·)10(?:\^\{?([-+]?\d+)\}?|([⁻⁺]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+))|[eE]([-+]?\d+))", s)
    if m:
        s = m.group(1)
        exp_text = m.group(2) or (m.group(3).translate(SUPERSCRIPTS) if m.group(3) else None) or m.group(4)
        exponent = int(exp_text)
    mantissa = s.replace(",", "")
    decimals = len(mantissa.split(".")[1]) if "." in mantissa else 0
    unit_size = 10.0 ** exponent * scale
    return Printed(raw, sign * float(mantissa) * unit_size, 0.5 * 10.0 ** (-decimals) * unit_size)


LIST_SEPARATORS = r"(?:,|，|、|;|&)"


def split_list(text: str) -> list[str]:
    """Split a printed tuple/list/matrix into its scalar texts: (a,b,c), [a, b], a、b、c, a&b\\\\c&d."""
    inner = text.strip()
    inner = re.sub(r"^(?:\\left)?[(\[]|(?:\\right)?[)\]]$", "", inner)
    inner = re.sub(r"^\\begin\{[pbv]?matrix\}|\\end\{[pbv]?matrix\}$", "", inner)
    parts = re.split(rf"{LIST_SEPARATORS}|\\\\", inner)
    return [p for p in (x.strip() for x in parts) if p]


def flatten(value) -> list[float]:
    if isinstance(value, (list, tuple)):
        return [x for item in value for x in flatten(item)]
    if hasattr(value, "tolist"):
        return flatten(value.tolist())
    return [value]


def compare(printed_text: str, computed) -> tuple[bool, str]:
    """Compare a printed scalar or list with a computed value; returns (ok, explanation)."""
    values = flatten(computed)
    if isinstance(computed, (list, tuple)) or hasattr(computed, "tolist") and getattr(computed, "ndim", 0) > 0:
        parts = split_list(printed_text)
        if len(parts) != len(values):
            return False, f"printed {len(parts)} numbers but computed {len(values)}"
    else:
        parts = [printed_text]
    for i, (part, value) in enumerate(zip(parts, values)):
        if isinstance(value, bool) or not isinstance(value, (int, float)) and not hasattr(value, "__float__"):
            return False, f"computed value {value!r} is not a number"
        if not math.isfinite(float(value)):
            return False, f"computed value is {float(value)}; a verify function must return finite numbers"
        printed = parse_number(part)
        if not printed.admits(float(value)):
            where = f" (item {i})" if len(parts) > 1 else ""
            return False, f"printed {part!r}{where} but computed {float(value):.12g}"
    return True, "ok"


def hole_pattern(value) -> str:
    """Regex (on whitespace-free text) that captures the printed form of `value`:
    a scalar, or a bracketed/separated list with exactly as many items."""
    n = len(flatten(value)) if isinstance(value, (list, tuple)) or getattr(value, "ndim", 0) else 0
    if not n:
        return f"({SCALAR})"
    shape = getattr(value, "shape", None) or _shape(value)
    if len(shape) == 2 and shape[0] > 1:
        row = rf"{SCALAR}(?:&{SCALAR}){{{shape[1] - 1}}}"
        return rf"({row}(?:\\\\{row}){{{shape[0] - 1}}})"
    items = rf"{SCALAR}(?:{LIST_SEPARATORS}{SCALAR}){{{n - 1}}}"
    return rf"((?:\\left)?\({items}(?:\\right)?\)|\[{items}\]|{items})"


def _shape(value) -> tuple:
    if isinstance(value, (list, tuple)):
        return (len(value),) + (_shape(value[0]) if value else ())
    return ()
