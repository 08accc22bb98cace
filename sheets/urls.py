from django.urls import path

from sheets import creation_views, restore_views, settings_views, views
from sheets.portraits import views as portrait_views

urlpatterns = [
    path("", views.home, name="home"),
    path("characters/new/", views.character_create, name="character_create"),
    path("characters/<int:pk>/", views.character_sheet, name="character_sheet"),
    path(
        "characters/<int:pk>/create/",
        creation_views.character_creation,
        name="character_creation",
    ),
    path(
        "characters/<int:pk>/create/<slug:step>/",
        creation_views.character_creation,
        name="character_creation_step",
    ),
    path(
        "characters/<int:pk>/portrait/",
        portrait_views.character_portrait,
        name="character_portrait",
    ),
    path(
        "characters/<int:pk>/portrait/remove/",
        portrait_views.character_portrait_remove,
        name="character_portrait_remove",
    ),
    path(
        "characters/<int:pk>/portrait/<slug:size>.webp",
        portrait_views.character_portrait_image,
        name="character_portrait_image",
    ),
    path("characters/<int:pk>/party/", views.character_assign_party, name="character_party"),
    path("characters/<int:pk>/history/", views.character_history, name="character_history"),
    path(
        "characters/<int:pk>/history/restore/",
        restore_views.character_restore,
        name="character_restore",
    ),
    path("characters/<int:pk>/undo/", restore_views.character_undo, name="character_undo"),
    path("parties/new/", views.party_create, name="party_create"),
    path("parties/<int:pk>/", views.party_detail, name="party_detail"),
    path("parties/<int:pk>/leave/", views.party_leave, name="party_leave"),
    path(
        "parties/<int:pk>/members/<int:user_pk>/remove/",
        views.party_remove_member,
        name="party_remove_member",
    ),
    path("parties/<int:pk>/settings/", settings_views.settings_page, name="party_settings"),
    path("parties/<int:pk>/settings/invite/", settings_views.invite, name="party_invite"),
    path(
        "parties/<int:pk>/settings/<slug:system>/",
        settings_views.system_settings,
        name="party_system_settings",
    ),
    path("parties/<int:pk>/dashboard/", views.party_dashboard, name="party_dashboard"),
    path("parties/<int:pk>/dashboard/cards/", views.party_summaries, name="party_summaries"),
    path("join/", views.party_join, name="party_join"),
    path("join/<str:code>/", views.party_join, name="party_join_code"),
]
