"""A data file of reader-kept entries (credits.yaml, absences.yaml): a YAML list of flat mappings, each entry's line
known, every malformed entry one line with file, line and what to do."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import yaml

from checker import startup_cache

# libyaml's loader where PyYAML was built with it: the pure-Python one took about a second per run on credits.yaml
# (1,600 entries), which put the one-page check over its one-second budget
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load(path: Path, fields: dict[str, type], error: type[Exception], shape: str) -> list[tuple[int, dict]]:
    """(line, entry) for each entry of `path`. `fields` maps each field an entry must have, no more, to str or list
    (a list of one-line strings); `shape` is the example the messages show."""
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        line = path.read_bytes()[:exc.start].count(b"\n") + 1
        raise error(f"{path}:{line}: not UTF-8 text; save the file as UTF-8") from None
    except OSError as exc:
        raise error(f"{path}:1: cannot be read ({exc.strerror}); check the path and its permissions") from None
    # parsing and checking the 1,600 credits took a third of a one-page check: done once per text (startup_cache)
    return startup_cache.parsed(text, _entries_of, path, fields, error, shape)


def _entries_of(text: str, path: Path, fields: dict[str, type], error: type[Exception], shape: str
                ) -> list[tuple[int, dict]]:
    """(line, entry) for each entry of the text of `path` (load's work once the text is read)."""
    try:
        node = yaml.compose(text, Loader=_LOADER)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        raise error(f"{path}:{mark.line + 1 if mark else 1}: not valid YAML ({exc.__class__.__name__}); fix the "
                    "entry's quoting")
    if node is None:
        return []
    if not isinstance(node, yaml.SequenceNode):
        raise error(f"{path}:1: the file is a list of entries ({shape})")
    try:
        data = yaml.load(text, Loader=_LOADER)
    except yaml.YAMLError as exc:   # a tag safe_load refuses (!!python/…): compose read it, construction does not
        mark = getattr(exc, "problem_mark", None)
        raise error(f"{path}:{mark.line + 1 if mark else 1}: not plain YAML ({exc.__class__.__name__}); write each "
                    "field as a plain string")
    out = []
    for item_node, entry in zip(node.value, data):
        line = item_node.start_mark.line + 1
        keys = [k.value for k, _ in item_node.value] if isinstance(item_node, yaml.MappingNode) else []
        twice = sorted(k for k in set(keys) if keys.count(k) > 1)
        if twice:
            raise error(f"{path}:{line}: an entry names a field twice ({', '.join(twice)}); keep one")
        if not isinstance(entry, dict) or set(entry) != set(fields):
            raise error(f"{path}:{line}: an entry has exactly the fields {', '.join(fields)} ({shape})")
        for name, kind in fields.items():
            values = entry[name] if kind is list else [entry[name]]
            if kind is list and (not isinstance(values, list) or not values):
                raise error(f"{path}:{line}: {name} is a list of one or more strings ([a, b])")
            if any(isinstance(v, (int, float)) for v in values):
                raise error(f"{path}:{line}: {name} holds a bare number; write it in quotes ('0.62'), as the seed "
                            "prints it")
            if not all(isinstance(v, str) and v.strip() for v in values):
                raise error(f"{path}:{line}: {name} must be {'a list of ' if kind is list else 'a '}non-empty "
                            f"string{'s' if kind is list else ''}")
            if any("\n" in v.strip() for v in values):
                raise error(f"{path}:{line}: a field runs over two lines ({name}); write each field on one line")
        out.append((line, entry))
    return out


@lru_cache(maxsize=8)
def _cached(reader, path: Path, stamp: int) -> tuple[tuple[int, dict], ...]:
    return tuple(reader(path))


def entries(path: Path, reader) -> tuple[tuple[int, dict], ...]:
    """(line, entry) for every entry `reader(path)` reads, read again only when the file changes; () when there is
    no file."""
    if not path.is_file():
        return ()
    return _cached(reader, path, path.stat().st_mtime_ns)
