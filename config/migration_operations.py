"""A migration operation that applies many ``AlterField`` and ``AlterModelOptions`` as one.

Each of Django's ``AlterField`` and ``AlterModelOptions`` reloads its model's state after
it: the model is rendered again, with every model pointing at it when the field is a
relation or referenced. The migrations that gave every model and field a translatable
label (sheets 0013 and 0014, rolls 0009 and 0010) held 518 of them, and building a test
database spent most of its minute rendering the same models once a field.
``AlterTogether`` runs its operations' own state changes with those reloads held back,
then reloads every model they touched once; their database changes are their own, each
between the state before the group and the state after it. That is the same as running
them one by one as long as no two of them change the same field or the same model's
options, which the constructor checks."""

from __future__ import annotations

from django.db import migrations
from django.db.migrations.operations.base import Operation

GROUPED = (migrations.AlterField, migrations.AlterModelOptions)


def _target(operation) -> tuple[str, str | None]:
    """What ``operation`` changes: (model, field), or (model, None) for its options."""
    if isinstance(operation, migrations.AlterField):
        return operation.model_name_lower, operation.name_lower
    return operation.name_lower, None


class AlterTogether(Operation):
    """``operations`` (AlterField and AlterModelOptions, each on its own field or model's
    options), their models reloaded once at the end."""

    def __init__(self, operations):
        self.operations = list(operations)
        targets = set()
        for operation in self.operations:
            if not isinstance(operation, GROUPED):
                raise TypeError(
                    f"AlterTogether groups AlterField and AlterModelOptions, not {operation!r}"
                )
            target = _target(operation)
            if target in targets:
                raise ValueError(f"AlterTogether changes {target} twice")
            targets.add(target)

    @property
    def reversible(self) -> bool:
        return all(operation.reversible for operation in self.operations)

    def deconstruct(self):
        return (self.__class__.__qualname__, [], {"operations": self.operations})

    def state_forwards(self, app_label, state):
        # ProjectState.alter_field and alter_model_options end with reload_model(app,
        # model, delay=...): those calls are gathered while the operations run, then
        # made as one reload, delayed (the relations not rendered again) only if each was.
        reloads = []
        state.reload_model = lambda app, model, delay=False: reloads.append(((app, model), delay))
        try:
            for operation in self.operations:
                operation.state_forwards(app_label, state)
        finally:
            del state.reload_model  # the class's own again
        if reloads:
            models = list(dict.fromkeys(model for model, _ in reloads))
            state.reload_models(models, delay=all(delay for _, delay in reloads))

    def database_forwards(self, app_label, schema_editor, from_state, to_state):
        for operation in self.operations:
            operation.database_forwards(app_label, schema_editor, from_state, to_state)

    def database_backwards(self, app_label, schema_editor, from_state, to_state):
        for operation in reversed(self.operations):
            operation.database_backwards(app_label, schema_editor, from_state, to_state)

    def references_model(self, name, app_label):
        return any(operation.references_model(name, app_label) for operation in self.operations)

    def references_field(self, model_name, name, app_label):
        return any(
            operation.references_field(model_name, name, app_label) for operation in self.operations
        )

    def describe(self):
        return f"{len(self.operations)} field and option changes, the models reloaded once"

    @property
    def migration_name_fragment(self):
        return "alter_together"
