from django.http import HttpResponseBadRequest
from django.shortcuts import redirect
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from sheets.preferences import theme
from sheets.preferences.models import Theme


@require_POST
def choose_theme(request):
    """The navbar's theme switch: back to the page it was used on."""
    chosen = request.POST.get("theme", "")
    if chosen not in Theme.values:
        return HttpResponseBadRequest("Choose a theme: auto, light or dark.")
    theme.choose(request, chosen)
    back = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(
        back, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        back = "/"
    return redirect(back)
