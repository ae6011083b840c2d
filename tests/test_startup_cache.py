"""The startup cache (checker/startup_cache.py) gives the same patterns and the same parsed data as computing afresh,
and a bad or foreign store file is ignored, never trusted."""
import pickle
import re
from re import _compiler

import _sre
import pytest

from checker import startup_cache
from tests.site import ROOT


def _checker_patterns() -> list[tuple[str, int]]:
    """Every string pattern the checker's modules compiled in this process (re's own cache holds them)."""
    import checker.pipeline  # noqa: F401  imports every stage, which compile their patterns
    return sorted({(p.pattern, p.flags) for p in re._cache.values()
                   if isinstance(p, re.Pattern) and isinstance(p.pattern, str)})


def test_a_cached_program_matches_as_a_fresh_compile_does():
    """Each of the checker's patterns, rebuilt from its pickled program, finds the same matches in two pages as re's
    own compiler does (flags, groups and group names the same)."""
    texts = [(ROOT / "docs/lecture/ch03/3-5.md").read_text(encoding="utf-8"),
             (ROOT / "docs/primer/ch11/11-5.md").read_text(encoding="utf-8")]
    patterns = _checker_patterns()
    assert len(patterns) > 300
    for pattern, flags in patterns:
        # the flags a compiled pattern reports include those its text sets inline; compiling with them is the same
        fresh = startup_cache._original_compile(pattern, flags)
        cached = _sre.compile(pattern, *pickle.loads(pickle.dumps(startup_cache.program(pattern, flags))))
        assert (cached.flags, cached.groups, cached.groupindex) == (fresh.flags, fresh.groups, fresh.groupindex)
        for text in texts:
            assert [m.span() for m in cached.finditer(text)] == [m.span() for m in fresh.finditer(text)], pattern


def test_the_checker_compiles_through_the_store():
    assert _compiler.compile is startup_cache._compile or not startup_cache.ENABLED


@pytest.mark.parametrize("content", [b"", b"not a pickle", pickle.dumps(("another python", {("a", 0): (0,)})),
                                     pickle.dumps(["no tag"])], ids=["empty", "garbage", "other-tag", "no-tag"])
def test_a_bad_or_foreign_store_is_ignored(tmp_path, monkeypatch, content):
    monkeypatch.setattr(startup_cache, "FOLDER", tmp_path)
    store = startup_cache.Store("probe", ("this python",), limit=10)
    store.path = tmp_path / "probe.pickle"
    store.path.write_bytes(content)
    assert store.get(("a", 0)) is None


def test_a_store_is_written_whole_and_read_back(tmp_path, monkeypatch):
    monkeypatch.setattr(startup_cache, "FOLDER", tmp_path)
    store = startup_cache.Store("probe", ("tag",), limit=2)
    store.put("x", 1)
    store.save()
    again = startup_cache.Store("probe", ("tag",), limit=2)
    assert again.get("x") == 1 and again.get("y") is None
    # past its limit a save keeps only what this run used
    again.put("y", 2)
    again.put("z", 3)
    again.save()
    third = startup_cache.Store("probe", ("tag",), limit=2)
    assert (third.get("x"), third.get("y"), third.get("z")) == (1, 2, 3)
    fourth = startup_cache.Store("probe", ("tag",), limit=2)
    fourth.put("w", 4)
    fourth.save()
    assert startup_cache.Store("probe", ("tag",), limit=2)._read() == {"w": 4}
    assert not list(tmp_path.glob(".probe.*")), "no temporary file is left behind"


def test_parsed_data_is_computed_again_when_the_text_changes(tmp_path, monkeypatch):
    monkeypatch.setattr(startup_cache, "FOLDER", tmp_path)
    monkeypatch.setattr(startup_cache, "PARSED", startup_cache.Store("parsed", ("tag",), limit=10))
    monkeypatch.setattr(startup_cache, "ENABLED", True)
    calls = []

    def reader(text):
        calls.append(text)
        if text == "bad":
            raise ValueError("bad:1: not a list")
        return text.split(",")

    assert startup_cache.parsed("a,b", reader) == ["a", "b"]
    assert startup_cache.parsed("a,b", reader) == ["a", "b"]
    assert startup_cache.parsed("a,c", reader) == ["a", "c"]
    assert calls == ["a,b", "a,c"]
    for _ in range(2):   # an error is raised every time, never stored
        with pytest.raises(ValueError, match="bad:1"):
            startup_cache.parsed("bad", reader)
    assert calls.count("bad") == 2


def test_the_credits_file_reads_the_same_through_the_store():
    """credits.yaml parsed and checked afresh gives the entries the store gives."""
    from checker import credits, entries_file
    text = credits.DATA.read_text(encoding="utf-8")
    args = (credits.DATA, {f: str for f in credits.FIELDS}, credits.CreditsError, "- page: …")
    assert startup_cache.parsed(text, entries_file._entries_of, *args) == entries_file._entries_of(text, *args)


def test_a_numeral_kept_in_the_store_reads_as_the_library_reads_it(tmp_path, monkeypatch):
    """checker/numerals.py keeps cn2an's readings between runs: a reading from the store equals a fresh one, a
    numeral cn2an refuses is refused again from the store, and a store of another cn2an file is not used."""
    import cn2an

    from checker import numerals
    store = startup_cache.Store("numerals-test", ("t", 1), limit=100)
    store.path = tmp_path / "numerals.pickle"
    monkeypatch.setattr(startup_cache, "NUMERALS", store)
    monkeypatch.setattr(startup_cache, "ENABLED", True)
    for text in ("三千零五", "十二", "二百", "一万"):
        fresh = numerals._read_by_the_library(text)
        assert fresh == int(cn2an.cn2an(text, "strict"))
        assert store.get(("cn2an", numerals._library_stamp(), text)) == fresh   # kept
        assert numerals._read_by_the_library(text) == fresh                      # and read back
    refused = numerals._read_by_the_library("十十")
    assert isinstance(refused, str) and numerals._read_by_the_library("十十") == refused
    store.save()
    again = startup_cache.Store("numerals-test", ("t", 1), limit=100)
    again.path = store.path
    assert again.get(("cn2an", numerals._library_stamp(), "十二")) == 12
    assert again.get(("cn2an", ("another cn2an", 0, 0), "十二")) is None
