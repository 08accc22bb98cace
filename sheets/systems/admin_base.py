"""What every system's admin shares (each system's ``admin.py`` builds on it)."""

from simple_history.admin import SimpleHistoryAdmin


class SheetAdmin(SimpleHistoryAdmin):
    """A system sheet: its primary key is its character, chosen once on the add page."""

    def get_readonly_fields(self, request, obj=None):
        fixed = ["character"] if obj is not None else []
        return [*fixed, *self.readonly_fields]


class RowAdmin(SimpleHistoryAdmin):
    """A row of a sheet's list (gear, weapons, skills...), found by its character."""

    list_display = ["__str__", "sheet"]
    search_fields = ["sheet__character__name"]
    list_filter = ["sheet__character__party"]
    list_select_related = ["sheet__character"]
    autocomplete_fields = ["sheet"]


class NamedRowAdmin(RowAdmin):
    """A row with a name of its own, found by it too."""

    list_display = ["name", "sheet"]
    search_fields = ["name", "sheet__character__name"]


class PartySettingAdmin(SimpleHistoryAdmin):
    """What a party keeps for one system (a clock, the sector's rot level): one row per
    party, found by the party's name."""

    list_filter = ["party__gm"]
    search_fields = ["party__name"]
    list_select_related = ["party"]
    autocomplete_fields = ["party"]
