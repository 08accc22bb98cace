"""`tables`: how many tables one server carries. A table is a GM with the dashboard open
and five players with their sheets open, each page's live feed connected; each table
plays one system, the tables the five in turn. Each player rolls their everyday roll
about every 30 s and saves a field (the character's name, posted with the value the
page showed, as the sheet does) about every 20 s; the GM rolls for an NPC about every
60 s. All in this process on asyncio (raw HTTP/1.1), its own CPU time reported.

N steps up (``BENCH_TABLES_STEPS``, default 25, 50, 100, ...; ``BENCH_TABLES_SECONDS``
a step, default 60), each on a freshly started server, until a step breaks a limit.
``url`` (``--tables-url``) points the load at a server already running (a proxy in front
of several nodes) that uses the same database; its CPU and memory are then not read."""

from __future__ import annotations

import asyncio
import gc
import os
import random
import re
import time
from dataclasses import dataclass
from urllib.parse import urlsplit

from bench import procs
from bench.stats import summary

STEPS = (25, 50, 100, 200, 400, 800, 1600)
SECONDS = 60
ROLL_EVERY, SAVE_EVERY, NPC_EVERY = 30.0, 20.0, 60.0
LIMITS = {"roll_p99_ms": 100, "feed_p99_ms": 250}
CONNECT_SECONDS = 60
ARRIVE_SECONDS = 5  # after the last roll, for its cards
# Play starts this long after the last feed opened: opening N x 6 pages at once keeps
# the server busy a few seconds more (each stream's first reads), and the first rolls
# then measured that storm, not the tables' play. A step's CPU is counted from here.
SETTLE_SECONDS = 5
POOL_MIN_SIZE = 12  # each worker's database connections open from the start (a step's)
WARM_ROLLS = 6  # of each kind a system, before a step (each worker's first build templates)
ROLL_PK = re.compile(rb'data-roll-result="(\d+)"')


@dataclass(frozen=True)
class TableSpec:
    index: int
    system: str  # what the table plays: its five characters and the GM's NPC rolls


def plan(count: int, systems: list[str]) -> list[TableSpec]:
    """``count`` tables, the systems in turn (as many tables of each, give or take one)."""
    return [TableSpec(n, systems[n % len(systems)]) for n in range(count)]


def steps_from(text: str | None) -> list[int]:
    """``BENCH_TABLES_STEPS`` ("25,50,100"), rising; the default steps without it."""
    if not text:
        return list(STEPS)
    counts = sorted({int(part) for part in text.replace(" ", "").split(",") if part})
    if not counts or counts[0] < 1:
        raise ValueError(f"BENCH_TABLES_STEPS wants table counts above 0: {text!r}")
    return counts


def within_limits(step: dict) -> list[str]:
    """What a step broke (nothing: it passed): roll p99, feed p99, anything missed or
    failed, a feed that did not connect."""
    broken = []
    for key, figure in (("roll_p99_ms", step["roll"]["p99"]), ("feed_p99_ms",
                                                                step["feed"]["p99"])):  # fmt: skip
        if figure is None or figure >= LIMITS[key]:
            broken.append(f"{key.split('_')[0]} p99 {figure} ms (limit {LIMITS[key]})")
    if step["missed"]:
        broken.append(f"{step['missed']} cards missed")
    if step["errors"]:
        broken.append(f"{step['errors']} requests failed")
    if step["feeds_connected"] < step["feeds"]:
        broken.append(f"{step['feeds'] - step['feeds_connected']} feeds never connected")
    return broken


def runs_from(text: str | None) -> int:
    """``BENCH_TABLES_RUNS``: how many times each step runs (1 without it)."""
    runs = int(text) if text else 1
    if runs < 1:
        raise ValueError(f"BENCH_TABLES_RUNS wants 1 or more: {text!r}")
    return runs


def step_passed(runs: list[dict]) -> bool:
    """A step run several times passes when more than half of its runs kept within the
    limits: one run's p99 rests on its slowest dozen rolls, and the same code on the
    same machine put it either side of the limit in runs minutes apart."""
    return 2 * sum(not run["broken"] for run in runs) > len(runs)


def largest_passing(steps: list[dict]) -> int | None:
    """The largest N whose step and every step below it passed (``step_passed`` over
    the step's runs, each a row)."""
    best = None
    counts = sorted({row["tables"] for row in steps})
    for count in counts:
        if not step_passed([row for row in steps if row["tables"] == count]):
            break
        best = count
    return best


