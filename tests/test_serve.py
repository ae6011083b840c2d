"""hooks/serve.py on a small hand-made site: the site's 404 page, no directory listings, gzip, the
sitemap's origin, the Markdown Link header, 304 for an unchanged file."""
from __future__ import annotations

import gzip
import json
import urllib.error
import urllib.request

import pytest

from hooks.serve import accepts_gzip, start


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    root = tmp_path_factory.mktemp("site")
    (root / "index.html").write_text("<h1>home</h1>", encoding="utf-8")
    (root / "404.html").write_text("<h1>404 - 找不到页面</h1>", encoding="utf-8")
    (root / "sitemap.xml").write_text("<urlset><url><loc>http://127.0.0.1:8000/a/</loc></url>"
                                      "<url><loc> https://example.org/b/</loc></url></urlset>", encoding="utf-8")
    (root / "a").mkdir()
    (root / "a" / "index.html").write_text("<h1>a</h1>", encoding="utf-8")
    (root / "a" / "index.md").write_text("---\nid: a\n---\n# a\n", encoding="utf-8")
    (root / "empty").mkdir()
    (root / "data.json").write_text(json.dumps({"words": ["注意力"] * 2000}), encoding="utf-8")
    server = start(str(root))
    yield f"http://127.0.0.1:{server.server_port}/"
    server.shutdown()


def get(url: str, **headers) -> tuple[int, dict, bytes]:
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=10) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def test_unknown_url_and_folder_without_index_get_the_sites_404_page(site):
    for path in ("no/such/page/", "empty/", "a/missing.png"):
        status, headers, body = get(site + path)
        assert status == 404 and headers["Content-Type"].startswith("text/html"), path
        assert "找不到页面" in body.decode("utf-8"), path


def test_folder_without_slash_redirects(site):
    status, headers, _ = get(site + "a")  # urllib follows the redirect
    assert status == 200


def test_text_is_gzipped_only_for_clients_that_accept_it(site):
    status, headers, packed = get(site + "data.json", **{"Accept-Encoding": "br, gzip;q=0.8"})
    assert status == 200 and headers["Content-Encoding"] == "gzip" and headers["Vary"] == "Accept-Encoding"
    _, plain_headers, plain = get(site + "data.json")
    assert "Content-Encoding" not in plain_headers and gzip.decompress(packed) == plain
    assert int(headers["Content-Length"]) == len(packed) < len(plain)
    _, refused, _ = get(site + "data.json", **{"Accept-Encoding": "gzip;q=0"})
    assert "Content-Encoding" not in refused


def test_accept_encoding_parsing():
    assert accepts_gzip("gzip, deflate, br") and accepts_gzip("*") and accepts_gzip("br;q=1.0, gzip;q=0.5")
    assert not accepts_gzip("") and not accepts_gzip("br") and not accepts_gzip("gzip;q=0") \
        and not accepts_gzip("gzip; q=0.0")


def test_sitemap_names_the_origin_the_client_used(site):
    _, _, body = get(site + "sitemap.xml", **{"Accept-Encoding": "gzip"})
    text = gzip.decompress(body).decode("utf-8") if body[:2] == b"\x1f\x8b" else body.decode("utf-8")
    origin = site.rstrip("/")
    assert f"<loc>{origin}/a/</loc>" in text and f"<loc>{origin}/b/</loc>" in text and "8000" not in text


def test_page_with_markdown_beside_it_announces_it_in_a_link_header(site):
    _, headers, _ = get(site + "a/")
    assert headers["Link"] == '</a/index.md>; rel="alternate"; type="text/markdown"'
    _, headers, _ = get(site + "a/index.html")
    assert headers["Link"] == '</a/index.md>; rel="alternate"; type="text/markdown"'
    _, home, _ = get(site)
    assert "Link" not in home
    status, headers, body = get(site + "a/index.md")
    assert status == 200 and headers["Content-Type"].startswith("text/markdown") and body.startswith(b"---\n")


def test_unchanged_file_answers_304(site):
    _, headers, _ = get(site + "a/")
    status, _, body = get(site + "a/", **{"If-Modified-Since": headers["Last-Modified"]})
    assert status == 304 and body == b""
    status, _, _ = get(site + "a/", **{"If-Modified-Since": "Thu, 01 Jan 1970 00:00:00 GMT"})
    assert status == 200
