"""Mutant: Year Zero in and out of Tableside (docs/export-format.md), and its reader for
Foundry VTT's Mutant: Year Zero system (actors of type mutant; fields as in the system's
template.json / data model: attributes value and max, rot, resources, items)."""

from django.utils.translation import gettext

from sheets.systems.mutant.models import BASE_SKILLS, MutantWeapon
from sheets.systems.mutant.rules import ROLES, same_name
from sheets.transfer import foundry as f
from sheets.transfer.spec import SCHEMA, ListSpec, Transfer

FORMS = "sheets.systems.mutant.forms"

TRANSFER = Transfer(
    lists=(
        ListSpec("gear", "gear", f"{FORMS}.GearLineForm"),
        ListSpec(
            "weapons",
            "weapons",
            f"{FORMS}.WeaponForm",
            match="sheets.systems.mutant.transfer.weapon_before_weight",
        ),
        ListSpec("talents", "talents", f"{FORMS}.TalentForm"),
        ListSpec("mutations", "mutations", f"{FORMS}.MutationForm"),
        ListSpec("artifacts", "artifacts", f"{FORMS}.ArtifactForm"),
        ListSpec("critical_injuries", "critical_injuries", f"{FORMS}.CriticalInjuryForm"),
    ),
    foundry="sheets.systems.mutant.transfer.from_foundry",
    foundry_ids=("mutant-year-zero",),
)


def weapon_before_weight(sheet, row):
    """A weapon of a file written before weapons had a weight (no ``weight``): 0 when the
    file lists it as a gear line too (that line carries its weight, as migration 0008
    does on the database), else the model's default. The gear is imported first."""
    if not isinstance(row, dict) or "weight" in row or not isinstance(row.get("name"), str):
        return None
    lines = sheet.gear.filter(tiny=False).exclude(weight=0)
    if any(same_name(row["name"], line.name) for line in lines):
        return MutantWeapon(sheet=sheet, weight=0)
    return None


def _key(name) -> str:
    """ "Know the Zone", "KNOWTHEZONE", "know_the_zone" -> "KNOWTHEZONE"."""
    return "".join(ch for ch in str(name).upper() if ch.isalnum())


SKILL_KEYS = {_key(name): name for name in BASE_SKILLS}
SPECIALIST_KEYS = {_key(role.specialist): slug for slug, role in ROLES.items()}
RANGES = {
    "range_arm": "arms_length",
    "range_near": "near",
    "range_short": "short",
    "range_long": "long",
    "arm": "arms_length",
    "near": "near",
    "short": "short",
    "long": "long",
}
NOT_LETHAL = ("", "no", "false", "0", "-")
ATTRIBUTES = {"strength": "damage", "agility": "fatigue", "wits": "confusion", "empathy": "doubt"}


def _role(system, specialist_keys) -> str:
    wanted = _key(system.get("role") or "")
    for slug, role in ROLES.items():
        if wanted in (_key(slug), _key(role.name)):
            return slug
    return next(iter(specialist_keys), "enforcer")


