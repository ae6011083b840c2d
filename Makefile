# Every target bootstraps the virtual environment it needs; nothing is installed by hand.
PY      ?= $(shell command -v python3.11 || command -v python3)
VENV    := .venv
BIN     := $(VENV)/bin
STAMP   := $(VENV)/.installed
HOST    ?= 127.0.0.1
PORT    ?= 8000
export NO_MKDOCS_2_WARNING := 1

.PHONY: setup install-venv verify site serve test unit clean browser-deps notebooks labs mutations pin

setup: $(STAMP)

# the stamp holds the hash of the pyproject.toml it installed: a checkout newer than the stamp with the same file
# (a git worktree whose .venv links to the main checkout's) touches the stamp instead of reinstalling, which would
# point the editable install at the worktree
$(STAMP): pyproject.toml
	@if [ -x $(BIN)/python ] && [ "$$(cat $(STAMP) 2>/dev/null)" = "$$(sha256sum pyproject.toml | cut -d' ' -f1)" ]; \
		then touch $(STAMP); else $(MAKE) --no-print-directory install-venv; fi

install-venv:
	@test -n "$(PY)" || { echo "Makefile: no python3.11 or python3 on PATH; install Python 3.11 or run 'make PY=/path/to/python3.11'"; exit 2; }
	@$(PY) -c 'import sys; sys.exit(sys.version_info[:2] != (3, 11))' || { echo "Makefile: $(PY) is not Python 3.11; run 'make PY=/path/to/python3.11'"; exit 2; }
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --no-compile -e '.[site,test]'   # no .pyc for every file of torch: a module is compiled when first imported (setup 141 s -> 101 s on a fresh clone here)
	$(BIN)/python tools/precompile.py   # .pyc of the third-party modules used: ~3.5 s less for every process after
	sha256sum pyproject.toml | cut -d' ' -f1 > $(STAMP)

## verify: recompute every claim on every page; writes build/verify/
verify: $(STAMP)
	$(BIN)/python -m verify

## pin: review a page's changed statements (更尖, 不一定, 本站没有测过: words no computation checks) change by change:
##      each is shown as old sentence -> new sentence with the words that changed, and asked y/n at the terminal;
##      the accepted ones go into the page's pin file (checker/pins/<path under docs/>.yaml: each sentence and its
##      words, the text the arrangement check reads), a refused one keeps failing. PAGE=docs/… pins one page (or
##      several), none every page; a new page is pinned whole. Without a terminal it lists the changes and pins
##      nothing (exit 1) unless ACCEPT_ALL=1, which pins and prints every change but the held ones (an edit of a
##      pinned sentence that verify reports: a negation, modal or term replaced, a link sent elsewhere), or LINES=12,40,
##      which pins only the changes at those lines of one PAGE, held ones included (12.2: the second change of a line
##      that holds several, as `held` names it). A reviewer reads the same with
##      `python -m verify --changes BASE`; `python -m checker.statements PAGE` lists a page's words line by line
pin: $(STAMP)
	$(BIN)/python -m checker.pin $(if $(ACCEPT_ALL),--accept-all) $(if $(LINES),--accept-lines $(LINES)) $(PAGE)

## site: verify, then build the static site into site/ (strict): `python -m sitegen` (run by the MkDocs hook) writes
##       the generated tree and the plain outputs into build/sitegen/, MkDocs renders it; a page that failed
##       verification refuses the build (one line per page) and the previous site/ stays as it was
site: verify
	$(BIN)/python -m mkdocs build --strict

## mutations: the whole mutation corpus (tests/mutations/): realistic edits generated from the real
##            pages and files, checked on scratch copies; prints the kill rate per class; then mutation
##            testing of kernels/ against tests/kernels/ (target 90%; about 12 minutes in all)
mutations: $(STAMP)
	$(BIN)/python -m tests.mutations.run
	$(BIN)/python -m tests.mutations.kernel_mutants

## serve: build and serve the verified site on $(HOST):$(PORT)
serve: site
	@echo "serving site/ on http://$(HOST):$(PORT)/"
	$(BIN)/python hooks/serve.py --host $(HOST) --port $(PORT) --dir site

## dev: live preview for authors on $(HOST):$(PORT) (sitegen/dev.py): an edit of a page, a verify module, a kernel or
##      committed data re-verifies the pages it reaches, renders only those again and reloads the browser (about two
##      seconds after the save); a failing page shows one red status with its one-line messages instead of stopping
.PHONY: dev
dev: $(STAMP)
	$(BIN)/python -m sitegen.dev --host $(HOST) --port $(PORT)

