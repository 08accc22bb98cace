"""The pure dice engine: no Django, no I/O. Every roll takes an ``rng`` argument.

One module per game system (mutant, twilight, agents, zombie, slots) built on
``core`` (dice records, effects, the RNG protocol, scripted dice for tests) and
``odds`` (exact probabilities, cached per dice configuration).
"""
