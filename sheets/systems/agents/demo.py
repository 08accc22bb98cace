"""A filled-in agent for `manage.py demo`: Dana Reyes, an Operator of the DPI."""

from sheets.history_access import create_with_history
from sheets.models import Character
from sheets.systems.agents.models import (
    AgentItem,
    AgentJunior,
    AgentSheet,
    AgentSupply,
    AgentWeapon,
)
from sheets.systems.agents.sheet import new_sheet

# A legal new agent: 10 stat points beyond 5 (AGI 8, STR 7, LCK 7, INT 6, EDU 6, INF 6)
# plus the Human's +1 Agility and +1 Luck; 16 skill points plus six Operator and three
# Human +1s.
AGENT = {
    "name": "Dana Reyes",
    "sheet": {
        "sex_gender": "Female, she/her",
        "role": "operator",
        "ancestry": "human",
        "ancestry_stat_a": "agility",
        "ancestry_stat_b": "luck",
        "strength": 7,
        "agility": 9,
        "intelligence": 6,
        "education": 6,
        "influence": 6,
        "luck": 8,
        "hp": 30,
        "ap": 19,
        "fortitude": 17,
        "sanity": 12,
        "stress": 1,
        "high": 1,
        "armor": "light",
        "funds": 700,
        "research_topic": "The drowned chapel",
        "research_timer": 18,
    },
    # (category, skill): (level, role pick, ancestry pick)
    "skills": {
        ("acrobatics", "Dodging"): (3, True, False),
        ("acrobatics", "Stealth"): (2, True, False),
        ("acrobatics", "Precision"): (2, True, False),
        ("physical", "Stamina"): (1, True, False),
        ("physical", "Reflexes"): (2, True, False),
        ("command", "Tactics"): (2, True, False),
        ("technical", "Firearms"): (3, False, True),
        ("humanities", "Psychology"): (2, False, True),
        ("survival", "First Aid"): (2, False, True),
        ("social", "Negotiation"): (2, False, False),
        ("sciences", "Mechanics"): (2, False, False),
        ("technical", "Research"): (2, False, False),
    },
    "weapons": [
        {
            "name": "Pistol",
            "tag": "Light",
            "distance": "room",
            "reload": 10,
            "shots": 10,
            "reloads": 4,
        },
        {"name": "Knife", "tag": "Light", "extra_dice": 1, "extra_die": 4},
        {
            "name": "Shotgun",
            "tag": "Medium",
            "extra_dice": 1,
            "extra_die": 6,
            "distance": "room",
            "reload": 2,
            "shots": 2,
            "reloads": 4,
            "arc": True,
        },
    ],
    "items": [
        ("ammunition", "Pistol rounds", 1),
        ("stims", "", 2),
        ("grenade", "", 4),
        ("comms", "Field radio", 1),
    ],
    "supplies": [("meals", "average", 1), ("room", "stingy", 1)],
    "juniors": [
        (
            "Milo Park",
            "Dodging, Stealth, Parkour, Precision, Vaulting, Tumbling, "
            "Climbing, Endurance, Stamina, Balance, Reflexes, Sprinting",
        )
    ],
}


# The second: a Vampire Researcher. Before the ancestry STR 6, AGI 6, INT 8, EDU 7, INF 6,
# LCK 7 (10 points); the Vampire's -1 STR, +1 AGI, +1 INF; 16 skill points + 6 picks.
VAMPIRE = {
    "name": "Vik Sorensen",
    "sheet": {
        "sex_gender": "Male, he/him",
        "role": "researcher",
        "ancestry": "vampire",
        "vampirism": True,
        "strength": 5,
        "agility": 7,
        "intelligence": 8,
        "education": 7,
        "influence": 7,
        "luck": 7,
        "hp": 28,
        "ap": 14,
        "fortitude": 16,
        "sanity": 17,
        "stress": 0,
        "high": 0,
        "armor": "none",
        "funds": 1200,
    },
    "skills": {
        ("sciences", "Medicine"): (3, True, False),
        ("sciences", "Chemistry"): (2, True, False),
        ("humanities", "Psychology"): (3, True, False),
        ("humanities", "Mythology"): (3, True, False),
        ("technical", "Research"): (3, True, False),
        ("technical", "Forensics"): (2, True, False),
        ("acrobatics", "Dodging"): (2, False, False),
        ("acrobatics", "Stealth"): (2, False, False),
        ("social", "Negotiation"): (2, False, False),
    },
    "weapons": [
        {
            "name": "Revolver",
            "tag": "Medium",
            "distance": "room",
            "reload": 6,
            "shots": 6,
            "reloads": 2,
        }
    ],
    "items": [("stims", "", 1), ("comms", "Field radio", 1)],
    "supplies": [("meals", "indulgent", 1), ("room", "average", 1)],
    "juniors": [],
}
AGENTS = (AGENT, VAMPIRE)


def fill(character, index: int) -> AgentSheet:
    """Make ``character`` a demo agent (idempotent). The demo's running ``index`` counts
    every system's characters, so the agent is chosen by how many agents of the party
    come before this one: the first is Dana, the second Vik."""
    earlier = Character.objects.filter(system="agents", party=character.party)
    if character.pk:
        earlier = earlier.filter(pk__lt=character.pk)
    data = AGENTS[(earlier.count() if character.party_id else index) % len(AGENTS)]
    character.name = data["name"]
    character.save()
    AgentSheet.objects.filter(character=character).delete()
    sheet = new_sheet(character)
    for field, value in data["sheet"].items():
        setattr(sheet, field, value)
    sheet.save()
    for skill in sheet.skills.all():
        level = data["skills"].get((skill.category, skill.name))
        if level:
            skill.level, skill.role_pick, skill.ancestry_pick = level
            skill.save()
    create_with_history([AgentWeapon(sheet=sheet, **w) for w in data["weapons"]], AgentWeapon)
    create_with_history(
        [AgentItem(sheet=sheet, kind=k, name=n, count=c) for k, n, c in data["items"]], AgentItem
    )
    create_with_history(
        [AgentSupply(sheet=sheet, kind=k, quality=q, weeks=w) for k, q, w in data["supplies"]],
        AgentSupply,
    )
    create_with_history(
        [AgentJunior(sheet=sheet, name=n, skills=s) for n, s in data["juniors"]], AgentJunior
    )
    return sheet
