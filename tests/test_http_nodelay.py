"""Every connection uvicorn accepts has Nagle's algorithm off (config/http.py): with
`--workers` asyncio leaves it on, and a kept-alive connection then paid ~40 ms per
request (the browser's delayed ACK of the response head)."""

import asyncio
import socket

import pytest
from uvicorn.config import Config
from uvicorn.server import ServerState

from config.http import NoDelayH11Protocol, NoDelayHttpToolsProtocol, set_nodelay


class Transport:
    """Just what the protocol asks of its transport here: the socket."""

    def __init__(self, sock):
        self.sock = sock

    def get_extra_info(self, name, default=None):
        return self.sock if name == "socket" else default


def accepted_pair():
    # socket.socket(AF_INET, SOCK_STREAM) has protocol number 0, as uvicorn's own
    # listening socket: asyncio would not turn Nagle off on what it accepts
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    client = socket.create_connection(listener.getsockname())
    server, _ = listener.accept()
    listener.close()
    return client, server


def nodelay(sock) -> bool:
    return bool(sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))


def test_an_accepted_connection_starts_with_nagle_on_and_leaves_with_it_off():
    client, server = accepted_pair()
    try:
        assert server.proto == 0 and not nodelay(server)
        set_nodelay(Transport(server))
        assert nodelay(server)
    finally:
        client.close()
        server.close()


@pytest.mark.parametrize("protocol_class", [NoDelayHttpToolsProtocol, NoDelayH11Protocol])
def test_the_protocol_turns_nagle_off_as_the_connection_is_made(protocol_class):
    config = Config(app=lambda scope, receive, send: None, http=protocol_class)
    config.load()
    loop = asyncio.new_event_loop()
    client, server = accepted_pair()
    try:
        protocol = protocol_class(config, ServerState(), {}, _loop=loop)
        protocol.connection_made(Transport(server))
        assert nodelay(server)
        assert protocol.client[0] == "127.0.0.1"  # uvicorn's own set-up ran too
    finally:
        client.close()
        server.close()
        loop.close()


def test_a_unix_socket_is_left_alone():
    left, right = socket.socketpair()
    try:
        set_nodelay(Transport(left))  # no TCP option on a Unix socket: no error either
    finally:
        left.close()
        right.close()
