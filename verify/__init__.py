"""The pages' verify functions, one module per chapter or page group, mirroring docs/: each recomputes a page's
numbers by calling kernels/ and declares whose number each key is (checker.evidence.kinds)."""
