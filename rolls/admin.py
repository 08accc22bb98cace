"""The roll log in the admin: searchable and filterable, and read-only, since a roll
is a record of dice the server threw (its effects were applied to the sheet then)."""

from django.contrib import admin

from rolls.models import Roll


@admin.register(Roll)
class RollAdmin(admin.ModelAdmin):
    list_display = [
        "created",
        "character",
        "npc_name",
        "label",
        "outcome",
        "system",
        "kind",
        "party",
        "user",
    ]
    list_filter = ["system", "kind", "party", "created"]
    search_fields = ["character__name", "npc_name", "label", "outcome", "user__username"]
    list_select_related = ["character", "party", "user"]
    date_hierarchy = "created"
    fields = [
        "created", "character", "npc_name", "party", "user", "system", "kind", "label", "outcome",
        "inputs", "result", "effects", "pushable", "pushed_from",
    ]  # fmt: skip
    readonly_fields = fields

    def has_add_permission(self, request):
        return False  # rolls come from the dice, never from a form
