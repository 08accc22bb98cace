"""The server's source of randomness, replaceable in tests.

Production rolls use ``secrets.SystemRandom()``. Tests inject scripted or seeded
dice with ``use_rng(ScriptedRNG([...]))`` so a view test knows every face.
"""

import secrets
from contextlib import contextmanager

_override = None


def server_rng():
    return _override if _override is not None else secrets.SystemRandom()


@contextmanager
def use_rng(rng):
    global _override
    previous, _override = _override, rng
    try:
        yield rng
    finally:
        _override = previous
