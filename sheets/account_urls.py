from django.contrib.auth import views as auth_views
from django.urls import path

from sheets import account_views
from sheets.preferences.views import choose_language, choose_theme

urlpatterns = [
    path("login/", auth_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("signup/", account_views.signup, name="signup"),
    path("theme/", choose_theme, name="choose_theme"),
    path("language/", choose_language, name="choose_language"),
    path(
        "password/",
        account_views.PasswordChangeView.as_view(),
        name="password_change",
    ),
    path(
        "password/done/",
        auth_views.PasswordChangeDoneView.as_view(),
        name="password_change_done",
    ),
]
