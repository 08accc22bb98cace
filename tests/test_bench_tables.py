"""`make bench tables`' pieces: the table plan, the steps, the limits, the client's HTTP
reading and delivery count, /proc, and the tables it makes in bulk (signed in, able to
roll and save, removed after). No timing is asserted: the bench reports figures."""

import asyncio
import os
import re
import time

import pytest
from django.test import Client
from django.urls import reverse

from bench import crowd as crowds
from bench import procs, tables
from bench.aio import Closed, Feed, User, read_response
from tests.threads import off_the_event_loop

SYSTEMS = ["mutant", "twilight", "agents", "zombie", "slots"]


def run_coroutine(make, *args):
    """``asyncio.run(make(*args))`` in a thread of its own: after the browser tests,
    Playwright's event loop runs in the main thread, where asyncio.run refuses."""
    return off_the_event_loop(lambda: asyncio.run(make(*args)))


def test_the_tables_play_the_five_systems_in_turn():
    plan = tables.plan(12, SYSTEMS)
    assert [spec.index for spec in plan] == list(range(12))
    assert [spec.system for spec in plan[:6]] == [*SYSTEMS, "mutant"]
    counts = {slug: sum(spec.system == slug for spec in plan) for slug in SYSTEMS}
    assert counts == {"mutant": 3, "twilight": 3, "agents": 2, "zombie": 2, "slots": 2}
    assert tables.plan(4, SYSTEMS) == plan[:4], "a larger step keeps the smaller's tables"


def test_the_steps_come_from_the_environment_rising_or_default_to_doubling():
    assert tables.steps_from("4, 2,2") == [2, 4]
    assert tables.steps_from(None)[:5] == [25, 50, 100, 200, 400]
    with pytest.raises(ValueError):
        tables.steps_from("0,5")


def _step(tables_=25, roll=40.0, feed=60.0, missed=0, errors=0, connected=150):
    return {"tables": tables_, "roll": {"p99": roll}, "feed": {"p99": feed},
            "missed": missed, "errors": errors, "feeds": 6 * tables_,
            "feeds_connected": connected}  # fmt: skip


def test_a_step_passes_only_within_every_limit():
    assert tables.within_limits(_step()) == []
    assert tables.within_limits(_step(roll=100.0)) == ["roll p99 100.0 ms (limit 100)"]
    assert tables.within_limits(_step(feed=250.0)) == ["feed p99 250.0 ms (limit 250)"]
    assert tables.within_limits(_step(missed=1)) == ["1 cards missed"]
    assert tables.within_limits(_step(errors=2)) == ["2 requests failed"]
    assert tables.within_limits(_step(connected=149)) == ["1 feeds never connected"]
    assert len(tables.within_limits(_step(roll=None))) == 1, "no roll at all is no pass"


def test_the_largest_passing_n_is_below_the_first_step_that_broke_a_limit():
    rows = [dict(_step(n), broken=broken) for n, broken in
            ((25, []), (50, []), (100, ["roll p99"]), (200, []))]  # fmt: skip
    assert tables.largest_passing(rows) == 50
    assert tables.largest_passing([dict(_step(25), broken=["x"])]) is None


def test_a_card_counts_at_each_feed_open_when_its_roll_was_answered():
    step = tables.Step("127.0.0.1", 1, None, [], {}, 0)
    early, late, gone = Feed(), Feed(), Feed()
    early.opened_at, late.opened_at, gone.opened_at = 1.0, 5.0, 1.0
    gone.closed_at = 2.5
    step.feeds = {0: [early, late, gone]}
    step.load.rolls = [(20.0, 0, 7, 2.0), (20.0, 0, 8, 3.0)]
    early.arrivals = {7: 2.05, 8: 2.99}  # a card may come before its answer is read
    gone.arrivals = {7: 2.1}
    delays, missed = step.delivery()
    assert sorted(round(d) for d in delays) == [0, 50, 100]
    assert missed == 0, "the late feed was not open, the gone one had gone"
    del early.arrivals[8]
    assert step.delivery()[1] == 1


