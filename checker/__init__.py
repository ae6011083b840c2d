"""The claims checker: reads a page, locates and checks its claims, citations, relations, formulas, kinds and pins.

One module per stage (pipeline.py runs them in order over one page); data the rules read lives in data/ and pins/.
`python -m verify` (verify/__main__.py) is the entry point."""

from checker import startup_cache as _startup_cache

_startup_cache.install()   # compiled patterns kept between runs (one page's check is otherwise mostly re's compiler)
