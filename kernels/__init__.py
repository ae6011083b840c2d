"""The course's math, each formula implemented once (float64 numpy; torch twins where models need them).

Verify functions and notebooks call these; they never re-derive a formula themselves.
"""
