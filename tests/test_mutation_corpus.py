"""The fast subset of the mutation corpus (tests/mutations/): every class of realistic edit is
caught at its target rate, and the neutral controls pass. `make mutations` runs the whole corpus."""
import pytest

from tests.mutations.corpus import TARGETS, generate
from tests.mutations.run import fast_subset, rate, run

# Classes the combined checker (branches checker + provenance + relations, merged 14:55 UTC) does not
# yet catch at target in the full corpus (`make mutations`); each entry says why. Not strict: the fast
# subset samples a few mutants per class and may miss the survivors. Take a class off when it meets its target.
BELOW_TARGET = {
    "number_words": "44% in the full corpus: counts with a measure word (三个容易混的符号, 两种口径) are checked only "
                    "with VERIFY_COUNT_WORDS=1 until the pages are rewritten (see the guide's 计数的现状)",
    "provenance": "12% in the full corpus: a figure/table/section number or a year changed consistently on a "
                  "page survives unless a recorded paper number sits at that location or the bibliography "
                  "states the year; locations without a recorded number cannot be checked without the paper",
    "new_numbers": "90% in the full corpus: a number in inline code inside prose (`batch=64`) is not checked yet",
}


@pytest.fixture(scope="module")
def table():
    from verify.checker import check_page
    mutants = fast_subset(generate(check_page, every=5))
    assert len({m.cls for m in mutants}) == len(TARGETS), "every class must have mutants on the real pages"
    return run(mutants, out=lambda line: None)


@pytest.mark.parametrize("cls", [pytest.param(c, marks=pytest.mark.xfail(reason=BELOW_TARGET[c], strict=False))
                                 if c in BELOW_TARGET else c for c in TARGETS])
def test_class_meets_its_target(table, cls):
    n, killed, survivors, kills = table[cls]
    detail = [why for _, why in kills] if cls == "controls" else survivors
    assert rate(cls, n, killed) >= TARGETS[cls], f"{cls}: {killed}/{n}; " + "; ".join(detail[:5])