@dataclass
class Load:
    """What the tables' clients saw in a step."""

    rolls: list  # (ms, table index, roll pk, answered at)
    saves: list  # ms
    refused: int = 0  # a roll or save the rules turned down (4xx): nobody's fault here
    errors: int = 0  # 5xx, a dropped connection, a timeout


class Step:
    """One step's N tables against ``host:port``."""

    def __init__(self, host, port, crowd, specs, actions, seconds, seed=0):
        self.host, self.port = host, port
        self.crowd, self.specs, self.actions = crowd, specs, actions
        self.seconds = seconds
        self.random = random.Random(seed)
        self.load = Load(rolls=[], saves=[])
        self.feeds: dict[int, list] = {}  # table index -> its six Feeds

    async def open_feeds(self, paths: dict[int, str]) -> tuple[int, float]:
        from bench.aio import Feed

        started = time.perf_counter()
        self.tasks = []
        for spec in self.specs:
            self.feeds[spec.index] = []
            for seat in range(6):
                feed = Feed()
                self.feeds[spec.index].append(feed)
                sessionid = self.crowd.seats[(spec.index, seat)].sessionid
                self.tasks.append(asyncio.create_task(
                    feed.run(self.host, self.port, paths[spec.index], sessionid)))  # fmt: skip
                if len(self.tasks) % 25 == 0:
                    await asyncio.sleep(0.05)  # people arriving, not one burst of SYNs
        every = [feed for feeds in self.feeds.values() for feed in feeds]
        deadline = time.monotonic() + CONNECT_SECONDS
        while time.monotonic() < deadline and not all(f.open.is_set() for f in every):
            await asyncio.sleep(0.1)
        return sum(f.open.is_set() for f in every), time.perf_counter() - started

    async def play(self) -> None:
        """Every player and GM acting at their pace until the step's time is up."""
        from bench.aio import User

        self.deadline = time.monotonic() + self.seconds
        people = []
        for spec in self.specs:
            for seat in range(6):
                place = self.crowd.seats[(spec.index, seat)]

                def user(place=place):  # a connection each: a slow roll never holds a save
                    return User(self.host, self.port, place.sessionid)

                if seat:
                    people.append(self._every(ROLL_EVERY, self._roll, user(), spec, place))
                    people.append(self._every(SAVE_EVERY, self._save, user(), spec, place))
                else:
                    people.append(self._every(NPC_EVERY, self._npc, user(), spec, place))
        await asyncio.gather(*people)
        await self._cards()
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)

    async def _every(self, period, act, user, spec, place) -> None:
        """``act`` about every ``period`` seconds (±20%), starting at a random moment."""
        pause = self.random.uniform(0, period)
        while time.monotonic() + pause < self.deadline:
            await asyncio.sleep(pause)
            try:
                await asyncio.wait_for(act(user, spec, place), 30)
            except (OSError, TimeoutError, ValueError, asyncio.IncompleteReadError):
                self.load.errors += 1
                user.close()
            pause = period * self.random.uniform(0.8, 1.2)
        user.close()

    async def _roll(self, user, spec, place) -> None:
        url, data = self.actions["roll"][spec.system]
        data = place.roll or data
        await self._rolled(user, spec, url.format(pk=place.character_pk), data)

    async def _npc(self, user, spec, place) -> None:
        url, data = self.actions["npc"][spec.system]
        await self._rolled(user, spec, url.format(pk=self.crowd.parties_of[spec.index]), data)

    async def _rolled(self, user, spec, url, data) -> None:
        from bench.rolls import fresh

        status, body, ms = await user.post(url, fresh(data))
        answered = time.perf_counter()
        found = ROLL_PK.search(body)
        if status == 200 and found:
            self.load.rolls.append((ms, spec.index, int(found.group(1)), answered))
        else:
            self._failed(status)

    async def _save(self, user, spec, place) -> None:
        """The character's name, to the other of two names, with the one the page shows
        as its original (as the sheet's autosave posts it)."""
        base = self.crowd.templates[spec.system].name
        new = base if place.name != base else f"{base} II"
        status, _, ms = await user.post(
            f"/characters/{place.character_pk}/field/character-name/",
            {"character-name": new, "original-character-name": place.name},
        )
        if status == 200:
            place.name = new
            self.load.saves.append(ms)
        else:
            self._failed(status)

    def _failed(self, status: int) -> None:
        if 400 <= status < 500:
            self.load.refused += 1
        else:
            self.load.errors += 1

    async def _cards(self) -> None:
        """Wait (a while) for every roll's card at every feed open when it was answered."""
        until = time.monotonic() + ARRIVE_SECONDS
        while time.monotonic() < until and self.delivery()[1]:
            await asyncio.sleep(0.1)

    def delivery(self) -> tuple[list[float], int]:
        """The delays (ms, answer to card) and how many cards never came."""
        delays, missed = [], 0
        for _, table, pk, answered in self.load.rolls:
            for feed in self.feeds[table]:
                if not feed.was_open(answered):
                    continue
                if pk in feed.arrivals:
                    delays.append(max(0.0, feed.arrivals[pk] - answered) * 1000)
                else:
                    missed += 1
        return delays, missed


