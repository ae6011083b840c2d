"""The claims checker: reads a page, locates and checks its claims, citations, relations, formulas, kinds and pins.

One module per stage (pipeline.py runs them in order over one page); data the rules read lives in data/ and pins/.
`python -m verify` (verify/__main__.py) is the entry point."""
