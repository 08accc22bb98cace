"""A roll sent twice is recorded once (issue 27, section 2): the page gives each change
its Idempotency-Key (static/js/idempotency.js) and the server answers a key once
(config/idempotency.py). A double submit, an answer lost on the way back and sent again,
and a double click on a plain form each leave one roll (or one character) behind, and
the party's feed shows one card."""

import re

from django.urls import reverse
from playwright.sync_api import expect

from rolls.models import Roll
from sheets.models import Character
from tests.sse_client import wait_for_open_streams

UUID4 = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}")
SUCCESS = (6, 6, 3, 4, 2, 5, 2, 6)  # Strength 5 + Fight 3: three successes

# The same roll posted twice at once with one key, as a page that resends would.
DOUBLE_SUBMIT = """async (url) => {
  const key = window.Tableside.idempotency.newKey();
  const token = JSON.parse(document.body.getAttribute("hx-headers"))["X-CSRFToken"];
  const body = new URLSearchParams({skill: "fight", modifier: "0", gear: ""});
  const send = () => fetch(url, {method: "POST", body, headers: {
      "X-CSRFToken": token, "HX-Request": "true", "Idempotency-Key": key}})
    .then(async (answer) => ({status: answer.status, text: await answer.text(),
                              replay: answer.headers.get("Idempotent-Replay")}));
  const [first, second] = await Promise.all([send(), send()]);
  return {key, first, second};
}"""


# Keys made where crypto.randomUUID is missing (plain HTTP on the LAN: `make table`).
INSECURE_KEYS = """() => {
  Object.defineProperty(window, "isSecureContext", {value: false});
  return Array.from({length: 200}, () => window.Tableside.idempotency.newKey());
}"""


def open_sheet(asgi_server, page, log_in, player, party, sheet):
    log_in(page, player)
    page.goto(f"{asgi_server.url}{sheet.character.get_absolute_url()}")
    wait_for_open_streams(party.pk, 1)


def test_a_double_submitted_roll_is_recorded_once(
    asgi_server, page, log_in, player, party, mutant_sheet, scripted_dice
):
    open_sheet(asgi_server, page, log_in, player, party, mutant_sheet)
    scripted_dice(*SUCCESS)
    url = reverse("roll_form", args=[mutant_sheet.character.pk, "skill"])

    sent = page.evaluate(DOUBLE_SUBMIT, url)

    assert UUID4.fullmatch(sent["key"])
    lan_keys = page.evaluate(INSECURE_KEYS)
    assert all(UUID4.fullmatch(key) for key in lan_keys) and len(set(lan_keys)) == 200
    first, second = sent["first"], sent["second"]
    assert first["status"] == second["status"] == 200
    assert sorted([first["replay"] or "", second["replay"] or ""]) == ["", "true"]
    assert first["text"] == second["text"]
    roll = Roll.objects.get()
    assert "3 successes" in roll.outcome
    feed = page.locator(".feed")
    expect(feed.locator(f'[data-roll="{roll.pk}"]')).to_have_count(1)
    expect(feed.locator("[data-roll]")).to_have_count(1)


