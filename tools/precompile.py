"""Write the bytecode of the third-party modules the project imports, once, at setup.

`make setup` installs with `pip --no-compile` (compiling all of torch's files took 40 s of setup), and a machine
that sets PYTHONDONTWRITEBYTECODE never writes the .pyc afterwards either: then every process (each verify worker,
each notebook kernel, each test's subprocess) compiled torch and the rest from source again, about 3.5 s each here.
Importing them once with bytecode writing on compiles only the modules that are used. The project's own modules
are left alone: tests edit them and rerun within a second, where a .pyc keyed by mtime and size could go stale.

    python tools/precompile.py      (run by make setup)
"""
from __future__ import annotations

import importlib
import sys
import time

MODULES = (
    "numpy", "torch", "torch.nn", "torch.optim", "torch._dynamo", "yaml", "PIL.Image", "matplotlib.pyplot",
    "matplotlib.backends.backend_svg", "mplfonts", "sympy", "sympy.parsing.latex", "lark", "pybtex.database",
    "latexcodec", "cn2an",
    "mkdocs.commands.build", "material", "pymdownx.arithmatex", "jieba",
    "pytest", "xdist", "hypothesis", "sacrebleu", "seqeval.metrics", "tokenizers", "scipy.stats", "scipy.special",
    "sklearn.metrics", "selenium.webdriver", "nbconvert", "nbclient", "ipykernel.kernelapp", "ruamel.yaml",
)


def main() -> int:
    sys.dont_write_bytecode = False
    started, missing = time.perf_counter(), []
    for name in MODULES:
        try:
            importlib.import_module(name)
        except Exception as exc:   # an optional extra not installed: it compiles when first imported, as before
            missing.append(f"{name} ({type(exc).__name__})")
    print(f"tools/precompile.py: bytecode written for {len(MODULES) - len(missing)} modules and what they import "
          f"in {time.perf_counter() - started:.1f} s" + (f"; not importable here: {', '.join(missing)}" if missing else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
