"""A filled-in human for `manage.py demo` (The Ark)."""

from sheets.history_access import create_with_history
from sheets.systems.slots.models import SlotsIdea, SlotsItem, SlotsMark, SlotsSheet
from sheets.systems.slots.rules import ensure_peoples

NAMES = ("Wren", "Tamsin", "Oskar")
CHARACTER = {
    "notes": "Sellsword from the river towns. Owes the ferryman a favour.",
    "items": [
        (3, "Leather jerkin", "light armor, flammable"),
        (4, "Leather jerkin", "light armor, flammable"),
        (7, "Short sword", "weapon, rigid, sharp"),
        (8, "Buckler", "shield, rigid, blunt"),
        (9, "Bedroll", "cushioning, flammable"),
        (10, "Lantern", "rigid, fragile, flammable"),
        (11, "Sack of coins", "noisy, heavy"),
        (12, "Healing kit", ""),
    ],
    "ideas": [
        (1, "devotion", "The Dawn Father", ""),
        (2, "bond", "Sister Ila", ""),
    ],
    "marks": [("gear", 5, "closed", "")],
}


def fill(character, index: int) -> SlotsSheet:
    data = CHARACTER
    character.name = NAMES[index % len(NAMES)]
    character.save()
    human = ensure_peoples()
    sheet, _ = SlotsSheet.objects.update_or_create(
        character=character, defaults={"people": human, "notes": data["notes"]}
    )
    for model in (SlotsItem, SlotsIdea, SlotsMark):
        model.objects.filter(sheet=sheet).delete()
    create_with_history(
        [SlotsItem(sheet=sheet, slot=s, name=n, tags=t) for s, n, t in data["items"]], SlotsItem
    )
    create_with_history(
        [SlotsIdea(sheet=sheet, slot=s, kind=k, name=n, target=t) for s, k, n, t in data["ideas"]],
        SlotsIdea,
    )
    create_with_history(
        [
            SlotsMark(sheet=sheet, area=a, number=n, wound=w, condition=c)
            for a, n, w, c in data["marks"]
        ],
        SlotsMark,
    )
    return sheet
