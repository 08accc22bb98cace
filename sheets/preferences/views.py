from django.http import HttpResponseBadRequest
from django.shortcuts import redirect
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from sheets.preferences import language, theme
from sheets.preferences.models import Theme


def _back(request):
    """Back to the page the switch was used on (a page of this site), else home."""
    back = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(
        back, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        back = "/"
    return redirect(back)


@require_POST
def choose_theme(request):
    """The navbar's theme switch: back to the page it was used on."""
    chosen = request.POST.get("theme", "")
    if chosen not in Theme.values:
        return HttpResponseBadRequest(_("Choose a theme: auto, light or dark."))
    theme.choose(request, chosen)
    return _back(request)


@require_POST
def choose_language(request):
    """The navbar's language switch (a plain form: works without JavaScript): back to
    the page it was used on, now in the chosen language."""
    chosen = request.POST.get("language", "")
    if chosen != language.BROWSER and not language.known(chosen):
        return HttpResponseBadRequest(_("Choose one of the languages offered."))
    response = _back(request)
    language.choose(request, response, chosen)
    return response
