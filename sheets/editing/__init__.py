"""Editing a sheet in place, for every game system: one field at a time, rows added and
removed, no lost updates and no false conflicts.

Nothing here names a game system: the system's descriptor (``character.system_descriptor``)
gives the sheet's field form (``field_form``), its lists of rows (``collections``) and the
partials of its sheet template.

How a field saves
-----------------
Every input of the sheet posts, on change, to ``field/<html name>/`` with two values: the
new value and ``original-<html name>``, the value the page showed. HTML names say what
they edit: ``character-name`` (the character), ``strength`` (a field of the sheet),
``gear-12-bonus`` (field ``bonus`` of row 12 of the ``gear`` collection).

Inside one transaction the target row is locked (``select_for_update``) and its stored
value compared with the original:

- different: someone changed it since the page showed it (another tab, the GM, a roll).
  Refused with 409, a clear message and the current value, which becomes the field's
  new original. Nothing is overwritten.
- equal: the one field is validated by the form, then by every database constraint of
  the model (so a value that would break one is a message, never a 500); an error is a
  422 with the message next to the field and the stored row unchanged. A valid value is
  saved alone (``update_fields``): saves of different fields never touch each other.

The answer to a save carries the saved mark and, out of band, the field's new original,
so the next save from the same page starts from the stored value. htmx queues a field's
saves (``hx-sync``), so quick successive changes go one after the other, each from the
value the previous one stored. A successful change sends ``sheetChanged`` (after the
swap); the page then asks ``refresh/`` for its derived values and for any field whose
stored value no longer matches the page (a roll changed it), without touching the others.

Without JavaScript each section of the sheet is a normal form posting to ``save/``:
the fields whose submitted value differs from their original are saved the same way,
then the browser is redirected to the sheet (or the sheet is shown again with the
messages next to the fields).

The package
-----------
- ``fields``: what an HTML name edits (``resolve``), a field's state on the page
  (``FieldState``), its form, and how stored and shown values compare;
- ``state``: the editable state of a whole sheet (``editing_context``) for a system's page;
- ``saving``: loading and locking the rows a request edits, ``save_field``;
- ``views``: the field-save endpoints and the sheet page's context;
- ``rows``: rows added, removed and restored (undo);
- ``refresh``: one section again, and the refresh after ``sheetChanged``.
"""

from sheets.editing.fields import CHANGED_EVENT, FieldState, resolve
from sheets.editing.saving import (
    editable_character,
    locked_editable_sheet,
    locked_sheet,
    readable_character,
    save_field,
    sheet_lookup,
)
from sheets.editing.state import editing_context
from sheets.editing.views import sheet_page_context

__all__ = [
    "CHANGED_EVENT",
    "FieldState",
    "editable_character",
    "editing_context",
    "locked_editable_sheet",
    "locked_sheet",
    "readable_character",
    "resolve",
    "save_field",
    "sheet_lookup",
    "sheet_page_context",
]
