"""Verification of the pages: claims checker, verify functions per chapter, checkpoint diagnostics."""
