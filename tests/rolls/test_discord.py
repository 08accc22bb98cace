"""Rolls to Discord: the webhook URL (validated, masked, the GM's only), the embed, the
delivery (retries, 429's Retry-After, 5xx backoff, final refusals) against a real HTTP
server of the test's own, and the roll path (posted after the answer, never failed by
Discord, secret rolls only once revealed, pushes posted)."""

import json

import pytest
from django.test import override_settings
from django.urls import reverse
from django.utils import translation

from rolls.discord import delivery
from rolls.discord.models import PartyWebhook
from rolls.discord.outbox import outbox
from rolls.discord.webhooks import WebhookError, masked, validate_webhook_url
from rolls.models import Roll
from tests.discord_server import WebhookServer
from tests.rolls.swedish import swedish  # noqa: F401  (a fixture)

HTMX = {"HX-Request": "true"}
DISCORD = "https://discord.com/api/webhooks/112233445566/Zk3_tOkEn-abcdcdef"


@pytest.fixture
def server():
    with WebhookServer() as running:
        yield running


@pytest.fixture
def waits():
    """The outbox's sleep, recorded instead of slept (nothing here is timed)."""
    slept = []
    outbox.drain()
    outbox.sleep = slept.append
    yield slept
    outbox.drain()
    outbox.sleep = delivery.time.sleep


# --- the URL -------------------------------------------------------------------------


@override_settings(TABLESIDE_DISCORD_ALLOWED_HOSTS=[])
@pytest.mark.parametrize(
    "url",
    [
        DISCORD,
        "https://discordapp.com/api/webhooks/1/abc",
        "https://canary.discord.com/api/v10/webhooks/1/abc/",
        "  https://discord.com/api/webhooks/1/abc  ",
    ],
)
def test_discord_webhook_urls_are_accepted(url):
    assert validate_webhook_url(url) == url.strip()


@override_settings(TABLESIDE_DISCORD_ALLOWED_HOSTS=[])
@pytest.mark.parametrize(
    ("url", "says"),
    [
        ("", "Paste the webhook URL"),
        ("http://discord.com/api/webhooks/1/abc", "https://"),
        ("https://evil.example/api/webhooks/1/abc", "discord.com"),
        ("https://discord.com.evil.example/api/webhooks/1/abc", "discord.com"),
        ("https://user@discord.com/api/webhooks/1/abc", "discord.com"),
        ("https://discord.com:8443/api/webhooks/1/abc", "discord.com"),
        ("https://discord.com/api/webhooks/abc/def", "/api/webhooks/<number>/<token>"),
        ("https://discord.com/channels/1/2", "/api/webhooks/<number>/<token>"),
        ("https://discord.com/api/webhooks/1/abc/../../x", "/api/webhooks/<number>/<token>"),
        ("http://127.0.0.1:8000/api/webhooks/1/abc", "https://"),
        ("https://127.0.0.1/api/webhooks/1/abc", "discord.com"),
        ("https://[::1/api/webhooks/1/abc", "not a URL"),
        ("https://discord.com/api/webhooks/1/ab c", "no spaces"),
    ],
)
def test_anything_else_is_refused_with_the_reason(url, says):
    with pytest.raises(WebhookError, match=None) as refused:
        validate_webhook_url(url)
    assert says in str(refused.value)


def test_the_tests_own_server_is_let_in_by_the_setting_alone():
    local = "http://127.0.0.1:8765/api/webhooks/1/abc"
    assert validate_webhook_url(local) == local
    with override_settings(TABLESIDE_DISCORD_ALLOWED_HOSTS=[]), pytest.raises(WebhookError):
        validate_webhook_url(local)


def test_the_gm_reads_the_url_back_masked():
    assert masked(DISCORD) == "https://discord.com/api/webhooks/…/••••cdef"
    assert "112233445566" not in masked(DISCORD) and "Zk3" not in masked(DISCORD)


# --- one delivery against a real server ------------------------------------------------


def test_a_204_is_one_attempt(server):
    slept = []
    done = delivery.deliver(server.url, {"content": "hi"}, sleep=slept.append)
    assert (done.ok, done.status, done.attempts, slept) == (True, 204, 1, [])
    assert server.received == [{"content": "hi"}]
    assert server.paths == ["/api/webhooks/1234567890/abcDEF_token-cdef"]


def test_429_waits_what_discord_says_and_500_backs_off(server):
    server.answer((429, {"Retry-After": "0.05"}, b"{}"), 500, 204)
    slept = []
    done = delivery.deliver(server.url, {"content": "hi"}, sleep=slept.append)
    assert done.ok and done.attempts == 3
    assert slept == [0.05, delivery.BACKOFF[1]]
    assert len(server.received) == 3


