"""uvicorn's HTTP/1.1 protocol with Nagle's algorithm off on every connection.

With ``--workers N`` uvicorn binds the listening socket itself (``socket.socket(family,
SOCK_STREAM)``: protocol number 0), and asyncio only sets TCP_NODELAY on accepted
sockets whose protocol number is IPPROTO_TCP, so each worker's connections keep Nagle on.
h11 writes a response's head and body in two writes: on a reused (keep-alive)
connection the body then waits for the ACK of the head, which the browser delays by up
to 40 ms. Every request on a kept-alive connection paid ~40 ms (measured by `make
bench`). Run production with this protocol::

    uvicorn config.asgi:application --workers 2 --http config.http:NoDelayH11Protocol
"""

from __future__ import annotations

import contextlib
import socket

from uvicorn.protocols.http.h11_impl import H11Protocol


def set_nodelay(transport) -> None:
    sock = transport.get_extra_info("socket")
    if sock is None or sock.family not in (socket.AF_INET, socket.AF_INET6):
        return  # a Unix socket has no Nagle
    with contextlib.suppress(OSError):  # the peer already left: nothing to speed up
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)


class NoDelayH11Protocol(H11Protocol):
    def connection_made(self, transport):
        set_nodelay(transport)
        super().connection_made(transport)
