"""Admin for the Twilight: 2000 sheet and its rows (imported by sheets/admin.py)."""

from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from sheets.systems.admin_base import RowAdmin, SheetAdmin
from sheets.systems.twilight.forms import TwilightSheetForm
from sheets.systems.twilight.models import (
    TwilightArmor,
    TwilightGear,
    TwilightInjury,
    TwilightMagazine,
    TwilightSheet,
    TwilightSpecialty,
    TwilightWeapon,
)
from sheets.systems.twilight.rules import ATTRIBUTES, SKILLS


class SpecialtyInline(admin.TabularInline):
    model = TwilightSpecialty
    extra = 0


class WeaponInline(admin.TabularInline):
    model = TwilightWeapon
    extra = 0
    fields = [
        "name", "skill", "damage", "crit_threshold", "armor_modifier", "range", "rate_of_fire",
        "reliability", "reliability_max", "magazine_capacity", "rounds_loaded", "jammed",
        "weight",
    ]  # fmt: skip


class MagazineInline(admin.TabularInline):
    model = TwilightMagazine
    extra = 0


class ArmorInline(admin.TabularInline):
    model = TwilightArmor
    extra = 0


class GearInline(admin.TabularInline):
    model = TwilightGear
    extra = 0


class InjuryInline(admin.TabularInline):
    model = TwilightInjury
    extra = 0


@admin.register(TwilightSheet)
class TwilightSheetAdmin(SheetAdmin):
    form = TwilightSheetForm
    list_display = ["character", *ATTRIBUTES, "damage", "stress", "radiation"]
    list_filter = ["character__party"]
    search_fields = ["character__name", "character__owner__username", "character__party__name"]
    list_select_related = ["character"]
    autocomplete_fields = ["character"]
    inlines = [
        WeaponInline, MagazineInline, ArmorInline, GearInline, SpecialtyInline, InjuryInline,
    ]  # fmt: skip
    history_list_display = [*ATTRIBUTES, "damage", "stress", "radiation"]
    fieldsets = [
        (
            None,
            {
                "fields": [
                    "character", ("nationality", "branch", "rank", "age"), "appearance",
                    "moral_code", "big_dream", "buddy",
                ]
            },
        ),
        (_("Attributes"), {"fields": [tuple(ATTRIBUTES)]}),
        (_("Skills"), {"fields": [tuple(SKILLS[i : i + 3]) for i in range(0, 12, 3)]}),
        (
            _("Condition"),
            {
                "fields": [
                    ("damage", "stress", "coolness_under_fire"),
                    ("radiation", "radiation_permanent", "experience"),
                ]
            },
        ),
        (_("Notes"), {"fields": ["notes"]}),
    ]  # fmt: skip


@admin.register(TwilightWeapon)
class WeaponAdmin(RowAdmin):
    list_display = ["name", "sheet", "skill", "rounds_loaded", "reliability", "jammed"]
    list_filter = ["skill", "jammed", "sheet__character__party"]
    search_fields = ["name", "sheet__character__name"]


@admin.register(TwilightMagazine)
class MagazineAdmin(RowAdmin):
    list_display = ["__str__", "sheet", "weapon", "kind", "rounds"]
    list_filter = ["kind", "sheet__character__party"]
    list_select_related = ["sheet__character", "weapon"]


@admin.register(TwilightArmor)
class ArmorAdmin(RowAdmin):
    list_display = ["name", "sheet", "rating"]
    search_fields = ["name", "sheet__character__name"]


@admin.register(TwilightGear)
class GearAdmin(RowAdmin):
    list_display = ["name", "sheet", "weight"]
    search_fields = ["name", "sheet__character__name"]


@admin.register(TwilightSpecialty)
class SpecialtyAdmin(RowAdmin):
    list_display = ["name", "sheet", "skill"]
    list_filter = ["skill", "sheet__character__party"]
    search_fields = ["name", "sheet__character__name"]


@admin.register(TwilightInjury)
class InjuryAdmin(RowAdmin):
    list_display = ["name", "sheet", "location", "lethal"]
    list_filter = ["lethal", "location", "sheet__character__party"]
    search_fields = ["name", "sheet__character__name"]
