"""Back up and restore the whole table: every account, sheet, history entry and roll.

- SQLite: SQLite's online backup (``sqlite3.Connection.backup``), a consistent copy
  taken while the server keeps serving; a restore copies the file back the same way.
- PostgreSQL: ``pg_dump --format=custom`` when PostgreSQL's client tools are installed;
  a restore empties the database's ``public`` schema and loads the dump (``pg_restore``
  piped to ``psql``) in one transaction: all or nothing, and afterwards the database
  holds exactly the backup's tables (none a later release added).

The uploaded files (the characters' portraits: Django's default storage, local files or
a bucket) go beside it, in ``<backup>.media.tar``, read and written through the storage
API. A restore puts them back (and removes the files the backup did not have) when that
archive is there; without it the files are left as they are, and the command says so.

A backup is written under a temporary name and renamed once complete, so a file with a
backup's name is always a whole one.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import tarfile
import tempfile
from datetime import UTC, datetime
from pathlib import Path

from django.conf import settings
from django.core.files.base import File
from django.core.files.storage import default_storage
from django.db import DEFAULT_DB_ALIAS, connections

SQLITE_SUFFIX = ".sqlite3"
POSTGRES_SUFFIX = ".pgdump"
SQLITE_MAGIC = b"SQLite format 3\x00"
POSTGRES_MAGIC = b"PGDMP"
PREFIX = "tableside-"
MEDIA_SUFFIX = ".media.tar"


class BackupError(Exception):
    """What went wrong, in words for the person running the command."""


def _database():
    connection = connections[DEFAULT_DB_ALIAS]
    if connection.vendor not in ("sqlite", "postgresql"):
        raise BackupError(f"backups support SQLite and PostgreSQL, not {connection.vendor}")
    return connection


def default_directory() -> Path:
    return Path(os.environ.get("TABLESIDE_BACKUP_DIR") or settings.BASE_DIR / "backups")


def default_path(now: datetime | None = None) -> Path:
    stamp = (now or datetime.now(UTC)).strftime("%Y%m%d-%H%M%S")
    suffix = SQLITE_SUFFIX if _database().vendor == "sqlite" else POSTGRES_SUFFIX
    return default_directory() / f"{PREFIX}{stamp}{suffix}"


def media_path(path: Path) -> Path:
    """The uploaded files' archive beside the backup at ``path``."""
    return path.with_name(path.name + MEDIA_SUFFIX)


def backup(path: Path) -> Path:
    """Write a backup of the database to ``path`` and of the uploaded files beside it
    (``media_path``); returns ``path``. The database first: a file uploaded meanwhile is
    at worst in the archive without a row pointing to it."""
    connection = _database()
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f".{path.name}.partial")
    try:
        if connection.vendor == "sqlite":
            _sqlite_copy(connection.settings_dict["NAME"], partial)
        else:
            _postgres("pg_dump", "--format=custom", f"--file={partial}", connection=connection)
        partial.replace(path)
    finally:
        partial.unlink(missing_ok=True)
    _media_backup(media_path(path))
    return path


def _stored_files(folder: str = "") -> list[str]:
    """Every file name in the default storage, under ``folder``."""
    try:
        folders, files = default_storage.listdir(folder)
    except FileNotFoundError:  # nothing uploaded yet (no MEDIA_ROOT)
        return []
    names = [f"{folder}{name}" for name in files]
    for sub in folders:
        names += _stored_files(f"{folder}{sub}/")
    return sorted(names)


def _media_backup(target: Path) -> None:
    partial = target.with_name(f".{target.name}.partial")
    try:
        with tarfile.open(partial, "w") as archive:
            for name in _stored_files():
                with default_storage.open(name, "rb") as stored:
                    info = tarfile.TarInfo(name)
                    info.size = default_storage.size(name)
                    info.mode = 0o600
                    archive.addfile(info, stored)
        partial.replace(target)
    finally:
        partial.unlink(missing_ok=True)


def _media_members(archive_path: Path) -> list[str]:
    """The archive's file names, checked before anything is changed: regular files with
    relative names that stay inside the storage."""
    try:
        with tarfile.open(archive_path, "r") as archive:
            members = archive.getmembers()
    except (tarfile.TarError, EOFError) as error:
        raise BackupError(
            f"{archive_path} could not be read, nothing was changed: {error}"
        ) from error
    names = []
    for member in members:
        parts = Path(member.name).parts
        if not member.isfile() or member.name.startswith("/") or ".." in parts:
            raise BackupError(
                f"{archive_path} holds {member.name!r}, which is not a file of the uploads: "
                "nothing was changed"
            )
        names.append(member.name)
    return names


