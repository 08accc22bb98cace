"""``AlterTogether`` (config/migration_operations.py): many AlterField and
AlterModelOptions as one, the models reloaded once. What it must keep is what the
operations one by one would give: the same state, rendered models that point at each
other, and the same change to the database, both ways."""

import pytest
from django.db import IntegrityError, connection, migrations, models, transaction
from django.db.migrations.state import ModelState, ProjectState

from config.migration_operations import AlterTogether

APP = "toy"


def _troupe_and_rover() -> ProjectState:
    """Two models, the second pointing at the first, with its apps rendered."""
    state = ProjectState()
    state.add_model(ModelState(APP, "Troupe", [
        ("id", models.AutoField(primary_key=True)),
        ("name", models.CharField(max_length=20)),
    ]))  # fmt: skip
    state.add_model(ModelState(APP, "Rover", [
        ("id", models.AutoField(primary_key=True)),
        ("name", models.CharField(max_length=20)),
        ("troupe", models.ForeignKey(f"{APP}.Troupe", models.CASCADE, null=True)),
    ]))  # fmt: skip
    state.apps  # noqa: B018  (rendered, so each operation's reload has work to do)
    return state


def _name(label: str) -> models.CharField:
    return models.CharField(max_length=20, verbose_name=label)


def _relabelling() -> list:
    troupe = models.ForeignKey(f"{APP}.Troupe", models.CASCADE, null=True, verbose_name="troupe")
    return [
        migrations.AlterModelOptions("troupe", {"verbose_name": "troupe"}),
        migrations.AlterField("troupe", "name", _name("troupe name")),
        migrations.AlterField("rover", "name", _name("rover name")),
        migrations.AlterField("rover", "troupe", troupe),
    ]


def _described(state: ProjectState) -> dict:
    """Each rendered model's options and fields, as the migrations would write them."""
    described = {}
    for model in state.apps.get_models():
        fields = {field.name: field.deconstruct()[1:] for field in model._meta.local_fields}
        described[model._meta.model_name] = (model._meta.verbose_name, fields)
    return described


def test_the_state_is_the_one_the_operations_give_one_by_one():
    one_by_one, together = _troupe_and_rover(), _troupe_and_rover()
    for operation in _relabelling():
        operation.state_forwards(APP, one_by_one)
    AlterTogether(_relabelling()).state_forwards(APP, together)

    assert _described(together) == _described(one_by_one)
    assert together.models[APP, "rover"].fields["name"].verbose_name == "rover name"
    assert _described(together)["rover"][1]["name"][2]["verbose_name"] == "rover name"
    # the rendered models point at each other, not at a class from before the change
    rover, troupe = together.apps.get_model(APP, "Rover"), together.apps.get_model(APP, "Troupe")
    assert rover._meta.get_field("troupe").remote_field.model is troupe
    assert troupe._meta.verbose_name == "troupe"
    assert "reload_model" not in vars(together)  # the class's own method again


def test_the_models_are_reloaded_once_not_once_an_operation():
    state = _troupe_and_rover()
    reloads = []
    real = state.reload_models
    state.reload_models = lambda keys, delay: reloads.append(keys) or real(keys, delay=delay)
    AlterTogether(_relabelling()).state_forwards(APP, state)
    assert reloads == [[(APP, "troupe"), (APP, "rover")]]


def test_a_field_changed_twice_or_another_kind_of_operation_is_refused():
    twice = [
        migrations.AlterField("rover", "name", models.CharField(max_length=20)),
        migrations.AlterField("rover", "name", models.CharField(max_length=30)),
    ]
    with pytest.raises(ValueError, match="twice"):
        AlterTogether(twice)
    with pytest.raises(TypeError, match="AddField"):
        AlterTogether([migrations.AddField("rover", "age", models.IntegerField(default=0))])


@pytest.mark.django_db(transaction=True)
def test_the_database_is_changed_forwards_and_back():
    """A real column change inside the group: Rover's name may be empty (NULL) after it,
    and may not after it is taken back."""
    before = _troupe_and_rover()
    loosen = AlterTogether([
        migrations.AlterModelOptions("rover", {"verbose_name": "rover"}),
        migrations.AlterField("rover", "name", models.CharField(max_length=20, null=True)),
    ])  # fmt: skip
    after = before.clone()
    loosen.state_forwards(APP, after)
    table = "toy_rover"
    with connection.schema_editor() as editor:
        editor.create_model(before.apps.get_model(APP, "Troupe"))
        editor.create_model(before.apps.get_model(APP, "Rover"))
    try:
        with connection.schema_editor() as editor:
            loosen.database_forwards(APP, editor, before, after)
        with connection.cursor() as cursor:
            cursor.execute(f"INSERT INTO {table} (name) VALUES (NULL)")
            cursor.execute(f"DELETE FROM {table}")
        with connection.schema_editor() as editor:
            loosen.database_backwards(APP, editor, after, before)
        with pytest.raises(IntegrityError), transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(f"INSERT INTO {table} (name) VALUES (NULL)")
    finally:
        with connection.schema_editor() as editor:
            editor.delete_model(before.apps.get_model(APP, "Rover"))
            editor.delete_model(before.apps.get_model(APP, "Troupe"))


def test_it_is_reversible_and_describes_itself():
    together = AlterTogether(_relabelling())
    assert together.reversible
    assert together.describe() == "4 field and option changes, the models reloaded once"
    name, _, kwargs = together.deconstruct()
    assert name == "AlterTogether" and kwargs["operations"] == together.operations
    assert together.references_model("Troupe", APP)
    assert not together.references_model("Sheet", APP)