def test_429_reads_retry_after_from_the_json_body(server):
    server.answer((429, {"Content-Type": "application/json"}, b'{"retry_after": 0.25}'), 204)
    slept = []
    assert delivery.deliver(server.url, {}, sleep=slept.append).ok
    assert slept == [0.25]


def test_a_429_asking_too_long_ends_the_delivery_and_says_so(server):
    server.answer((429, {"Retry-After": "600"}, b""))
    done = delivery.deliver(server.url, {}, sleep=pytest.fail)
    assert not done.ok and done.attempts == 1 and "600 s" in done.reason


def test_errors_are_retried_a_bounded_number_of_times(server):
    server.answer(*[500] * 10)
    slept = []
    done = delivery.deliver(server.url, {}, sleep=slept.append)
    assert not done.ok and done.status == 500
    assert done.attempts == len(server.received) == delivery.ATTEMPTS
    assert slept == list(delivery.BACKOFF)
    assert "500" in done.reason and f"after {delivery.ATTEMPTS} attempts" in done.reason


def test_a_deleted_webhook_is_not_retried(server):
    server.answer((404, {}, b'{"message": "Unknown Webhook", "code": 10015}'))
    done = delivery.deliver(server.url, {}, sleep=pytest.fail)
    assert (done.ok, done.attempts, done.reason) == (False, 1, "404: Unknown Webhook")


def test_no_server_at_all_is_said(server):
    url = server.url
    server.httpd.server_close()  # the port answers nothing now
    slept = []
    done = delivery.deliver(url, {}, sleep=slept.append, attempts=2)
    assert not done.ok and done.status == 0 and done.reason.startswith("no answer")


# --- the roll path ----------------------------------------------------------------------


@pytest.fixture
def hooked(transactional_db, party, server):
    return PartyWebhook.objects.create(party=party, url=server.url)


def roll_d6(client, sheet, scripted_dice, face=5, **extra):
    scripted_dice(face)
    data = {"count": "1", **extra}
    return client.post(reverse("roll_form", args=[sheet.pk, "d6"]), data, headers=HTMX)


def test_a_players_roll_is_posted_as_an_embed(
    hooked, server, waits, player_client, mutant_sheet, scripted_dice
):
    assert roll_d6(player_client, mutant_sheet, scripted_dice).status_code == 200
    assert outbox.drain()
    [body] = server.received
    roll = Roll.objects.get()
    [embed] = body["embeds"]
    assert embed["title"] == "Krin: D6"
    assert embed["description"] == "**Total 5**"
    fields = {f["name"]: f["value"] for f in embed["fields"]}
    assert fields["Dice"] == "skill 5" and fields["Rolled by"] == "player"
    assert embed["footer"]["text"] == f"The Ark · #{roll.pk}"
    assert body["allowed_mentions"] == {"parse": []}
    hooked.refresh_from_db()
    assert hooked.last_state == "sent" and hooked.last_status == 204
    assert hooked.last_roll == roll.pk and hooked.last_sent_at is not None


def test_429_then_500_then_204_by_turns_posts_once_taken(
    hooked, server, waits, player_client, mutant_sheet, scripted_dice
):
    server.answer((429, {"Retry-After": "0.05"}, b""), 500, 204)
    assert roll_d6(player_client, mutant_sheet, scripted_dice).status_code == 200
    assert outbox.drain()
    assert len(server.received) == 3 and waits == [0.05, delivery.BACKOFF[1]]
    hooked.refresh_from_db()
    assert hooked.last_state == "sent"


def test_discord_failing_never_fails_the_roll_and_the_gm_sees_why(
    hooked, server, waits, player_client, mutant_sheet, scripted_dice, gm
):
    server.answer(*[500] * delivery.ATTEMPTS)
    response = roll_d6(player_client, mutant_sheet, scripted_dice)
    assert response.status_code == 200 and "Total 5" in response.text
    assert Roll.objects.get().outcome == "Total 5"
    assert outbox.drain()
    assert len(server.received) == delivery.ATTEMPTS
    hooked.refresh_from_db()
    assert hooked.last_state == "failed" and hooked.last_status == 500
    assert hooked.last_reason == "Discord answered 500, after 4 attempts"
    player_client.force_login(gm)
    page = player_client.get(reverse("party_settings", args=[hooked.party_id])).text
    assert "Failed" in page and "Discord answered 500, after 4 attempts" in page


def test_a_secret_roll_is_posted_only_once_revealed(
    hooked, server, waits, gm_client, mutant_sheet, scripted_dice
):
    roll_d6(gm_client, mutant_sheet, scripted_dice, secret="on")
    assert outbox.drain()
    assert server.received == []
    roll = Roll.objects.get()
    assert roll.secret
    assert gm_client.post(reverse("roll_reveal", args=[roll.pk])).status_code == 302
    assert outbox.drain()
    [body] = server.received
    assert "Total 5" in body["embeds"][0]["description"]