def measure_step(host, port, crowd, specs, actions, seconds, server_pid=None,
                 workers=1) -> dict:  # fmt: skip
    """Open the feeds of ``specs``' tables, play ``seconds``, and the step's figures."""
    from bench.feed import _subscribers

    step = Step(host, port, crowd, specs, actions, seconds, seed=len(specs))
    paths = {spec.index: f"/parties/{crowd.parties_of[spec.index]}/events/" for spec in specs}

    def server() -> dict | None:
        return procs.usage(procs.family(server_pid)) if server_pid else None

    async def run() -> dict:
        before = server()
        connected, connect_seconds = await step.open_feeds(paths)
        if server_pid and os.environ.get("REDIS_URL"):  # every worker listening
            until = time.monotonic() + 10
            while _subscribers() < workers and time.monotonic() < until:
                await asyncio.sleep(0.1)
        # This process's own full collections paused its clients for 60-120 ms at a
        # time, and the rolls then in flight measured that: what is alive now is frozen.
        gc.collect()
        gc.freeze()
        await asyncio.sleep(SETTLE_SECONDS)
        with_feeds = server()
        load_before = os.getloadavg()[0]  # the machine is shared: its load beside each figure
        client_cpu, started = time.process_time(), time.perf_counter()
        await step.play()
        wall = time.perf_counter() - started
        after = server()
        return {"before": before, "with_feeds": with_feeds, "after": after, "wall": wall,
                "load_average": [round(load_before, 1), round(os.getloadavg()[0], 1)],
                "client_cpu": time.process_time() - client_cpu, "connected": connected,
                "connect_seconds": connect_seconds}  # fmt: skip

    seen = asyncio.run(run())
    delays, missed = step.delivery()
    rolls = len(step.load.rolls)
    feeds = 6 * len(specs)
    row = {
        "tables": len(specs), "feeds": feeds, "feeds_connected": seen["connected"],
        "connect_seconds": round(seen["connect_seconds"], 1), "seconds": round(seen["wall"], 1),
        "rolls": rolls, "roll": summary([ms for ms, *_ in step.load.rolls]),
        "saves": len(step.load.saves), "save": summary(step.load.saves),
        "feed": summary(delays), "cards": len(delays), "missed": missed,
        "refused": step.load.refused, "errors": step.load.errors,
        "client_cpu_percent": round(100 * seen["client_cpu"] / seen["wall"], 1),
        "load_average": seen["load_average"],  # the machine's 1-minute load, start / end
    }  # fmt: skip
    if seen["after"]:
        before, with_feeds, after = seen["before"], seen["with_feeds"], seen["after"]
        cpu = after["cpu_seconds"] - with_feeds["cpu_seconds"]
        row.update({
            "server_cpu_percent": round(100 * cpu / seen["wall"], 1),
            "cpu_ms_per_roll": round(1000 * cpu / rolls, 1) if rolls else None,
            "server_mb": round(with_feeds["rss_bytes"] / 2**20, 1),
            "kb_per_feed": round((with_feeds["rss_bytes"] - before["rss_bytes"]) / 1024
                                 / max(seen["connected"], 1), 1),
            "threads": with_feeds["threads"], "threads_before": before["threads"],
        })  # fmt: skip
    row["broken"] = within_limits(row)
    return row


def target(url: str | None) -> tuple[str, int] | None:
    """``host, port`` of ``--tables-url`` (http only), or None: start our own server."""
    if not url:
        return None
    parts = urlsplit(url)
    if parts.scheme != "http" or not parts.hostname:
        raise ValueError(f"--tables-url wants http://host:port, not {url!r}")
    return parts.hostname, parts.port or 80


def actions(crowd) -> dict:
    """Per system, the URL (``{pk}``: the character's or the party's) and the data of a
    player's everyday roll and of the GM's NPC roll, as their forms fill them in."""
    from bench.rolls import form_defaults, roll_action
    from sheets.models import Party

    party = Party.objects.get(pk=crowd.parties[0])
    found = {"roll": {}, "npc": {}}
    for slug, character in crowd.templates.items():
        action, data = roll_action(character)
        found["roll"][slug] = (_pattern("roll_form", action.slug), data)
        npc = character.system_descriptor.npc_actions[0]
        data = form_defaults(npc.form_class(party))
        found["npc"][slug] = (_pattern("npc_roll", slug, npc.slug), data)
    return found


