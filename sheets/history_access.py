"""``Model.history`` without a new class each time.

django-simple-history's descriptor builds its manager class afresh on every read of
``Model.history`` or ``instance.history`` (``HistoryManager.from_queryset``, which walks
the queryset class's members with ``inspect``): about 80 microseconds, paid by every
history row written (simple-history reads ``instance.history`` to find the historical
model) and every history query. The class depends only on the model, so each
descriptor builds it once here (``install()``, from ``SheetsConfig.ready``).
"""

from __future__ import annotations

from django.apps import apps
from simple_history.manager import HistoryDescriptor


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