def test_people_act_at_their_pace_and_stop_at_the_steps_end_not_a_pause_later():
    step = tables.Step("127.0.0.1", 1, None, [], {}, 0)
    acted = []

    async def act(user, spec, place):
        acted.append(spec)

    class Nobody:
        def close(self):
            pass

    async def play(period):
        step.deadline = time.monotonic() + 0.3
        await asyncio.wait_for(step._every(period, act, Nobody(), "often", None), 5)

    run_coroutine(play, 0.05)
    assert len(acted) >= 2
    acted.clear()
    run_coroutine(play, 60.0)  # the next roll would come after the step: none, no waiting
    assert acted == []


def _read(raw: bytes):
    async def read():
        reader = asyncio.StreamReader()
        reader.feed_data(raw)
        reader.feed_eof()
        return await read_response(reader)

    return run_coroutine(read)


def test_the_client_reads_answers_by_length_and_by_chunks():
    assert _read(b"HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello+next") == (
        200, b"hello", False)  # fmt: skip
    chunked = (b"HTTP/1.1 422 Unprocessable\r\nTransfer-Encoding: chunked\r\n"
               b"Connection: close\r\n\r\n3\r\nabc\r\n2;x=y\r\nde\r\n0\r\n\r\n")  # fmt: skip
    assert _read(chunked) == (422, b"abcde", True)
    with pytest.raises(Closed):
        _read(b"")


