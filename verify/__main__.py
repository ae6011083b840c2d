"""`python -m verify [PAGE ...]`: the checker's command line (checker/cli.py)."""
import sys

from checker.cli import run

sys.exit(run())
