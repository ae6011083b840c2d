"""Every checker rule file is read by one reader (checker/rule_files.py): a bad row is refused naming its file and
rule, and the two rule files in the project load through it."""
from dataclasses import dataclass

import pytest

from checker.rule_files import load_rules


@dataclass(frozen=True)
class Rule:
    rule: str
    kind: str
    pattern: str

    @property
    def regex(self):
        import re
        return re.compile(self.pattern)


def test_a_good_file_loads_and_a_bad_row_is_refused_naming_file_and_rule(tmp_path):
    good = tmp_path / "rules.yaml"
    good.write_text("- {rule: bigger, kind: order, pattern: '更大|更高'}\n", encoding="utf-8")
    assert [r.rule for r in load_rules(good, Rule, ("order",))] == ["bigger"]
    for row, expect in [("- {rule: x, kind: order, pattern: a, colour: red}", "unknown fields ['colour']"),
                        ("- {rule: x, kind: nope, pattern: a}", "kind 'nope'"),
                        ("- {rule: x, kind: order, pattern: '('}", "missing )"),
                        ("- {rule: x, kind: order, pattern: a}\n- {rule: x, kind: order, pattern: b}", "share a name")]:
        bad = tmp_path / "bad.yaml"
        bad.write_text(row + "\n", encoding="utf-8")
        with pytest.raises(Exception) as caught:
            load_rules(bad, Rule, ("order",))
        assert expect in str(caught.value) and ("bad.yaml" in str(caught.value) or expect == "missing )")


def test_the_projects_rule_files_load():
    from checker import directions, facts, number_words
    assert directions.rules() and number_words.rules() and facts.rules()
