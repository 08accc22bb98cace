"""Admin for Slots: peoples with their slot layout, sheets with items, ideas and marks."""

from django.contrib import admin

from sheets.systems.admin_base import HistoryAdmin, PartySettingAdmin
from sheets.systems.slots.models import (
    SlotsClock,
    SlotsIdea,
    SlotsItem,
    SlotsMark,
    SlotsPeople,
    SlotsPeopleSlot,
    SlotsSheet,
)


class PeopleSlotInline(admin.TabularInline):
    model = SlotsPeopleSlot
    extra = 0
    fields = ["number", "kind", "name"]


@admin.register(SlotsPeople)
class SlotsPeopleAdmin(HistoryAdmin):
    list_display = ["name", "focus_slots", "head", "extremities"]
    list_filter = ["focus_slots"]
    search_fields = ["name"]
    inlines = [PeopleSlotInline]


class ItemInline(admin.TabularInline):
    model = SlotsItem
    extra = 0
    fields = ["slot", "name", "tags", "free_tags", "wrapped", "damaged"]


class IdeaInline(admin.TabularInline):
    model = SlotsIdea
    extra = 0
    fields = ["slot", "kind", "name", "target", "concentrating"]


class MarkInline(admin.TabularInline):
    model = SlotsMark
    extra = 0
    fields = ["area", "number", "wound", "condition", "burning_rounds"]


@admin.register(SlotsSheet)
class SlotsSheetAdmin(HistoryAdmin):
    list_display = ["character", "people", "pack_dropped", "unconscious", "dead"]
    list_filter = ["people", "character__party"]
    search_fields = ["character__name", "character__owner__username", "character__party__name"]
    list_select_related = ["character", "people"]
    autocomplete_fields = ["character"]
    inlines = [ItemInline, IdeaInline, MarkInline]
    fields = [
        "character", "people", "notes", "pack_dropped", "unconscious", "dead",
        "cold_tries", "rest_tries",
    ]  # fmt: skip


@admin.register(SlotsPeopleSlot)
class SlotsPeopleSlotAdmin(HistoryAdmin):
    list_display = ["people", "number", "kind", "name"]
    list_filter = ["people", "kind"]
    search_fields = ["name", "people__name"]


@admin.register(SlotsItem)
class SlotsItemAdmin(HistoryAdmin):
    list_display = ["name", "sheet", "slot", "tags", "damaged"]
    list_filter = ["damaged", "wrapped"]
    search_fields = ["name", "tags", "free_tags", "sheet__character__name"]
    list_select_related = ["sheet__character"]


@admin.register(SlotsIdea)
class SlotsIdeaAdmin(HistoryAdmin):
    list_display = ["name", "sheet", "slot", "kind", "target"]
    list_filter = ["kind", "concentrating"]
    search_fields = ["name", "target", "sheet__character__name"]
    list_select_related = ["sheet__character"]


@admin.register(SlotsMark)
class SlotsMarkAdmin(HistoryAdmin):
    list_display = ["sheet", "area", "number", "wound", "condition"]
    list_filter = ["area", "wound", "condition"]
    search_fields = ["sheet__character__name"]
    list_select_related = ["sheet__character"]


@admin.register(SlotsClock)
class ClockAdmin(PartySettingAdmin):
    list_display = ["party", "rounds", "tries", "cold"]
    list_filter = ["cold", "party__gm"]
