"""Admin for the Mutant: Year Zero sheet and its rows (imported by sheets/admin.py)."""

from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from sheets.systems.admin_base import NamedRowAdmin as RowAdmin
from sheets.systems.admin_base import PartySettingAdmin, SheetAdmin
from sheets.systems.mutant import rules
from sheets.systems.mutant.forms import ArtifactForm, CriticalInjuryForm, MutantSheetForm
from sheets.systems.mutant.models import (
    ATTRIBUTES,
    BASE_SKILLS,
    COUNTERS,
    TRAUMA,
    MutantArtifact,
    MutantCriticalInjury,
    MutantGearLine,
    MutantMutation,
    MutantSector,
    MutantSheet,
    MutantTalent,
    MutantWeapon,
)


class GearLineInline(admin.TabularInline):
    model = MutantGearLine
    extra = 0
    fields = ["name", "weight", "tiny", "bonus"]


class WeaponInline(admin.TabularInline):
    model = MutantWeapon
    extra = 0
    fields = ["name", "bonus", "damage", "range", "weight", "special"]


class TalentInline(admin.TabularInline):
    model = MutantTalent
    extra = 0


class MutationInline(admin.TabularInline):
    model = MutantMutation
    extra = 0


class ArtifactInline(admin.TabularInline):
    model = MutantArtifact
    form = ArtifactForm
    extra = 0


class CriticalInjuryInline(admin.TabularInline):
    model = MutantCriticalInjury
    form = CriticalInjuryForm
    extra = 0
    fields = ["name", "effect", "lethal", "time_limit", "healing_time"]


@admin.register(MutantSheet)
class MutantSheetAdmin(SheetAdmin):
    # The sheet's own form: clear messages for trauma above its attribute, rot boxes...
    form = MutantSheetForm
    list_display = ["character", "role", *ATTRIBUTES, "rot_temporary", "rot_permanent"]
    list_filter = ["role", "character__party"]
    search_fields = ["character__name", "character__owner__username", "character__party__name"]
    list_select_related = ["character"]
    autocomplete_fields = ["character"]
    inlines = [
        GearLineInline,
        WeaponInline,
        TalentInline,
        MutationInline,
        ArtifactInline,
        CriticalInjuryInline,
    ]
    history_list_display = [
        "role", *ATTRIBUTES, *TRAUMA.values(), *COUNTERS, *rules.SUPPLIES, *rules.CONDITIONS,
    ]  # fmt: skip
    fieldsets = [
        (None, {"fields": ["character", "role", "face", "body", "clothing"]}),
        (_("Attributes"), {"fields": [tuple(ATTRIBUTES)]}),
        (_("Trauma"), {"fields": [tuple(TRAUMA.values())]}),
        (
            _("Skills"),
            {
                "fields": [tuple(BASE_SKILLS[i : i + 3]) for i in range(0, 12, 3)]
                + ["specialist_skill"]
            },
        ),
        (_("Points"), {"fields": [tuple(COUNTERS)]}),
        (
            _("Armor and rot suit"),
            {
                "fields": [
                    ("armor_name", "armor_rating", "armor_natural"),
                    ("rot_suit_name", "rot_suit_rating"),
                ]
            },
        ),
        (_("Grub, water, bullets and booze"), {"fields": [tuple(rules.SUPPLIES)]}),
        (_("Conditions"), {"fields": [tuple(rules.CONDITIONS)]}),
        (
            _("Relationships, big dream and notes"),
            {"fields": ["relationships", ("pc_you_hate", "pc_to_protect"), "big_dream", "notes"]},
        ),
    ]


@admin.register(MutantGearLine)
class GearLineAdmin(RowAdmin):
    list_display = ["name", "sheet", "weight", "tiny", "bonus"]
    list_filter = ["tiny", "sheet__character__party"]


@admin.register(MutantWeapon)
class WeaponAdmin(RowAdmin):
    list_display = ["name", "sheet", "bonus", "damage", "range", "weight"]
    list_filter = ["range", "sheet__character__party"]


@admin.register(MutantTalent)
class TalentAdmin(RowAdmin):
    pass


@admin.register(MutantMutation)
class MutationAdmin(RowAdmin):
    pass


@admin.register(MutantArtifact)
class ArtifactAdmin(RowAdmin):
    form = ArtifactForm
    list_display = ["name", "sheet", "effect"]


@admin.register(MutantCriticalInjury)
class CriticalInjuryAdmin(RowAdmin):
    form = CriticalInjuryForm
    list_display = ["name", "sheet", "lethal", "time_limit", "healing_time"]
    list_filter = ["lethal", "sheet__character__party"]


@admin.register(MutantSector)
class SectorAdmin(PartySettingAdmin):
    list_display = ["party", "rot_level"]
    list_filter = ["rot_level", "party__gm"]
