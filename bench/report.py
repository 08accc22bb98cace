"""The bench's figures as tables for people, with the issue's targets as met / not met
(figures, never a test)."""

from __future__ import annotations

TARGETS = {
    "roll": "roll p50 within 1.5x the trivial page (fresh connections)",
    "sheet": "a sheet page under 30 ms of server time",
    "feed": "p99 under 100 ms at 50 clients, under 250 ms at 500",
    "dashboard": "the same query count at 5 and at 50 characters",
    "page": "a cold load under 100 KB on the wire",
    "tables": "250 tables or more: roll p99 < 100 ms, feed p99 < 250 ms, nothing missed",
}


def _met(ok: bool | None) -> str:
    return "n/a" if ok is None else ("met" if ok else "NOT met")


def _ms(value) -> str:
    return "-" if value is None else f"{value:.1f}"


def verdicts(results: dict) -> dict[str, bool | None]:
    found: dict[str, bool | None] = {}
    if "roll" in results:
        fresh = [r for r in results["roll"]["latency"].values() if r["connection"] == "fresh"]
        found["roll"] = all((r["ratio_p50"] or 99) <= 1.5 for r in fresh)
    if "sheet" in results:
        found["sheet"] = all(r["ms"]["p50"] < 30 for r in results["sheet"].values())
    if "feed" in results:
        at = {k: v for k, v in results["feed"].items() if k != "workers"}
        checks = []
        for clients, limit in (("50", 100), ("500", 250)):
            if clients in at:
                row = at[clients]
                p99 = row["delay"]["p99"]
                checks.append(p99 is not None and p99 < limit and row["missed"] == 0
                              and row["connected"] == row["clients"])  # fmt: skip
        found["feed"] = all(checks) if checks else None
    if "dashboard" in results:
        counts = {row["queries"] for row in results["dashboard"].values()}
        found["dashboard"] = len(counts) == 1
    if "page" in results:
        found["page"] = all(row["target_met"] for row in results["page"].values())
    if "tables" in results:
        found["tables"] = (results["tables"]["largest"] or 0) >= 250
    return found


def report(results: dict) -> None:
    print(f"\nTableside bench, {results['when']}: {results['machine']['cores']} cores, "
          f"{results['database']}{' + Redis' if results['redis'] else ''}, "
          f"uvicorn x {results['workers']} workers, {results.get('seconds', '?')} s, "
          f"load average {results['machine'].get('load_average_before', 0):.1f} before, "
          f"{results['machine'].get('load_average_after', 0):.1f} after, "
          f"Python loop {results['machine'].get('python_loop_seconds', '?')} s")  # fmt: skip
    if "roll" in results:
        print("\nroll: POST of each system's everyday roll vs a trivial logged-in page (ms)")
        print(f"  {'system':<9} {'connection':<11} {'roll p50':>9} {'p99':>7} "
              f"{'page p50':>9} {'p99':>7} {'ratio p50':>10} {'p99':>6}")  # fmt: skip
        for row in results["roll"]["latency"].values():
            print(f"  {row['system']:<9} {row['connection']:<11} {_ms(row['roll']['p50']):>9} "
                  f"{_ms(row['roll']['p99']):>7} {_ms(row['trivial']['p50']):>9} "
                  f"{_ms(row['trivial']['p99']):>7} {row['ratio_p50'] or '-':>10} "
                  f"{row['ratio_p99'] or '-':>6}"
                  + (f"  ({row['errors']} failed)" if row["errors"] else ""))  # fmt: skip
        for key, label in (
            ("one_sheet", "8 clients, 1 sheet"),
            ("eight_sheets", "8 clients, 8 sheets"),
        ):
            if key in results["roll"]:
                row = results["roll"][key]
                print(f"  throughput, {label}: {row['rolls_per_second']} rolls/s "
                      f"(p50 {_ms(row['latency']['p50'])} ms, p99 {_ms(row['latency']['p99'])} "
                      f"ms, {row['failed']} failed)")  # fmt: skip
    if "work" in results:
        print("\nwork: each roll's server time in-process (ms, p50), until its answer and after"
              " it (the feed's cards), against the trivial page")  # fmt: skip
        print(f"  {'page':<9} {'answer':>7} {'queries':>8} {'after':>7} {'queries':>8}")
        for name, row in results["work"].items():
            refused = f"  statuses {row['statuses']}" if row["statuses"] != [200] else ""
            answer, after = _ms(row["answer_ms"]["p50"]), _ms(row["after_ms"]["p50"])
            print(f"  {name:<9} {answer:>7} {row['answer_queries']:>8} "
                  f"{after:>7} {row['after_queries']:>8}{refused}")  # fmt: skip
    if "sheet" in results:
        print("\nsheet: each system's sheet page, server time in-process")
        print(f"  {'system':<9} {'p50 ms':>7} {'p99 ms':>7} {'queries':>8} {'HTML KB':>8}")
        for slug, row in results["sheet"].items():
            print(f"  {slug:<9} {_ms(row['ms']['p50']):>7} {_ms(row['ms']['p99']):>7} "
                  f"{row['queries']:>8} {row['html_bytes'] / 1024:>8.1f}")  # fmt: skip
    if "dashboard" in results:
        print("\ndashboard: the GM's dashboard, mixed systems, in-process")
        for size, row in results["dashboard"].items():
            print(f"  {size:>3} characters: p50 {_ms(row['ms']['p50'])} ms, "
                  f"p99 {_ms(row['ms']['p99'])} ms, {row['queries']} queries")  # fmt: skip
    if "page" in results:
        print("\npage: cold load, HTML + CSS + JS as sent (Accept-Encoding: gzip, br)")
        print(f"  {'page':<10} {'on wire KB':>10} {'raw KB':>8} {'HTML KB':>8} {'files':>6}"
              f"  HTML compressed / static compressed / immutable")  # fmt: skip
        for name, row in results["page"].items():
            print(f"  {name:<10} {row['bytes'] / 1024:>10.1f} {row['raw_bytes'] / 1024:>8.1f} "
                  f"{row['html_bytes'] / 1024:>8.1f} {row['files']:>6}  "
                  f"{row['html_compressed']} / {row['static_compressed']} / "
                  f"{row['static_immutable']}"
                  + (f"  errors: {row['errors']}" if row["errors"] else ""))  # fmt: skip
    if "feed" in results:
        print(f"\nfeed: roll POST to arrival at each live-feed client "
              f"({results['feed']['workers']} worker(s))")  # fmt: skip
        for clients, row in results["feed"].items():
            if clients == "workers":
                continue
            print(f"  {clients:>3} clients ({row['connected']} connected in "
                  f"{row['connect_seconds']} s), {row['rolls']} rolls: p50 "
                  f"{_ms(row['delay']['p50'])} ms, p99 {_ms(row['delay']['p99'])} ms, "
                  f"{row['missed']} missed")  # fmt: skip
    if "pool" in results:
        print("\npool: PostgreSQL connection pool off / on (MYZ roll vs trivial page, ms)")
        for label, rows in results["pool"].items():
            for kind, row in rows.items():
                print(f"  pool {label:<3} {kind:<11} roll p50 {_ms(row['roll']['p50'])} "
                      f"p99 {_ms(row['roll']['p99'])}, page p50 {_ms(row['trivial']['p50'])} "
                      f"p99 {_ms(row['trivial']['p99'])}")  # fmt: skip
    if "dice" in results:
        print("\ndice: rolls per second and the cold time of the largest exact odds")
        for row in results["dice"]:
            print(f"  {row['system']:<9} {row['rolls_per_second'] or 0:>10,} rolls/s "
                  f"{_ms(row['largest_odds_ms']):>8} ms")  # fmt: skip
    if "tables" in results:
        _tables(results["tables"])
    print("\ntargets (issues 15 and 26)")
    found = verdicts(results)
    for key, text in TARGETS.items():
        if key in found:
            print(f"  {_met(found[key]):<8} {text}")
    results["targets"] = {key: {"target": TARGETS[key], "met": value}
                          for key, value in found.items()}  # fmt: skip


