"""A filled-in Zombiepocalypse survivor for `manage.py demo`; its attempted task is
rolled by the roll side (``rolls.systems.zombie.demo``, the registry's ``demo``)."""

from sheets.history_access import create_with_history
from sheets.systems.zombie.kinds import ensure_zombie_kinds
from sheets.systems.zombie.models import (
    ZombieCondition,
    ZombieItem,
    ZombieSheet,
    ZombieTask,
    ZombieWeapon,
)

SURVIVORS = (
    {
        "name": "Nell Okafor",
        "sheet": {
            "background": "ER nurse, Mercy General",
            "description": "Short, wiry, scrubs under a hunting jacket; never stops moving.",
            "notes": "Lost her brother at the overpass. Wants to reach the radio tower.",
        },
        "conditions": [("Sprained ankle", "injury", -1), ("Exhausted", "status", -1)],
        "items": [("Bandages", 6, "clean"), ("Bottled water", 3, ""), ("Lockpicks", 1, "")],
        "weapons": [("Revolver", ".38", 5, "six shots"), ("Fire axe", "", 0, "")],
        "tasks": ["Pick the pharmacy lock", "Climb onto the bus roof"],
        # the attempted task: a failed check (a 3, no modifiers), stored as any roll is
        "attempt": {"task": 0, "faces": [3]},
    },
    {
        "name": "Marcus Hale",
        "sheet": {
            "background": "High-school shop teacher",
            "description": "Big, bearded, reading glasses taped at the hinge.",
            "notes": "Keeps a list of every survivor he meets.",
            "option_skill": "Mechanic",
            "option_scope": "engines",
            "option_bonus": 1,
        },
        "conditions": [("Cut forearm", "injury", -1)],
        "items": [("Toolbox", 1, "wrenches, duct tape"), ("Canned beans", 4, "")],
        "weapons": [("Shotgun", "shells", 4, "pump action")],
        "tasks": ["Start the school bus"],
        "attempt": {"task": 0, "faces": [5]},
    },
)


def survivor(index: int) -> dict:
    """Demo survivor ``index`` (``index`` counts every system's demo character, player by
    player: one survivor each)."""
    from sheets.systems.registry import all_systems

    player = index // max(1, sum(1 for system in all_systems() if system.demo))
    return SURVIVORS[player % len(SURVIVORS)]


def fill(character, index: int) -> ZombieSheet:
    """Name ``character`` and fill its sheet with demo survivor ``index``."""
    ensure_zombie_kinds()
    data = survivor(index)
    character.name = data["name"]
    character.save()
    sheet, _ = ZombieSheet.objects.update_or_create(character=character, defaults=data["sheet"])
    for model in (ZombieCondition, ZombieItem, ZombieWeapon, ZombieTask):
        model.objects.filter(sheet=sheet).delete()
    create_with_history(
        [
            ZombieCondition(sheet=sheet, name=n, kind=k, modifier=m)
            for n, k, m in data["conditions"]
        ],
        ZombieCondition,
    )
    create_with_history(
        [ZombieItem(sheet=sheet, name=n, quantity=q, note=t) for n, q, t in data["items"]],
        ZombieItem,
    )
    create_with_history(
        [
            ZombieWeapon(sheet=sheet, name=n, ammo=a, rounds=r, note=t)
            for n, a, r, t in data["weapons"]
        ],
        ZombieWeapon,
    )
    for name in data["tasks"]:
        ZombieTask.objects.create(sheet=sheet, name=name)
    return sheet
