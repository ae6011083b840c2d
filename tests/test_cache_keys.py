"""The disk cache of verify values (checker/cache.py) is found again by a new process: a key made from a function
whose code holds a comprehension or a lambda must not depend on where that code sits in memory."""
import subprocess
import sys

from checker.paths import ROOT

KEY = ("from checker.cache import code_fingerprint; "
       "from verify.lecture.ch03_checkpoint import failure_case as f; "
       "import inspect; fn = inspect.unwrap(f); print(code_fingerprint(fn.__code__))")


def key_in_a_new_process(extra: str = "") -> str:
    return subprocess.run([sys.executable, "-c", extra + KEY], cwd=ROOT, capture_output=True, text=True,
                          check=True).stdout


def test_the_same_code_gives_the_same_key_in_two_processes():
    first = key_in_a_new_process()
    assert "0x" not in first and first.strip()
    # a different heap layout in the second process (objects allocated first) must not move the key
    assert key_in_a_new_process("junk = [object() for _ in range(100000)]; ") == first


def test_different_nested_code_gives_a_different_key():
    from checker.cache import code_fingerprint

    def one():
        return [x + 1 for x in range(3)]

    def two():
        return [x + 2 for x in range(3)]
    assert code_fingerprint(one.__code__) != code_fingerprint(two.__code__)
