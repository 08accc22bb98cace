"""Creating a Slots character: their people (whose sheet sets the slots; campaigns begin
human), then what they carry, slot by slot; then the sheet."""

from django import forms
from django.db.models import Case, Value, When
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from sheets.creation import Group, Step, StepForm
from sheets.systems.slots import words
from sheets.systems.slots.models import GEAR_TAGS, SlotsItem, SlotsPeople

HERE = "sheets.systems.slots.creation"


def _people_text(people) -> str:
    kinds: dict[str, int] = {}
    for slot in people.slots.all():
        kinds[slot.kind] = kinds.get(slot.kind, 0) + 1
    gear = ", ".join(f"{count} {words.kind(kind).lower()}" for kind, count in kinds.items())
    return ngettext(
        "%(n)s focus slot; gear slots: %(gear)s",
        "%(n)s focus slots; gear slots: %(gear)s",
        people.focus_slots,
    ) % {"n": people.focus_slots, "gear": gear}


class PeopleForm(StepForm):
    people = forms.ModelChoiceField(
        queryset=SlotsPeople.objects.none(),
        widget=forms.RadioSelect,
        empty_label=None,
        error_messages={"required": gettext_lazy("Choose your people.")},
    )

    def __init__(self, sheet, data=None):
        super().__init__(sheet, data)
        # Human first: "it is recommended that campaigns begin with an all human party"
        first = Case(When(name="Human", then=Value(0)), default=Value(1))
        peoples = SlotsPeople.objects.prefetch_related("slots").order_by(first, "name")
        self.fields["people"].queryset = peoples
        self.fields["people"].label_from_instance = words.people
        self.descriptions = {
            "people": {
                str(p.pk): _people_text(p)
                + (" · " + _("campaigns begin human") if p.name == "Human" else "")
                for p in peoples
            }
        }

    def initial_from(self, sheet):
        return {"people": sheet.people_id}

    def layout(self):
        return [Group(_("Your people"), ("people",), kind="cards")]

    def clean_people(self):
        people = self.cleaned_data["people"]
        numbers = set(people.slots.values_list("number", flat=True))
        stranded = [item.name for item in self.sheet.items.all() if item.slot not in numbers]
        if stranded:
            raise forms.ValidationError(
                _("%(people)s has no slot for %(items)s: take it out on the sheet first.")
                % {"people": words.people(people), "items": ", ".join(stranded)}
            )
        return people

    def save(self):
        self.save_sheet("People", {"people": self.cleaned_data["people"]})  # a history reason


def _tags(value: str) -> str:
    tags = [t.strip().lower() for t in value.split(",") if t.strip()]
    unknown = [t for t in tags if t not in GEAR_TAGS]
    if unknown:
        raise forms.ValidationError(
            _("%(tag)s is not a game tag (%(tags)s); add your own words on the sheet as free tags.")
            % {"tag": unknown[0], "tags": ", ".join(GEAR_TAGS)}
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
            where = f"{slot.number} · {words.slot_name(slot.name)}"
            self.fields[f"slot{slot.number}-name"] = forms.CharField(
                label=_("Item in %(slot)s") % {"slot": where}, max_length=80, required=False,
                initial=item.name if item else "",
            )  # fmt: skip
            self.fields[f"slot{slot.number}-tags"] = forms.CharField(
                label=_("Tags of %(slot)s") % {"slot": where}, max_length=200, required=False,
                initial=item.tags if item else "",
            )  # fmt: skip
            self.fields[f"slot{slot.number}-tags"].widget.attrs["placeholder"] = _(
                "e.g. sharp, weapon"
            )
        self.style()

    def initial_from(self, sheet):
        return {}

    def layout(self):
        groups = []
        for kind, note in (
            ("grip", _("What you hold: weapons are ready only in a grip slot.")),
            ("body", _("What you wear: armor counts only on the body.")),
            ("pack", _("What you pack: a dropped pack counts as empty.")),
        ):
            slots = [s for s in self.slots if s.kind == kind]
            if slots:
                groups.append(
                    Group(
                        words.kind(kind),
                        (),
                        kind="rows",
                        note=note,
                        rows=tuple(
                            (
                                f"{s.number} · {words.slot_name(s.name)}",
                                (f"slot{s.number}-name", f"slot{s.number}-tags"),
                            )
                            for s in slots
                        ),
                        columns=(_("Slot"), _("Item"), _("Game tags")),
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
                self.add_error(f"slot{slot.number}-name", _("Name the item these tags belong to."))
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
        gettext_lazy("People"),
        f"{HERE}.PeopleForm",
        gettext_lazy(
            "Your people's sheet sets your slots: the focus slots hold ideas, the gear slots "
            "your body, your grip and your pack."
        ),
    ),
    Step(
        "gear",
        gettext_lazy("Gear"),
        f"{HERE}.GearForm",
        gettext_lazy(
            "Name what fills each slot; its game tags are what the checks read (a noisy item "
            "fails a sneak). Leave a slot empty if it is."
        ),
    ),
)
