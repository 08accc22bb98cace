from django.urls import path

from rolls import group_views, initiative_views, npc_views, time_views, views
from rolls.api import token_views
from rolls.api.endpoints import api
from rolls.discord import views as discord_views

urlpatterns = [
    path("characters/<int:pk>/roll/<slug:action>/", views.roll_form, name="roll_form"),
    path("characters/<int:pk>/roll/<slug:action>/odds/", views.roll_odds, name="roll_odds"),
    path("rolls/<int:pk>/", views.roll_detail, name="roll_detail"),
    path("rolls/<int:pk>/push/", views.push, name="roll_push"),
    path("rolls/<int:pk>/choose/", views.choose, name="roll_choose"),
    path("rolls/<int:pk>/reveal/", views.reveal, name="roll_reveal"),
    path("rolls/<int:pk>/close-push/", views.close_push, name="roll_close_push"),
    path("parties/<int:pk>/log/", views.party_log, name="party_log"),
    path(
        "parties/<int:pk>/gm-roll/<slug:system>/<slug:action>/",
        npc_views.npc_roll,
        name="npc_roll",
    ),
    path(
        "parties/<int:pk>/gm-roll/<slug:system>/<slug:action>/odds/",
        npc_views.npc_roll_odds,
        name="npc_roll_odds",
    ),
    # the party settings' buttons that pass time (the Agents clock, Slots rounds)
    path("parties/<int:pk>/time/<slug:system>/", time_views.party_time, name="party_time"),
    path("parties/<int:pk>/discord/", discord_views.discord_settings, name="party_discord"),
    path("parties/<int:pk>/events/", views.party_events, name="party_events"),
    path("parties/<int:pk>/groups/", group_views.group_panel, name="group_panel"),
    path(
        "parties/<int:pk>/groups/new/<slug:system>/<slug:kind>/",
        group_views.group_new,
        name="group_new",
    ),
    path("groups/<int:pk>/part/<int:character_pk>/", group_views.group_part, name="group_part"),
    path("groups/<int:pk>/swap/", group_views.group_swap, name="group_swap"),
    path("groups/<int:pk>/read/", group_views.group_read, name="group_read"),
    path("groups/<int:pk>/cancel/", group_views.group_cancel, name="group_cancel"),
    # initiative and the combat order (docs/initiative.md)
    path("parties/<int:pk>/initiative/", initiative_views.initiative_panel,
         name="initiative_panel"),
    path("parties/<int:pk>/initiative/new/<slug:system>/", initiative_views.initiative_start,
         name="initiative_start"),
    path("conflicts/<int:pk>/advance/", initiative_views.initiative_advance,
         name="initiative_advance"),
    path("conflicts/<int:pk>/redraw/", initiative_views.initiative_redraw,
         name="initiative_redraw"),
    path("conflicts/<int:pk>/hide/", initiative_views.initiative_hide, name="initiative_hide"),
    path("conflicts/<int:pk>/end/", initiative_views.initiative_end, name="initiative_end"),
    path("conflicts/<int:pk>/move/", initiative_views.initiative_move, name="initiative_move"),
    path("conflicts/<int:pk>/order/", initiative_views.initiative_order,
         name="initiative_order"),
    path("conflicts/<int:pk>/swap/", initiative_views.initiative_swap, name="initiative_swap"),
    path("conflicts/<int:pk>/swap/answer/", initiative_views.initiative_swap_answer,
         name="initiative_swap_answer"),
]  # fmt: skip

# the read-only API for other tools (rolls/api/, docs/api.md)
urlpatterns += [path("api/", api.urls)]
urlpatterns += [
    path("parties/<int:pk>/api-tokens/", token_views.token_create, name="api_token_create"),
    path(
        "parties/<int:pk>/api-tokens/<int:token_pk>/revoke/",
        token_views.token_revoke,
        name="api_token_revoke",
    ),
]
