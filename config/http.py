"""The server's event loop and HTTP/1.1 protocol: uvloop and httptools (uvicorn's C
ones), with Nagle's algorithm off on every connection.

With ``--workers N`` uvicorn binds the listening socket itself (``socket.socket(family,
SOCK_STREAM)``: protocol number 0), and asyncio only sets TCP_NODELAY on accepted
sockets whose protocol number is IPPROTO_TCP, so each worker's connections keep Nagle on.
A response's head and body go out in two writes: on a reused (keep-alive) connection
the body then waits for the ACK of the head, which the browser delays by up to 40 ms.
Every request on a kept-alive connection paid ~40 ms (measured by `make bench`).

uvloop and httptools instead of asyncio's loop and h11, under the ``tables`` bench
(README, "Capacity"): at 250 tables (1,500 open feeds) the server's CPU a roll went
from 22.6-23.3 to 20.7-20.8 ms, the roll p99 from 274-312 to 148-227 ms and the feed's
from 161-211 to 66-93 ms; at 200 tables, runs taken in turns, 21.3-21.8 against
22.0-23.4 ms a roll and a feed p99 of 29-33 against 38-46 ms. At 25 tables they made
no difference: the more feeds are open, the more of a worker's time is the event
loop's. Every command that serves the app takes its options from ``SERVER_OPTIONS``::

    uvicorn config.asgi:application --workers 2 --loop uvloop \\
        --http config.http:NoDelayHttpToolsProtocol
"""

from __future__ import annotations

import contextlib
import socket

from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

LOOP = "uvloop"
PROTOCOL = "config.http:NoDelayHttpToolsProtocol"
SERVER_OPTIONS = ["--loop", LOOP, "--http", PROTOCOL]


def set_nodelay(transport) -> None:
    sock = transport.get_extra_info("socket")
    if sock is None or sock.family not in (socket.AF_INET, socket.AF_INET6):
        return  # a Unix socket has no Nagle
    with contextlib.suppress(OSError):  # the peer already left: nothing to speed up
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)


class NoDelayHttpToolsProtocol(HttpToolsProtocol):
    def connection_made(self, transport):
        set_nodelay(transport)
        super().connection_made(transport)


class NoDelayH11Protocol(H11Protocol):
    """The same on uvicorn's pure-Python parser, for a Python where httptools does not
    build (``--http config.http:NoDelayH11Protocol --loop asyncio``)."""

    def connection_made(self, transport):
        set_nodelay(transport)
        super().connection_made(transport)
