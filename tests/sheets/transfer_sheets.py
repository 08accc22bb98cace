"""Random valid sheets of every system, drawn with hypothesis (``data.draw``) and saved
with the models, for the export -> import -> export property (test_transfer_roundtrip)."""

from decimal import Decimal

from hypothesis import strategies as st

from sheets.models import Character
from sheets.systems.agents import rules as agents_rules
from sheets.systems.mutant.models import BASE_SKILLS, Range, Role
from sheets.systems.mutant.rules import CONDITIONS, SUPPLIES
from sheets.systems.slots.dice.sheet import CONDITION_AREAS, GEAR_TAGS, IDEA_KINDS
from sheets.systems.twilight.dice import stepdice
from sheets.systems.twilight.rules import ATTRIBUTES, LEVELS, LOCATIONS, SKILLS, WEAPON_SKILLS

WORDS = st.text(alphabet="abcdefghijklmnopqrstuvwxyz ÆØéß'-", max_size=24).map(str.strip)
NAMES = WORDS.filter(bool)
WEIGHTS = st.sampled_from(
    [Decimal("0"), Decimal("0.25"), Decimal("0.5"), Decimal("1"), Decimal("2.75")]
)


def ints(low, high):
    return st.integers(low, high)


def character(user, system):
    return Character.objects.create_with_sheet(owner=user, name="Original", system=system)


def rows(data, draw_row, most=3):
    return [draw_row() for _ in range(data.draw(ints(0, most)))]


def mutant(data, user):
    c = character(user, "mutant")
    s = c.sheet
    s.role = data.draw(st.sampled_from(Role.values))
    for name, trauma in (("strength", "damage"), ("agility", "fatigue"), ("wits", "confusion"),
                         ("empathy", "doubt")):  # fmt: skip
        setattr(s, name, data.draw(ints(1, 10)))
        setattr(s, trauma, data.draw(ints(0, getattr(s, name))))
    for name in (*BASE_SKILLS, "specialist_skill"):
        setattr(s, name, data.draw(ints(0, 10)))
    s.rot_permanent = data.draw(ints(0, 10))
    s.rot_temporary = data.draw(ints(0, 10 - s.rot_permanent))
    s.experience, s.mutation_points = data.draw(ints(0, 10)), data.draw(ints(0, 10))
    for name in ("face", "body", "clothing", "armor_name", "rot_suit_name", "big_dream",
                 "pc_you_hate", "pc_to_protect", "relationships", "notes"):  # fmt: skip
        setattr(s, name, data.draw(WORDS))
    s.armor_rating, s.rot_suit_rating = data.draw(ints(0, 20)), data.draw(ints(0, 20))
    for name in (*SUPPLIES,):
        setattr(s, name, data.draw(ints(0, 99)))
    for name in (*CONDITIONS, "armor_natural"):
        setattr(s, name, data.draw(st.booleans()))
    s.save()
    rows(
        data,
        lambda: s.gear.create(
            name=data.draw(NAMES),
            weight=data.draw(WEIGHTS),
            tiny=data.draw(st.booleans()),
            bonus=data.draw(ints(-10, 10)),
        ),
    )
    rows(
        data,
        lambda: s.weapons.create(
            name=data.draw(NAMES),
            bonus=data.draw(ints(-10, 10)),
            damage=data.draw(ints(0, 20)),
            range=data.draw(st.sampled_from(Range.values)),
            special=data.draw(WORDS),
        ),
    )
    rows(data, lambda: s.talents.create(name=data.draw(NAMES)))
    rows(data, lambda: s.mutations.create(name=data.draw(NAMES)))
    rows(data, lambda: s.artifacts.create(name=data.draw(NAMES), effect=data.draw(WORDS)))

    def injury():
        lethal = data.draw(st.booleans())
        s.critical_injuries.create(
            name=data.draw(NAMES),
            effect=data.draw(WORDS),
            lethal=lethal,
            time_limit=data.draw(WORDS) if lethal else "",
            healing_time=data.draw(WORDS),
        )

    rows(data, injury)
    return c


