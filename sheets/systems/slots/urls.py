"""Slots endpoints, mounted at characters/<pk>/slots/ (registry ``urls``)."""

from django.urls import path

from sheets.systems.slots import views

urlpatterns = [
    path("grid/", views.grid, name="slots_grid"),
    path("items/", views.item_add, name="slots_item_add"),
    path("items/<int:item_pk>/remove/", views.item_remove, name="slots_item_remove"),
    path("items/<int:item_pk>/move/", views.item_move, name="slots_item_move"),
    path("ideas/", views.idea_add, name="slots_idea_add"),
    path("ideas/<int:idea_pk>/remove/", views.idea_remove, name="slots_idea_remove"),
    path("ideas/<int:idea_pk>/move/", views.idea_move, name="slots_idea_move"),
    path("pack/", views.pack, name="slots_pack"),
    path("mark/", views.mark, name="slots_mark"),
    path("wound/", views.wound, name="slots_wound"),
    path("treat/", views.treat, name="slots_treat"),
    path("unmark/", views.unmark, name="slots_unmark"),
]
