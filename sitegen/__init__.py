"""The site's own build step (sitegen/build.py, `python -m sitegen`): the generated tree a static-site generator
only renders, and the plain files agents read; the live preview (sitegen/dev.py, `make dev`)."""
