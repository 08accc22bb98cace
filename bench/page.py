"""`page`: bytes on the wire for a cold load of a page: its HTML, every stylesheet and
script it links, and the parts the page asks for as soon as it is up (a sheet's tabs,
the feed's catch-up), each fetched as a browser with an empty cache would, asking for
brotli or gzip. Bodies as sent (compressed where the server compresses); response
headers are not counted."""

from __future__ import annotations

import re
from collections.abc import Callable

ACCEPT = "gzip, deflate, br"
ASSET = re.compile(
    r"""<link\b[^>]*\brel=["']stylesheet["'][^>]*\bhref=["']([^"']+)["']"""
    r"""|<link\b[^>]*\bhref=["']([^"']+)["'][^>]*\brel=["']stylesheet["']"""
    r"""|<script\b[^>]*\bsrc=["']([^"']+)["']""",
    re.IGNORECASE,
)
# what a page fetches once it is up: the sheet's tabs, the feed's rolls
FOLLOW_UP = re.compile(r"""<[^>]*\bdata-(?:deferred-tab|feed-catch-up)\b[^>]*>""", re.IGNORECASE)
HX_GET = re.compile(r"""\bhx-get=["']([^"']+)["']""")
TARGET_KB = 100

# fetch(path, accept_encoding) -> (status, {lower-case header: value}, body as sent)
Fetch = Callable[[str, str], tuple[int, dict, bytes]]


def assets(html: str) -> list[str]:
    """The stylesheets and scripts a page links, in order, once each."""
    found = []
    for match in ASSET.finditer(html):
        url = next(group for group in match.groups() if group)
        if url not in found:
            found.append(url)
    return found


def follow_ups(html: str) -> list[str]:
    """The partials a page asks for as soon as it is up, in order, once each."""
    found = []
    for tag in FOLLOW_UP.findall(html):
        url = HX_GET.search(tag)
        if url and url.group(1) not in found:
            found.append(url.group(1).replace("&amp;", "&"))
    return found


def _plain(status_headers_body) -> bytes:
    _status, headers, body = status_headers_body
    encoding = headers.get("content-encoding", "")
    if encoding == "gzip":
        import gzip

        return gzip.decompress(body)
    if encoding == "br":
        import brotli

        return brotli.decompress(body)
    return body


def _file(url: str, kind: str, answer) -> dict:
    """One fetched file: its status, bytes as sent and as read, encoding and caching."""
    status, headers, body = answer
    return {"url": url, "kind": kind, "status": status, "bytes": len(body),
            "raw_bytes": len(_plain(answer)), "encoding": headers.get("content-encoding", ""),
            "cache": headers.get("cache-control", "")}  # fmt: skip


def cold_load(fetch: Fetch, path: str) -> dict:
    page = fetch(path, ACCEPT)
    html = _plain(page).decode()
    files = [_file(path, "html", page)]
    for url in assets(html):
        if not url.startswith("/"):
            continue  # nothing is loaded from elsewhere (no CDN)
        files.append(_file(url, "css" if ".css" in url else "js", fetch(url, ACCEPT)))
    for url in follow_ups(html):
        files.append(_file(url, "partial", fetch(url, ACCEPT)))
    total = sum(f["bytes"] for f in files)
    static = [f for f in files if f["kind"] in ("css", "js")]
    return {
        "bytes": total, "raw_bytes": sum(f["raw_bytes"] for f in files),
        "html_bytes": files[0]["bytes"], "html_raw_bytes": files[0]["raw_bytes"],
        "files": len(files), "file_list": files,
        "html_compressed": bool(files[0]["encoding"]),
        "static_compressed": all(f["encoding"] for f in static if f["raw_bytes"] > 1024),
        "static_immutable": all("immutable" in f["cache"] for f in static),
        "errors": [f["url"] for f in files if f["status"] != 200],
        "target_met": total < TARGET_KB * 1024,
    }  # fmt: skip
