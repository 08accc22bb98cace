"""What every system's admin shares (each system's ``admin.py`` builds on it)."""

from django.db import models
from simple_history.admin import SimpleHistoryAdmin


class HistoryAdmin(SimpleHistoryAdmin):
    """A model whose every change is kept: its History page lists them, and an earlier
    version can be brought back."""

    def get_history_queryset(self, request, history_manager, pk_name, object_id):
        # django-simple-history (3.13) joins the record's tracked foreign keys with
        # ``select_related(*names)``, which is ``select_related()`` with no names (every
        # relation, and deprecated by Django 6) for a model without one.
        records = history_manager.filter(**{pk_name: object_id})
        if not isinstance(history_manager.model.history_user, property):
            records = records.select_related("history_user")
        tracked = [field.name for field in history_manager.model.tracked_fields
                   if isinstance(field, models.ForeignKey)]  # fmt: skip
        return records.select_related(*tracked) if tracked else records


class SheetAdmin(HistoryAdmin):
    """A system sheet: its primary key is its character, chosen once on the add page."""

    def get_readonly_fields(self, request, obj=None):
        fixed = ["character"] if obj is not None else []
        return [*fixed, *self.readonly_fields]


class RowAdmin(HistoryAdmin):
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


class PartySettingAdmin(HistoryAdmin):
    """What a party keeps for one system (a clock, the sector's rot level): one row per
    party, found by the party's name."""

    list_filter = ["party__gm"]
    search_fields = ["party__name"]
    list_select_related = ["party"]
    autocomplete_fields = ["party"]
