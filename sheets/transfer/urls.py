from django.urls import path

from sheets.transfer import views

urlpatterns = [
    path("characters/import/", views.import_character, name="character_import"),
    path("characters/<int:pk>/export/", views.export_character, name="character_export"),
    path("parties/<int:pk>/export/", views.export_party, name="party_export"),
]
