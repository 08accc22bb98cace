"""`manage.py backup` and `manage.py restore`: a table backed up, wiped and restored has
every account, sheet, history entry and roll it had, row for row, and every portrait's
files, byte for byte."""

import io

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection
from django.test import Client
from django.urls import reverse

from bench.rolls import fresh, roll_action, roll_url
from config.backup import media_path
from rolls.models import Roll
from sheets.models import Character
from sheets.portraits import images, store
from tests.pictures import picture

pytestmark = pytest.mark.django_db(transaction=True)  # the tools read committed rows


def every_row() -> str:
    out = io.StringIO()
    call_command("dumpdata", format="json", indent=1, stdout=out)
    return out.getvalue()


def stored_files(media) -> dict:
    return {
        str(path.relative_to(media)): path.read_bytes()
        for path in sorted(media.rglob("*"))
        if path.is_file()
    }


@pytest.fixture
def filled_table(client, media):
    """The demo table, one everyday roll of each of alice's characters, and portraits
    for two of them."""
    call_command("demo", stdout=io.StringIO())
    alice = Character.objects.filter(owner__username="alice").select_related("owner")
    client.force_login(alice[0].owner)
    rolls_before = Roll.objects.count()
    for character in alice:
        action, data = roll_action(character)
        response = client.post(roll_url(character, action), fresh(data), HTTP_HX_REQUEST="true")
        assert response.status_code == 200, character.system
    systems = {character.system for character in alice}
    assert systems == {"mutant", "twilight", "agents", "zombie", "slots"}
    assert Roll.objects.count() == rolls_before + len(systems)
    for character, colour in zip(alice[:2], ((200, 40, 40), (40, 40, 200)), strict=True):
        store.replace(character, images.portrait_files(picture(colour=colour)))
    return alice


def test_a_table_backed_up_wiped_and_restored_has_every_row_it_had(filled_table, tmp_path, media):
    before = every_row()
    portraits = stored_files(media)
    assert len(portraits) == 4 and all(name.startswith("portraits/") for name in portraits)
    for model in ("sheets.historicalcharacter", "rolls.roll", "auth.user"):
        assert f'"model": "{model}"' in before, f"the table holds {model} rows"
    path = tmp_path / "game-night.backup"
    call_command("backup", str(path), stdout=io.StringIO())
    assert path.stat().st_size > 0

    assert media_path(path).stat().st_size > 0
    call_command("flush", interactive=False)
    assert not Character.objects.exists() and not Roll.objects.exists()
    for name in list(portraits)[:3]:  # lost with the machine's disk...
        (media / name).unlink()
    (media / "portraits" / "9999").mkdir()
    (media / "portraits" / "9999" / "later-card.webp").write_bytes(b"uploaded after")
    with connection.cursor() as cursor:  # as a later release's migration would
        cursor.execute("CREATE TABLE tableside_after_the_backup (id integer)")

    out = io.StringIO()
    call_command("restore", str(path), interactive=False, stdout=out)
    assert "Restored" in out.getvalue() and "Restored 4 uploaded files" in out.getvalue()
    assert every_row() == before, "every sheet, history entry and roll, identical"
    assert stored_files(media) == portraits, "every portrait's files, and no other"
    character = Character.objects.exclude(portrait="").first()
    client = Client()
    client.force_login(character.owner)
    picture_url = reverse("character_portrait_image", args=[character.pk, "card"])
    assert client.get(picture_url).status_code == 200
    assert "tableside_after_the_backup" not in connection.introspection.table_names(), (
        "the database is the backup's: a later release's migrate finds no table in its way"
    )


def test_backups_without_a_path_are_named_by_time_and_the_oldest_pruned(
    filled_table, tmp_path, monkeypatch
):
    monkeypatch.setenv("TABLESIDE_BACKUP_DIR", str(tmp_path))
    unrelated = tmp_path / "notes.txt"
    unrelated.write_text("kept")
    for stamp in ("20260101-000000", "20260102-000000"):
        (tmp_path / f"tableside-{stamp}.sqlite3").write_bytes(b"old")
    (tmp_path / "tableside-20260101-000000.sqlite3.media.tar").write_bytes(b"old")
    out = io.StringIO()
    call_command("backup", keep=2, stdout=out)
    left = sorted(p.name for p in tmp_path.iterdir() if p.name != "media")
    assert len(left) == 4 and "notes.txt" in left and "tableside-20260102-000000.sqlite3" in left
    assert "tableside-20260101-000000.sqlite3.media.tar" not in left, "pruned with its backup"
    newest = max(name for name in left if name.startswith("tableside-") and "media" not in name)
    assert f"{newest}.media.tar" in left
    assert newest.endswith(".sqlite3" if connection.vendor == "sqlite" else ".pgdump")
    assert "removed the older" in out.getvalue()


def test_restoring_a_file_that_is_no_backup_changes_nothing(filled_table, tmp_path):
    before = every_row()
    wrong = tmp_path / "notes.backup"
    wrong.write_text("not a database")
    with pytest.raises(CommandError, match="is not a"):
        call_command("restore", str(wrong), interactive=False)
    with pytest.raises(CommandError, match="no such backup file"):
        call_command("restore", str(tmp_path / "missing"), interactive=False)
    whole = tmp_path / "whole.backup"
    call_command("backup", str(whole), stdout=io.StringIO())
    cut = tmp_path / "cut.backup"  # a backup cut short (a full disk, a copy interrupted)
    cut.write_bytes(whole.read_bytes()[:4096] + b"\0" * 4096)
    with pytest.raises(CommandError, match="nothing was changed"):
        call_command("restore", str(cut), interactive=False)
    assert every_row() == before


def test_a_backup_whose_uploads_archive_is_damaged_changes_nothing(filled_table, tmp_path, media):
    path = tmp_path / "t.backup"
    call_command("backup", str(path), stdout=io.StringIO())
    before, portraits = every_row(), stored_files(media)
    Roll.objects.all().delete()
    after_delete = every_row()
    archive = media_path(path)
    archive.write_bytes(archive.read_bytes()[:700])
    with pytest.raises(CommandError, match="nothing was changed"):
        call_command("restore", str(path), interactive=False)
    assert every_row() == after_delete != before
    assert stored_files(media) == portraits


def test_restore_asks_before_replacing_the_table(filled_table, tmp_path, monkeypatch):
    path = tmp_path / "t.backup"
    call_command("backup", str(path), stdout=io.StringIO())
    Roll.objects.all().delete()
    monkeypatch.setattr("builtins.input", lambda prompt: "no")
    with pytest.raises(CommandError, match="nothing was changed"):
        call_command("restore", str(path), stdout=io.StringIO())
    assert not Roll.objects.exists()


@pytest.mark.skipif(connection.vendor != "postgresql", reason="pg_dump is for PostgreSQL")
def test_without_pg_dump_the_backup_says_what_to_install(filled_table, tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))  # no PostgreSQL client tools on it
    with pytest.raises(CommandError, match=r"pg_dump is not installed.*postgresql-client"):
        call_command("backup", str(tmp_path / "t.pgdump"))
    assert [p.name for p in tmp_path.iterdir()] == ["media"], "no half-written file"
