"""The Zombiepocalypse demo survivor (``sheets.systems.zombie.demo``) with its attempted
task: a real Skill Check, written to the log as every roll is (``save_roll``)."""

from django.db import transaction

from rolls.models import Roll
from rolls.systems.zombie import actions
from rolls.views import save_roll
from sheets.systems.dice.core import ScriptedRNG
from sheets.systems.zombie import demo


def fill(character, index: int):
    sheet = demo.fill(character, index)
    Roll.objects.filter(character=character, system="zombie").delete()
    attempt = demo.survivor(index)["attempt"]
    task = sheet.tasks.order_by("pk")[attempt["task"]]
    with transaction.atomic():  # a real Skill Check: it locks its task, as the roll path does
        rolled = actions.skill_check(
            sheet, {"task": str(task.pk), "complexity": 1}, ScriptedRNG(attempt["faces"])
        )
        save_roll(character, character.owner, rolled)
    return sheet
