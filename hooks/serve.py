"""A static file server for the built site with the content types agents expect
(`index.md` as text/markdown, `.json` as application/json, `llms.txt` as text/plain), bound to loopback.

    python hooks/serve.py [--port 8000] [--dir site]
"""
from __future__ import annotations

import argparse
import functools
import http.server
import threading

TYPES = {".md": "text/markdown; charset=utf-8", ".json": "application/json; charset=utf-8",
         ".txt": "text/plain; charset=utf-8", ".js": "text/javascript; charset=utf-8",
         ".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8"}


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}

    def log_message(self, format, *args):  # keep test output quiet
        pass


def start(directory: str, host: str = "127.0.0.1", port: int = 0) -> http.server.ThreadingHTTPServer:
    """Serve `directory` in a background thread; port 0 picks a free one (server.server_port)."""
    handler = functools.partial(SiteHandler, directory=directory)
    server = http.server.ThreadingHTTPServer((host, port), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--dir", default="site")
    args = parser.parse_args()
    handler = functools.partial(SiteHandler, directory=args.dir)
    with http.server.ThreadingHTTPServer((args.host, args.port), handler) as server:
        print(f"serving {args.dir}/ on http://{args.host}:{args.port}/")
        server.serve_forever()
