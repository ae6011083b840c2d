"""Reading numbers the way the pages print them, and comparing them at the printed precision.

A printed number carries its own tolerance: `.422319` claims six decimals, so it stands for
any value within half a unit of the last printed digit. Forms understood (all found in the
course documents): leading-dot decimals, unicode minus, thousands separators, percentages,
scientific forms (`1.804×10⁻¹⁵`, `2.66\\times10^{-5}`, `1e-05`), exact fractions (`4/7`),
byte and time units (`512MiB`, `5.12 MB`, `19.95ms`) and the exact symbols `\\ln 4` (and `\\log 4`, the natural logarithm as the course writes it), `\\sqrt 8`.

Values computed by verify functions are in base units: fractions not percents, bytes,
seconds. A byte count is returned as `Quantity(bytes, "GiB")`, naming the unit the page prints
it in: a printed unit is converted before comparing, but a binary unit (KiB…TiB) cannot stand in
for a decimal one (KB…TB) or the other way round, however close the numbers are. A nonzero
value printed as `0` is refused at any precision.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass

from checker.numerals import NUMERAL as CN_NUMERAL, NumeralError, integer as _numeral

SUPERSCRIPTS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺", "0123456789-+")

UNITS = {
    "%": 1e-2, r"\%": 1e-2,
    "B": 1, "KB": 1e3, "MB": 1e6, "GB": 1e9, "TB": 1e12,
    "KiB": 2.0 ** 10, "MiB": 2.0 ** 20, "GiB": 2.0 ** 30, "TiB": 2.0 ** 40,
    "ns": 1e-9, "μs": 1e-6, "us": 1e-6, "ms": 1e-3, "s": 1.0,
    "FLOPs": 1, "KFLOPs": 1e3, "MFLOPs": 1e6, "GFLOPs": 1e9, "TFLOPs": 1e12, "PFLOPs": 1e15,
}
# Units that convert into each other; a unit of one family never stands for another family.
UNIT_FAMILY = {**{u: "decimal bytes" for u in ("B", "KB", "MB", "GB", "TB")},
               **{u: "binary bytes" for u in ("KiB", "MiB", "GiB", "TiB")},
               **{u: "time" for u in ("ns", "μs", "us", "ms", "s")},
               **{u: "fraction" for u in ("%", r"\%")},
               **{u: "FLOPs" for u in ("FLOPs", "KFLOPs", "MFLOPs", "GFLOPs", "TFLOPs", "PFLOPs")}}
BYTE_FAMILIES = ("decimal bytes", "binary bytes")
ZERO = 1e-12  # below this a computed value is zero up to rounding


@dataclass(frozen=True)
class Quantity:
    """A computed value in base units (bytes, seconds, FLOPs) with the unit the page prints it in."""
    value: object
    unit: str

    def __post_init__(self):
        if self.unit not in UNITS:
            raise ValueError(f"unknown unit {self.unit!r}; use one of {', '.join(UNITS)}")

    @property
    def family(self) -> str:
        return UNIT_FAMILY[self.unit]
_UNIT_ALT = "|".join(re.escape(u) for u in sorted(UNITS, key=len, reverse=True))

SIGN = r"[-−]?"
MANTISSA = r"(?:\d{1,3}(?:(?:,|\{,\})\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)"   # 1,048,576 and TeX's 1{,}048{,}576
EXPONENT = (r"(?:(?:×|\\times|\\cdot|·)\s*10\s*(?:\^\s*\{\s*[-−+]?\s*\d+\s*\}|\^\s*[-−+]?\d+|[⁻⁺]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+)"
            r"|[eE][-+]?\d+(?![A-Za-z]))")
UNIT = rf"(?:\s?(?:{_UNIT_ALT})(?![A-Za-z]))"
SYMBOLIC = r"(?:\\(?:ln|log|sqrt)\s*(?:\{\s*\d+(?:\.\d+)?\s*\}|\d+(?:\.\d+)?)|\\frac\s*\{\s*\d+\s*\}\s*\{\s*\d+\s*\})"
FRACTION = r"(?:\d+/\d+(?![\d.]))"
# a bare power of ten, $10^{-5}$ for 1\times10^{-5} (new-author trial 25 rewrote its honest ε=10^{-5} to pass)
# (unbraced, the exponent is read whole as in 1.28×10^12, the course's plain-text form; in TeX 10^-5 would render
# as 10⁻5: review 87 found that, and the plain-text form the seeds print keeps the whole reading)
POWER_OF_TEN = r"(?:(?<![\d.])10\s*\^\s*(?:\{\s*[-−+]?\s*\d+\s*\}|[-−+]?\d+))"

# One printed scalar. Order matters: the fraction and symbolic forms are tried first.
SCALAR = rf"(?:{SIGN}(?:{SYMBOLIC}|{FRACTION}|{POWER_OF_TEN}(?:{UNIT})?|{MANTISSA}(?:{EXPONENT})?(?:{UNIT})?))"
SCALAR_RE = re.compile(SCALAR)


class NumberFormatError(ValueError):
    pass


@dataclass(frozen=True)
class Printed:
    """A number as printed: its value and the half-width of the interval it stands for."""
    text: str
    value: float
    tolerance: float
    unit: str = ""

    def admits(self, computed: float) -> bool:
        slack = 1e-12 * max(abs(self.value), abs(computed), 1e-300)  # float rounding, not a digit of a large integer
        return abs(float(computed) - self.value) <= self.tolerance + slack


def parse_number(text: str) -> Printed:
    """Parse one printed scalar; raises NumberFormatError for anything else."""
    raw = text
    s = re.sub(r"\s+", "", text).replace("−", "-")
    if re.fullmatch(rf"{CN_NUMERAL}(?:分之{CN_NUMERAL}|成)?|一半|翻倍|减半", s or "-"):
        return chinese_number(s)
    if not s or SCALAR_RE.fullmatch(s) is None:
        raise NumberFormatError(f"cannot read {raw!r} as a number")
    sign = -1.0 if s.startswith("-") else 1.0
    s = s.lstrip("-")

    symbolic = re.fullmatch(r"\\(ln|log|sqrt)\{?([\d.]+)\}?", s)
    if symbolic:
        fn, arg = symbolic.groups()
        fn = "ln" if fn == "log" else fn   # the course writes the natural logarithm as \log too (-\log p, \log 2)
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

    power = re.fullmatch(r"10\^\{?([-+]?\d+)\}?(.*)", s)
    if power:   # 10^{-5} reads as 1\times10^{-5} does
        s = f"1\\times10^{{{power.group(1)}}}{power.group(2)}"
    scale, printed_unit = 1.0, ""
    for unit in sorted(UNITS, key=len, reverse=True):
        if s.endswith(unit) and re.fullmatch(rf".*[\d}}]{re.escape(unit)}", s):
            scale, s, printed_unit = UNITS[unit], s[: -len(unit)], unit
            break
    exponent = 0
    m = re.fullmatch(r"(.+?)(?:(?:×|\\times|\\cdot|·)10(?:\^\{?([-+]?\d+)\}?|([⁻⁺]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+))|[eE]([-+]?\d+))", s)
    if m:
        s = m.group(1)
        exp_text = m.group(2) or (m.group(3).translate(SUPERSCRIPTS) if m.group(3) else None) or m.group(4)
        exponent = int(exp_text)
    mantissa = s.replace("{,}", "").replace(",", "")
    decimals = len(mantissa.split(".")[1]) if "." in mantissa else 0
    unit_size = 10.0 ** exponent * scale
    return Printed(raw, sign * float(mantissa) * unit_size, 0.5 * 10.0 ** (-decimals) * unit_size, printed_unit)


LIST_SEPARATORS = r"(?:,|，|、|;|&)"
# 九成 (nine tenths, 90%), 两成: a share in tenths; 一成不变, 八成是 (probably), 成为, 成本 are words of the language
TENTHS = r"(?<![一二两三四五六七八九十百千万])(?:[一二两三四五六七八九]|十)成(?!不变|为|了|本|员|功|立|果|绩|就|型|长|会|能)"


def split_list(text: str) -> list[str]:
    """Split a printed tuple/list/matrix into its scalar texts: (a,b,c), [a, b], a、b、c, a&b\\\\c&d."""
    inner = text.strip()
    inner = re.sub(r"^(?:\\left)?[(\[]|(?:\\right)?[)\]]$", "", inner)
    inner = re.sub(r"^\\begin\{[pbv]?matrix\}|\\end\{[pbv]?matrix\}$", "", inner)
    parts = re.split(rf"(?<!\{{)(?:{LIST_SEPARATORS})(?!\}})|\\\\", inner)   # 1{,}048 is one number, not two
    return [p for p in (x.strip() for x in parts) if p]


def flatten(value) -> list[float]:
    if isinstance(value, (list, tuple)):
        return [x for item in value for x in flatten(item)]
    if hasattr(value, "tolist"):
        return flatten(value.tolist())
    return [value]


def compare(printed_text: str, computed) -> tuple[bool, str]:
    """Compare a printed scalar or list with a computed value; returns (ok, explanation)."""
    unit = computed.unit if isinstance(computed, Quantity) else None
    if unit is not None:
        computed = computed.value
    values = flatten(computed)
    if isinstance(computed, (list, tuple)) or hasattr(computed, "tolist") and getattr(computed, "ndim", 0) > 0:
        parts = split_list(printed_text)
        if len(parts) != len(values):
            return False, f"printed {len(parts)} numbers but computed {len(values)}"
    else:
        parts = [printed_text]
    for i, (part, value) in enumerate(zip(parts, values)):
        where = f" (item {i})" if len(parts) > 1 else ""
        if isinstance(value, bool) or not isinstance(value, (int, float)) and not hasattr(value, "__float__"):
            return False, f"computed value {value!r} is not a number"
        if not math.isfinite(float(value)):
            return False, f"computed value is {float(value)}; a verify function must return finite numbers"
        printed = parse_number(part)
        why = unit_mismatch(printed, unit)
        if why:
            return False, f"printed {part!r}{where} {why}"
        if printed.value == 0 and abs(float(value)) > ZERO:
            return False, (f"printed {part!r}{where} but computed {float(value):.6g}, which is not zero; "
                           "print its digits or say that it is small in words")
        if not printed.admits(float(value)):
            return False, f"printed {part!r}{where} but computed {float(value):.12g}"
    return True, "ok"


def unit_mismatch(printed: Printed, unit: str | None) -> str:
    """Why a printed unit cannot stand for a value declared in `unit` ('' when it can)."""
    family = UNIT_FAMILY.get(printed.unit)
    if unit is None:
        if family in BYTE_FAMILIES:
            return (f"in {printed.unit}, but the verify function returns a plain number; return "
                    f"Quantity(bytes, {printed.unit!r}) so the unit is checked (KB and KiB differ)")
        return ""
    if not printed.unit:
        return ""  # compared in base units (a byte count printed as digits and the word 字节)
    if family != UNIT_FAMILY[unit]:
        return f"in {printed.unit}, but the value is in {unit} ({UNIT_FAMILY[unit]}, not {family})"
    return ""


def hole_pattern(value, name: str = "h") -> str:
    """Regex (on whitespace-free text) that captures, as group `name`, the printed form of `value`:
    a scalar, or a bracketed/separated list with exactly as many items. An integer may also
    be printed as a Chinese number word (三 for 3), a fraction as its word (三分之一 for 1/3)."""
    if isinstance(value, Quantity):
        value = value.value
    # 翻倍 (doubles) is the word of a factor 2, 减半 of a half: a claim's hole takes them where the value is that
    # (the third new-author trial wrote 缓存都跟着翻倍, could not claim it, and wrote 变成两倍 to get past)
    if _is_integer(value):  # 一 alone is read as a number word only where the value is 1 (else it is 一个, an article)
        lone_one = "" if int(value) == 1 else rf"(?!一(?![{CN_NUMERAL[1:-2]}]))"
        return rf"(?P<{name}>{SCALAR}|{lone_one}{CN_NUMERAL}(?!分之){'|翻倍' if int(value) == 2 else ''})"
    n = len(flatten(value)) if isinstance(value, (list, tuple)) or getattr(value, "ndim", 0) else 0
    if not n and isinstance(value, float) and value.is_integer():   # a whole float (a score difference 2.0,
        # a BLEU of 0.0) may be printed as its word too (高两分, 零分): compare() then checks it exactly
        lone_one = "" if value == 1 else rf"(?!一(?![{CN_NUMERAL[1:-2]}]))"
        return rf"(?P<{name}>{SCALAR}|{lone_one}{CN_NUMERAL}(?!分之){'|翻倍' if value == 2 else ''})"
    if not n:   # a fraction may be printed as its word (三分之一, 一半, 九成 for 90%): exact, like every number word
        return rf"(?P<{name}>{SCALAR}|{CN_NUMERAL}分之{CN_NUMERAL}|一半|减半|{TENTHS})"
    shape = getattr(value, "shape", None) or _shape(value)
    if len(shape) == 2 and shape[0] > 1:
        row = rf"{SCALAR}(?:&{SCALAR}){{{shape[1] - 1}}}"
        return rf"(?P<{name}>{row}(?:\\\\{row}){{{shape[0] - 1}}})"
    # one copy of the item pattern for the three bracketings (compiling it thrice cost a third of a cold run);
    # the brackets must still pair up: the conditional group closes what the optional opening opened
    items = rf"{SCALAR}(?:{LIST_SEPARATORS}{SCALAR}){{{n - 1}}}"
    return (rf"(?P<{name}>(?:(?P<{name}_p>(?:\\left)?\()|(?P<{name}_s>\[))?{items}"
            rf"(?({name}_p)(?:\\right)?\))(?({name}_s)\]))")


def _is_integer(value) -> bool:
    if isinstance(value, bool) or getattr(value, "ndim", 0):
        return False
    return isinstance(value, int) or hasattr(value, "is_integer") and value.is_integer() and type(value).__name__.startswith("int")


def _shape(value) -> tuple:
    if isinstance(value, (list, tuple)):
        return (len(value),) + (_shape(value[0]) if value else ())
    return ()


# --------------------------------------------------------------------------- Chinese number words

def chinese_integer(text: str) -> int:
    """一 → 1, 十二 → 12, 两百 → 200, 十万 → 100000, 三千零五 → 3005; NumberFormatError otherwise (checker/numerals.py
    reads it with cn2an)."""
    try:
        return _numeral(text)
    except NumeralError as exc:
        raise NumberFormatError(str(exc)) from None


def chinese_number(text: str) -> Printed:
    """A Chinese number word as printed: 三 → 3, 万分之一 → 1e-4, 百分之五 → .05, 一半 → .5, 翻倍 → 2.

    Number words are exact: a count or fraction stated in words admits no rounding slack.
    """
    s = text.strip()
    if s in ("半", "一半", "减半"):
        return Printed(text, 0.5, 0.0)
    if s == "翻倍":
        return Printed(text, 2.0, 0.0)
    m = re.fullmatch(rf"({CN_NUMERAL})分之({CN_NUMERAL})", s)
    if m:
        den, num = chinese_integer(m.group(1)), chinese_integer(m.group(2))
        if den == 0:
            raise NumberFormatError(f"{text!r} divides by zero")
        return Printed(text, num / den, 0.0)
    m = re.fullmatch(TENTHS, s)
    if m:
        return Printed(text, chinese_integer(s[:-1]) / 10, 0.0)
    m = re.fullmatch(rf"({CN_NUMERAL})(个)?半", s)
    if m:
        return Printed(text, chinese_integer(m.group(1)) + 0.5, 0.0)
    return Printed(text, float(chinese_integer(s)), 0.0)