def twilight(data, user):
    c = character(user, "twilight")
    s = c.sheet
    for name in (*ATTRIBUTES, "coolness_under_fire"):
        setattr(s, name, data.draw(st.sampled_from(LEVELS)))
    for name in SKILLS:
        setattr(s, name, data.draw(st.sampled_from(("", *LEVELS))))
    s.damage = data.draw(ints(0, stepdice.hit_capacity(s.strength, s.agility)))
    s.stress = data.draw(ints(0, stepdice.stress_capacity(s.intelligence, s.empathy)))
    s.radiation_permanent = data.draw(ints(0, 10))
    s.radiation = data.draw(ints(0, 10 - s.radiation_permanent))
    s.experience = data.draw(ints(0, 99))
    s.age = data.draw(st.none() | ints(14, 99))
    for name in ("nationality", "branch", "rank", "appearance", "moral_code", "big_dream",
                 "buddy", "notes"):  # fmt: skip
        setattr(s, name, data.draw(WORDS))
    s.save()

    def weapon():
        most, capacity = data.draw(ints(1, 10)), data.draw(ints(0, 300))
        return s.weapons.create(
            name=data.draw(NAMES),
            skill=data.draw(st.sampled_from(WEAPON_SKILLS)),
            damage=data.draw(ints(0, 20)),
            crit_threshold=data.draw(ints(1, 20)),
            armor_modifier=data.draw(ints(-10, 10)),
            range=data.draw(WORDS)[:30],
            rate_of_fire=data.draw(ints(0, 6)),
            reliability_max=most,
            reliability=data.draw(ints(0, most)),
            magazine_capacity=capacity,
            rounds_loaded=data.draw(ints(0, capacity)),
            jammed=data.draw(st.booleans()),
            weight=data.draw(WEIGHTS),
        )

    weapons = rows(data, weapon)
    firearms = [w for w in weapons if w.magazine_capacity]

    def magazine():
        fits = data.draw(st.none() | st.sampled_from(firearms)) if firearms else None
        top = fits.magazine_capacity if fits else 300
        s.magazines.create(
            weapon=fits,
            kind=data.draw(st.sampled_from(("magazine", "belt"))),
            rounds=data.draw(ints(0, top)),
        )

    rows(data, magazine)
    rows(
        data,
        lambda: s.armor.create(
            name=data.draw(NAMES),
            rating=data.draw(ints(0, 10)),
            **{f"covers_{part}": data.draw(st.booleans()) for part in LOCATIONS},
        ),
    )
    rows(data, lambda: s.gear.create(name=data.draw(NAMES), weight=data.draw(WEIGHTS)))
    rows(
        data,
        lambda: s.specialties.create(
            name=data.draw(NAMES), skill=data.draw(st.sampled_from(SKILLS)), effect=data.draw(WORDS)
        ),
    )
    rows(
        data,
        lambda: s.injuries.create(
            name=data.draw(NAMES),
            location=data.draw(st.sampled_from(LOCATIONS)),
            lethal=data.draw(st.booleans()),
            time_limit=data.draw(WORDS),
            healing_time=data.draw(WORDS),
            effect=data.draw(WORDS),
        ),
    )
    return c


def agents(data, user):
    c = character(user, "agents")
    s = c.sheet
    for name in agents_rules.STATS:
        setattr(s, name, data.draw(ints(0, agents_rules.STAT_MAX)))
    for name in ("hp", "ap", "fortitude", "sanity"):
        setattr(s, name, data.draw(ints(0, 200)))
    s.cracked_intellect = data.draw(st.booleans())
    s.stress = data.draw(ints(2 if s.cracked_intellect else 0, 5))
    s.anhedonia = data.draw(st.booleans())
    s.high = 0 if s.anhedonia else data.draw(ints(0, 3))
    for name in ("shadow_touched", "vampirism", "thaumaturgy", "dead"):
        setattr(s, name, data.draw(st.booleans()))
    s.role = data.draw(st.sampled_from(("researcher", "operator")))
    s.armor = data.draw(st.sampled_from(("none", "light", "medium", "heavy")))
    s.funds, s.income = data.draw(ints(0, 10_000_000)), data.draw(ints(0, 10_000_000))
    s.research_topic, s.notes = data.draw(WORDS), data.draw(WORDS)
    s.research_timer = data.draw(ints(0, 999))
    s.save()
    for skill in data.draw(st.lists(st.sampled_from(list(s.skills.all())), max_size=4)):
        skill.level, skill.xp = data.draw(ints(0, 5)), data.draw(ints(0, 999))
        skill.role_pick = data.draw(st.booleans())
        skill.save()
    categories = list(agents_rules.CATEGORY_LABELS)
    for index in range(data.draw(ints(0, 2))):
        s.skills.create(
            category=data.draw(st.sampled_from(categories)),
            custom=True,
            name=f"Custom {index} {data.draw(NAMES)}"[:60],
            level=data.draw(ints(0, 5)),
        )

    def weapon():
        extra = data.draw(ints(0, 3))
        reload = data.draw(ints(0, 100))
        s.weapons.create(
            name=data.draw(NAMES),
            tag=data.draw(st.sampled_from(("Light", "Medium", "Heavy", "Tech"))),
            level=data.draw(ints(1, 10)),
            extra_dice=extra,
            extra_die=data.draw(st.sampled_from((4, 6, 8, 10))) if extra else 0,
            distance=data.draw(st.sampled_from(("melee", "room", "close", "field", "far"))),
            reload=reload,
            shots=data.draw(ints(0, reload)),
            reloads=data.draw(ints(0, 999)),
            explosive=data.draw(st.booleans()),
            burn=data.draw(st.booleans()),
            requires=data.draw(WORDS),
        )

    rows(data, weapon)
    rows(
        data,
        lambda: s.items.create(
            kind=data.draw(st.sampled_from(("ammunition", "stims", "grenade", "comms", "other"))),
            name=data.draw(WORDS),
            count=data.draw(ints(0, 999)),
        ),
    )
    rows(
        data,
        lambda: s.supplies.create(
            kind=data.draw(st.sampled_from(("meals", "room"))),
            quality=data.draw(st.sampled_from(("stingy", "average", "indulgent"))),
            weeks=data.draw(ints(0, 520)),
        ),
    )
    rows(
        data,
        lambda: s.juniors.create(name=data.draw(NAMES), skills=""),
        most=agents_rules.junior_limit(s),
    )
    return c


