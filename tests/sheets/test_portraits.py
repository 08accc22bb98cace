"""Portraits: what is taken and what is refused (each bad file kind, made here with
Pillow or by hand), what is kept (WebP, square, the pages' sizes, no metadata, upright),
where it is kept (the default storage), who sees it, and that a refused file changes
nothing."""

import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from PIL import Image

from sheets.models import Character
from sheets.portraits import images, store
from tests import pictures
from tests.factories import MutantSheetFactory, UserFactory, member_of


def upload(client, character, data, name="face.png", content_type="image/png"):
    return client.post(
        reverse("character_portrait", args=[character.pk]),
        {"picture": SimpleUploadedFile(name, data, content_type=content_type)},
    )


def stored(media) -> list[str]:
    root = media / "portraits"
    if not root.exists():
        return []
    return sorted(str(p.relative_to(media)) for p in root.rglob("*") if p.is_file())


@pytest.fixture
def krin(mutant_sheet):
    return mutant_sheet.character


# -- what is refused: a message next to the field, nothing stored ------------------

BAD_FILES = [
    pytest.param(b"name,strength\nKrin,5\n", "face.png", "not a picture", id="text-named-png"),
    pytest.param(pictures.gif(), "face.png", "GIF picture, whatever its name", id="gif-named-png"),
    pytest.param(b"<svg xmlns='http://www.w3.org/2000/svg'/>", "face.jpg", "not a picture",
                 id="svg-named-jpg"),
    pytest.param(pictures.png_bomb(), "bomb.png", "too many pixels", id="decompression-bomb"),
    pytest.param(pictures.huge_but_small_file(), "wide.png", "9000 x 20 pixels",
                 id="huge-dimensions"),
    pytest.param(pictures.animated_webp(), "moving.webp", "animated", id="animated-webp"),
    pytest.param(pictures.truncated_png(), "cut.png", "damaged or cut short", id="truncated"),
    pytest.param(pictures.picture(size=(8, 8)), "dot.png", "too small", id="tiny"),
    pytest.param(b"", "empty.png", "empty", id="empty"),
]  # fmt: skip


@pytest.mark.parametrize(("data", "name", "message"), BAD_FILES)
def test_a_bad_file_gets_a_message_by_the_field_and_nothing_is_stored(
    player_client, krin, media, data, name, message
):
    response = upload(player_client, krin, data, name=name)
    assert response.status_code == 422
    page = response.content.decode()
    assert message in page, page[page.find("invalid-feedback") - 200 :][:800]
    assert 'id="error_1_id_picture"' in page or "invalid-feedback" in page
    assert stored(media) == []
    krin.refresh_from_db()
    assert krin.portrait == ""


def test_a_file_over_five_megabytes_is_refused_before_it_is_read(player_client, krin, media):
    response = upload(player_client, krin, pictures.over_five_megabytes())
    assert response.status_code == 422
    assert "at most 5 MB is taken" in response.content.decode()
    assert stored(media) == []


def test_a_bad_file_keeps_the_old_portrait(player_client, krin, media):
    assert upload(player_client, krin, pictures.picture()).status_code == 302
    krin.refresh_from_db()
    before, files = krin.portrait, stored(media)
    assert before and len(files) == 2
    assert upload(player_client, krin, pictures.truncated_png()).status_code == 422
    krin.refresh_from_db()
    assert krin.portrait == before
    assert stored(media) == files


def test_pillow_itself_refuses_a_bomb_opened_elsewhere():
    with pytest.raises((Image.DecompressionBombError, Image.DecompressionBombWarning)):
        Image.open(io.BytesIO(pictures.png_bomb()))


# -- what is kept -------------------------------------------------------------------


@pytest.mark.parametrize("fmt", ["PNG", "JPEG", "WEBP"])
def test_each_format_becomes_square_webp_at_the_pages_sizes(fmt):
    files = images.portrait_files(pictures.picture(fmt, size=(640, 480)))
    assert set(files) == {"sheet", "card"}
    for name, data in files.items():
        image = Image.open(io.BytesIO(data))
        assert image.format == "WEBP"
        assert image.size == (images.SIZES[name].side,) * 2
    assert images.SHEET.side == 320 and images.CARD.side == 96


