"""Twilight: 2000 4E in and out of Tableside (docs/export-format.md), and its reader for
Foundry VTT's "t2k4e" system (template.json: attributes and skills as scores A-D,
health and sanity as boxes left, rads, items weapon/armor/ammunition/gear/specialty/
injury)."""

from django.utils.translation import gettext

from sheets.systems.twilight.dice import stepdice
from sheets.systems.twilight.rules import ATTRIBUTES, LEVELS, SKILLS, WEAPON_SKILLS
from sheets.transfer import foundry as f
from sheets.transfer.spec import SCHEMA, ListSpec, Transfer

FORMS = "sheets.systems.twilight.forms"

TRANSFER = Transfer(
    lists=(
        ListSpec("weapons", "weapons", f"{FORMS}.WeaponForm"),
        # a spare magazine names the weapon it fits by its position in "weapons"
        ListSpec("magazines", "magazines", f"{FORMS}.MagazineForm", refs={"weapon": "weapons"}),
        ListSpec("armor", "armor", f"{FORMS}.ArmorForm"),
        ListSpec("gear", "gear", f"{FORMS}.GearForm"),
        ListSpec("specialties", "specialties", f"{FORMS}.SpecialtyForm"),
        ListSpec("injuries", "injuries", f"{FORMS}.InjuryForm"),
    ),
    foundry="sheets.systems.twilight.transfer.from_foundry",
    foundry_ids=("t2k4e",),
)

LISTS = ("weapons", "magazines", "armor", "gear", "specialties", "injuries")
PARTS = ("head", "torso", "arms", "legs")
SHORT = dict(zip(("str", "agl", "int", "emp"), ATTRIBUTES, strict=True))
CAMEL = {"".join(w.title() if i else w for i, w in enumerate(s.split("_"))): s for s in SKILLS}
BIO = {
    "nationality": ("nationality", 60),
    "branch": ("branch", 60),
    "militaryRank": ("rank", 60),
    "buddy": ("buddy", 100),
    "appearance": ("appearance", 200),
    "moralCode": ("moral_code", 200),
    "bigDream": ("big_dream", 200),
}


def _level(value, default="C") -> str:
    value = str(value or "").strip().upper()
    return value if value in LEVELS else default


def _skill_of(item_data) -> str:
    """A specialty's skill, from its roll modifiers ({"0": {"name": "skill.recon"}})."""
    modifiers = item_data.get("rollModifiers")
    for modifier in modifiers.values() if isinstance(modifiers, dict) else ():
        target = str(f.dig(modifier, "name", default="") or "")
        category, _, key = target.partition(".")
        if category == "skill" and key in CAMEL:
            return CAMEL[key]
    return ""


