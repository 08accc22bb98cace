"""Data: the seed's zombie kinds (Zombiepocalypse), through the idempotent
``ensure_zombie_kinds``. Kept in its own file so the schema migrations can be regenerated;
when they are, point ``dependencies`` at the migration that creates ZombieKind."""

from django.db import migrations


def add_kinds(apps, schema_editor):
    from sheets.systems.zombie.kinds import ensure_zombie_kinds

    ensure_zombie_kinds(apps.get_model("sheets", "ZombieKind"))


class Migration(migrations.Migration):
    dependencies = [("sheets", "0004_four_systems")]

    operations = [migrations.RunPython(add_kinds, migrations.RunPython.noop)]