def test_transparency_is_kept():
    out = io.BytesIO()
    Image.new("RGBA", (64, 64), (0, 0, 0, 0)).save(out, "PNG")
    image = Image.open(io.BytesIO(images.portrait_files(out.getvalue())["card"]))
    assert image.mode == "RGBA" and image.getpixel((10, 10))[3] == 0


def test_exif_and_gps_are_gone_and_the_picture_is_upright():
    data = pictures.jpeg_with_gps_turned()
    original = Image.open(io.BytesIO(data))
    assert original.getexif().get_ifd(0x8825), "the upload does carry a GPS position"
    for made in images.portrait_files(data).values():
        image = Image.open(io.BytesIO(made))
        assert not image.getexif(), "no EXIF at all"
        assert not set(image.info) & {"exif", "xmp", "icc_profile"}
        for trace in (b"Exif", b"SnoopCam", b"GPS", b"XMP"):
            assert trace not in made
        # upright is 100 x 200, red on top, blue below; unturned, left and right
        rgb = image.convert("RGB")
        side = image.size[0]
        top, bottom = rgb.getpixel((side // 2, 2)), rgb.getpixel((side // 2, side - 3))
        assert top[0] > 150 > top[2], top
        assert bottom[2] > 150 > bottom[0], bottom


# -- stored through the storage API -------------------------------------------------


def test_an_upload_is_stored_in_the_default_storage_and_replaces_the_last(
    player_client, krin, media, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        response = upload(player_client, krin, pictures.picture("JPEG"), "me.jpg", "image/jpeg")
    assert response.status_code == 302 and response["Location"] == krin.get_absolute_url()
    krin.refresh_from_db()
    first = krin.portrait
    assert stored(media) == [f"portraits/{krin.pk}/{first}-card.webp",
                             f"portraits/{krin.pk}/{first}-sheet.webp"]  # fmt: skip
    assert not krin.history.filter(history_type="~").exists(), "not a sheet change"
    with django_capture_on_commit_callbacks(execute=True):
        upload(player_client, krin, pictures.picture("WEBP"), "me.webp", "image/webp")
    krin.refresh_from_db()
    assert krin.portrait != first
    assert stored(media) == [f"portraits/{krin.pk}/{krin.portrait}-card.webp",
                             f"portraits/{krin.pk}/{krin.portrait}-sheet.webp"]  # fmt: skip


def test_removing_asks_first_then_deletes_the_files(
    player_client, krin, media, django_capture_on_commit_callbacks
):
    upload(player_client, krin, pictures.picture())
    url = reverse("character_portrait_remove", args=[krin.pk])
    asked = player_client.post(url)
    assert asked.status_code == 200 and "Yes, remove it" in asked.content.decode()
    krin.refresh_from_db()
    assert krin.portrait and len(stored(media)) == 2
    with django_capture_on_commit_callbacks(execute=True):
        done = player_client.post(url, {"confirm": "yes"})
    assert done.status_code == 302
    krin.refresh_from_db()
    assert krin.portrait == "" and stored(media) == []


# -- shown, and served to those who may see the character -------------------------


def test_the_pages_show_the_portrait_or_the_initials(player_client, gm_client, krin, media):
    sheet = player_client.get(krin.get_absolute_url() + "?all").content.decode()
    assert "data-portrait-initials>K<" in sheet and "Add a portrait" in sheet
    upload(player_client, krin, pictures.picture())
    krin.refresh_from_db()
    sheet = player_client.get(krin.get_absolute_url() + "?all").content.decode()
    src = f"/characters/{krin.pk}/portrait/sheet.webp?v={krin.portrait}"
    assert src in sheet and "Change the portrait" in sheet
    dashboard = gm_client.get(reverse("party_dashboard", args=[krin.party_id])).content.decode()
    assert f"/characters/{krin.pk}/portrait/card.webp?v={krin.portrait}" in dashboard
    player_client.force_login(krin.owner)  # gm_client is the same client, logged in as the GM
    home = player_client.get(reverse("home")).content.decode()
    assert f"/characters/{krin.pk}/portrait/card.webp?v={krin.portrait}" in home


def test_a_roll_card_shows_the_portrait_only_when_there_is_one(krin, media):
    from rolls.cards import roll_card_html
    from rolls.models import Roll

    roll = Roll.objects.create(character=krin, party=krin.party, user=krin.owner,
                               system="mutant", kind="d6", label="D6", outcome="4")  # fmt: skip
    roll = Roll.objects.for_cards().get(pk=roll.pk)
    assert "data-portrait" not in roll_card_html(roll)
    store.replace(krin, images.portrait_files(pictures.picture()))
    roll = Roll.objects.for_cards().get(pk=roll.pk)
    card = roll_card_html(roll)
    assert f'src="/characters/{krin.pk}/portrait/card.webp?v={krin.portrait}"' in card
    assert 'alt=""' in card, "the name is beside it"


def test_initials():
    from sheets.portraits.markup import initials

    assert initials("Ash the Fixer") == "AF"
    assert initials("vex") == "V"
    assert initials("  ") == "?"


def test_the_picture_is_served_privately_with_an_etag(player_client, krin, media):
    upload(player_client, krin, pictures.picture())
    krin.refresh_from_db()
    url = reverse("character_portrait_image", args=[krin.pk, "card"])
    response = player_client.get(url)
    assert response.status_code == 200 and response["Content-Type"] == "image/webp"
    assert "private" in response["Cache-Control"] and "public" not in response["Cache-Control"]
    body = response.content
    assert Image.open(io.BytesIO(body)).size == (96, 96)
    again = player_client.get(url, HTTP_IF_NONE_MATCH=response["ETag"])
    assert again.status_code == 304
    assert player_client.get(reverse("character_portrait_image", args=[krin.pk, "huge"])
                             ).status_code == 404  # fmt: skip


def test_who_sees_the_picture(client, krin, party, media, player, gm, stranger):
    client.force_login(player)
    upload(client, krin, pictures.picture())
    url = reverse("character_portrait_image", args=[krin.pk, "sheet"])
    other = member_of(party, UserFactory(username="other"))
    for user, status in ((player, 200), (gm, 200), (other, 200), (stranger, 404)):
        client.force_login(user)
        assert client.get(url).status_code == status, user.username
    client.logout()
    assert client.get(url).status_code == 302
    # a character outside any party: its owner alone
    loner = MutantSheetFactory(character__owner=player, character__party=None).character
    store.replace(loner, images.portrait_files(pictures.picture()))
    loner_url = reverse("character_portrait_image", args=[loner.pk, "card"])
    for user, status in ((player, 200), (gm, 404), (other, 404)):
        client.force_login(user)
        assert client.get(loner_url).status_code == status, user.username


def test_the_gm_may_upload_and_another_player_may_not(client, krin, party, gm, media):
    client.force_login(gm)
    assert upload(client, krin, pictures.picture()).status_code == 302
    other = member_of(party, UserFactory(username="other"))
    client.force_login(other)
    before = Character.objects.get(pk=krin.pk).portrait
    assert upload(client, krin, pictures.picture()).status_code == 404
    assert client.post(reverse("character_portrait_remove", args=[krin.pk]),
                       {"confirm": "yes"}).status_code == 404  # fmt: skip
    assert Character.objects.get(pk=krin.pk).portrait == before


def test_a_deleted_characters_files_go_with_it(krin, media, django_capture_on_commit_callbacks):
    store.replace(krin, images.portrait_files(pictures.picture()))
    assert len(stored(media)) == 2
    with django_capture_on_commit_callbacks(execute=True):
        krin.delete()
    assert stored(media) == []
