"""A phone's view of the table without a phone or a network: the browser is told to use
this proxy (on 127.0.0.1), opens http://<this machine's LAN address>:<port>/ and sends
each request here in absolute form with ``Host: <LAN address>:<port>``. The proxy
forwards it, Host unchanged, to the table on 127.0.0.1 and pipes the answer back (a live
feed streams through). It never connects anywhere but 127.0.0.1:<the table's port>, so
nothing leaves this machine, nor even goes to its LAN address."""

from __future__ import annotations

import contextlib
import socket
import threading
from urllib.parse import urlsplit


def pipe(source: socket.socket, target: socket.socket) -> None:
    with contextlib.suppress(OSError):
        while data := source.recv(65536):
            target.sendall(data)
    with contextlib.suppress(OSError):
        target.shutdown(socket.SHUT_WR)


class LanAddressProxy:
    def __init__(self, table_port: int, lan_host: str):
        self.table_port = table_port
        self.lan_host = lan_host  # the authority a request must name: LAN address:port
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.server = f"http://127.0.0.1:{self.port}"
        self.seen_hosts: list[str] = []
        self.connections: list[socket.socket] = []

    def start(self) -> LanAddressProxy:
        threading.Thread(target=self._accept, daemon=True).start()
        return self

    def stop(self) -> None:
        self.listener.close()
        for connection in self.connections:
            with contextlib.suppress(OSError):
                connection.close()

    def _accept(self) -> None:
        with contextlib.suppress(OSError):
            while True:
                client, _ = self.listener.accept()
                threading.Thread(target=self._serve, args=(client,), daemon=True).start()

    def _serve(self, client: socket.socket) -> None:
        upstream = socket.create_connection(("127.0.0.1", self.table_port))
        self.connections += [client, upstream]
        threading.Thread(target=pipe, args=(upstream, client), daemon=True).start()
        reader = client.makefile("rb")
        with contextlib.suppress(OSError, ValueError):
            while request := self._request(reader):
                upstream.sendall(request)
        for connection in (client, upstream):
            with contextlib.suppress(OSError):
                connection.shutdown(socket.SHUT_WR)

    def _request(self, reader) -> bytes | None:
        """One request, its target made origin-form again; None at the end."""
        line = reader.readline()
        if not line:
            return None
        method, target, version = line.rstrip(b"\r\n").split(b" ", 2)
        url = urlsplit(target.decode("ascii"))
        if url.scheme != "http" or url.netloc != self.lan_host:
            raise ValueError(f"not a request for the table: {line!r}")
        self.seen_hosts.append(url.netloc)
        path = (url.path or "/") + (f"?{url.query}" if url.query else "")
        head, length = [], 0
        while (header := reader.readline()) not in (b"\r\n", b"\n", b""):
            name, _, value = header.partition(b":")
            if name.strip().lower() == b"proxy-connection":
                continue
            if name.strip().lower() == b"content-length":
                length = int(value.strip())
            head.append(header)
        body = reader.read(length) if length else b""
        return b"".join([method, b" ", path.encode("ascii"), b" ", version, b"\r\n",
                         *head, b"\r\n", body])  # fmt: skip
