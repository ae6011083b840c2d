"""A static file server for the built site, bound to loopback.

- content types agents expect: `index.md` as text/markdown, `.json` as application/json,
  `llms.txt` as text/plain;
- gzip for text (HTML, JS, CSS, JSON, Markdown, SVG) when the client accepts it, compressed once
  per file version and kept in memory;
- the site's own 404 page (site/404.html) for unknown URLs and for folders without an index.html,
  never a directory listing;
- sitemap.xml with each `<loc>`'s scheme and host replaced by the ones the client asked for: the theme
  uses the sitemap to decide which links it may open in place (instant navigation), and it fixes up the
  host name but not the port, so on any port but the one in `site_url` every click would reload;
- on a page that has its raw Markdown beside it, a `Link: <…/index.md>; rel="alternate";
  type="text/markdown"` header, so an agent finds the Markdown without parsing the HTML.

    python hooks/serve.py [--port 8000] [--dir site]
"""
from __future__ import annotations

import argparse
import email.utils
import functools
import gzip
import http.server
import io
import os
import re
import threading
import urllib.parse

TYPES = {".md": "text/markdown; charset=utf-8", ".json": "application/json; charset=utf-8",
         ".txt": "text/plain; charset=utf-8", ".js": "text/javascript; charset=utf-8",
         ".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8",
         ".svg": "image/svg+xml", ".xml": "application/xml; charset=utf-8", ".map": "application/json; charset=utf-8"}
COMPRESSIBLE = {".md", ".json", ".txt", ".js", ".html", ".css", ".svg", ".xml", ".map"}
MIN_GZIP_BYTES = 1024


def accepts_gzip(header: str) -> bool:
    """Whether an Accept-Encoding header allows gzip (`gzip` or `*`, with a nonzero q)."""
    for item in header.lower().split(","):
        coding, _, params = item.partition(";")
        if coding.strip() in ("gzip", "*"):
            q = re.search(r"q\s*=\s*(\d+(?:\.\d*)?)", params)
            return not q or float(q.group(1)) > 0
    return False


LOC = re.compile(rb"<loc>\s*https?://[^/<\s]+")


@functools.lru_cache(maxsize=512)
def _body(path: str, mtime_ns: int, size: int, origin: str | None, compress: bool) -> bytes:
    """One version of a file (the key includes mtime and size, so edits are seen), its sitemap origins
    replaced when `origin` is given, gzipped when asked."""
    with open(path, "rb") as source:
        data = source.read()
    if origin:
        data = LOC.sub(b"<loc>" + origin.encode("ascii"), data)
    return gzip.compress(data, compresslevel=6, mtime=0) if compress else data


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}

    def log_message(self, format, *args):  # keep test output quiet
        pass

    def send_head(self):
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            parts = urllib.parse.urlsplit(self.path)
            if not parts.path.endswith("/"):  # a folder URL without its slash: redirect, as the stock server does
                self.send_response(http.HTTPStatus.MOVED_PERMANENTLY)
                self.send_header("Location", urllib.parse.urlunsplit(parts._replace(path=parts.path + "/")))
                self.send_header("Content-Length", "0")
                self.end_headers()
                return None
            path = os.path.join(path, "index.html")
        if not os.path.isfile(path):
            return self.send_site_404()
        return self.send_file(path, http.HTTPStatus.OK)

    def send_site_404(self):
        page = os.path.join(self.directory, "404.html")
        if not os.path.isfile(page):
            self.send_error(http.HTTPStatus.NOT_FOUND, "File not found")
            return None
        return self.send_file(page, http.HTTPStatus.NOT_FOUND)

    def send_file(self, path: str, status: int):
        ext = os.path.splitext(path)[1].lower()
        stat = os.stat(path)
        if status == http.HTTPStatus.OK and self.not_modified_since(stat.st_mtime):
            self.send_response(http.HTTPStatus.NOT_MODIFIED)
            self.send_header("Last-Modified", email.utils.formatdate(stat.st_mtime, usegmt=True))
            self.end_headers()
            return None
        use_gzip = (ext in COMPRESSIBLE and stat.st_size >= MIN_GZIP_BYTES
                    and accepts_gzip(self.headers.get("Accept-Encoding", "")))
        origin = self.request_origin() if os.path.basename(path) == "sitemap.xml" else None
        if use_gzip or origin:
            body = io.BytesIO(_body(path, stat.st_mtime_ns, stat.st_size, origin, bool(use_gzip)))
            length = len(body.getbuffer())
        else:
            body = open(path, "rb")
            length = stat.st_size
        self.send_response(status)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Length", str(length))
        self.send_header("Last-Modified", email.utils.formatdate(stat.st_mtime, usegmt=True))
        if ext in COMPRESSIBLE:
            self.send_header("Vary", "Accept-Encoding")
        if use_gzip:
            self.send_header("Content-Encoding", "gzip")
        if status == http.HTTPStatus.OK and os.path.basename(path) == "index.html" \
                and os.path.isfile(os.path.join(os.path.dirname(path), "index.md")):
            folder = urllib.parse.urlsplit(self.path).path.rsplit("/", 1)[0] + "/"
            self.send_header("Link", f'<{folder}index.md>; rel="alternate"; type="text/markdown"')
        self.end_headers()
        return body


    def not_modified_since(self, mtime: float) -> bool:
        """The client's copy (If-Modified-Since) is at least as new as the file: answer 304."""
        since = self.headers.get("If-Modified-Since")
        if not since or self.headers.get("If-None-Match"):
            return False
        try:
            return int(mtime) <= email.utils.parsedate_to_datetime(since).timestamp()
        except (TypeError, ValueError, IndexError, OverflowError):
            return False

    def request_origin(self) -> str | None:
        """scheme://host[:port] as the client addressed this server (None for an unusable Host header)."""
        host = self.headers.get("Host", "")
        if not re.fullmatch(r"[A-Za-z0-9.\-]+(:\d+)?|\[[0-9A-Fa-f:.]+\](:\d+)?", host):
            return None
        return f"http://{host}"


def start(directory: str, host: str = "127.0.0.1", port: int = 0,
          handler_class: type = None) -> http.server.ThreadingHTTPServer:
    """Serve `directory` in a background thread; port 0 picks a free one (server.server_port)."""
    handler = functools.partial(handler_class or SiteHandler, directory=directory)
    server = http.server.ThreadingHTTPServer((host, port), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--dir", default="site")
    args = parser.parse_args()
    handler = functools.partial(SiteHandler, directory=args.dir)
    with http.server.ThreadingHTTPServer((args.host, args.port), handler) as server:
        print(f"serving {args.dir}/ on http://{args.host}:{args.port}/")
        server.serve_forever()
