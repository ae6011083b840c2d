"""Reading a checker rule file (checker/data/*.yaml): a list of rows, each a rule with a name, a kind, a pattern, a
description and a positive and a negative example. One reader for every such file, so that an unknown field, an
unknown kind, a repeated name or a pattern that does not compile is refused the same way, naming the file and rule."""
from __future__ import annotations

import dataclasses
import functools
import re
from dataclasses import dataclass
from pathlib import Path

from checker.page import _load_yaml


@dataclass(frozen=True)
class Rule:
    """One row of a rule file: the columns every such file has. A file whose rules need more columns (a direction,
    a numeral class) subclasses it and adds them with defaults; `regex` compiles the pattern as it stands."""
    rule: str
    kind: str
    pattern: str
    description: str
    positive: str
    negative: str

    @property
    def regex(self) -> re.Pattern:
        return _compiled(self.pattern, 0)


@functools.lru_cache(maxsize=None)
def _compiled(pattern: str, flags: int) -> re.Pattern:
    return re.compile(pattern, flags)


def load_rules(data_file: Path, rule_class, kinds: tuple[str, ...], check=None) -> tuple:
    """The rows of `data_file` as `rule_class` instances (a frozen dataclass whose fields are the allowed keys).
    `check(row)` may refuse a row with a message; each rule's `regex` is compiled here so a bad pattern fails at once."""
    fields = {f.name for f in dataclasses.fields(rule_class)}
    out = []
    for row in _load_yaml(data_file.read_text(encoding="utf-8")):
        unknown = set(row) - fields
        if unknown or row.get("kind") not in kinds:
            raise ValueError(f"{data_file.name}: rule {row.get('rule')!r} has unknown fields {sorted(unknown)} or kind "
                             f"{row.get('kind')!r}; the kinds are {', '.join(kinds)}")
        problem = check(row) if check else None
        if problem:
            raise ValueError(f"{data_file.name}: rule {row['rule']!r} {problem}")
        rule = rule_class(**{k: str(v) for k, v in row.items()})
        rule.regex  # noqa: B018  a row that does not compile fails here, with its name
        out.append(rule)
    names = [r.rule for r in out]
    if len(set(names)) != len(names):
        raise ValueError(f"{data_file.name}: two rules share a name")
    return tuple(out)
