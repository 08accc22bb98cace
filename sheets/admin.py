"""The admin, the staff's data-entry tool: parties, members, characters, and each game
system's sheet (registered by the module its registry descriptor names in ``admin``).

Models with history use HistoryAdmin (django-simple-history): every change can be seen,
and an earlier version restored, from the object's "History" page.
"""

from importlib import import_module

from django.contrib import admin
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from sheets.models import Character, Membership, Party
from sheets.preferences import admin as preference_admin  # noqa: F401  (registers it)
from sheets.systems.admin_base import HistoryAdmin
from sheets.systems.registry import all_systems


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0
    autocomplete_fields = ["user"]


class CharacterInline(admin.TabularInline):
    model = Character
    extra = 0
    fields = ["name", "owner", "system"]
    readonly_fields = ["system"]
    autocomplete_fields = ["owner"]
    show_change_link = True

    def has_add_permission(self, request, obj=None):
        return False  # new characters are added on their own page, which makes the sheet


@admin.register(Party)
class PartyAdmin(admin.ModelAdmin):
    list_display = ["name", "gm", "invite_code", "created"]
    list_filter = ["created"]
    search_fields = ["name", "gm__username", "invite_code"]
    autocomplete_fields = ["gm"]
    readonly_fields = ["created"]
    inlines = [MembershipInline, CharacterInline]


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin):
    list_display = ["user", "party", "joined"]
    list_filter = ["party", "joined"]
    search_fields = ["user__username", "party__name"]
    autocomplete_fields = ["user", "party"]


@admin.register(Character)
class CharacterAdmin(HistoryAdmin):
    list_display = ["name", "system", "owner", "party", "updated", "sheet_link"]
    list_filter = ["system", "party", "updated"]
    search_fields = ["name", "owner__username", "party__name"]
    autocomplete_fields = ["owner", "party"]
    # ``updated`` moves with every change of the sheet and its rows (sheets/signals.py)
    readonly_fields = ["sheet_link", "created", "updated"]
    history_list_display = ["name", "party"]

    @admin.display(description=_("Sheet"))
    def sheet_link(self, obj):
        """The character's live sheet page (the one the players use)."""
        if obj is None or obj.pk is None:
            return "-"
        return format_html('<a href="{}">{}</a>', obj.get_absolute_url(), _("Open the sheet"))

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        obj.sheet  # noqa: B018  (a character added here gets its system's blank sheet)


for system in all_systems():
    if system.admin:
        import_module(system.admin)
