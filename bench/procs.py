"""A server's processes as /proc shows them: a process and its descendants (uvicorn's
supervisor and its workers), their CPU time, resident memory and threads."""

from __future__ import annotations

import os
from pathlib import Path

TICKS = os.sysconf("SC_CLK_TCK")
PAGE = os.sysconf("SC_PAGE_SIZE")


def _stat(pid: int) -> list[str] | None:
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return text[text.rindex(")") + 2 :].split()  # after "pid (name) "


def family(pid: int) -> list[int]:
    """``pid`` and every process below it."""
    parents: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and (fields := _stat(int(entry.name))):
            parents.setdefault(int(fields[1]), []).append(int(entry.name))
    found, todo = [], [pid]
    while todo:
        current = todo.pop()
        found.append(current)
        todo.extend(parents.get(current, ()))
    return found


def usage(pids: list[int]) -> dict:
    """CPU seconds (user + system), resident bytes and threads, summed over ``pids``."""
    cpu = rss = threads = 0.0
    for pid in pids:
        fields = _stat(pid)
        if fields is None:
            continue
        cpu += (int(fields[11]) + int(fields[12])) / TICKS  # utime, stime
        threads += int(fields[17])
        rss += int(fields[21]) * PAGE
    return {"cpu_seconds": cpu, "rss_bytes": int(rss), "threads": int(threads)}
