"""`make bench`'s pieces (bench/): its statistics, and each measuring step run once on
SQLite in this process. No timing is asserted: the bench reports figures, it does not
pass or fail."""

import pytest
from django.test import Client
from django.urls import reverse

from bench import data, inprocess, page, report, rolls
from bench.stats import percentile, ratio, summary


def test_percentiles_are_values_that_were_measured_by_nearest_rank():
    values = list(range(100, 0, -1))  # 1..100, in any order
    assert percentile(values, 50) == 50
    assert percentile(values, 99) == 99
    assert percentile(values, 100) == 100
    assert percentile([7.5], 99) == 7.5
    assert percentile([1, 2, 3, 4], 50) == 2  # no interpolation between 2 and 3
    assert percentile([10, 20, 30, 40, 1000], 99) == 1000  # a slow one is the p99


def test_percentile_refuses_nothing_to_measure_and_odd_ranks():
    with pytest.raises(ValueError):
        percentile([], 50)
    with pytest.raises(ValueError):
        percentile([1, 2], 0)


def test_summary_and_ratio():
    assert summary([3.0, 1.0, 2.0]) == {"n": 3, "p50": 2.0, "p99": 3.0, "max": 3.0}
    assert summary([]) == {"n": 0, "p50": None, "p99": None, "max": None}
    assert ratio(30.0, 20.0) == 1.5
    assert ratio(None, 20.0) is None


def test_the_assets_of_a_page_are_its_stylesheets_and_scripts_once_each():
    html = (
        '<link rel="stylesheet" href="/static/a.css"><link href="/static/b.css" '
        'rel="stylesheet"><link rel="icon" href="/x.ico"><script src="/static/c.js" defer>'
        '</script><script nonce="n">1</script><script src="/static/c.js"></script>'
    )
    assert page.assets(html) == ["/static/a.css", "/static/b.css", "/static/c.js"]


def test_a_pages_follow_ups_are_the_tabs_and_the_feeds_catch_up():
    html = (
        '<div class="deferred-tab" data-deferred-tab hx-get="/characters/1/section/tabs/" '
        'hx-trigger="load"></div><span hx-get="/parties/2/log/" data-feed-catch-up></span>'
        '<div hx-get="/characters/1/section/state/" hx-trigger="sheetChanged"></div>'
    )
    assert page.follow_ups(html) == ["/characters/1/section/tabs/", "/parties/2/log/"]


@pytest.mark.django_db(transaction=True)  # a roll's feed work runs once it commits
def test_the_bench_measures_every_system_on_sqlite_in_process():
    table = data.make_table()
    assert set(table.characters) == {"mutant", "twilight", "agents", "zombie", "slots"}

    # each system's everyday roll, as the bench posts it, is a valid roll
    for character in table.characters.values():
        action, posted = rolls.roll_action(character)
        form = action.form_class(character.sheet, data=rolls.fresh(posted))
        assert form.is_valid(), (character.system, form.errors)

    sheets = inprocess.sheets(table.player, table.characters, renders=1)
    for slug, row in sheets.items():
        assert row["status"] == 200, slug
        assert row["queries"] > 0 and row["html_bytes"] > 1000

    work = inprocess.roll_work(table.player, table.characters, renders=2)
    assert work["trivial"]["answer_queries"] == 1, "the session read with its user"
    assert work["trivial"]["after_queries"] == 0, "a page nobody else hears about"
    for slug in table.characters:
        assert work[slug]["statuses"] == [200], slug
        # the sheet read, the roll written and its card stored with it (rolls/stream.py)
        assert work[slug]["answer_queries"] > 3, slug
        assert work[slug]["answer_ms"]["n"] == 2

    # an agent left at HP 0 by a run of failed checks is made again before the next section
    agent = table.characters["agents"]
    type(agent.sheet).objects.filter(pk=agent.pk).update(hp=0)
    assert inprocess.roll_work(table.player, {"agents": agent}, renders=1)["agents"][
        "statuses"
    ] == [422]
    pks = {slug: character.pk for slug, character in table.characters.items()}
    data.refill(table)
    assert {slug: character.pk for slug, character in table.characters.items()} == pks
    again = inprocess.roll_work(table.player, {"agents": table.characters["agents"]}, renders=1)
    assert again["agents"]["statuses"] == [200]

    small = inprocess.dashboard(table.gm, data.party_of(table, 2), renders=1)
    assert small["status"] == 200 and small["characters"] == 2

    client = Client()
    client.force_login(table.player)

    def fetch(path, accept):
        response = client.get(path, headers={"Accept-Encoding": accept})
        body = b"".join(response) if response.streaming else response.content
        return response.status_code, {k.lower(): v for k, v in response.items()}, body

    load = page.cold_load(fetch, table.characters["mutant"].get_absolute_url())
    assert load["errors"] == []
    assert load["files"] > 2, "the HTML, its stylesheets and scripts"
    tabs = reverse("sheet_section", args=[table.characters["mutant"].pk, "tabs"])
    assert tabs in [f["url"] for f in load["file_list"]], "the tabs are part of a cold load"
    assert load["html_compressed"], "the HTML is sent gzipped when asked"
    assert 0 < load["bytes"] < load["raw_bytes"]

    results = {
        "when": "now", "machine": {"cores": 2}, "database": "sqlite", "redis": False,
        "workers": 2, "sheet": sheets, "dashboard": {"2": small}, "work": work,
        "page": {"mutant": load},
    }  # fmt: skip
    report.report(results)
    assert set(results["targets"]) == {"sheet", "dashboard", "page"}

    data.remove(table)
    from sheets.models import Party

    assert not Party.objects.filter(pk=table.party.pk).exists()


def test_the_report_says_how_fast_the_machine_runs_python(capsys):
    """Figures in ms are read beside the machine's speed for plain Python (sessions get
    machines up to 2.5 times apart): the run records it and the report's first line
    says it."""
    from bench.__main__ import python_speed

    seconds = python_speed(steps=200_000)
    assert 0 < seconds < python_speed(steps=2_000_000)
    results = {"when": "now", "machine": {"cores": 2, "python_loop_seconds": seconds},
               "database": "sqlite", "redis": False, "workers": 2}  # fmt: skip
    report.report(results)
    assert f"Python loop {seconds} s" in capsys.readouterr().out
