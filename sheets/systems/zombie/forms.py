"""Zombiepocalypse sheet forms: the sheet's own fields and its rows, edited in place.

The editing views build a form for one field at a time, so the cross-field checks read
the other value from the stored row when the form does not hold it, and put the message
next to the field being edited.
"""

from django import forms
from django.utils.translation import gettext_lazy as _

from sheets.editing.forms import CrossFieldMixin, add_form_helper, limit
from sheets.systems.zombie.models import (
    MAX_COUNT,
    UNSPENT_OPTION,
    ZombieCondition,
    ZombieItem,
    ZombieSheet,
    ZombieTask,
    ZombieWeapon,
    condition_error,
)
from sheets.systems.zombie.rules import MAX_INJURY, MAX_OPTION_BONUS


class ZombieSheetForm(CrossFieldMixin, forms.ModelForm):
    class Meta:
        model = ZombieSheet
        fields = ["background", "description", "notes", "option_skill", "option_scope",
                  "option_bonus"]  # fmt: skip
        labels = {
            "background": _("Background"),
            "description": _("Description"),
            "notes": _("Notes"),
            "option_skill": _("Learned skill"),
            "option_scope": _("Scope"),
            "option_bonus": _("Bonus"),
        }
        help_texts = {"option_skill": "", "option_scope": "", "option_bonus": "",
                      "background": ""}  # fmt: skip
        widgets = {
            "description": forms.Textarea(attrs={"rows": 3}),
            "notes": forms.Textarea(attrs={"rows": 8}),
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if "option_bonus" in self.fields:
            limit(
                self.fields["option_bonus"], 0, MAX_OPTION_BONUS,
                _("A learned skill gives +0 to +%(most)s.") % {"most": MAX_OPTION_BONUS},
            )  # fmt: skip
        if "option_skill" in self.fields:
            self.fields["option_skill"].widget.attrs["placeholder"] = _("unspent")

    def clean(self):
        cleaned = super().clean()
        edited = [n for n in ("option_skill", "option_scope", "option_bonus") if n in self.fields]
        if edited and all(n in cleaned for n in edited):
            skill = self.current("option_skill")
            if not skill and (self.current("option_bonus") or self.current("option_scope")):
                self.error_on(edited, UNSPENT_OPTION)
        return cleaned


class ConditionForm(CrossFieldMixin, forms.ModelForm):
    # the first view's narrow column: the name on its line, kind and modifier below it
    row_columns = {"name": "col-12", "kind": "col-6", "modifier": "col-3"}

    class Meta:
        model = ZombieCondition
        fields = ["name", "kind", "modifier"]
        labels = {"name": _("Injury or status"), "kind": _("Kind"), "modifier": _("Modifier")}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if "modifier" in self.fields:
            limit(
                self.fields["modifier"], -MAX_INJURY, 1,
                _("An injury gives -3 to 0; a status effect -1, 0 or +1."),
            )  # fmt: skip

    def clean(self):
        cleaned = super().clean()
        edited = [n for n in ("kind", "modifier") if n in self.fields]
        if edited and all(n in cleaned for n in edited):
            message = condition_error(self.current("kind"), self.current("modifier"))
            if message:
                self.error_on(["modifier", "kind"], message)
        return cleaned

    @property
    def helper(self):
        return add_form_helper(("name", "col-12"), ("kind", "col-7"), ("modifier", "col-5"))


class ItemForm(forms.ModelForm):
    row_columns = {
        "name": "col-12 col-sm-5",
        "quantity": "col-4 col-sm-2",
        "note": "col-8 col-sm-5",
    }

    class Meta:
        model = ZombieItem
        fields = ["name", "quantity", "note"]
        labels = {"name": _("Item"), "quantity": _("Count")}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        limit(
            self.fields["quantity"],
            0,
            MAX_COUNT,
            _("A count runs from 0 to %(most)s.") % {"most": MAX_COUNT},
        )

    @property
    def helper(self):
        return add_form_helper(
            ("name", "col-12 col-md-5"), ("quantity", "col-4 col-md-2"), ("note", "col-8 col-md-5")
        )


class WeaponForm(forms.ModelForm):
    row_columns = {
        "name": "col-12 col-sm-4",
        "ammo": "col-5 col-sm-3",
        "rounds": "col-3 col-sm-2",
        "note": "col-12 col-sm-3",
    }

    class Meta:
        model = ZombieWeapon
        fields = ["name", "ammo", "rounds", "note"]
        labels = {"name": _("Weapon"), "ammo": _("Ammunition"), "rounds": _("Rounds")}
        help_texts = {"ammo": ""}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        limit(
            self.fields["rounds"],
            0,
            MAX_COUNT,
            _("Rounds run from 0 to %(most)s.") % {"most": MAX_COUNT},
        )

    @property
    def helper(self):
        return add_form_helper(
            ("name", "col-12 col-md-4"), ("ammo", "col-6 col-md-3"), ("rounds", "col-6 col-md-2"),
            ("note", "col-12 col-md-3"),
        )  # fmt: skip


class TaskForm(forms.ModelForm):
    """A task's name only: whether it failed, succeeded or is basic is the dice's and the
    GM's call (the check and the GM's ruling), never a field a player edits."""

    row_columns = {"name": "col"}

    class Meta:
        model = ZombieTask
        fields = ["name"]
        labels = {"name": _("Task")}

    @property
    def helper(self):
        return add_form_helper(("name", "col-12"))
