"""``python -m bench [section ...]``: run the bench (every section but ``tables`` by
default) and write bench/results.json. Sections: roll work sheet dashboard page feed
pool dice tables (minutes long: only when named)."""

from __future__ import annotations

import argparse
import json
import os
import platform
import time
from datetime import UTC, datetime
from pathlib import Path

from bench import environment

SECTIONS = ("roll", "work", "sheet", "dashboard", "page", "feed", "pool", "dice")
NAMED_ONLY = ("tables",)
RESULTS = Path(__file__).resolve().parent / "results.json"
FEED_CLIENTS = ((50, 15), (500, 8))  # (clients, rolls)


def python_speed(steps: int = 10_000_000) -> float:
    """Seconds this interpreter takes for a plain loop of ``steps`` additions, the best
    of three: the machines a session gets differ up to 2.5 times for the same Python
    (and an interpreter built without optimisation runs it 1.5-2 times slower), so a
    figure in ms is read beside this one."""
    best = float("inf")
    for _ in range(3):
        started, total = time.perf_counter(), 0
        for step in range(steps):
            total += step
        best = min(best, time.perf_counter() - started)
    return round(best, 3)


def machine() -> dict:
    memory = None
    try:
        with open("/proc/meminfo") as meminfo:
            memory = round(int(meminfo.readline().split()[1]) / 1024 / 1024)
    except OSError:
        pass
    return {"cores": os.cpu_count(), "memory_gb": memory, "python": platform.python_version(),
            "system": platform.platform(), "load_average_before": os.getloadavg()[0],
            "python_loop_seconds": python_speed()}  # fmt: skip


def run(sections: list[str], out: Path, tables_url: str | None = None) -> dict:
    run_info = environment.prepare()
    environment.setup_django()

    from bench import data, feed, inprocess, rolls, server
    from bench.client import Browser
    from bench.page import cold_load
    from bench.report import report

    started = time.monotonic()
    results = {"when": datetime.now(UTC).isoformat(timespec="seconds"), "machine": machine(),
               "database": run_info["database"], "redis": run_info["redis"],
               "workers": 2}  # fmt: skip
    marks = {"last": time.monotonic()}

    def section(name: str) -> None:
        """Note the time the previous step took, save what is measured so far (a run cut
        short keeps its figures), and say what comes next."""
        now = time.monotonic()
        results.setdefault("section_seconds", {})[marks.get("name", "setup")] = round(
            now - marks["last"], 1
        )
        marks.update(last=now, name=name)
        out.write_text(json.dumps(results, indent=1, default=str) + "\n")
        print(f"{name} ...", flush=True)

    table = data.make_table()
    try:
        sessionid = data.session_for(table.player)
        if {"roll", "page", "feed"} & set(sections):
            with server.uvicorn(workers=2) as port:
                results["roll_check"] = {
                    slug: rolls.check_roll(port, sessionid, character)
                    for slug, character in table.characters.items()
                }
                if "roll" in sections:
                    section("roll latency")
                    results["roll"] = {"latency": rolls.latency(port, sessionid, table.characters)}
                    section("roll throughput")
                    mutant = table.characters["mutant"]
                    eight = [mutant, *data.extra_characters(table, "mutant", 7)]
                    results["roll"]["one_sheet"] = rolls.throughput(port, sessionid, [mutant])
                    results["roll"]["eight_sheets"] = rolls.throughput(port, sessionid, eight)
                if "page" in sections:
                    section("page")

                    fetch = _fetcher(Browser(port, sessionid))
                    fetch_gm = _fetcher(Browser(port, data.session_for(table.gm)))
                    from django.urls import reverse

                    results["page"] = {slug: cold_load(fetch, character.get_absolute_url())
                                       for slug, character in table.characters.items()}  # fmt: skip
                    results["page"]["dashboard"] = cold_load(
                        fetch_gm, reverse("party_dashboard", args=[table.party.pk])
                    )
                if "feed" in sections and run_info["redis"]:
                    section("feed")
                    results["feed"] = _feed(feed, port, sessionid, table, workers=2)
            if "feed" in sections and not run_info["redis"]:
                # without Redis each process has its own feed: one worker is the setup
                section("feed")
                with server.uvicorn(workers=1) as port:
                    results["feed"] = _feed(feed, port, sessionid, table, workers=1)
        if "work" in sections:
            section("work")
            data.refill(table)
            results["work"] = inprocess.roll_work(table.player, table.characters, renders=40)
        if "sheet" in sections:
            section("sheet")
            results["sheet"] = inprocess.sheets(table.player, table.characters)
        if "dashboard" in sections:
            section("dashboard")
            results["dashboard"] = {
                str(size): inprocess.dashboard(table.gm, data.party_of(table, size))
                for size in (5, 50)
            }
        if "pool" in sections and run_info["database"] == "postgresql":
            section("pool")
            results["pool"] = _pool(rolls, server, sessionid, table)
        if "dice" in sections:
            section("dice")
            from sheets.systems.dice.bench import measure

            results["dice"] = measure()
        if "tables" in sections:
            section("tables")
            from bench import tables

            results["tables"] = tables.measure(tables_url)
    finally:
        data.remove(table)
        environment.cleanup(run_info)
    section("report")
    results["seconds"] = round(time.monotonic() - started, 1)
    results["machine"]["load_average_after"] = os.getloadavg()[0]
    report(results)
    out.write_text(json.dumps(results, indent=1) + "\n")
    print(f"\nwritten to {out}")
    return results


def _fetcher(browser):
    def fetch(path, accept):
        answer = browser.get(path, **{"Accept-Encoding": accept})
        return answer.status, answer.headers, answer.body

    return fetch


def _feed(feed, port, sessionid, table, workers):
    figures = {}
    for clients, count in FEED_CLIENTS:
        print(f"feed: {clients} clients ...", flush=True)
        figures[str(clients)] = feed.measure(port, sessionid, table.party,
                                             table.characters["mutant"], clients, count,
                                             workers)  # fmt: skip
    figures["workers"] = workers
    return figures


def _pool(rolls, server, sessionid, table):
    """The same interleaved rolls and pages (fresh connections, one system) with
    psycopg's pool off and on."""
    figures = {}
    mutant = {"mutant": table.characters["mutant"]}
    for label, value in (("off", "0"), ("on", "1")):
        print(f"pool {label} ...", flush=True)
        with server.uvicorn(workers=2, DATABASE_POOL=value) as port:
            latency = rolls.latency(port, sessionid, mutant)
        figures[label] = {
            row["connection"]: {"roll": row["roll"], "trivial": row["trivial"]}
            for row in latency.values()
        }
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    every = SECTIONS + NAMED_ONLY
    parser.add_argument("sections", nargs="*", help=" ".join(every))
    parser.add_argument("--out", type=Path, default=RESULTS)
    parser.add_argument("--tables-url", default=os.environ.get("BENCH_TABLES_URL"),
                        help="tables: load a server already running (http://host:port, "
                        "e.g. the proxy) instead of starting uvicorn")  # fmt: skip
    arguments = parser.parse_args()
    unknown = set(arguments.sections) - set(every)
    if unknown:
        parser.error(f"no section {', '.join(sorted(unknown))}; choose from {' '.join(every)}")
    run(arguments.sections or list(SECTIONS), arguments.out, arguments.tables_url)


if __name__ == "__main__":
    main()