def test_a_user_posts_as_htmx_does_and_comes_back_after_the_server_closed_an_idle_line():
    seen = []

    async def serve(reader, writer):  # answers one request per connection, then closes
        head = await reader.readuntil(b"\r\n\r\n")
        length = int(head.lower().split(b"content-length: ")[1].split(b"\r\n")[0])
        seen.append(head + await reader.readexactly(length))
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok")
        await writer.drain()
        writer.close()

    async def play():
        server = await asyncio.start_server(serve, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        user = User("127.0.0.1", port, "s3ss10n")
        first = await user.post("/roll/", {"conditions": ["3", "4"], "what": "a b"})
        await asyncio.sleep(0.1)  # the server has closed the line meanwhile
        second = await user.post("/roll/", {"x": "1"})
        user.close()
        server.close()
        return first, second

    first, second = run_coroutine(play)
    assert first[:2] == (200, b"ok") and second[:2] == (200, b"ok")
    assert len(seen) == 2
    assert seen[0].endswith(b"\r\n\r\nconditions=3&conditions=4&what=a+b"), "a list, repeated"
    for header in (b"HX-Request: true", b"sessionid=s3ss10n", b"X-CSRFToken: "):
        assert header in seen[0]
    keys = [re.search(rb"\r\nIdempotency-Key: ([0-9a-f-]{36})\r\n", head).group(1) for head in seen]
    assert keys[0] != keys[1], "each change its own key, as the page sends"


def test_a_change_sent_again_on_a_fresh_line_keeps_its_idempotency_key():
    heads = []

    async def serve(reader, writer):  # the second request on a line: read, not answered
        while True:
            try:
                head = await reader.readuntil(b"\r\n\r\n")
            except asyncio.IncompleteReadError:
                break
            length = int(head.lower().split(b"content-length: ")[1].split(b"\r\n")[0])
            await reader.readexactly(length)
            heads.append(head)
            if len(heads) == 2:
                break
            writer.write(b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok")
            await writer.drain()
        writer.close()

    async def play():
        server = await asyncio.start_server(serve, "127.0.0.1", 0)
        user = User("127.0.0.1", server.sockets[0].getsockname()[1], "s3ss10n")
        answers = [await user.post("/roll/", {"x": "1"}), await user.post("/roll/", {"x": "2"})]
        user.close()
        server.close()
        return answers

    answers = run_coroutine(play)
    assert [answer[:2] for answer in answers] == [(200, b"ok"), (200, b"ok")]
    keys = [re.search(rb"\r\nIdempotency-Key: (\S+)\r\n", head).group(1) for head in heads]
    assert len(keys) == 3 and keys[1] == keys[2] != keys[0], "sent again: the same key"


def test_proc_sees_a_process_family_cpu_and_memory():
    pids = procs.family(os.getpid())
    assert pids[0] == os.getpid()
    before = procs.usage(pids)
    spent = time.process_time() + 0.05
    while time.process_time() < spent:
        pass
    after = procs.usage(pids)
    assert after["cpu_seconds"] > before["cpu_seconds"]
    assert after["rss_bytes"] > 10 * 2**20 and after["threads"] >= 1


@pytest.mark.django_db(transaction=True)
def test_the_bench_seats_tables_in_bulk_that_can_play_and_removes_them():
    from django.contrib.auth import get_user_model

    from sheets.models import Character, Party

    crowd = crowds.start("t3st")
    specs = tables.plan(5, SYSTEMS)
    crowds.grow(crowd, specs[:2])
    crowds.grow(crowd, specs)  # the step after: three more tables
    assert len(crowd.tables) == 5 and len(crowd.seats) == 30
    todo = tables.actions(crowd)
    tables.own_rolls(crowd, todo)

    for spec in specs:
        party = Party.objects.get(pk=crowd.parties_of[spec.index])
        gm = Client()
        gm.cookies["sessionid"] = crowd.seats[(spec.index, 0)].sessionid
        assert gm.get(reverse("party_dashboard", args=[party.pk])).status_code == 200
        url, data = todo["npc"][spec.system]
        npc = gm.post(url.format(pk=party.pk), data, headers={"HX-Request": "true"})
        assert npc.status_code == 200, (spec.system, npc.content[:300])
        assert tables.ROLL_PK.search(npc.content)

        place = crowd.seats[(spec.index, 3)]
        character = Character.objects.get(pk=place.character_pk)
        template = crowd.templates[spec.system]
        assert (character.system, character.party_id) == (spec.system, party.pk)
        assert character.sheet.pk == character.pk
        for relation in type(character.sheet)._meta.related_objects:
            if relation.field.name == "sheet" and not hasattr(relation.related_model,
                                                              "instance_type"):  # fmt: skip
                rows = relation.related_model.objects
                assert (
                    rows.filter(sheet=character.sheet).count()
                    == rows.filter(sheet=template.sheet).count()
                ), "the template's rows, copied"
        player = Client()
        player.cookies["sessionid"] = place.sessionid
        url, data = todo["roll"][spec.system]
        data = place.roll or data
        rolled = player.post(url.format(pk=character.pk), data, headers={"HX-Request": "true"})
        assert rolled.status_code == 200, (spec.system, rolled.content[:300])
        assert tables.ROLL_PK.search(rolled.content)
        saved = player.post(
            reverse("sheet_field_save", args=[character.pk, "character-name"]),
            {"character-name": f"{template.name} II", "original-character-name": place.name},
            headers={"HX-Request": "true"},
        )
        assert saved.status_code == 200
        character.refresh_from_db()
        assert character.name == f"{template.name} II"

    from django_eventstream.models import Event, EventCounter

    from rolls.stream import gm_channel, party_channel

    first = crowd.parties_of[specs[0].index]
    kept = [party_channel(int(f"{first}0")), gm_channel(int(f"{first}7"))]
    for name in kept:  # other parties' channels, whose numbers start as a bench party's
        EventCounter.objects.create(name=name, value=1)
        Event.objects.create(channel=name, type="roll", data="{}", eid=1)
    played = [party_channel(pk) for pk in crowd.parties_of.values()]
    assert Event.objects.filter(channel__in=played).exists(), "the rolls' feed events"
    from tests.factories import CharacterFactory

    someone_else = CharacterFactory(name="Not the bench's")  # and their history stays
    someone_else.name = "Still not the bench's"
    someone_else.save()
    seated = [seat.character_pk for seat in crowd.seats.values() if seat.character_pk]
    history = Character.history.model.objects
    assert history.filter(id__in=seated).exists(), "the saves' history"
    made = list(crowd.users)
    crowds.remove(crowd)
    assert not history.filter(id__in=seated).exists()
    assert history.filter(id=someone_else.pk).count() == 2
    for spec in specs:  # every system's sheet rows' history (the sheet's key: its character)
        sheet_rows = type(crowd.templates[spec.system].sheet).history.model.objects
        assert not sheet_rows.filter(character_id__in=seated).exists()
    from sheets.models import AgentSkill, SlotsItem, TwilightGear

    for rows in (AgentSkill, SlotsItem, TwilightGear):
        assert not rows.history.model.objects.filter(sheet_id__in=seated).exists(), rows
    assert not get_user_model().objects.filter(pk__in=made).exists()
    assert not Party.objects.filter(pk__in=crowd.parties).exists()
    assert sorted(Event.objects.values_list("channel", flat=True)) == sorted(kept)
    assert sorted(EventCounter.objects.values_list("name", flat=True)) == sorted(kept)


def test_the_warm_up_rolls_saves_and_rolls_for_an_npc_in_each_system_on_fresh_lines():
    from types import SimpleNamespace

    seen = []

    async def serve(reader, writer):  # one answer a connection, as to either worker
        head = await reader.readuntil(b"\r\n\r\n")
        length = int(head.lower().split(b"content-length: ")[1].split(b"\r\n")[0])
        await reader.readexactly(length)
        seen.append(head.split(b" ")[1].decode())
        body = b'<div data-roll-result="7"></div>'
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Length: %d\r\n\r\n%s" % (len(body), body))
        await writer.drain()
        writer.close()

    crowd = crowds.Crowd(run="w4rm")
    specs = tables.plan(len(SYSTEMS) + 2, SYSTEMS)  # the warm-up takes each system's first
    for spec in specs:
        crowd.templates[spec.system] = SimpleNamespace(name=f"{spec.system} hero")
        crowd.parties_of[spec.index] = 100 + spec.index
        for seat in range(2):
            crowd.seats[(spec.index, seat)] = crowds.Seat(
                user_pk=seat, sessionid=f"s{spec.index}-{seat}",
                character_pk=10 * spec.index + seat, name=f"{spec.system} hero",
            )  # fmt: skip
    todo = {kind: {system: (f"/{kind}/{system}/{{pk}}/", {"dice": "2"}) for system in SYSTEMS}
            for kind in ("roll", "npc")}  # fmt: skip

    async def play():
        server = await asyncio.start_server(serve, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        await asyncio.to_thread(tables._warm, "127.0.0.1", port, crowd, specs, todo)
        server.close()

    run_coroutine(play)
    for spec in specs[: len(SYSTEMS)]:
        player = 10 * spec.index + 1
        assert seen.count(f"/roll/{spec.system}/{player}/") == tables.WARM_ROLLS
        assert seen.count(f"/characters/{player}/field/character-name/") == tables.WARM_ROLLS
        assert seen.count(f"/npc/{spec.system}/{100 + spec.index}/") == tables.WARM_ROLLS
    assert len(seen) == 3 * tables.WARM_ROLLS * len(SYSTEMS), "the first table of each, only"


def test_a_step_run_several_times_passes_when_most_of_its_runs_did():
    over, within = dict(_step(200), broken=["roll p99"]), dict(_step(200), broken=[])
    assert tables.step_passed([within, over, within])
    assert not tables.step_passed([over, within, over])
    assert not tables.step_passed([within, over]), "a tie is no pass"
    rows = [dict(_step(100), broken=[]), over, within, within, dict(_step(250), broken=["x"])]
    assert tables.largest_passing(rows) == 200
    assert tables.largest_passing([dict(_step(100), broken=[]), over, over, within]) == 100
    assert tables.runs_from(None) == 1 and tables.runs_from("3") == 3
    with pytest.raises(ValueError):
        tables.runs_from("0")


def test_the_report_says_in_how_many_runs_a_step_kept_within_the_limits(capsys):
    from bench import report

    row = dict(_step(200), rolls=10, saves=5, missed=0, refused=0, errors=0,
               roll={"p50": 10.0, "p99": 90.0}, save={"p50": 5.0, "p99": 50.0},
               feed={"p50": 2.0, "p99": 20.0}, client_cpu_percent=5.0)  # fmt: skip
    steps = [dict(row, run=1, broken=[]), dict(row, run=2, broken=["roll p99 120.0 ms"]),
             dict(row, run=3, broken=[])]  # fmt: skip
    report._tables({"url": None, "workers": 2, "seconds_a_step": 60, "runs_a_step": 3,
                    "steps": steps, "largest": 200})  # fmt: skip
    shown = capsys.readouterr().out
    assert "200 tables: within the limits in 2 of 3 runs (passed" in shown
    assert shown.count("within the limits in") == 1, "said once, after the step's last run"


@pytest.mark.django_db(transaction=True)
def test_the_bench_vacuums_postgresql_between_runs_and_leaves_sqlite_alone():
    from django.db import connection

    # VACUUM refuses to run inside a transaction: this one runs as the bench's does
    assert crowds.vacuum() is (connection.vendor == "postgresql")
