"""`make bench`: figures for the web app, measured on this machine (issue 15).

``python -m bench`` starts uvicorn with two workers on 127.0.0.1 (PostgreSQL and Redis
when ``DATABASE_URL`` / ``REDIS_URL`` are set, else a scratch SQLite file), makes its
own demo table, and measures:

- ``roll``: a real roll POST of each system against a trivial logged-in page,
  interleaved, on fresh and on keep-alive connections; throughput of 8 clients;
- ``sheet`` and ``dashboard``: server time and queries, in-process (Django's test
  client and ``CaptureQueriesContext``);
- ``feed``: time from a roll POST to its arrival at 50 and 500 live-feed clients;
- ``page``: bytes on the wire of a cold load (HTML + CSS + JS as served);
- ``pool``: PostgreSQL's connection pool on and off (PostgreSQL only);
- ``dice``: rolls per second and the largest exact odds (``sheets.systems.dice.bench``).

It prints a table and writes ``bench/results.json``. Targets are reported as met or
not met: these are figures, never a pass/fail test.
"""
