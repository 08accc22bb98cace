"""The language a page speaks: the person's choice, else the browser's.

- Django's LocaleMiddleware picks the language from the language cookie
  (``settings.LANGUAGE_COOKIE_NAME``) or, without one, from the browser's
  Accept-Language.
- Choosing (the header's language switch, :func:`choose`) sets that cookie and, for a
  person logged in, keeps the choice on their account (``Preferences.language``) and in
  their session.
- Logging in puts the account's choice into the session (:func:`restore`, from the
  ``user_logged_in`` signal), and :class:`ChosenLanguageMiddleware` (after
  AuthenticationMiddleware) sets the cookie to it on the log-in's answer, so a person's
  stored choice wins over this browser's (and its cookie) from the first page after
  log-in, and stays after they log out. No page asks the database for it.
"""

from django.conf import settings

from config import js_catalog
from config.async_middleware import BothModesMiddleware
from sheets.preferences.models import Preferences

SESSION_KEY = "language"
BROWSER = ""  # the choice "as the browser": no cookie, Accept-Language decides


def known(code: str) -> bool:
    return code in {code for code, _name in settings.LANGUAGES}


def choose(request, response, code: str) -> None:
    """Speak ``code`` ("" for the browser's language) to this browser from the next page
    on and, for a person logged in, keep it on their account."""
    if code == BROWSER:
        response.delete_cookie(
            settings.LANGUAGE_COOKIE_NAME,
            path=settings.LANGUAGE_COOKIE_PATH,
            domain=settings.LANGUAGE_COOKIE_DOMAIN,
            samesite=settings.LANGUAGE_COOKIE_SAMESITE,
        )
    else:
        _set_cookie(response, code)
    if request.user.is_authenticated:
        request.session[SESSION_KEY] = code
        Preferences.objects.update_or_create(user=request.user, defaults={"language": code})


def restore(request, user) -> None:
    """A person logging in gets the language they chose before (on any device); someone
    who never chose keeps what this browser speaks."""
    stored = Preferences.objects.filter(user=user).values_list("language", flat=True).first()
    if stored:
        request.session[SESSION_KEY] = stored


def _set_cookie(response, code: str) -> None:
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        code,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
    )


class ChosenLanguageMiddleware(BothModesMiddleware):
    """After AuthenticationMiddleware: when a request used the session (logging in does)
    and it holds the person's chosen language, the language cookie is set to it, so
    their choice wins over this browser's from the next page on and stays after they
    log out. It reads nothing before the view: a session is loaded only if the request
    needed it anyway (no query of its own, and none ahead of the view's)."""

    def handle(self, request):
        response = self.get_response(request)
        session = getattr(request, "session", None)
        if _loaded(session):
            _keep(request, response, session.get(SESSION_KEY))
        return response

    async def ahandle(self, request):
        response = await self.get_response(request)
        session = getattr(request, "session", None)
        if _loaded(session):
            _keep(request, response, await session.aget(SESSION_KEY))
        return response


def _loaded(session) -> bool:
    """The request loaded its session (a failed load, the database away, does not
    count): reading it again costs nothing."""
    return session is not None and session.accessed and hasattr(session, "_session_cache")


def _keep(request, response, code) -> None:
    name = settings.LANGUAGE_COOKIE_NAME
    stale = request.COOKIES.get(name) != code and name not in response.cookies
    if code and known(code) and stale:
        _set_cookie(response, code)


def current(request) -> dict:
    """Context processor: the header's language switch: ``language_choices`` as
    (code, the language's name in itself) and ``language_chosen``, the cookie's code or "";
    ``js_catalog_version`` for the scripts' catalogue URL (config/js_catalog.py)."""
    chosen = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME, BROWSER)
    session = getattr(request, "session", None)
    if session is not None and session.get(SESSION_KEY):
        chosen = session[SESSION_KEY]
    return {
        "language_choices": settings.LANGUAGES,  # each name in its own language
        "language_chosen": chosen if known(chosen) else BROWSER,
        "js_catalog_version": js_catalog.version(),
    }