def test_the_push_is_posted_when_it_comes(
    hooked, server, waits, player_client, mutant_sheet, scripted_dice
):
    scripted_dice(2, 3, 4, 5, 2, 3, 4, 5)
    url = reverse("roll_form", args=[mutant_sheet.pk, "skill"])
    player_client.post(url, {"skill": "fight", "modifier": 0}, headers=HTMX)
    first = Roll.objects.get()
    scripted_dice(6, 3, 4, 5, 2, 3, 4, 5)
    assert (
        player_client.post(reverse("roll_push", args=[first.pk]), headers=HTMX).status_code == 200
    )
    assert outbox.drain()
    first_post, push_post = server.wait_for(2)
    assert {"name": "Push", "value": "may be pushed", "inline": True} in first_post["embeds"][0][
        "fields"
    ]
    pushed = push_post["embeds"][0]
    assert pushed["title"].startswith("Krin pushed: ")
    assert {"name": "Push", "value": f"of roll #{first.pk}", "inline": True} in pushed["fields"]


def test_a_party_without_a_webhook_posts_nothing(
    transactional_db, server, waits, player_client, mutant_sheet, scripted_dice
):
    assert roll_d6(player_client, mutant_sheet, scripted_dice).status_code == 200
    assert outbox.drain() and server.received == []


# --- the GM's section -------------------------------------------------------------------


def test_the_gm_sets_the_url_and_reads_it_back_masked(gm_client, party):
    url = reverse("party_discord", args=[party.pk])
    response = gm_client.post(url, {"do": "save", "url": DISCORD})
    assert response.status_code == 302 and response["Location"].endswith("#discord")
    assert PartyWebhook.objects.get(party=party).url == DISCORD
    page = gm_client.get(reverse("party_settings", args=[party.pk])).text
    assert "https://discord.com/api/webhooks/…/••••cdef" in page
    assert "Zk3_tOkEn" not in page and "112233445566" not in page


@override_settings(TABLESIDE_DISCORD_ALLOWED_HOSTS=[])
def test_a_wrong_url_is_refused_next_to_the_field_and_keeps_the_old_one(gm_client, party):
    PartyWebhook.objects.create(party=party, url=DISCORD)
    response = gm_client.post(
        reverse("party_discord", args=[party.pk]),
        {"do": "save", "url": "https://evil.example/api/webhooks/1/x"},
    )
    assert response.status_code == 422
    assert 'id="discord-errors"' in response.text and "discord.com" in response.text
    assert PartyWebhook.objects.get(party=party).url == DISCORD


def test_the_gm_stops_posting(gm_client, party):
    PartyWebhook.objects.create(party=party, url=DISCORD)
    gm_client.post(reverse("party_discord", args=[party.pk]), {"do": "remove"})
    assert not PartyWebhook.objects.filter(party=party).exists()


def test_nobody_but_the_gm_reads_or_changes_it(client, party, player, stranger):
    PartyWebhook.objects.create(party=party, url=DISCORD)
    url = reverse("party_discord", args=[party.pk])
    for someone in (player, stranger):
        client.force_login(someone)
        assert client.get(url).status_code == 404
        assert client.post(url, {"do": "remove"}).status_code == 404
        assert client.post(url, {"do": "save", "url": DISCORD[:-1]}).status_code == 404
    assert PartyWebhook.objects.get(party=party).url == DISCORD
    assert json.dumps(DISCORD) not in str(party.__dict__)


@pytest.mark.usefixtures("swedish")
def test_posts_are_written_in_the_language_the_gm_connected_it_in(
    gm_client, party, server, waits, mutant_sheet, player, transactional_db
):
    gm_client.post(
        reverse("party_discord", args=[party.pk]),
        {"do": "save", "url": server.url},
        headers={"accept-language": "sv"},
    )
    assert PartyWebhook.objects.get(party=party).language == "sv"
    with translation.override("en"):  # whoever rolls, in whatever language
        save_roll_in_words(mutant_sheet.character, player)
    assert outbox.drain()
    [embed] = server.received[0]["embeds"]
    assert embed["title"] == "Krin: Slåss" and embed["description"] == "**2 lyckanden**"


def save_roll_in_words(character, user):
    from django.db import transaction

    from rolls.actions import Rolled
    from rolls.views import save_roll
    from sheets.systems.dice.words import say, say_n

    outcome = say_n("%(n)s success", "%(n)s successes", 2)
    with transaction.atomic():
        save_roll(character, user, Rolled(kind="skill", label=say("Fight"), outcome=outcome))
