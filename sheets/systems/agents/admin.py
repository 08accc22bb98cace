"""Admin for the Agents sheet, its rows, and the party clock (imported by sheets/admin.py)."""

from django.contrib import admin

from sheets.systems.admin_base import PartySettingAdmin, RowAdmin, SheetAdmin
from sheets.systems.agents import rules
from sheets.systems.agents.forms import AgentSheetForm
from sheets.systems.agents.models import (
    AgentClock,
    AgentItem,
    AgentJunior,
    AgentSheet,
    AgentSkill,
    AgentSupply,
    AgentWeapon,
)


class SkillInline(admin.TabularInline):
    model = AgentSkill
    extra = 0
    fields = ["category", "name", "level", "xp", "custom", "role_pick", "ancestry_pick"]


class WeaponInline(admin.TabularInline):
    model = AgentWeapon
    extra = 0
    fields = [
        "name",
        "tag",
        "level",
        "extra_dice",
        "extra_die",
        "distance",
        "reload",
        "shots",
        "reloads",
        "explosive",
        "line",
        "piercing",
        "arc",
        "burn",
    ]


class ItemInline(admin.TabularInline):
    model = AgentItem
    extra = 0


class SupplyInline(admin.TabularInline):
    model = AgentSupply
    extra = 0


class JuniorInline(admin.TabularInline):
    model = AgentJunior
    extra = 0


@admin.register(AgentSheet)
class AgentSheetAdmin(SheetAdmin):
    form = AgentSheetForm
    list_display = ["character", "role", "ancestry", "hp", "stress", "high", "dead"]
    list_filter = ["role", "ancestry", "dead", "character__party"]
    search_fields = ["character__name", "character__owner__username", "character__party__name"]
    list_select_related = ["character"]
    autocomplete_fields = ["character"]
    inlines = [SkillInline, WeaponInline, ItemInline, SupplyInline, JuniorInline]
    history_list_display = ["hp", "fortitude", "sanity", "stress", "high"]
    fieldsets = [
        (
            None,
            {
                "fields": [
                    "character",
                    "sex_gender",
                    "role",
                    "ancestry",
                    ("ancestry_stat_a", "ancestry_stat_b"),
                ]
            },
        ),
        ("Stats", {"fields": [tuple(rules.STATS)]}),
        ("Current values", {"fields": [("hp", "ap", "fortitude", "sanity"), ("stress", "high")]}),
        ("Traumas", {"fields": [tuple(rules.TABLE_TRAUMAS), tuple(rules.CONDITIONS), "dead"]}),
        ("Assets", {"fields": ["armor", ("funds", "income")]}),
        ("Research and notes", {"fields": [("research_topic", "research_timer"), "notes"]}),
    ]


@admin.register(AgentSkill)
class SkillAdmin(RowAdmin):
    list_display = ["name", "category", "sheet", "level", "xp", "custom"]
    list_filter = ["category", "custom", "level"]
    search_fields = ["name", "sheet__character__name"]


@admin.register(AgentWeapon)
class WeaponAdmin(RowAdmin):
    list_display = ["name", "sheet", "tag", "level", "distance", "shots", "reload"]
    list_filter = ["tag", "distance"]
    search_fields = ["name", "sheet__character__name"]


@admin.register(AgentItem)
class ItemAdmin(RowAdmin):
    list_display = ["__str__", "sheet", "kind", "count"]
    list_filter = ["kind"]


@admin.register(AgentSupply)
class SupplyAdmin(RowAdmin):
    list_display = ["__str__", "sheet", "weeks"]
    list_filter = ["kind", "quality"]


@admin.register(AgentJunior)
class JuniorAdmin(RowAdmin):
    list_display = ["name", "sheet", "skills"]
    search_fields = ["name", "sheet__character__name"]


@admin.register(AgentClock)
class ClockAdmin(PartySettingAdmin):
    list_display = ["party", "day", "hour", "minute"]