def from_foundry(actor: dict):
    """A Foundry MYZ actor as a Tableside document, and what had no place on our sheet."""
    system, left = f.body(actor), []
    if actor.get("type") not in ("mutant", "human", "character"):
        left.append(gettext("actor type %(type)r: read as a mutant") % {"type": actor.get("type")})
    sheet = {}
    for attribute, trauma in ATTRIBUTES.items():
        score = f.number(f.dig(system, "attributes", attribute, "max"), None)
        now = f.number(f.dig(system, "attributes", attribute, "value"), 0)
        if score is None or score < now:  # older files: value only, no trauma
            score = now
        sheet[attribute] = score
        sheet[trauma] = max(0, score - now)
    specialist = {}
    rows = {
        name: []
        for name in ("gear", "weapons", "talents", "mutations", "artifacts", "critical_injuries")
    }
    armor_taken = False
    for item in f.items(actor):
        data, name, kind = f.body(item), f.item_name(item), item.get("type")
        if kind == "skill":
            key = _key(data.get("skillKey") or name)
            value = f.number(data.get("value"))
            if key in SKILL_KEYS:
                sheet[SKILL_KEYS[key]] = value
            elif key in SPECIALIST_KEYS:
                specialist[SPECIALIST_KEYS[key]] = value
            else:
                left.append(gettext("skill %(name)s (%(value)s)") % {"name": name, "value": value})
        elif kind == "weapon":
            rows["weapons"].append(
                {
                    "name": name,
                    "bonus": f.number(f.dig(data, "bonus", "value")),
                    "damage": f.number(data.get("damage"), 1),
                    "range": RANGES.get(str(data.get("range") or "").lower(), "arms_length"),
                    "special": f.text(data.get("comment"), 200),
                    "weight": round(max(f.decimal(data.get("weight"), 1.0), 0), 2),
                }
            )
        elif kind == "armor":
            rating = f.number(f.dig(data, "rating", "value"))
            rot = f.number(f.dig(data, "rot", "value"))
            if rot and not rating and not sheet.get("rot_suit_name"):
                sheet["rot_suit_name"], sheet["rot_suit_rating"] = name, rot
            elif not armor_taken and data.get("equipped", True):
                sheet["armor_name"], sheet["armor_rating"] = name, rating
                armor_taken = True
            else:
                left.append(gettext("armor %(name)s (one armor on the sheet)") % {"name": name})
        elif kind == "talent":
            rows["talents"].append({"name": name})
        elif kind == "ability":
            if (data.get("creatureType") or "mutant") == "mutant":
                rows["mutations"].append({"name": name})
            else:
                left.append(
                    gettext("ability %(name)s (%(kind)s)")
                    % {"name": name, "kind": data.get("creatureType")}
                )
        elif kind == "artifact":
            effect = f.text(data.get("effect") or data.get("description"), 200)
            rows["artifacts"].append({"name": name, "effect": effect})
        elif kind == "gear":
            quantity = max(1, f.number(data.get("quantity"), 1))
            weight = f.decimal(data.get("weight"), 1.0) * quantity
            label = f"{name} (x{quantity})" if quantity > 1 else name
            rows["gear"].append(
                {
                    "name": label[:100],
                    "weight": round(max(weight, 0), 2),
                    "tiny": weight == 0,
                    "bonus": f.number(f.dig(data, "bonus", "value")),
                }
            )
        elif kind == "critical":
            lethal = str(data.get("lethal") or "").strip().lower() not in NOT_LETHAL
            rows["critical_injuries"].append(
                {
                    "name": name,
                    "effect": f.text(data.get("effect"), 200),
                    "lethal": lethal,
                    "time_limit": f.text(data.get("timeLimit"), 40) if lethal else "",
                    "healing_time": f.text(data.get("healingTime"), 40),
                }
            )
        else:
            left.append(f"{kind} {name}")
    sheet["role"] = _role(system, specialist)
    sheet["specialist_skill"] = specialist.get(sheet["role"], 1)
    for slug, value in specialist.items():
        if slug != sheet["role"]:
            left.append(
                gettext("skill %(name)s (%(value)s): another role's")
                % {"name": gettext(ROLES[slug].specialist), "value": value}
            )
    sheet["rot_temporary"] = f.number(f.dig(system, "rot", "value"))
    sheet["rot_permanent"] = f.number(f.dig(system, "rot", "permanent"))
    sheet["experience"] = f.number(f.dig(system, "xp", "value"))
    sheet["mutation_points"] = f.number(f.dig(system, "resource_points", "value"))
    for supply in ("grub", "water", "booze", "bullets"):
        sheet[supply] = f.number(f.dig(system, "resources", supply, "value"))
    for rotten in ("grubRot", "waterRot"):
        if f.number(f.dig(system, "resources", rotten, "value")):
            value = f.dig(system, "resources", rotten, "value")
            left.append(
                gettext("rotten grub (%(value)s)") % {"value": value}
                if rotten == "grubRot"
                else gettext("rotten water (%(value)s)") % {"value": value}
            )
    conditions = system.get("conditions") or f.dig(system, "status", "conditions") or {}
    for condition in ("starving", "dehydrated", "sleepless", "hypothermic"):
        sheet[condition] = bool(f.dig(conditions, condition, "value", default=False))
    sheet["face"] = f.text(f.dig(system, "appearance", "value"), 200)
    relations = system.get("relationships") if isinstance(system.get("relationships"), dict) else {}
    party = system.get("party")
    party_text = (
        "\n".join(f.text(p.get("value")) for p in party if isinstance(p, dict) and p.get("value"))
        if isinstance(party, list)
        else f.text(relations.get("party"))
    )
    sheet["relationships"] = party_text
    sheet["pc_you_hate"] = f.text(system.get("hate") or relations.get("hate"), 100)
    sheet["pc_to_protect"] = f.text(system.get("protect") or relations.get("protect"), 100)
    sheet["big_dream"] = f.text(system.get("dream") or relations.get("dream"), 200)
    notes = [f.text(system.get("description")), f.text(system.get("notes"))]
    sheet["notes"] = "\n\n".join(n for n in notes if n)
    for field, label in (
        ("rank", gettext("rank")),
        ("age", gettext("age")),
        ("crit", gettext("critical note")),
    ):
        value = system.get(field)
        value = value.get("value") if isinstance(value, dict) else value
        if value:
            left.append(f"{label}: {f.text(str(value), 60)}")
    doc = {
        "tableside": "character",
        "system": "mutant",
        "schema": SCHEMA,
        "character": {"name": f.text(actor.get("name"), 100) or gettext("Imported mutant")},
        "sheet": sheet,
        **rows,
    }
    return doc, left
