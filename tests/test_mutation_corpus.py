"""The fast subset of the mutation corpus (tests/mutations/): every class of realistic edit is
caught at its target rate, and the neutral controls pass. `make mutations` runs the whole corpus."""
import pytest

from tests.mutations.corpus import TARGETS, generate
from tests.mutations.run import fast_subset, rate, run

# Classes the checker does not yet catch at target in the full corpus (`make mutations`); each entry says why. Not strict: the fast
# subset samples a few mutants per class and may miss the survivors. Take a class off when it meets its target.
BELOW_TARGET = {
    "provenance": "below 100% in the full corpus (4 of about 280): a page that cites two places of one paper "
                  "(Figure 2 and Figure 3) swaps them everywhere; the bibliography records both places for that page, "
                  "and telling them apart needs what each place of the paper shows",
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