def _load(pair) -> str:
    """The machine's 1-minute load average at a step's start and end ("-" unread)."""
    return "-" if not pair else f"{pair[0]:.1f}-{pair[1]:.1f}"


def _tables(found: dict) -> None:
    from bench.tables import step_passed

    where = found["url"] or f"uvicorn x {found['workers']} worker(s), direct"
    print(f"\ntables: N tables of a GM and 5 players, every page's feed open ({where}, "
          f"{found['seconds_a_step']:.0f} s a step; ms p50 / p99)")  # fmt: skip
    print(f"  {'N':>5} {'feeds':>6} {'rolls':>6} {'roll':>13} {'save':>13} {'feed':>13} "
          f"{'missed':>6} {'CPU/roll':>8} {'server MB':>9} {'KB/feed':>7} {'threads':>7} "
          f"{'client CPU':>10} {'server CPU':>10} {'load avg':>11}")  # fmt: skip
    runs = found.get("runs_a_step") or 1
    for row in found["steps"]:

        def pair(key, row=row):
            return f"{_ms(row[key]['p50'])} / {_ms(row[key]['p99'])}"

        print(f"  {row['tables']:>5} {row['feeds_connected']:>6} {row['rolls']:>6} "
              f"{pair('roll'):>13} {pair('save'):>13} {pair('feed'):>13} {row['missed']:>6} "
              f"{_ms(row.get('cpu_ms_per_roll')):>8} {_ms(row.get('server_mb')):>9} "
              f"{_ms(row.get('kb_per_feed')):>7} {row.get('threads', '-'):>7} "
              f"{row['client_cpu_percent']:>9}% {_ms(row.get('server_cpu_percent')):>9}% "
              f"{_load(row.get('load_average')):>11}")  # fmt: skip
        if row["refused"] or row["errors"]:
            print(f"        {row['refused']} refused by the rules, {row['errors']} failed")
        if row["broken"]:
            print(f"        over the limits: {'; '.join(row['broken'])}")
        if runs > 1 and row.get("run") == runs:
            same = [other for other in found["steps"] if other["tables"] == row["tables"]]
            kept = sum(not other["broken"] for other in same)
            verdict = "passed" if step_passed(same) else "over"
            print(
                f"        {row['tables']} tables: within the limits in {kept} of {runs} runs"
                f" ({verdict}: more than half must be)"
            )
    print(f"  largest N within the limits: {found['largest'] or 'none'}")
