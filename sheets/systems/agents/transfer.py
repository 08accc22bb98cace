"""Agents (DPI) in and out of Tableside (docs/export-format.md). A blank agent already
holds the seed's 56 skills: a listed skill in the file edits that row, a custom one is
added (four per category)."""

from sheets.systems.agents.models import AgentSkill
from sheets.transfer.spec import ListSpec, Transfer

FORMS = "sheets.systems.agents.forms"


def listed_skill(sheet, row):
    """The blank sheet's own row for a listed (not custom) skill of the file; a listed
    skill the seed does not have is refused (ValueError): it must be marked custom."""
    if not isinstance(row, dict) or row.get("custom") is True:
        return None
    found = AgentSkill.objects.filter(
        sheet=sheet, custom=False, category=row.get("category"), name=row.get("name")
    ).first()
    if found is None:
        raise ValueError(
            f"{row.get('name')!r} is not one of the seed's skills in {row.get('category')!r}: "
            'mark it "custom": true'
        )
    return found


TRANSFER = Transfer(
    lists=(
        ListSpec(
            "skills",
            "skills",
            f"{FORMS}.SkillForm",
            match="sheets.systems.agents.transfer.listed_skill",
        ),
        ListSpec("weapons", "weapons", f"{FORMS}.WeaponForm"),
        ListSpec("items", "items", f"{FORMS}.ItemForm"),
        ListSpec("supplies", "supplies", f"{FORMS}.SupplyForm"),
        ListSpec("juniors", "juniors", f"{FORMS}.JuniorForm"),
    ),
)