def test_a_roll_whose_answer_was_lost_is_sent_again_with_its_key_and_applied_once(
    asgi_server, page, log_in, player, party, mutant_sheet, scripted_dice
):
    """The server rolls, the answer never arrives (the Wi-Fi dropped); the player taps
    Roll again: the same request goes with the same key, and the first roll's result
    comes back instead of a second roll. The next roll is a new one."""
    open_sheet(asgi_server, page, log_in, player, party, mutant_sheet)
    url = reverse("roll_form", args=[mutant_sheet.character.pk, "skill"])
    keys = []

    def lose_the_first_answer(route, request):
        if request.method != "POST":
            route.continue_()
            return
        keys.append(request.headers.get("idempotency-key"))
        if len(keys) == 1:
            route.fetch()  # the server gets it and rolls
            route.abort("connectionreset")  # the answer is lost
        else:
            route.continue_()

    page.route(f"**{url}", lose_the_first_answer)
    page.get_by_role("link", name="Roll Fight").click()
    dialog = page.get_by_role("dialog")
    roll_button = dialog.get_by_role("button", name="Roll", exact=True)
    scripted_dice(*SUCCESS)
    with page.expect_event("requestfailed"):
        roll_button.click()
    assert Roll.objects.count() == 1  # rolled, though the page never heard
    expect(dialog.locator("[data-roll-result]")).to_have_count(0)
    roll_button.click()  # again, once the connection is back
    expect(dialog.locator("[data-roll-result] [data-outcome]")).to_contain_text("3 successes")
    roll = Roll.objects.get()
    assert len(keys) == 2 and keys[0] == keys[1] and UUID4.fullmatch(keys[0])
    expect(dialog.locator(f'[data-roll-result="{roll.pk}"]')).to_have_count(1)
    feed = page.locator(".feed")
    expect(feed.locator(f'[data-roll="{roll.pk}"]')).to_have_count(1)

    scripted_dice(*SUCCESS)
    dialog.get_by_role("button", name="Roll again").click()
    roll_button.click()
    expect(feed.locator("[data-roll]")).to_have_count(2)
    assert Roll.objects.count() == 2
    assert len(keys) == 3 and keys[2] != keys[0] and UUID4.fullmatch(keys[2])


# A plain form sent twice from the page before the next page arrives (a double click).
SUBMIT_TWICE = """() => {
  const button = document.querySelector("input[type=submit][value='Create character']");
  const keys = [];
  for (const _ of [1, 2]) {
    button.form.requestSubmit(button);
    keys.push(button.form.querySelector("input[name=idempotency_key]").value);
  }
  return keys;
}"""


def posted_keys(bodies):
    return [re.search(r"idempotency_key=([^&]+)", body).group(1) for body in bodies]


def test_a_plain_form_sent_twice_makes_one_character(asgi_server, page, log_in, player, party):
    """A form without htmx (New character) carries its key in a hidden field, the same
    for both sends; the server makes the character once."""
    log_in(page, player)
    page.goto(f"{asgi_server.url}{reverse('character_create')}")
    page.get_by_label("Name").fill("Twice-Sent")
    bodies = []

    def record(route, request):
        if request.method == "POST":
            bodies.append(request.post_data or "")
        route.continue_()

    page.route(f"**{reverse('character_create')}", record)
    before = Character.objects.count()
    keys = page.evaluate(SUBMIT_TWICE)
    page.wait_for_url(re.compile(r"/characters/\d+/"))

    assert keys[0] == keys[1] and UUID4.fullmatch(keys[0])
    assert bodies and set(posted_keys(bodies)) == {keys[0]}
    assert Character.objects.count() == before + 1
    assert Character.objects.filter(name="Twice-Sent").count() == 1


def test_a_plain_form_whose_answer_was_lost_is_resent_by_a_reload_and_applied_once(
    asgi_server, page, log_in, player, party
):
    """The answer to New character never arrives; the browser's reload sends the post
    again, its key with it, and the character is made once."""
    log_in(page, player)
    page.goto(f"{asgi_server.url}{reverse('character_create')}")
    page.get_by_label("Name").fill("Resent")
    bodies = []

    def lose_the_first_answer(route, request):
        if request.method != "POST":
            route.continue_()
            return
        bodies.append(request.post_data or "")
        if len(bodies) == 1:
            route.fetch(max_redirects=0)  # the server makes the character
            route.abort("connectionreset")  # the answer is lost
        else:
            route.continue_()

    page.route(f"**{reverse('character_create')}", lose_the_first_answer)
    before = Character.objects.count()
    with page.expect_event("requestfailed"):
        page.get_by_role("button", name="Create character").click()
    assert Character.objects.count() == before + 1
    # the browser's own error page for the lost answer: reload from there (reloading
    # while it is still being put in place finds no page to reload, under load)
    page.wait_for_url(re.compile(r"^chrome-error://"))
    page.reload()
    page.wait_for_url(re.compile(r"/characters/\d+/"))

    assert len(bodies) == 2
    keys = posted_keys(bodies)
    assert keys[0] == keys[1] and UUID4.fullmatch(keys[0])
    assert Character.objects.count() == before + 1
    character = Character.objects.get(name="Resent")
    assert f"/characters/{character.pk}/" in page.url
