"""Sheet editing endpoints (field autosave, list rows), mounted at characters/<pk>/.

Every view takes ``pk``, the Character's primary key; see ``sheets.editing``.
"""

from django.urls import path

from sheets.editing import refresh, rows, views

urlpatterns = [
    path("field/<str:name>/", views.field_save, name="sheet_field_save"),
    path("save/", views.sheet_save, name="sheet_save"),
    path("rows/<slug:collection>/add/", rows.row_add, name="sheet_row_add"),
    path(
        "rows/<slug:collection>/<int:row_pk>/remove/",
        rows.row_remove,
        name="sheet_row_remove",
    ),
    path(
        "rows/<slug:collection>/<int:row_pk>/restore/",
        rows.row_restore,
        name="sheet_row_restore",
    ),
    path("section/<slug:name>/", refresh.section, name="sheet_section"),
    path("refresh/", refresh.refresh, name="sheet_refresh"),
]
