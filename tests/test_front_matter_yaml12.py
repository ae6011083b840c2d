"""Every page's front matter reads the same under a strict YAML 1.2 parser (ruamel.yaml, safe and pure) as under the
checker's PyYAML (YAML 1.1): a generator that reads the pages with another parser (Zensical, a successor) sees the
same title, claims and sources, and no page leans on a YAML 1.1 reading (yes/no/on/off as booleans, 010 as octal,
1:20 as a base-60 number)."""
from pathlib import Path

import pytest

from checker.page import _load_yaml, split_front_matter

ROOT = Path(__file__).resolve().parent.parent
PAGES = sorted((ROOT / "docs").rglob("*.md"))


def yaml12(text: str):
    from ruamel.yaml import YAML
    parser = YAML(typ="safe", pure=True)
    parser.allow_duplicate_keys = False
    return parser.load(text)


def test_every_front_matter_parses_as_yaml_1_2_to_the_same_mapping():
    wrong, read = [], 0
    for path in PAGES:
        split = split_front_matter(path.read_text(encoding="utf-8"))
        if split is None:
            continue
        read += 1
        try:
            strict = yaml12(split[0])
        except Exception as exc:   # the parser's own message names the line
            wrong.append(f"{path.relative_to(ROOT)}: not YAML 1.2: {' '.join(str(exc).split())[:300]}")
            continue
        if strict != _load_yaml(split[0]):
            wrong.append(f"{path.relative_to(ROOT)}: YAML 1.2 reads it differently from YAML 1.1 "
                         "(quote the value: yes/no/on/off, leading zeros, a:b numbers)")
    assert read > 250 and not wrong, "\n".join(wrong)


@pytest.mark.parametrize("text", ["evidence: [yes]\n", "x: 010\n", "t: 1:20\n"])
def test_a_yaml_1_1_reading_is_caught(text):
    assert yaml12(text) != _load_yaml(text)


def test_a_duplicate_key_is_caught():
    with pytest.raises(Exception):
        yaml12("title: a\ntitle: b\n")


def test_no_value_continues_at_the_first_column():
    """A quoted value broken over lines must indent its continuation: PyYAML and ruamel read '- 'a,\\nb'' anyway,
    but Zensical 0.0.73's parser refuses the page ('invalid indentation in quoted scalar'), as the YAML 1.2 spec
    does. Keep such a value on one line (a claim's template matches across the page's line breaks anyway)."""
    import re
    wrong = []
    for path in PAGES:
        split = split_front_matter(path.read_text(encoding="utf-8"))
        for n, line in enumerate(split[0].split("\n") if split else [], start=2):
            if line and not line[0].isspace() and not re.match(r"(#|-|[A-Za-z_][\w-]*\s*:)", line):
                wrong.append(f"{path.relative_to(ROOT)}:{n}: {line[:40]!r} continues a value at column 0")
    assert not wrong, "\n".join(wrong)
