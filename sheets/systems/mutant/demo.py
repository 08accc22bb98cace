"""Two filled-in Mutant: Year Zero characters for `manage.py demo`."""

from sheets.history_access import create_with_history
from sheets.systems.mutant.models import (
    MutantArtifact,
    MutantCriticalInjury,
    MutantGearLine,
    MutantMutation,
    MutantSheet,
    MutantTalent,
    MutantWeapon,
)

CHARACTERS = (
    {
        "name": "Krin",
        "sheet": {
            "role": "stalker",
            "face": "Sunburnt, one milky eye",
            "body": "Wiry and quick",
            "clothing": "Patched raincoat",
            "strength": 3,
            "agility": 5,
            "wits": 4,
            "empathy": 2,
            "sneak": 2,
            "move": 2,
            "shoot": 2,
            "scout": 1,
            "know_the_zone": 1,
            "specialist_skill": 2,
            "rot_temporary": 1,
            "experience": 2,
            "mutation_points": 3,
            "armor_name": "Scrap leathers",
            "armor_rating": 1,
            "rot_suit_name": "Tarpaulin rot suit",
            "rot_suit_rating": 2,
            "grub": 4,
            "water": 3,
            "bullets": 2,
            "booze": 0,
            "sleepless": True,
            "relationships": "Grog: strong, but too slow to keep up.",
            "pc_you_hate": "",
            "pc_to_protect": "Grog",
            "big_dream": "Find the Eden the Elders whisper about.",
            "notes": "Rot level 2 around the old overpass. Watch for the Zone ghouls.",
        },
        "gear": [
            ("Rope", "1", 1),
            ("Torch", "0.25", 0),
        ],
        "tiny": ["Lucky bottle cap"],
        "weapons": [("Slingshot", 1, 1, "short", "Stones as ammo", "0.5")],
        "talents": ["Rot Resistant"],
        "mutations": ["Insectoid"],
        "artifacts": [("Pocket flashlight", "Lights up Near range; batteries run down")],
        "injuries": [("Sprained ankle", "Move -2", False, "", "4 days")],
    },
    {
        "name": "Grog",
        "sheet": {
            "role": "enforcer",
            "face": "Broken nose",
            "body": "Huge, scarred",
            "clothing": "Spiked shoulder pads",
            "strength": 5,
            "agility": 3,
            "wits": 2,
            "empathy": 4,
            "endure": 2,
            "force": 2,
            "fight": 3,
            "sense_emotion": 1,
            "specialist_skill": 2,
            "damage": 1,
            "mutation_points": 2,
            "armor_name": "Tire armor",
            "armor_rating": 3,
            "grub": 0,
            "water": 4,
            "booze": 2,
            "starving": True,
            "relationships": "Krin: sharp-eyed, keeps us alive out there.",
            "pc_you_hate": "Krin",
            "pc_to_protect": "",
            "big_dream": "Rule the Ark one day.",
            "notes": "Owes the Boss two bullets.",
            "rot_temporary": 2,
        },
        "gear": [
            ("Scrap shield", "1", 1),
        ],
        "tiny": ["Old photograph"],
        "weapons": [("Spiked bat", 2, 2, "arms_length", "", "1")],
        "talents": ["Bodyguard"],
        "mutations": ["Rot-Eater"],
        "artifacts": [],
        "injuries": [("Crushed ribs", "Endure -1", True, "3 days", "5 days")],
    },
)


def fill(character, index: int) -> MutantSheet:
    """Name ``character`` and fill its sheet with demo character ``index`` (wrapping around)."""
    data = CHARACTERS[index % len(CHARACTERS)]
    character.name = data["name"]
    character.save()
    sheet, _ = MutantSheet.objects.update_or_create(character=character, defaults=data["sheet"])
    rows = (
        MutantGearLine, MutantWeapon, MutantTalent, MutantMutation, MutantArtifact,
        MutantCriticalInjury,
    )  # fmt: skip
    for model in rows:
        model.objects.filter(sheet=sheet).delete()
    create_with_history(
        [MutantGearLine(sheet=sheet, name=n, weight=w, bonus=b) for n, w, b in data["gear"]]
        + [MutantGearLine(sheet=sheet, name=n, weight=0, tiny=True) for n in data["tiny"]],
        MutantGearLine,
    )
    create_with_history(
        [
            MutantWeapon(sheet=sheet, name=n, bonus=b, damage=d, range=r, special=s, weight=w)
            for n, b, d, r, s, w in data["weapons"]
        ],
        MutantWeapon,
    )
    create_with_history([MutantTalent(sheet=sheet, name=n) for n in data["talents"]], MutantTalent)
    create_with_history(
        [MutantMutation(sheet=sheet, name=n) for n in data["mutations"]], MutantMutation
    )
    create_with_history(
        [MutantArtifact(sheet=sheet, name=n, effect=e) for n, e in data["artifacts"]],
        MutantArtifact,
    )
    create_with_history(
        [
            MutantCriticalInjury(
                sheet=sheet, name=n, effect=e, lethal=lethal, time_limit=t, healing_time=h
            )
            for n, e, lethal, t, h in data["injuries"]
        ],
        MutantCriticalInjury,
    )
    return sheet
