"""Group checks on the web: the GM starts one from the dashboard; each participant does
their part from their own page; exchanges; the reading; the GM's cancel. The panel is
fetched by each page (its buttons depend on who looks) whenever the feed says a group
check changed. No view here names a game system (rolls/groups.py, the registry)."""

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponseForbidden
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import trigger_client_event

from config.ids import id_or_404, parse_id
from rolls import groups
from rolls.models import GroupCheck, error_words
from rolls.rng import server_rng
from sheets.models import Character, Party
from sheets.systems.dice.core import DiceError
from sheets.systems.registry import get_system


def _kind(system_slug, kind_slug):
    try:
        system = get_system(system_slug)
        return system, system.group_check(kind_slug)
    except LookupError as error:
        raise Http404(error_words(error)) from error


@login_required
def group_new(request, pk, system, kind):
    """The GM's start form for one kind of group check (GET), and opening it (POST)."""
    party = get_object_or_404(Party, pk=pk, gm=request.user)
    system_descriptor, kind_descriptor = _kind(system, kind)
    data = request.POST if request.method == "POST" else None
    form = import_form(kind_descriptor)(party, data=data)
    if request.method == "POST" and form.is_valid():
        groups.start(party, kind_descriptor, form, request.user)
        # to the dashboard's group checks (on a phone they sit below the cards)
        return redirect(reverse("party_dashboard", args=[party.pk]) + "#group-start")
    context = {"party": party, "system": system_descriptor, "kind": kind_descriptor, "form": form}
    status = 422 if request.method == "POST" else 200
    return render(request, "rolls/group_new.html", context, status=status)


def import_form(kind):
    from django.utils.module_loading import import_string

    return import_string(kind.start_form)


def _page_character(request, party):
    """The sheet page the panel is on (``character``), or None on the dashboard."""
    raw = request.GET.get("character") or request.POST.get("page_character") or ""
    if not raw:
        return None
    pk = id_or_404(raw, "No such character in this party.")
    return get_object_or_404(Character, pk=pk, party=party)


def _panel(request, party, status=200):
    character = _page_character(request, party)
    context = {
        "party": party,
        "page_character": character,
        "groups": groups.panel_groups(party, request.user, character),
        "is_gm": party.is_gm(request.user),
    }
    return render(request, "rolls/_group_checks.html", context, status=status)


@login_required
@require_GET
def group_panel(request, pk):
    party = get_object_or_404(Party.objects.for_user(request.user), pk=pk)
    return _panel(request, party)


def _group_for_member(request, pk) -> GroupCheck:
    group = get_object_or_404(GroupCheck.objects.select_related("party"), pk=pk)
    if not group.party.is_member(request.user):
        raise Http404("No such group check.")
    return group


def _answer(request, group, error=None, status=200):
    """The panel again (HTMX), or back to where the form was posted from."""
    if request.htmx:
        response = _panel(request, group.party, status=status)
        if status == 200:
            trigger_client_event(response, "sheetChanged")
        return _with_error(response, error)
    character = _page_character(request, group.party)
    if error:
        return HttpResponseForbidden(error) if status == 403 else render(
            request, "rolls/group_error.html", {"group": group, "error": error}, status=status
        )  # fmt: skip
    if character is not None:
        return redirect(character)
    return redirect("party_dashboard", pk=group.party_id)


def _with_error(response, error):
    """A refusal shows above the panel, in words."""
    if error:
        note = format_html(
            '<p class="alert alert-warning py-1 px-2 small mb-2" role="alert" data-group-error>'
            "{}</p>",
            error,
        )
        response.content = str(note).encode() + response.content
    return response


def _refused(request, group, error: str, status: int):
    return _answer(request, group, error=error, status=status)


def _step(request, group, do):
    """Run one step of the group (``do()`` returns the group as it now is) and answer
    with the panel; a step the state or the rules refuse says why, in place."""
    try:
        group = do()
    except groups.GroupRefused as refused:
        return _refused(request, group, error_words(refused), refused.status)
    except DiceError as error:
        return _refused(request, group, error_words(error), 422)
    return _answer(request, group)


@login_required
@require_POST
def group_part(request, pk, character_pk):
    """A participant's part, by its owner or the GM; nobody else (403)."""
    group = _group_for_member(request, pk)
    character = get_object_or_404(Character.objects.select_related("party"), pk=character_pk)
    if not group.participants.filter(character=character).exists():
        return HttpResponseForbidden(_("This character is not in this group check."))
    if not character.can_edit(request.user) or character.party_id != group.party_id:
        return HttpResponseForbidden(
            _("Only this character's player (or the GM) rolls their part.")
        )
    return _step(
        request, group, lambda: groups.do_part(group.pk, character.pk, request.user, server_rng())
    )


@login_required
@require_POST
def group_swap(request, pk):
    group = _group_for_member(request, pk)
    raw = parse_id(request.POST.get("character", ""))
    other = parse_id(request.POST.get("other", ""))
    if raw is None or other is None:
        return _refused(request, group, _("Pick whose die and whose to exchange it with."), 422)
    character = get_object_or_404(Character.objects.select_related("party"), pk=raw)
    if not group.participants.filter(character=character).exists():
        return HttpResponseForbidden(_("This character is not in this group check."))
    if not character.can_edit(request.user):
        return HttpResponseForbidden(_("Only this character's player (or the GM) exchanges."))
    return _step(
        request, group, lambda: groups.do_swap(group.pk, character.pk, other, request.user)
    )


@login_required
@require_POST
def group_read(request, pk):
    """Read the results: the GM at any time; a participant's player once all are in."""
    group = _group_for_member(request, pk)
    is_gm = group.party.is_gm(request.user)
    if not is_gm and not group.participants.filter(character__owner=request.user).exists():
        return HttpResponseForbidden(_("Only the GM and the participants read the results."))
    return _step(request, group, lambda: groups.do_read(group.pk, request.user, by_gm=is_gm))


@login_required
@require_POST
def group_cancel(request, pk):
    group = _group_for_member(request, pk)
    if not group.party.is_gm(request.user):
        return HttpResponseForbidden(_("Only the GM cancels a group check."))
    return _step(request, group, lambda: groups.do_cancel(group.pk))
