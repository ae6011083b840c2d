"""Authoring and site tools beside the checker: verified figures, the page scaffold, the statistics report,
the kernel reference page."""
