"""History rows written together, and ``Model.history`` without a new class each time.

``create_with_history(rows, model)``: the rows a new sheet comes with (an agent's 56 seed
skills, a demo's gear) in one insert, each with its history row, so an undo or a restore
knows they were there from the start; the history page folds them into "Created the
sheet" (their reason is ``SHEET_ROWS_REASON``).

django-simple-history's descriptor builds its manager class afresh on every read of
``Model.history`` or ``instance.history`` (``HistoryManager.from_queryset``, which walks
the queryset class's members with ``inspect``): about 80 microseconds, paid by every
history row written (simple-history reads ``instance.history`` to find the historical
model) and every history query. The class depends only on the model, so each
descriptor builds it once here (``install()``, from ``SheetsConfig.ready``).
"""

from __future__ import annotations

from django.apps import apps
from django.utils import translation
from simple_history.manager import HistoryDescriptor
from simple_history.utils import bulk_create_with_history

SHEET_ROWS_REASON = "Came with the new sheet"


def in_english(text) -> str:
    """``text`` (a lazily translated label, say) in English: a history reason is stored
    in English and put into the reader's words by ``sheets.history.reason_words``."""
    with translation.override("en"):
        return str(text)


def create_with_history(rows, model) -> list:
    """Insert ``rows`` of ``model`` and their history rows (two statements)."""
    return bulk_create_with_history(list(rows), model, default_change_reason=SHEET_ROWS_REASON)


class OnceBuiltHistoryDescriptor(HistoryDescriptor):
    def __get__(self, instance, owner):
        manager_class = self.__dict__.get("built_manager_class")
        if manager_class is None:
            manager_class = self.manager_class.from_queryset(self.queryset_class)
            self.built_manager_class = manager_class
        return manager_class(self.model, instance)


def install() -> int:
    """Make every model's history descriptor build its manager class once; how many."""
    count = 0
    for model in apps.get_models():
        for value in vars(model).values():
            if type(value) is HistoryDescriptor:
                value.__class__ = OnceBuiltHistoryDescriptor
                count += 1
    return count
