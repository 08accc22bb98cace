#!/usr/bin/env python3
"""Write the nginx site for Tableside (deploy/nginx/tableside.conf.in) for your nodes.

    python3 deploy/nginx_site.py --server-name table.example \\
        --node 10.0.0.11:8000 --node 10.0.0.12:8000 > /etc/nginx/sites-available/tableside

HTTPS on 443 (certificates from Let's Encrypt's usual place unless --cert/--key say
otherwise) with plain HTTP redirected; or --plain ADDRESS:PORT for plain HTTP alone (a
test, or TLS ended by something in front). The standard library only.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

HERE = Path(__file__).resolve().parent
TEMPLATE = HERE / "nginx" / "tableside.conf.in"
PROXY_PARAMS = HERE / "nginx" / "tableside-proxy-params.conf"
PLACEHOLDER = re.compile(r"\{\{(\w+)\}\}")


def tls_listen(server_name: str, cert: str | None, key: str | None) -> str:
    live = f"/etc/letsencrypt/live/{server_name}"
    return "\n".join(
        [
            "    listen 443 ssl http2;",
            "    listen [::]:443 ssl http2;",
            f"    ssl_certificate {cert or live + '/fullchain.pem'};",
            f"    ssl_certificate_key {key or live + '/privkey.pem'};",
            "    ssl_protocols TLSv1.2 TLSv1.3;",
            "    ssl_session_cache shared:tableside_tls:10m;",
        ]
    )


def http_redirect(server_name: str) -> str:
    return "\n".join(
        [
            "# Plain HTTP: certificate renewals (certbot --webroot), everything else to HTTPS.",
            "server {",
            "    listen 80;",
            "    listen [::]:80;",
            f"    server_name {server_name};",
            "    location /.well-known/acme-challenge/ { root /var/www/letsencrypt; }",
            "    location / { return 301 https://$host$request_uri; }",
            "}",
            "",
        ]
    )


def render(
    nodes: list[str],
    *,
    server_name: str = "table.example",
    static_root: str = "/srv/tableside/app/.staticfiles",
    proxy_params: str = "/etc/nginx/snippets/tableside-proxy-params.conf",
    plain: str | None = None,
    cert: str | None = None,
    key: str | None = None,
    brotli: bool = True,
    max_fails: int = 1,
    fail_timeout: str = "10s",
) -> str:
    if not nodes:
        raise ValueError("at least one --node ADDRESS:PORT")
    values = {
        "upstream_servers": "\n".join(
            f"    server {node} max_fails={max_fails} fail_timeout={fail_timeout};"
            for node in nodes
        ),
        "max_fails": str(max_fails),
        "fail_timeout": fail_timeout,
        "redirect_server": "" if plain else http_redirect(server_name),
        "listen": f"    listen {plain};" if plain else tls_listen(server_name, cert, key),
        "server_name": server_name,
        "static_root": static_root.rstrip("/"),
        "brotli_static": "        brotli_static on;" if brotli else "        # (no brotli module)",
        "proxy_params": proxy_params,
    }
    return PLACEHOLDER.sub(lambda match: values[match.group(1)], TEMPLATE.read_text())


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--node",
        action="append",
        required=True,
        metavar="ADDRESS:PORT",
        help="an app node (uvicorn); give two or more",
    )
    parser.add_argument("--server-name", default="table.example")
    parser.add_argument(
        "--static-root",
        default="/srv/tableside/app/.staticfiles",
        help="collectstatic's output (STATIC_ROOT)",
    )
    parser.add_argument(
        "--proxy-params",
        default="/etc/nginx/snippets/tableside-proxy-params.conf",
        help="where tableside-proxy-params.conf is installed",
    )
    parser.add_argument("--plain", metavar="ADDRESS:PORT", help="plain HTTP only, on this")
    parser.add_argument("--cert", help="the certificate chain (PEM)")
    parser.add_argument("--key", help="its private key (PEM)")
    parser.add_argument(
        "--no-brotli",
        dest="brotli",
        action="store_false",
        help="without libnginx-mod-http-brotli-static",
    )
    parser.add_argument("--max-fails", type=int, default=1)
    parser.add_argument("--fail-timeout", default="10s")
    options = vars(parser.parse_args(argv))
    print(render(options.pop("node"), **options), end="")


if __name__ == "__main__":
    main()
