"""A filled-in Twilight: 2000 character for `manage.py demo`."""

from sheets.systems.twilight.models import (
    TwilightArmor,
    TwilightGear,
    TwilightInjury,
    TwilightMagazine,
    TwilightSheet,
    TwilightSpecialty,
    TwilightWeapon,
)

CHARACTERS = (
    {
        "name": "Ronson",
        "sheet": {
            "nationality": "American", "branch": "US Army", "rank": "Sergeant", "age": 31,
            "appearance": "Broad, sunburnt, a week of stubble",
            "moral_code": "Never leave a buddy behind",
            "big_dream": "See Tennessee again", "buddy": "Kasia",
            "strength": "A", "agility": "B", "intelligence": "C", "empathy": "C",
            "heavy_weapons": "B", "stamina": "C", "ranged_combat": "C", "close_combat": "D",
            "recon": "D", "survival": "D", "command": "D",
            "coolness_under_fire": "C", "damage": 1, "stress": 1, "radiation": 1,
            "radiation_permanent": 1,
            "notes": "Lost the platoon at Kalisz. Carries the SAW since.",
        },
        "weapons": [
            {"name": "M249 SAW", "skill": "heavy_weapons", "damage": 2, "crit_threshold": 3,
                 "armor_modifier": 0, "range": "100 m", "rate_of_fire": 6, "reliability": 4,
                 "reliability_max": 5, "magazine_capacity": 200, "rounds_loaded": 124, "weight": 2},
            {"name": "M9 pistol", "skill": "ranged_combat", "damage": 1, "crit_threshold": 3,
                 "range": "10 m", "rate_of_fire": 2, "reliability": 5, "reliability_max": 5,
                 "magazine_capacity": 15, "rounds_loaded": 15, "weight": "0.5"},
            {"name": "Bayonet", "skill": "close_combat", "damage": 1, "crit_threshold": 2,
                 "range": "Close", "weight": "0.25"},
        ],
        "spares": [(0, "belt", 200), (1, "magazine", 15)],
        "armor": [
            {"name": "Flak jacket", "rating": 2, "covers_torso": True, "covers_arms": True},
            {"name": "PASGT helmet", "rating": 2, "covers_torso": False, "covers_head": True},
        ],
        "gear": [("Backpack", 1), ("Canteen", "0.5"), ("Field rations (3)", "0.75"),
                 ("Binoculars", "0.5"), ("Dog tags", 0)],
        "specialties": [("Machinegunner", "heavy_weapons", "+1 to Heavy Weapons with a MG"),
                        ("Load carrier", "stamina", "+1 capacity")],
        "injuries": [("Sprained ankle", "legs", False, "", "5 days", "-1 Mobility")],
    },
    {
        "name": "Kasia Nowak",
        "sheet": {
            "nationality": "Polish", "branch": "Polish Army", "rank": "Corporal", "age": 26,
            "appearance": "Short, wiry, a field dressing always in a pocket",
            "moral_code": "Nobody bleeds out while I can reach them",
            "big_dream": "Open a clinic in Kraków", "buddy": "Ronson",
            "strength": "C", "agility": "B", "intelligence": "B", "empathy": "B",
            "medical_aid": "B", "ranged_combat": "C", "recon": "C", "persuasion": "D",
            "survival": "D", "stamina": "D",
            "coolness_under_fire": "B", "damage": 0, "stress": 2,
            "notes": "Speaks English, Russian and some German. Trades morphine for news.",
        },
        "weapons": [
            {"name": "AK-74", "skill": "ranged_combat", "damage": 2, "crit_threshold": 3,
                 "armor_modifier": 0, "range": "100 m", "rate_of_fire": 3, "reliability": 5,
                 "reliability_max": 5, "magazine_capacity": 30, "rounds_loaded": 9, "weight": 1},
        ],
        "spares": [(0, "magazine", 30)],
        "armor": [
            {"name": "Steel helmet", "rating": 2, "covers_torso": False, "covers_head": True},
        ],
        "gear": [("Medkit", 1), ("Morphine (4)", "0.25"), ("Radio, handheld", "0.5"),
                 ("Canteen", "0.5")],
        "specialties": [("Combat medic", "medical_aid", "+1 to Medical Aid under fire")],
        "injuries": [],
    },
)  # fmt: skip


def fill(character, index: int) -> TwilightSheet:
    """Name ``character`` and fill its sheet with demo character ``index`` (wrapping)."""
    data = CHARACTERS[index % len(CHARACTERS)]
    character.name = data["name"]
    character.save()
    sheet, _ = TwilightSheet.objects.update_or_create(character=character, defaults=data["sheet"])
    for model in (
        TwilightMagazine, TwilightWeapon, TwilightArmor, TwilightGear, TwilightSpecialty,
        TwilightInjury,
    ):  # fmt: skip
        model.objects.filter(sheet=sheet).delete()
    weapons = [TwilightWeapon.objects.create(sheet=sheet, **row) for row in data["weapons"]]
    for index_, kind, rounds in data["spares"]:
        TwilightMagazine.objects.create(
            sheet=sheet, weapon=weapons[index_], kind=kind, rounds=rounds
        )
    for row in data["armor"]:
        TwilightArmor.objects.create(sheet=sheet, **row)
    for name, weight in data["gear"]:
        TwilightGear.objects.create(sheet=sheet, name=name, weight=weight)
    for name, skill, effect in data["specialties"]:
        TwilightSpecialty.objects.create(sheet=sheet, name=name, skill=skill, effect=effect)
    for name, location, lethal, limit, healing, effect in data["injuries"]:
        TwilightInjury.objects.create(
            sheet=sheet, name=name, location=location, lethal=lethal, time_limit=limit,
            healing_time=healing, effect=effect,
        )  # fmt: skip
    return sheet
