"""The roll log in the admin: searchable and filterable, and read-only, since a roll
is a record of dice the server threw (its effects were applied to the sheet then)."""

from django.contrib import admin
from django.utils.translation import gettext_lazy

from rolls.models import (
    ApiToken,
    Combatant,
    Conflict,
    GroupCheck,
    GroupParticipant,
    PartyWebhook,
    Roll,
)


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


class GroupParticipantInline(admin.TabularInline):
    model = GroupParticipant
    fields = ["character", "role", "done", "roll", "swapped", "note"]
    readonly_fields = fields
    extra = 0
    can_delete = False


@admin.register(GroupCheck)
class GroupCheckAdmin(admin.ModelAdmin):
    """Group checks, read-only like the rolls they are made of."""

    list_display = ["created", "label", "party", "state", "outcome"]
    list_filter = ["system", "kind", "state", "party"]
    search_fields = ["label", "outcome"]
    inlines = [GroupParticipantInline]
    fields = ["created", "party", "system", "kind", "label", "inputs", "state", "result",
              "outcome", "created_by", "closed"]  # fmt: skip
    readonly_fields = fields

    def has_add_permission(self, request):
        return False  # the GM starts them from the dashboard


@admin.register(GroupParticipant)
class GroupParticipantAdmin(admin.ModelAdmin):
    list_display = ["group", "character", "role", "done", "roll", "swapped", "note"]
    list_filter = ["role", "done", "swapped"]
    search_fields = ["character__name", "group__label"]
    list_select_related = ["group", "character", "roll"]
    fields = ["group", "character", "role", "done", "roll", "swapped", "note"]
    readonly_fields = fields

    def has_add_permission(self, request):
        return False


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    """A party's API tokens (docs/api.md): made by its GM on the party's settings page,
    where the token is shown once; here staff read them and may revoke them."""

    list_display = ["name", "party", "prefix", "created", "last_used", "revoked"]
    list_filter = [("revoked", admin.EmptyFieldListFilter), "created"]
    search_fields = ["name", "prefix", "party__name"]
    list_select_related = ["party"]
    fields = ["name", "party", "prefix", "created_by", "created", "last_used", "revoked"]
    readonly_fields = fields
    actions = ["revoke"]

    def has_add_permission(self, request):
        return False  # the GM makes them, and sees the token once

    @admin.action(description=gettext_lazy("Revoke the selected tokens"))
    def revoke(self, request, queryset):
        for token in queryset.filter(revoked__isnull=True):
            token.revoke()


class CombatantInline(admin.TabularInline):
    model = Combatant
    fk_name = "conflict"
    fields = ["position", "character", "name", "count", "card", "deck"]
    raw_id_fields = ["character"]
    extra = 0


@admin.register(Conflict)
class ConflictAdmin(admin.ModelAdmin):
    """Conflicts and their order (docs/initiative.md): staff may fix a card or a place."""

    list_display = ["created", "party", "system", "round", "turn", "drawn", "ended"]
    list_filter = ["system", "drawn", ("ended", admin.EmptyFieldListFilter), "party"]
    search_fields = ["party__name", "combatants__name", "combatants__character__name"]
    list_select_related = ["party"]
    fields = ["party", "system", "drawn", "hide_npc_cards", "round", "turn", "ended", "log"]
    raw_id_fields = ["party"]
    inlines = [CombatantInline]


@admin.register(Combatant)
class CombatantAdmin(admin.ModelAdmin):
    list_display = ["label", "conflict", "position", "card", "deck"]
    list_filter = ["deck", "conflict__system"]
    search_fields = ["name", "character__name", "conflict__party__name"]
    list_select_related = ["conflict__party", "character"]
    fields = ["conflict", "position", "character", "name", "count", "card", "deck", "asks"]
    raw_id_fields = ["conflict", "character", "asks"]

    @admin.display(description=gettext_lazy("combatant"))
    def label(self, combatant):
        return combatant.label


@admin.register(PartyWebhook)
class PartyWebhookAdmin(admin.ModelAdmin):
    """A party's Discord webhook (docs/discord.md). Its URL is a secret, so staff see it
    masked, as the GM does, and cannot change it; they can delete a leaked one."""

    list_display = ["party", "masked", "last_state", "last_status", "last_at"]
    list_filter = ["last_state"]
    search_fields = ["party__name", "last_reason"]
    list_select_related = ["party"]
    fields = ["party", "masked", "last_state", "last_status", "last_reason", "last_at",
              "last_sent_at", "updated"]  # fmt: skip
    readonly_fields = fields

    def has_add_permission(self, request):
        return False  # the GM sets it on the party's settings page

    @admin.display(description=gettext_lazy("URL"))
    def masked(self, webhook):
        return webhook.masked
