"""Where a portrait's files live: Django's default storage (``STORAGES["default"]``:
files under MEDIA_ROOT, or an S3-compatible bucket), never a public URL. Every size of
one upload shares a random key, kept on the character (``Character.portrait``):
``portraits/<character id>/<key>-<size>.webp``."""

from __future__ import annotations

import logging
import secrets

from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db import transaction

from sheets.portraits.images import SIZES

log = logging.getLogger(__name__)

FOLDER = "portraits"  # everything a backup copies of the storage lies under it


def file_name(character_id: int, key: str, size: str) -> str:
    return f"{FOLDER}/{character_id}/{key}-{size}.webp"


def _delete(character_id: int, key: str) -> None:
    for size in SIZES:
        try:
            default_storage.delete(file_name(character_id, key, size))
        except OSError:  # a file already gone, a store that hiccups: left for later
            log.warning("could not delete portrait %s of character %s", key, character_id)


def replace(character, files: dict[str, bytes]) -> None:
    """Store ``files`` (each size's WebP) as ``character``'s portrait. The files are
    written first under a new key, then the character points to them; the old files
    are deleted once that is committed (a failure on the way leaves the old portrait)."""
    from sheets.models import Character

    key = secrets.token_hex(8)
    written = []
    try:
        for size, data in files.items():
            name = file_name(character.pk, key, size)
            saved = default_storage.save(name, ContentFile(data))
            written.append(saved)
            if saved != name:  # the store renamed it: the key is not fresh after all
                raise OSError(f"the storage stored {name} as {saved}")
        with transaction.atomic():
            locked = Character.objects.select_for_update().get(pk=character.pk)
            old = locked.portrait
            _point(locked, key)
            if old:
                transaction.on_commit(lambda: _delete(character.pk, old))
    except BaseException:
        for name in written:
            default_storage.delete(name)
        raise
    character.portrait = key


def remove(character) -> bool:
    """``character`` has no portrait any more (its files deleted once committed);
    False if it had none."""
    from sheets.models import Character

    with transaction.atomic():
        locked = Character.objects.select_for_update().get(pk=character.pk)
        old = locked.portrait
        if not old:
            return False
        _point(locked, "")
        transaction.on_commit(lambda: _delete(character.pk, old))
    character.portrait = ""
    return True


def _point(character, key: str) -> None:
    """Save the key alone: no history entry (a portrait is not a sheet value), and the
    save still tells the party's pages (the GM's dashboard card shows it)."""
    character.portrait = key
    character.skip_history_when_saving = True
    try:
        character.save(update_fields=["portrait"])
    finally:
        del character.skip_history_when_saving


def open_file(character_id: int, key: str, size: str):
    return default_storage.open(file_name(character_id, key, size), "rb")


def _character_deleted(sender, instance, **kwargs) -> None:
    if instance.portrait:
        key, pk = instance.portrait, instance.pk
        transaction.on_commit(lambda: _delete(pk, key))


def connect() -> None:
    """Called once by ``SheetsConfig.ready``."""
    from django.db.models.signals import post_delete

    from sheets.models import Character

    post_delete.connect(_character_deleted, sender=Character, dispatch_uid="portrait-files")
