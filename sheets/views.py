"""Home, parties, new characters, the sheet page and the GM dashboard.

None of these names a game system: they go through the registry.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db import transaction
from django.db.models import Count
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from config.ids import id_or_404
from sheets import history, party_settings, urgency
from sheets.editing import readable_character, sheet_page_context
from sheets.forms import JoinPartyForm, NewCharacterForm, PartyForm
from sheets.models import Character, Membership, Party
from sheets.reasons import pgettext_noop
from sheets.systems.registry import all_systems, start_choices


def home(request):
    """Logged out: what Tableside is, with log in and sign up. Logged in: my characters
    (system, party, alerts; the last roll from rolls' ``{% with_last_rolls %}``) and my
    parties, as cards."""
    if not request.user.is_authenticated:
        return render(request, "sheets/landing.html", {"systems": all_systems()})
    characters = (
        Character.objects.filter(owner=request.user)
        .with_summaries()
        .select_related("party")
        .order_by("name")
    )
    cards = [{"character": c, "alerts": c.summary().alerts} for c in characters]
    parties = (
        Party.objects.for_user(request.user)
        .select_related("gm")
        .annotate(
            character_count=Count("characters", distinct=True),
            player_count=Count("memberships", distinct=True),
        )
    )
    return render(
        request,
        "sheets/home.html",
        {"cards": cards, "parties": parties, "join_form": JoinPartyForm()},
    )


@login_required
def character_create(request):
    """A name, a game and a party (the player's own party when they are in one, or the
    one they came from: ``?party=``); then the game's creation steps, if it has some."""
    form = NewCharacterForm(
        request.POST or None, user=request.user, came_from=request.GET.get("party", "")
    )
    if request.method == "POST" and form.is_valid():
        character = Character.objects.create_with_sheet(
            owner=request.user,
            name=form.cleaned_data["name"],
            system=form.cleaned_data["system"],
            party=form.cleaned_data["party"],
        )
        if character.system_descriptor.creation_steps:
            return redirect("character_creation", pk=character.pk)
        messages.success(
            request, _("%(name)s is ready. Fill in the sheet.") % {"name": character.name}
        )
        return redirect(character)
    return render(request, "sheets/character_new.html", {"form": form})


@login_required
def character_sheet(request, pk):
    character = readable_character(request, pk)
    # The tabs and the feed's cards follow (the page asks for them once it is up). The
    # whole sheet in one answer: ?all (where a browser without JavaScript is sent), and
    # a page carrying a message, which is where a no-JavaScript save lands (counting the
    # messages leaves them to show).
    whole = "all" in request.GET or len(messages.get_messages(request)) > 0
    context = sheet_page_context(request, character, defer=not whole)
    return render(request, character.system_descriptor.sheet_template, context)


HISTORY_PAGE = 30  # groups of changes per page of a sheet's history


@login_required
def character_history(request, pk):
    """Every change to a sheet, who made it and when, newest first, one save's or one
    roll's changes together. For the owner and the party's GM."""
    character = readable_character(request, pk)
    page = Paginator(history.entries(character), HISTORY_PAGE).get_page(request.GET.get("page"))
    return render(
        request,
        "sheets/history.html",
        {"character": character, "page": page, "system": character.system_descriptor},
    )


@login_required
def party_create(request):
    form = PartyForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        party = form.save(commit=False)
        party.gm = request.user
        party.save()
        messages.success(
            request,
            _("%(name)s is ready. Share the invite code with your players.") % {"name": party.name},
        )
        return redirect(party)
    return render(request, "sheets/party_new.html", {"form": form})


def _member_party(request, pk):
    return get_object_or_404(Party.objects.for_user(request.user).select_related("gm"), pk=pk)


@login_required
def party_detail(request, pk):
    party = _member_party(request, pk)
    is_gm = party.is_gm(request.user)
    characters = party.characters.select_related("owner").order_by("name")
    return render(
        request,
        "sheets/party_detail.html",
        {
            "party": party,
            "is_gm": is_gm,
            "memberships": party.memberships.select_related("user"),
            "characters": characters,
            "unassigned": Character.objects.filter(owner=request.user, party__isnull=True),
            "invite_url": request.build_absolute_uri(
                reverse("party_join_code", args=[party.invite_code])
            ),
        },
    )


@login_required
def party_join(request, code=None):
    data = request.POST or ({"invite_code": code} if code else None)
    form = JoinPartyForm(data)
    if data is not None and form.is_valid():
        party = form.party
        if party.is_member(request.user):
            messages.info(request, _("You are already at %(name)s's table.") % {"name": party.name})
        elif request.method == "POST":
            Membership.objects.get_or_create(party=party, user=request.user)
            messages.success(
                request, _("You joined %(name)s. Welcome to the table.") % {"name": party.name}
            )
            if not Character.objects.filter(owner=request.user).exists():
                # a new player's next step: their first character, made in this party
                return redirect(reverse("character_create") + f"?party={party.pk}")
        else:
            # A link only shows the party; joining takes a POST (and a CSRF token).
            return render(request, "sheets/party_join.html", {"form": form, "party": party})
        return redirect(party)
    return render(request, "sheets/party_join.html", {"form": form, "party": None})


@login_required
@require_POST
def party_leave(request, pk):
    party = _member_party(request, pk)
    if party.is_gm(request.user):
        messages.error(request, _("The GM cannot leave their own party."))
        return redirect(party)
    with transaction.atomic():
        Membership.objects.filter(party=party, user=request.user).delete()
        _leave_party(Character.objects.filter(party=party, owner=request.user))
    messages.success(
        request, _("You left %(name)s. Your characters stay with you.") % {"name": party.name}
    )
    return redirect("home")


@login_required
@require_POST
def party_remove_member(request, pk, user_pk):
    party = _member_party(request, pk)
    if not party.is_gm(request.user):
        raise Http404(_("Only the GM removes players."))
    membership = get_object_or_404(Membership.objects.select_related("user"), party=party,
                                   user_id=user_pk)  # fmt: skip
    with transaction.atomic():
        _leave_party(Character.objects.filter(party=party, owner_id=user_pk))
        membership.delete()
    messages.success(
        request,
        _(
            "%(player)s is no longer in %(party)s; their characters left "
            "the party with them (nothing is deleted)."
        )
        % {"player": membership.user.username, "party": party.name},
    )
    if request.POST.get("from") == "settings":
        return redirect(reverse("party_settings", args=[party.pk]) + "#members")
    return redirect(party)


def _leave_party(characters):
    """Take characters out of their party one by one (not with update()), so each change
    is saved in their history with the reason."""
    for character in characters:
        character.party = None
        # stored in English, shown in the reader's language (sheets.history)
        character._change_reason = pgettext_noop("history reason", "Left the party")
        character.save(update_fields=["party", "updated"])


@login_required
@require_POST
def character_assign_party(request, pk):
    """A player brings one of their own characters to a party they belong to."""
    character = get_object_or_404(Character, pk=pk, owner=request.user)
    party_pk = request.POST.get("party", "")
    if not party_pk:
        character.party = None
    else:
        party_pk = id_or_404(party_pk, _("No such party."))
        character.party = get_object_or_404(Party.objects.for_user(request.user), pk=party_pk)
    character.save(update_fields=["party", "updated"])
    if character.party:
        messages.success(
            request,
            _("%(name)s joined %(party)s.")
            % {"name": character.name, "party": character.party.name},
        )
    else:
        messages.success(request, _("%(name)s left the party.") % {"name": character.name})
    return redirect(character)


@login_required
def party_dashboard(request, pk):
    return render(request, "sheets/dashboard.html", _dashboard_context(request, pk))


@login_required
def party_summaries(request, pk):
    """The dashboard's character cards, refetched when the live feed (re)opens."""
    return render(request, "sheets/dashboard.html#summaries", _dashboard_context(request, pk))


def _dashboard_context(request, pk):
    """Only the party's GM sees its dashboard; anyone else gets 404."""
    party = get_object_or_404(Party.objects.select_related("gm"), pk=pk, gm=request.user)
    characters = list(party.characters.with_summaries().select_related("owner").order_by("name"))
    cards = [{"character": character, "summary": character.summary()} for character in characters]
    # alerts first, ordered by urgency (dead, down, hurt, gear, load, mind), then by name
    cards.sort(key=lambda card: urgency.card_rank(card["summary"].alerts))
    down = [c["character"] for c in cards if _levels(c) & urgency.DOWN_LEVELS]
    need_help = [
        c["character"]
        for c in cards
        if _levels(c) & urgency.HELP_LEVELS and c["character"] not in down
    ]
    systems = [s for s in all_systems() if any(c.system == s.slug for c in characters)]
    return {
        "party": party,
        "settings_strip": party_settings.strip(party, systems),
        "cards": cards,
        "down": down,
        "need_help": need_help,
        "systems": all_systems(),
        "group_starts": start_choices(characters),
        "gm_rolls": _gm_rolls(characters),
        "is_gm": True,
    }


def _gm_rolls(characters):
    """The GM's own rolls for each game at the table (every game when the table is
    empty), in the registry's order; read from the cards already loaded (no query)."""
    present = {character.system for character in characters}
    return [
        {"system": system}
        for system in all_systems()
        if system.npc_actions and (not present or system.slug in present)
    ]


def _levels(card) -> set[str]:
    return {urgency.alert_level(alert) for alert in card["summary"].alerts}
