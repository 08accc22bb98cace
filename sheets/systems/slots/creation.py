"""Creating a Slots character: their people (whose sheet sets the slots; campaigns begin
human), then what they carry, slot by slot; then the sheet."""

from django import forms
from django.db.models import Case, Value, When

from sheets.creation import Group, Step, StepForm
from sheets.systems.slots.models import GEAR_TAGS, SlotsItem, SlotsPeople

HERE = "sheets.systems.slots.creation"


def _people_text(people) -> str:
    kinds = {}
    for slot in people.slots.all():
        kinds[slot.kind] = kinds.get(slot.kind, 0) + 1
    gear = ", ".join(f"{count} {kind}" for kind, count in kinds.items())
    return f"{people.focus_slots} focus slots; gear slots: {gear}"


class PeopleForm(StepForm):
    people = forms.ModelChoiceField(
        queryset=SlotsPeople.objects.none(),
        widget=forms.RadioSelect,
        empty_label=None,
        error_messages={"required": "Choose your people."},
    )

    def __init__(self, sheet, data=None):
        super().__init__(sheet, data)
        # Human first: "it is recommended that campaigns begin with an all human party"
        first = Case(When(name="Human", then=Value(0)), default=Value(1))
        peoples = SlotsPeople.objects.prefetch_related("slots").order_by(first, "name")
        self.fields["people"].queryset = peoples
        self.descriptions = {
            "people": {
                str(p.pk): _people_text(p)
                + (" · campaigns begin human" if p.name == "Human" else "")
                for p in peoples
            }
        }

    def initial_from(self, sheet):
        return {"people": sheet.people_id}

    def layout(self):
        return [Group("Your people", ("people",), kind="cards")]

    def clean_people(self):
        people = self.cleaned_data["people"]
        numbers = set(people.slots.values_list("number", flat=True))
        stranded = [item.name for item in self.sheet.items.all() if item.slot not in numbers]
        if stranded:
            raise forms.ValidationError(
                f"A {people.name} has no slot for {', '.join(stranded)}: take it out on the "
                "sheet first."
            )
        return people

    def save(self):
        self.save_sheet("People", {"people": self.cleaned_data["people"]})


def _tags(value: str) -> str:
    tags = [t.strip().lower() for t in value.split(",") if t.strip()]
    unknown = [t for t in tags if t not in GEAR_TAGS]
    if unknown:
        raise forms.ValidationError(
            f"{unknown[0]} is not a game tag ({', '.join(GEAR_TAGS)}); add your own words "
            "on the sheet as free tags."
        )
    return ", ".join(tags)


class GearForm(StepForm):
    """The first item of each gear slot of the people's sheet: its name and game tags."""

    def __init__(self, sheet, data=None):
        super().__init__(sheet, data)
        self.slots = list(sheet.people.slots.order_by("number"))
        self.items = {}
        for item in sheet.items.order_by("slot", "pk"):
            self.items.setdefault(item.slot, item)
        for slot in self.slots:
            item = self.items.get(slot.number)
            where = f"{slot.number} · {slot.name}"
            self.fields[f"slot{slot.number}-name"] = forms.CharField(
                label=f"Item in {where}", max_length=80, required=False,
                initial=item.name if item else "",
            )  # fmt: skip
            self.fields[f"slot{slot.number}-tags"] = forms.CharField(
                label=f"Tags of {where}", max_length=200, required=False,
                initial=item.tags if item else "",
            )  # fmt: skip
            self.fields[f"slot{slot.number}-tags"].widget.attrs["placeholder"] = (
                "e.g. sharp, weapon"
            )
        self.style()

    def initial_from(self, sheet):
        return {}

    def layout(self):
        groups = []
        for kind, note in (
            ("grip", "What you hold: weapons are ready only in a grip slot."),
            ("body", "What you wear: armor counts only on the body."),
            ("pack", "What you pack: a dropped pack counts as empty."),
        ):
            slots = [s for s in self.slots if s.kind == kind]
            if slots:
                groups.append(
                    Group(
                        kind.title(),
                        (),
                        kind="rows",
                        note=note,
                        rows=tuple(
                            (
                                f"{s.number} · {s.name}",
                                (f"slot{s.number}-name", f"slot{s.number}-tags"),
                            )
                            for s in slots
                        ),
                        columns=("Slot", "Item", "Game tags"),
                        wide=True,
                    )
                )
        return groups

    def clean(self):
        cleaned = super().clean()
        for slot in self.slots:
            name = f"slot{slot.number}-tags"
            if cleaned.get(name):
                try:
                    cleaned[name] = _tags(cleaned[name])
                except forms.ValidationError as error:
                    self.add_error(name, error)
            if cleaned.get(name) and not cleaned.get(f"slot{slot.number}-name"):
                self.add_error(f"slot{slot.number}-name", "Name the item these tags belong to.")
        return cleaned

    def save(self):
        for slot in self.slots:
            name = self.cleaned_data[f"slot{slot.number}-name"].strip()
            tags = self.cleaned_data[f"slot{slot.number}-tags"]
            item = self.items.get(slot.number)
            if not name:
                if item is not None:
                    item._change_reason = "Creation: Gear"
                    item.delete()
                continue
            if item is None:
                item = SlotsItem(sheet=self.sheet, slot=slot.number)
            elif (item.name, item.tags) == (name, tags):
                continue
            item.name, item.tags = name, tags
            item._change_reason = "Creation: Gear"
            item.save()


STEPS = (
    Step(
        "people",
        "People",
        f"{HERE}.PeopleForm",
        "Your people's sheet sets your slots: the focus slots hold ideas, the gear slots "
        "your body, your grip and your pack.",
    ),
    Step(
        "gear",
        "Gear",
        f"{HERE}.GearForm",
        "Name what fills each slot; its game tags are what the checks read (a noisy item "
        "fails a sneak). Leave a slot empty if it is.",
    ),
)