def from_foundry(actor: dict):
    """A Foundry t2k4e character as a Tableside document, and what had no place."""
    system, left = f.body(actor), []
    sheet = {
        name: _level(f.dig(system, "attributes", short, "score")) for short, name in SHORT.items()
    }
    for camel, name in CAMEL.items():
        score = _level(f.dig(system, "skills", camel, "score"), default="")
        sheet[name] = score
    sheet["coolness_under_fire"] = _level(f.dig(system, "cuf", "score"), default="D")
    hit = stepdice.hit_capacity(sheet["strength"], sheet["agility"])
    stress = stepdice.stress_capacity(sheet["intelligence"], sheet["empathy"])
    hit += f.number(f.dig(system, "health", "modifier"))
    stress += f.number(f.dig(system, "sanity", "modifier"))
    sheet["damage"] = max(0, hit - f.number(f.dig(system, "health", "value"), hit))
    sheet["stress"] = max(0, stress - f.number(f.dig(system, "sanity", "value"), stress))
    sheet["radiation"] = f.number(f.dig(system, "rads", "temporary"))
    sheet["radiation_permanent"] = f.number(f.dig(system, "rads", "permanent"))
    sheet["experience"] = f.number(f.dig(system, "xp", "value"))
    bio = system.get("bio") if isinstance(system.get("bio"), dict) else {}
    for key, (name, limit) in BIO.items():
        sheet[name] = f.text(bio.get(key), limit)
    age = f.number(bio.get("age"), None)
    if age is not None and 14 <= age <= 99:
        sheet["age"] = age
    elif bio.get("age"):
        left.append(
            gettext("age %(age)s (14 to 99 on the sheet)")
            % {"age": f.text(str(bio.get("age")), 20)}
        )
    if bio.get("groupMeeting"):
        left.append(gettext("how the group met"))
    sheet["notes"] = f.text(system.get("description"))
    for condition in ("starving", "dehydrated", "sleepless", "hypothermic"):
        if f.dig(system, "conditions", condition):
            left.append(gettext("condition %(name)s") % {"name": condition})
    if system.get("diseases"):
        left.append(gettext("diseases"))
    rows = {name: [] for name in LISTS}
    weapon_at, loaded = {}, {}
    all_items = f.items(actor)
    for item in all_items:  # weapons first: magazines name them by position
        data = f.body(item)
        if item.get("type") != "weapon":
            continue
        skill = CAMEL.get(str(data.get("skill") or ""), "ranged_combat")
        if skill not in WEAPON_SKILLS:
            left.append(
                gettext("weapon %(name)s: %(skill)s is not a weapon skill here")
                % {"name": f.item_name(item), "skill": skill}
            )
            skill = "ranged_combat"
        capacity = f.number(f.dig(data, "mag", "max"))
        reliability_max = min(10, max(1, f.number(f.dig(data, "reliability", "max"), 5)))
        weapon_at[item.get("_id")] = len(rows["weapons"])
        if f.dig(data, "mag", "target"):
            loaded[f.dig(data, "mag", "target")] = len(rows["weapons"])
        range_ = data.get("range", "")
        rows["weapons"].append(
            {
                "name": f.item_name(item)[:60],
                "skill": skill,
                "damage": f.number(data.get("damage")),
                "crit_threshold": max(1, f.number(data.get("crit"), 3)),
                "armor_modifier": f.number(data.get("armorModifier")),
                "range": f.text(str(range_), 30) if range_ not in (0, "0", None) else "",
                "rate_of_fire": f.number(data.get("rof")),
                "reliability": min(
                    reliability_max, f.number(f.dig(data, "reliability", "value"), 5)
                ),
                "reliability_max": reliability_max,
                "magazine_capacity": capacity,
                "rounds_loaded": 0,
                "jammed": bool(data.get("jammed")),
                "weight": round(max(0.0, f.decimal(data.get("weight"), 1.0)), 2),
            }
        )
    # a spare of the same name as a weapon's loaded magazine fits that weapon
    fits = {
        f.item_name(item): loaded[item.get("_id")]
        for item in all_items
        if item.get("type") == "ammunition" and item.get("_id") in loaded
    }
    for item in all_items:
        data, name, kind = f.body(item), f.item_name(item), item.get("type")
        if kind == "weapon":
            continue
        if kind == "ammunition":
            rounds = f.number(f.dig(data, "ammo", "value"))
            index = loaded.get(item.get("_id")) if item.get("_id") else None
            if index is not None:  # the magazine in the weapon: its rounds are loaded
                weapon = rows["weapons"][index]
                weapon["rounds_loaded"] = min(rounds, weapon["magazine_capacity"])
                continue
            belt = not f.dig(data, "props", "magazine", default=True)
            weapon = fits.get(name)
            top = rows["weapons"][weapon]["magazine_capacity"] if weapon is not None else 300
            for _ in range(max(1, min(f.number(data.get("qty"), 1), 20))):
                kind = "belt" if belt else "magazine"
                rows["magazines"].append(
                    {"weapon": weapon, "kind": kind, "rounds": min(rounds, top)}
                )
            if weapon is None:
                left.append(
                    gettext("ammunition %(name)s: which weapon it fits (set it on the sheet)")
                    % {"name": name}
                )
        elif kind == "armor":
            location = data.get("location") if isinstance(data.get("location"), dict) else {}
            rows["armor"].append(
                {
                    "name": name[:60],
                    "rating": f.number(f.dig(data, "rating", "value")),
                    **{f"covers_{part}": bool(location.get(part)) for part in PARTS},
                }
            )
        elif kind in ("gear", "grenade"):
            quantity = max(1, f.number(data.get("qty"), 1))
            label = f"{name} (x{quantity})" if quantity > 1 else name
            weight = max(0.0, f.decimal(data.get("weight"), 1.0)) * quantity
            rows["gear"].append({"name": label[:100], "weight": round(weight, 2)})
        elif kind == "specialty":
            skill = _skill_of(data)
            if not skill:
                left.append(
                    gettext("specialty %(name)s: no skill named, filed under Ranged Combat")
                    % {"name": name}
                )
            rows["specialties"].append(
                {
                    "name": name[:60],
                    "skill": skill or "ranged_combat",
                    "effect": f.text(data.get("description"), 200),
                }
            )
        elif kind == "injury":
            location = str(data.get("location") or "").lower()
            rows["injuries"].append(
                {
                    "name": name,
                    "location": location if location in PARTS else "torso",
                    "lethal": bool(data.get("lethal")),
                    "time_limit": f.text(data.get("timeLimit"), 40),
                    "healing_time": f.text(data.get("healTime"), 40),
                    "effect": f.text(data.get("description"), 200),
                }
            )
        else:
            left.append(f"{kind} {name}")
    doc = {
        "tableside": "character",
        "system": "twilight",
        "schema": SCHEMA,
        "character": {"name": f.text(actor.get("name"), 100) or "Imported soldier"},
        "sheet": sheet,
        **rows,
    }
    return doc, left
