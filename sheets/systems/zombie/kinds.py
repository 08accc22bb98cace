"""The zombie kinds the seed gives, as data the GM edits in the admin.

``ensure_zombie_kinds()`` is idempotent: it adds the seed's kinds that are missing (by
name) and never touches a kind that exists, so an admin's edits stay. The data migration
``sheets/migrations/0004_zombie_kinds.py`` calls it at migrate time, and ``manage.py demo``
calls it too.
"""

# The seed: "for most Skill Checks requiring agility, perception, or cunning, zombies will
# succeed only on a 6 on d6. For Skill Checks involving strength or endurance, they will
# succeed on a 5-6" ("some zombies are better than others": add kinds in the admin).
SEED_KINDS = (
    {
        "name": "Zombie",
        "agility": 6,
        "perception": 6,
        "cunning": 6,
        "strength": 5,
        "endurance": 5,
        "notes": "The common walking dead of the seed.",
    },
)


def ensure_zombie_kinds(model=None) -> int:
    """Create the seed's zombie kinds that do not exist yet; returns how many it made.
    ``model`` is the historical model inside a migration (the real one otherwise)."""
    if model is None:
        from sheets.systems.zombie.models import ZombieKind as model
    made = 0
    for kind in SEED_KINDS:
        _, created = model.objects.get_or_create(
            name=kind["name"], defaults={k: v for k, v in kind.items() if k != "name"}
        )
        made += created
    return made
