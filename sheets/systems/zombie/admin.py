"""Admin for the Zombiepocalypse sheet, its rows, and the zombie kinds (GM data)."""

from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from sheets.systems.admin_base import HistoryAdmin, SheetAdmin
from sheets.systems.admin_base import NamedRowAdmin as RowAdmin
from sheets.systems.zombie.forms import ConditionForm, ZombieSheetForm
from sheets.systems.zombie.models import (
    ZombieCondition,
    ZombieItem,
    ZombieKind,
    ZombieSheet,
    ZombieTask,
    ZombieWeapon,
)


class ConditionInline(admin.TabularInline):
    model = ZombieCondition
    form = ConditionForm
    extra = 0
    fields = ["name", "kind", "modifier"]


class TaskInline(admin.TabularInline):
    model = ZombieTask
    extra = 0
    fields = ["name", "status", "basic", "situation_changes"]


class ItemInline(admin.TabularInline):
    model = ZombieItem
    extra = 0
    fields = ["name", "quantity", "note"]


class WeaponInline(admin.TabularInline):
    model = ZombieWeapon
    extra = 0
    fields = ["name", "ammo", "rounds", "note"]


@admin.register(ZombieSheet)
class ZombieSheetAdmin(SheetAdmin):
    form = ZombieSheetForm
    list_display = ["character", "background", "option_skill", "option_bonus"]
    list_filter = ["character__party", "option_bonus"]
    search_fields = ["character__name", "character__owner__username", "background",
                     "option_skill"]  # fmt: skip
    list_select_related = ["character"]
    autocomplete_fields = ["character"]
    inlines = [ConditionInline, TaskInline, ItemInline, WeaponInline]
    history_list_display = ["option_skill", "option_bonus"]
    readonly_fields = ["option_roll", "option_roll_label"]
    fieldsets = [
        (None, {"fields": ["character", "background", "description", "notes"]}),
        (
            _("Player's Option"),
            {
                "fields": [
                    ("option_skill", "option_scope", "option_bonus"),
                    ("option_roll", "option_roll_label"),
                ]
            },
        ),
    ]


@admin.register(ZombieCondition)
class ConditionAdmin(RowAdmin):
    form = ConditionForm
    list_display = ["name", "sheet", "kind", "modifier"]
    list_filter = ["kind", "sheet__character__party"]


@admin.register(ZombieTask)
class TaskAdmin(RowAdmin):
    list_display = ["name", "sheet", "status", "basic", "situation_changes"]
    list_filter = ["status", "basic", "sheet__character__party"]


@admin.register(ZombieItem)
class ItemAdmin(RowAdmin):
    list_display = ["name", "sheet", "quantity"]


@admin.register(ZombieWeapon)
class WeaponAdmin(RowAdmin):
    list_display = ["name", "sheet", "ammo", "rounds"]
    list_filter = ["ammo", "sheet__character__party"]


@admin.register(ZombieKind)
class ZombieKindAdmin(HistoryAdmin):
    list_display = ["name", "agility", "perception", "cunning", "strength", "endurance"]
    list_editable = ["agility", "perception", "cunning", "strength", "endurance"]
    list_filter = ["strength", "perception"]
    search_fields = ["name", "notes"]
