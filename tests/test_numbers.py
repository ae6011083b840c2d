"""Format corpus: every numeric form that occurs in the course documents is read correctly,
and compared at the precision printed."""
import math

import pytest

from checker.numbers import NumberFormatError, Quantity, compare, parse_number

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
    ("512MiB", Quantity(536870912, "MiB"), True),
    ("512MiB", 536870912, False),           # a byte unit needs a Quantity that names it
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


# ---------------------------------------------------------------- units and zero (issue 9, class 5)

from checker.numbers import Quantity, chinese_number, hole_pattern  # noqa: E402


@pytest.mark.parametrize("printed,quantity", [
    ("4 GB", Quantity(4 * 2 ** 30, "GiB")),      # within half a GB of 4.29e9, but the wrong unit
    ("1.5 MiB", Quantity(1.5e6, "MB")),
    ("2 TiB", Quantity(2e12, "TB")),
])
def test_a_byte_unit_of_the_other_family_fails_even_when_the_numbers_are_close(printed, quantity):
    ok, why = compare(printed, quantity)
    assert not ok and "not" in why


@pytest.mark.parametrize("printed,quantity", [
    ("4 GiB", Quantity(4 * 2 ** 30, "GiB")), ("4096MiB", Quantity(4 * 2 ** 30, "GiB")),
    ("1.5 MB", Quantity(1.5e6, "MB")), ("1500000", Quantity(1.5e6, "MB")),
    ("19.95ms", Quantity(0.01995, "s")), ("0.01995 s", 0.01995),
    ("3.2 GFLOPs", Quantity(3.2e9, "FLOPs")),
])
def test_units_are_converted_within_a_family(printed, quantity):
    assert compare(printed, quantity) == (True, "ok")


def test_a_byte_unit_needs_a_quantity():
    ok, why = compare("512MiB", 512 * 2 ** 20)
    assert not ok and "Quantity" in why


@pytest.mark.parametrize("printed", ["0", "0.0", "0.00", "−0"])
def test_a_nonzero_value_printed_as_zero_fails(printed):
    ok, why = compare(printed, 0.4)
    assert not ok and "not zero" in why
    ok, why = compare(printed, 0.004)
    assert not ok and "not zero" in why
    assert compare(printed, 1e-17) == (True, "ok")  # rounding noise is zero


@pytest.mark.parametrize("words,value", [("三", 3), ("两", 2), ("十二", 12), ("两百", 200), ("十万", 100000),
                                         ("万分之一", 1e-4), ("十万分之一", 1e-5), ("百分之五", 0.05),
                                         ("三分之二", 2 / 3), ("一半", 0.5), ("翻倍", 2)])
def test_chinese_number_words(words, value):
    assert chinese_number(words).value == pytest.approx(value)
    assert compare(words, value) == (True, "ok")


def test_a_hole_for_an_integer_accepts_a_number_word_but_not_the_article():
    import re
    assert re.fullmatch(hole_pattern(3) + "个源槽", "三个源槽")
    assert not re.fullmatch(hole_pattern(3) + "个源槽", "一个源槽")
    assert re.fullmatch(hole_pattern(1) + "个源槽", "一个源槽")
    assert compare("四", 3)[0] is False


def test_a_hole_for_a_fraction_accepts_its_word_exactly():
    import re
    m = re.fullmatch("各得" + hole_pattern(1 / 3), "各得三分之一")
    assert m and compare(m.group("h"), 1 / 3) == (True, "ok")
    assert compare("四分之一", 1 / 3)[0] is False          # a word is exact: no rounding slack
    assert re.fullmatch("各得" + hole_pattern(0.5), "各得一半")
    assert re.fullmatch("各得" + hole_pattern(1 / 3), "各得0.333")   # digits still match


def test_a_whole_float_may_be_printed_as_a_number_word():
    import re as _re
    from checker.numbers import compare, hole_pattern
    assert _re.fullmatch(hole_pattern(2.0), "两") and compare("两", 2.0)[0]
    assert _re.fullmatch(hole_pattern(0.0), "零") and compare("零", 0.0)[0]
    assert not _re.fullmatch(hole_pattern(2.5), "两")
    assert not compare("两", 2.0000001)[0]
