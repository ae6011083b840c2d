"""Unit words agree with the numbers beside them (checker/unit_words.py)."""
from checker.relations import sentences
from checker.unit_words import errors


def check(text: str) -> list[str]:
    return [message for _, message in errors(text, sentences, lambda offset: 1)]


def test_binary_units_pair_with_their_powers_in_order():
    assert check("这里的 MiB、GiB 是二进制单位（$2^{20}$、$2^{30}$ 字节）。") == []
    assert "MiB is 2^20 bytes" in check("这里的 MiB、GiB 是二进制单位（$2^{21}$、$2^{30}$ 字节）。")[0]
    assert len(check("这里的 MiB、GiB 是二进制单位（$2^{30}$、$2^{20}$ 字节）。")) == 2   # swapped
    assert check("注意力表按 $2^{20}$ 增长，单位另算。") == []          # no unit named: not judged


def test_a_precision_word_agrees_with_its_bytes_in_the_clause():
    assert check("取 $d_h=128$、$s=2$（半精度存储），缓存约 0.5 GiB。") == []
    assert "4 bytes per number" in check("取 $d_h=128$、$s=2$（单精度存储）。")[0]
    assert check("每个数 8 字节的 float64") == []
    assert "8 bytes per number" in check("每个数 4 字节的 float64")[0]
    assert check("训练 FLOPs 用估计的持续单精度算力算出。") == []      # no size in the clause


def test_binary_and_decimal_units_are_called_what_they_are():
    assert check("这里的 MiB、GiB 是二进制单位。") == []
    assert "binary unit" in check("这里的 MiB、GiB 是十进制单位。")[0]
    assert "decimal unit" in check("这里的 MB 是二进制单位。")[0]