def own_rolls(crowd, todo) -> None:
    """A roll that names a row of the sheet (an agent's skill) names the character's
    own copy of it: such a character's roll data is read from its own sheet."""
    from bench.rolls import roll_action
    from sheets.models import Character

    for slug, (_, data) in todo["roll"].items():
        rows = crowd.template_rows.get(slug, set())
        values = [v for value in data.values()
                  for v in (value if isinstance(value, list | tuple) else [value])]  # fmt: skip
        if not any(str(value) in rows for value in values):
            continue
        for (table, _), place in crowd.seats.items():
            if place.roll is None and place.character_pk and crowd.tables[table].system == slug:
                place.roll = roll_action(Character.objects.get(pk=place.character_pk))[1]


def _pattern(name: str, *args) -> str:
    from django.urls import reverse

    return reverse(name, args=[987654321, *args]).replace("987654321", "{pk}")


def measure(url: str | None = None) -> dict:
    """Every step (until one breaks a limit) and the largest N that passed."""
    from bench import crowd as crowds
    from sheets.systems.registry import all_systems

    steps = steps_from(os.environ.get("BENCH_TABLES_STEPS"))
    runs = runs_from(os.environ.get("BENCH_TABLES_RUNS"))
    seconds = float(os.environ.get("BENCH_TABLES_SECONDS") or SECONDS)
    there = target(url)
    # without Redis each process has its own feed: one worker (as the `feed` section)
    workers = int(os.environ.get("BENCH_TABLES_WORKERS") or 2) if os.environ.get("REDIS_URL") else 1
    systems = [system.slug for system in all_systems()]
    crowd = crowds.start(f"{random.randrange(16**6):06x}")
    found = {
        "steps": [],
        "seconds_a_step": seconds,
        "url": url,
        "limits": LIMITS,
        "workers": None if there else workers,
        "runs_a_step": runs,
    }
    try:
        todo = actions(crowd)
        for count in steps:
            specs = plan(count, systems)
            print(f"tables: {count} ({6 * count} feeds) ...", flush=True)
            crowds.grow(crowd, specs)
            own_rolls(crowd, todo)
            rows = []
            for run in range(1, runs + 1):
                if runs > 1:
                    print(f"  run {run} of {runs}", flush=True)
                row = _run_step(there, crowd, specs, todo, seconds, workers)
                rows.append(dict(row, run=run))
                found["steps"].append(rows[-1])
            if not step_passed(rows):
                break
    finally:
        crowds.remove(crowd)
    found["largest"] = largest_passing(found["steps"])
    return found


def _run_step(there, crowd, specs, todo, seconds, workers) -> dict:
    """One run of a step: against ``there`` (a server already running), or on a server
    of our own started for it."""
    from bench import crowd as crowds
    from bench import server

    crowds.vacuum()  # each run on a database as tidy as the one before it
    if there:
        _warm(*there, crowd, specs, todo)
        return measure_step(*there, crowd, specs, todo, seconds)
    # The database pool open as on a server that has been up a while: a fresh one
    # opens its connections one by one as the first rolls wait.
    pool = os.environ.get("DATABASE_POOL_MIN_SIZE") or str(POOL_MIN_SIZE)
    with server.uvicorn_process(workers=workers, DATABASE_POOL_MIN_SIZE=pool) as (port, process):
        _warm("127.0.0.1", port, crowd, specs, todo)
        return measure_step("127.0.0.1", port, crowd, specs, todo, seconds,
                            server_pid=process.pid, workers=workers)  # fmt: skip


def _warm(host, port, crowd, specs, todo) -> None:
    """Each system's first rolls, saves and NPC rolls on each worker, before anything is
    timed. With the rolls alone warmed, the first second or two of play answered in
    100-300 ms: the workers' first saves and NPC rolls, and what they built once."""
    from bench.aio import User

    firsts = specs[: len(todo["roll"])]
    step = Step(host, port, crowd, firsts, todo, seconds=0)

    async def warm():
        for spec in firsts:
            for seat, act in ((1, step._roll), (1, step._save), (0, step._npc)):
                place = crowd.seats[(spec.index, seat)]
                for _ in range(WARM_ROLLS):  # a connection each: to either worker
                    user = User(host, port, place.sessionid)
                    await act(user, spec, place)
                    user.close()

    asyncio.run(warm())
