"""The fast subset of the mutation corpus (tests/mutations/): every class of realistic edit is
caught at its target rate, and the neutral controls pass. `make mutations` runs the whole corpus."""
import pytest

from tests.mutations import code, files
from tests.mutations.corpus import TARGETS, generate
from tests.mutations.run import fast_subset, rate, run


@pytest.fixture(scope="module")
def table():
    from checker.pipeline import check_page
    mutants = fast_subset(generate(check_page, every=5) + files.generate() + code.generate())
    assert len({m.cls for m in mutants}) == len(TARGETS), "every class must have mutants on the real pages"
    return run(mutants, out=lambda line: None)


@pytest.mark.parametrize("cls", list(TARGETS))
def test_class_meets_its_target(table, cls):
    n, killed, survivors, kills = table[cls]
    detail = [why for _, why in kills] if cls == "controls" else survivors
    assert rate(cls, n, killed) >= TARGETS[cls], f"{cls}: {killed}/{n}; " + "; ".join(detail[:5])
