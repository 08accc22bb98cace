"""The party settings' buttons that pass time (the Agents clock, Slots rounds and tries):
what they do to each sheet is a roll, so they post here, to the system's ``party_time``
(registry), through the same page, checks and announcement as every party setting."""

from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.views.decorators.http import require_POST

from sheets.settings_views import apply_settings, settings_form


@login_required
@require_POST
def party_time(request, pk, system):
    party, form = settings_form(request, pk, system)
    if form.button not in form.time_buttons:
        raise Http404("This button passes no time.")

    def pass_time():
        return form.system.call("party_time", form, request.user, form.button)

    return apply_settings(request, party, form, pass_time)
