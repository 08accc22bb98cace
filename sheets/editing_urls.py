"""Sheet editing endpoints (field autosave, list rows), mounted at characters/<pk>/.

Every view takes ``pk``, the Character's primary key; see ``sheets.editing``.
"""

from django.urls import path

from sheets import editing

urlpatterns = [
    path("field/<str:name>/", editing.field_save, name="sheet_field_save"),
    path("save/", editing.sheet_save, name="sheet_save"),
    path("rows/<slug:collection>/add/", editing.row_add, name="sheet_row_add"),
    path(
        "rows/<slug:collection>/<int:row_pk>/remove/",
        editing.row_remove,
        name="sheet_row_remove",
    ),
    path(
        "rows/<slug:collection>/<int:row_pk>/restore/",
        editing.row_restore,
        name="sheet_row_restore",
    ),
    path("section/<slug:name>/", editing.section, name="sheet_section"),
    path("refresh/", editing.refresh, name="sheet_refresh"),
]
