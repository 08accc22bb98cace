from django.urls import path

from sheets import views

urlpatterns = [
    path("", views.home, name="home"),
]
