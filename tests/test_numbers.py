"""Format corpus: every numeric form that occurs in the course documents is read correctly,
and compared at the precision printed."""
import math

import pytest

from verify.numbers import NumberFormatError, compare, parse_number

# (printed text, value it stands for, half-width of the interval it claims)
CORPUS = [
    (".422319", 0.422319, 5e-7),
    ("0.422319", 0.422319, 5e-7),
    ("−0.905534469", -0.905534469, 5e-10),
    ("-1.280045", -1.280045, 5e-7),
    ("1.804×10⁻¹⁵", 1.804e-15, 5e-19),
    (r"2.66\times10^{-5}", 2.66e-5, 5e-8),
    ("1.28×10^12", 1.28e12, 5e9),
    ("6.41×10⁻⁷", 6.41e-7, 5e-10),
    ("1e-05", 1e-5, 0.5e-5),
    ("4/7", 4 / 7, 0.0),
    ("57.67%", 0.5767, 5e-5),
    (r"87.00\%", 0.87, 5e-5),
    ("16,777,216", 16777216, 0.5),
    ("512MiB", 512 * 2 ** 20, 0.5 * 2 ** 20),
    ("5.12 MB", 5.12e6, 5e3),
    ("1.164TiB", 1.164 * 2 ** 40, 0.5e-3 * 2 ** 40),
    ("19.95ms", 0.01995, 5e-6),
    ("2.828", 2.828, 5e-4),
    (r"\sqrt8", math.sqrt(8), 0.0),
    (r"\ln4", math.log(4), 0.0),
    (r"\ln 2", math.log(2), 0.0),
    ("102417", 102417, 0.5),
    ("0", 0.0, 0.5),
]


@pytest.mark.parametrize("text,value,tolerance", CORPUS)
def test_corpus_form_is_read(text, value, tolerance):
    printed = parse_number(text)
    assert printed.value == pytest.approx(value, rel=1e-12, abs=1e-300)
    assert printed.tolerance == pytest.approx(tolerance, rel=1e-9, abs=1e-300)


@pytest.mark.parametrize("text,computed,ok", [
    (".422319", 0.4223188, True),       # rounds to the printed digits
    (".422319", 0.4223200, False),      # one unit off in the last printed digit
    ("0.42", 0.4223, True),             # two decimals printed, two checked
    ("0.42", 0.4261, False),
    ("4/7", 4 / 7, True),
    ("4/7", 0.5714, False),             # an exact fraction is exact
    ("57.67%", 0.576749, True),
    ("57.67%", 57.67, False),           # computed values are fractions, not percents
    ("−0.905534469", -0.9055344694, True),
    ("1.804×10⁻¹⁵", 1.8036e-15, True),
    ("1.804×10⁻¹⁵", 1.806e-15, False),
    ("512MiB", 536870912, True),
    ("16,777,216", 16777217, False),
])
def test_scalar_comparison_at_printed_precision(text, computed, ok):
    assert compare(text, computed)[0] is ok


@pytest.mark.parametrize("text,computed,ok", [
    ("(1.266956,1.466087)", [1.2669558, 1.4660873], True),
    ("(1.266956,1.466087)", [1.2669558, 1.4660890], False),
    ("(.422319,.155362,.422319)", [0.4223188, 0.1553624, 0.4223188], True),
    ("0.5、0.25、0.125", [0.5, 0.25, 0.125], True),
    ("[0.755,0.910]", [0.7553, 0.9101], True),
    (r"(\ln4,\ln2,0,0,\ln2)", [math.log(4), math.log(2), 0, 0, math.log(2)], True),
    (r"(\ln4,\ln2,0,0,\ln2)", [math.log(4), math.log(2), 0, 0, math.log(3)], False),
    ("(1,0)", [1.0, 0.0, 0.0], False),  # item count must agree
    (r"2&0&0\\0&1&0", [[2, 0, 0], [0, 1, 0]], True),
])
def test_list_comparison(text, computed, ok):
    assert compare(text, computed)[0] is ok


@pytest.mark.parametrize("text", ["abc", "1..2", "", "3/0", r"\ln0"])
def test_unreadable_numbers_raise(text):
    with pytest.raises(NumberFormatError):
        parse_number(text)
