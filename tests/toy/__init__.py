"""A sixth game system for the tests only, "Toy": one attribute (Nerve, 1-6), one roll
(a d6 at or under Nerve holds, with its exact odds), one effect on the sheet (a failed
roll gives a Fright). It proves that a system is additive: its app is installed by
tests/settings.py and it is registered by the ``TABLESIDE_EXTRA_SYSTEMS`` setting
(tests/test_toy_system.py), with no generic module naming it.

It lays out, in one folder, what a real system keeps in its two:
``dice.py`` (its pure engine: sheets/systems/<s>/dice/), ``models``, ``forms``, ``sheet``,
``system`` (sheets/systems/<s>/), ``rolls.py`` (rolls/systems/<s>/) and
``templates/toy/`` (templates/sheets/<s>/).
"""