def _media_restore(archive_path: Path, names: list[str]) -> int:
    for name in set(_stored_files()) - set(names):
        default_storage.delete(name)
    with tarfile.open(archive_path, "r") as archive:
        for name in names:
            default_storage.delete(name)
            saved = default_storage.save(name, File(archive.extractfile(name), name=name))
            if saved != name:
                raise BackupError(f"the storage stored {name} as {saved}")
    return len(names)


def restore(path: Path) -> int | None:
    """Replace every row of the database with the backup's, and the uploaded files with
    those of its archive; returns how many files were restored, None without an archive."""
    connection = _database()
    if not path.is_file():
        raise BackupError(f"{path}: no such backup file")
    archive = media_path(path)
    names = _media_members(archive) if archive.is_file() else None
    with path.open("rb") as file:
        head = file.read(len(SQLITE_MAGIC))
    if connection.vendor == "sqlite":
        if not head.startswith(SQLITE_MAGIC):
            raise BackupError(f"{path} is not a SQLite backup (the database is SQLite)")
        connection.close()
        try:
            _sqlite_copy(str(path), connection.settings_dict["NAME"])
        except sqlite3.Error as error:
            raise BackupError(f"{path} could not be read, nothing was changed: {error}") from error
    else:
        if not head.startswith(POSTGRES_MAGIC):
            raise BackupError(
                f"{path} is not a pg_dump custom-format backup (the database is PostgreSQL)"
            )
        connection.close()
        _postgres_restore(path, connection)
    return None if names is None else _media_restore(archive, names)


def prune(directory: Path, keep: int) -> list[Path]:
    """Delete all but the ``keep`` newest backups this command named in ``directory``."""
    backups = sorted(
        (p for p in directory.glob(f"{PREFIX}*") if p.suffix in (SQLITE_SUFFIX, POSTGRES_SUFFIX)),
        key=lambda p: p.name,
        reverse=True,
    )
    removed = backups[keep:]
    for old in removed:
        old.unlink()
        media_path(old).unlink(missing_ok=True)
    return removed


def _sqlite_copy(source, target) -> None:
    """SQLite's online backup, page by page: a consistent copy even while others write
    (a restore waits up to 20 s for a server's write to finish)."""
    reading = sqlite3.connect(f"{Path(source).resolve().as_uri()}?mode=ro", uri=True)
    try:
        writing = sqlite3.connect(str(target), timeout=20)
        try:
            reading.backup(writing)
        finally:
            writing.close()
    finally:
        reading.close()


def _program(tool: str) -> str:
    program = shutil.which(tool)
    if program is None:
        raise BackupError(
            f"{tool} is not installed: install PostgreSQL's client tools (Debian: apt-get "
            f"install postgresql-client, the server's major version or newer), or use your "
            f"database host's own backups"
        )
    return program


def _libpq_environment(db) -> dict:
    environment = {**os.environ}
    for variable, value in (("PGHOST", db["HOST"]), ("PGPORT", db["PORT"]),
                            ("PGUSER", db["USER"]), ("PGPASSWORD", db["PASSWORD"]),
                            ("PGSSLMODE", db["OPTIONS"].get("sslmode"))):  # fmt: skip
        if value:
            environment[variable] = str(value)
    return environment


def _postgres(tool: str, *arguments: str, connection) -> None:
    db = connection.settings_dict
    done = subprocess.run([_program(tool), *arguments, db["NAME"]],
                          env=_libpq_environment(db), capture_output=True, text=True)  # fmt: skip
    if done.returncode != 0:
        raise BackupError(f"{tool} failed (exit {done.returncode}): {done.stderr.strip()}")


EMPTY_SCHEMA = "DROP SCHEMA public CASCADE; CREATE SCHEMA public;"


def _postgres_restore(path: Path, connection) -> None:
    """The whole dump as SQL first (pg_restore), then run by psql in one transaction
    after emptying the schema: any error and the database is as it was."""
    db = connection.settings_dict
    environment = _libpq_environment(db)
    psql, pg_restore = _program("psql"), _program("pg_restore")
    with tempfile.TemporaryDirectory(prefix="tableside-restore-") as folder:
        script = Path(folder) / "restore.sql"
        reading = subprocess.run([pg_restore, "--no-owner", f"--file={script}", str(path)],
                                 env=environment, capture_output=True, text=True)  # fmt: skip
        if reading.returncode != 0:
            raise BackupError(
                f"pg_restore could not read {path}, nothing was changed: {reading.stderr.strip()}"
            )
        loading = subprocess.run(
            [psql, "--no-psqlrc", "--quiet", "--single-transaction", "--set=ON_ERROR_STOP=1",
             f"--command={EMPTY_SCHEMA}", f"--file={script}", f"--dbname={db['NAME']}"],
            env=environment, capture_output=True, text=True,
        )  # fmt: skip
    if loading.returncode != 0:
        raise BackupError(f"psql failed, nothing was changed: {loading.stderr.strip()}")
