"""The theme a page is drawn in: the person's choice, read from the session (where
logging in and choosing put it), so no page asks the database for it."""

from sheets.preferences.models import Preferences, Theme

SESSION_KEY = "theme"


def chosen(request) -> str:
    session = getattr(request, "session", None)
    theme = session.get(SESSION_KEY) if session is not None else None
    return theme if theme in Theme.values else Theme.DEVICE


def choose(request, theme: str) -> None:
    """Keep ``theme`` for this browser and, for a person logged in, on their account."""
    request.session[SESSION_KEY] = theme
    if request.user.is_authenticated:
        Preferences.objects.update_or_create(user=request.user, defaults={"theme": theme})


def restore(request, user) -> None:
    """A person logging in gets the theme they chose before (any device); someone who
    never chose keeps what this browser had."""
    stored = Preferences.objects.filter(user=user).values_list("theme", flat=True).first()
    if stored is not None:
        request.session[SESSION_KEY] = stored


def theme(request) -> dict:
    """Context processor: ``theme`` is "auto" (as the device), "light" or "dark";
    ``theme_choices`` are the navbar switch's."""
    return {"theme": chosen(request), "theme_choices": Theme.choices}