unit: $(STAMP)
	$(BIN)/python -m pytest tests

## browser-deps: Debian's chromium, chromedriver and a CJK font for the real-browser tests (root or sudo)
browser-deps:
	@if command -v chromium >/dev/null && command -v chromedriver >/dev/null && fc-list :lang=zh | grep -q .; then :; \
	else SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends chromium chromium-driver fonts-wqy-zenhei >/dev/null; fi

## test: everything CI runs. pytest runs on two workers, one test file per worker at a time
##       (--dist loadfile keeps each file's module fixtures, e.g. one browser, in one process)
test: $(STAMP) browser-deps
	$(BIN)/python -m verify
	$(BIN)/python -m mkdocs build --strict
	$(BIN)/python -m pytest -n 2 --dist loadfile

## labs: execute every lab notebook headless and compare with its committed outputs and results,
##       one line per route; UPDATE=1 stores fresh outputs in the notebooks and results/labs/ (commit them);
##       ROUTE=route_g runs one route only
labs: $(STAMP)
	$(BIN)/python -m labs.notebooks $(if $(UPDATE),--update) $(if $(ROUTE),--route $(ROUTE))

notebooks: labs

clean:
	rm -rf build site

# --------------------------------------------------------------------------- trained checkpoints (DESIGN.md §5)
.PHONY: checkpoints gpu

## checkpoints: train the reversal seq2seq pair into results/seq2seq/ and the pixel-QA / key-location
##              models into results/pixel_qa/ (CUDA when present, else CPU); refuses to overwrite
##              the committed checkpoints unless FORCE=1
##              (the four sets are independent, one thread each: they train two at a time)
checkpoints:
	$(MAKE) -j2 --output-sync=target checkpoints-seq2seq checkpoints-pixel-qa checkpoints-route-c checkpoints-route-g

.PHONY: checkpoints-seq2seq checkpoints-pixel-qa checkpoints-route-c checkpoints-route-g
checkpoints-seq2seq: $(STAMP)
	$(BIN)/python -m training.train $(if $(FORCE),--force)

## checkpoints-pixel-qa: lecture §6.4 and §6.10, three seeds per arm, CPU about 35 s per model (float64)
checkpoints-pixel-qa: $(STAMP)
	$(BIN)/python -m training.pixel_qa_diagnose --train $(if $(FORCE),--force)

## checkpoints-route-c: lab route C sweep (lecture §8.4), 108 small runs on the CPU, about 4.5 min of CPU
checkpoints-route-c: $(STAMP)
	$(BIN)/python -m training.route_c_train $(if $(FORCE),--force)

## checkpoints-route-g: lab route G's fact decoders (lecture §7.11/§7.17), three seeds, CPU about a minute in all
checkpoints-route-g: $(STAMP)
	$(BIN)/python -m training.route_g_train $(if $(FORCE),--force)

## gpu: retrain (seq2seq, pixel QA, key task, lab routes C and G) on CUDA, rerun the diagnostics, compare with the committed CPU references;
##      then fused vs naive attention at the FlashAttention Figure 2 configuration
##      (torch + numpy only, no venv needed; without CUDA it says so and exits 0)
GPU_PY ?= $(if $(wildcard $(BIN)/python),$(BIN)/python,python3)
gpu:
	$(GPU_PY) training/gpu.py
	$(GPU_PY) benchmarks/gpu_attention.py --out build/gpu/attention.json

## bench-verify: how long make verify takes cold, re-checked, warm, and for one edited page (not part of make test)
.PHONY: bench-verify
bench-verify: $(STAMP)
	$(BIN)/python benchmarks/verify_speed.py

## bench-site: save-to-refresh time of make dev, the mkdocs build, cold verify (not part of make test)
.PHONY: bench-site
bench-site: $(STAMP)
	$(BIN)/python benchmarks/site_speed.py

## bench: measured speed and memory for lecture chapter 7 (not part of make test);
## writes benchmarks/results/cpu-latest.json; `python benchmarks/run.py --update` replaces the
## committed cpu.json that the chapter's pages read (then update the pages' numbers)
.PHONY: bench
bench: $(STAMP)
	$(BIN)/python benchmarks/run.py
