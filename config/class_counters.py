"""Django's creation counters, kept off its classes.

CPython (3.12 and later) finds an attribute through a cache keyed by the class's version
tag, and specialises the bytecode that reads it on the same tag. Any change to a class's
attributes invalidates the tag of the class and of every subclass; a class is given at
most 1,000 tags in a process' life, and after that its attributes, and those of every
class below it, are looked up the slow way for good: no cache, no specialised bytecode.

Django numbers the fields and managers it makes on the classes themselves:
``Field.creation_counter += 1`` in ``Field.__init__`` and ``BaseManager.creation_counter
+= 1`` in ``BaseManager._set_creation_counter``. A request makes several (a related
manager for each ``sheet.items``, an output field for an expression), so a server's
``Field`` and ``BaseManager`` spent their 1,000 tags within its first minutes, and every
field class and every manager then stayed on the slow path (issue 26's capacity).

``keep_off_classes()`` makes both count on an object of their own instead, carrying on
from where the classes' counters stand: the fields and managers get the same rising
numbers (their order in a model is what the counters are for), and the classes are no
longer changed. It runs when the ``config`` package is imported, before any app's
models. A Django whose code no longer matches what is patched here is left as it is.
"""

from __future__ import annotations

import dis
import itertools
import types

COUNTERS = frozenset({"creation_counter", "auto_creation_counter"})
CHECK_ID = "tableside.W001"


class FieldCounters:
    """``Field``'s two counters as an instance's attributes: setting them changes no class."""

    def __init__(self, creation_counter: int, auto_creation_counter: int):
        self.creation_counter = creation_counter
        self.auto_creation_counter = auto_creation_counter


def _reads_only_counters(code: types.CodeType, name: str) -> bool:
    """Whether every use of the global ``name`` in ``code`` is to read or write one of
    its ``COUNTERS`` (then another object with those attributes can stand in for it)."""
    instructions = list(dis.get_instructions(code))
    found = False
    for index, instruction in enumerate(instructions):
        if instruction.opname == "LOAD_GLOBAL" and instruction.argval == name:
            found = True
            following = instructions[index + 1 : index + 3]
            if following and following[0].opname == "COPY":  # ``Field.counter += 1``
                following = following[1:]
            if not following or following[0].opname != "LOAD_ATTR":
                return False
            if following[0].argval not in COUNTERS:
                return False
        elif instruction.argval == name and instruction.opname != "LOAD_GLOBAL":
            return False
    return found


def _fields_counted_apart(field_class) -> bool:
    return isinstance(field_class.__init__.__globals__.get("Field"), FieldCounters)


def _managers_counted_apart(manager_class) -> bool:
    return getattr(manager_class._set_creation_counter, "counts_apart", False)


def _count_fields_apart(field_class) -> FieldCounters | None:
    """``field_class.__init__`` with its ``Field`` global bound to a ``FieldCounters``."""
    init = field_class.__init__
    if _fields_counted_apart(field_class):
        return init.__globals__["Field"]  # done already
    code = init.__code__
    if init.__globals__.get("Field") is not field_class or not _reads_only_counters(code, "Field"):
        return None
    counters = FieldCounters(field_class.creation_counter, field_class.auto_creation_counter)
    patched = types.FunctionType(
        code, {**init.__globals__, "Field": counters}, init.__name__, init.__defaults__,
        init.__closure__,
    )  # fmt: skip
    patched.__kwdefaults__ = init.__kwdefaults__
    patched.__qualname__, patched.__doc__ = init.__qualname__, init.__doc__
    patched.__module__, patched.__wrapped__ = init.__module__, init
    field_class.__init__ = patched  # the class's last change
    return counters


def _count_managers_apart(manager_class) -> bool:
    """``manager_class._set_creation_counter`` numbering from a counter of its own."""
    if _managers_counted_apart(manager_class):
        return True
    code = manager_class._set_creation_counter.__code__
    if not _reads_only_counters(code, "BaseManager"):
        return False
    numbers = itertools.count(manager_class.creation_counter)

    def _set_creation_counter(self):
        self.creation_counter = next(numbers)

    _set_creation_counter.counts_apart = True
    manager_class._set_creation_counter = _set_creation_counter
    return True


def keep_off_classes() -> bool:
    """Count Django's fields and managers off their classes (both, or what still
    matches); True when both are."""
    from django.db.models.fields import Field
    from django.db.models.manager import BaseManager

    fields = _count_fields_apart(Field) is not None
    managers = _count_managers_apart(BaseManager)
    return fields and managers


def still_counting_on_classes() -> list[str]:
    """The Django classes whose counters still change them (a Django whose code no
    longer matches what ``keep_off_classes`` patches): the system check names them."""
    from django.db.models.fields import Field
    from django.db.models.manager import BaseManager

    left = []
    if not _fields_counted_apart(Field):
        left.append("django.db.models.Field")
    if not _managers_counted_apart(BaseManager):
        left.append("django.db.models.manager.BaseManager")
    return left