def zombie(data, user):
    c = character(user, "zombie")
    s = c.sheet
    s.background, s.description, s.notes = (data.draw(WORDS) for _ in range(3))
    s.option_skill = data.draw(WORDS)
    if s.option_skill:
        s.option_scope, s.option_bonus = data.draw(WORDS), data.draw(ints(0, 3))
    s.option_roll_label = data.draw(WORDS)
    s.save()

    def condition():
        kind = data.draw(st.sampled_from(("injury", "status")))
        low, high = (-3, 0) if kind == "injury" else (-1, 1)
        s.conditions.create(name=data.draw(NAMES), kind=kind, modifier=data.draw(ints(low, high)))

    rows(data, condition)
    rows(
        data,
        lambda: s.tasks.create(
            name=data.draw(NAMES),
            status=data.draw(st.sampled_from(("open", "succeeded", "failed"))),
            basic=data.draw(st.booleans()),
            situation_changes=data.draw(ints(0, 99)),
        ),
    )
    rows(
        data,
        lambda: s.items.create(
            name=data.draw(NAMES), quantity=data.draw(ints(0, 999)), note=data.draw(WORDS)
        ),
    )
    rows(
        data,
        lambda: s.weapons.create(
            name=data.draw(NAMES),
            ammo=data.draw(WORDS),
            rounds=data.draw(ints(0, 999)),
            note=data.draw(WORDS),
        ),
    )
    return c


def slots(data, user):
    c = character(user, "slots")
    s = c.sheet
    s.notes = data.draw(WORDS)
    s.pack_dropped, s.unconscious, s.dead = (data.draw(st.booleans()) for _ in range(3))
    s.cold_tries, s.rest_tries = data.draw(ints(0, 100)), data.draw(ints(0, 100))
    s.save()
    gear = {slot.number: slot.kind for slot in s.people.slots.all()}
    for _ in range(data.draw(ints(0, 4))):
        tags = data.draw(st.lists(st.sampled_from(GEAR_TAGS), unique=True, max_size=3))
        s.items.create(
            slot=data.draw(st.sampled_from(sorted(gear))),
            name=data.draw(NAMES),
            tags=", ".join(tags),
            free_tags=data.draw(WORDS),
            wrapped=data.draw(st.booleans()),
            damaged=data.draw(st.booleans()),
        )
    for slot in data.draw(st.lists(ints(1, s.people.focus_slots), unique=True, max_size=3)):
        s.ideas.create(
            slot=slot,
            kind=data.draw(st.sampled_from(IDEA_KINDS)),
            name=data.draw(NAMES),
            target=data.draw(WORDS),
            concentrating=data.draw(st.booleans()),
        )
    places = [("gear", n, kind) for n, kind in gear.items()] + [
        ("focus", n, "focus") for n in range(1, s.people.focus_slots + 1)
    ]
    for area, number, kind in data.draw(st.lists(st.sampled_from(places), unique=True,
                                                 max_size=3)):  # fmt: skip
        fits = [name for name, kinds in CONDITION_AREAS.items() if kind in kinds]
        condition = data.draw(st.sampled_from(["", *fits]))
        wound = data.draw(st.sampled_from(("", "open", "closed"))) if kind == "body" else ""
        s.marks.create(
            area=area,
            number=number,
            wound=wound,
            condition=condition,
            burning_rounds=data.draw(ints(0, 3)) if condition == "fire" else 0,
        )
    return c


BUILDERS = {"mutant": mutant, "twilight": twilight, "agents": agents, "zombie": zombie,
            "slots": slots}  # fmt: skip
