"""Healthcare task families (mivas_env/generation/families/healthcare): one module per family,
each self-checked in every split, its people and text from that split, its facts the server's."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest

from mivas_env.generation import Instance, generate_one, load_world
from mivas_env.generation.families import families
from mivas_env.generation.families.healthcare import common
from rewards import load_seed
from rewards.worlds import SPLITS, pool
from rewards.worlds.names import words

FAMILIES = families("healthcare")
SEEDS = (3, 4)


@cache
def instances(split: str) -> tuple[tuple[str, Instance], ...]:
    return tuple((family.code, generate_one("healthcare", split, seed, family=family.code))
                 for family in FAMILIES for seed in SEEDS)


def test_every_family_lives_in_its_own_module_under_300_lines() -> None:
    import inspect

    for family in FAMILIES:
        module = inspect.getmodule(family.make)
        assert module is not None and module.__name__.startswith(common.PACKAGE)
        assert len(inspect.getsource(module).splitlines()) <= 300, module.__name__
    assert len({inspect.getmodule(family.make) for family in FAMILIES}) == len(FAMILIES)


@pytest.mark.parametrize("split", SPLITS)
def test_every_family_passes_its_self_check_in_every_split(split: str) -> None:
    made = instances(split)
    assert {code for code, _ in made} == {family.code for family in FAMILIES}
    for code, instance in made:
        assert instance.data["id"].startswith(f"{code}-{split}-")
        assert set(instance.data["tags"]) >= {"generated", split}


@pytest.mark.parametrize("split", SPLITS)
def test_callers_are_named_from_their_splits_pool_only(split: str) -> None:
    shipped = {row["full_name"] for row in load_seed("healthcare")["patients"]}
    allowed = {w for name in (*pool(split).first_names, *pool(split).surnames) for w in words(name)}
    for code, instance in instances(split):
        name = instance.data["caller"]["facts"]["full_name"]
        assert name in shipped or set(words(name)) <= allowed, (code, name)


def test_no_test_opening_or_nudge_is_said_in_train() -> None:
    def lines(split: str) -> set[str]:
        return {line for _, inst in instances(split)
                for key in ("opening", "nudges") for line in inst.data["caller"][key]}

    assert not lines("train") & lines("test")
    assert not lines("train") & lines("bench")


def test_a_new_patient_is_booked_under_the_id_the_server_registers() -> None:
    for code, instance in instances("train"):
        if code != "C3":
            continue
        calls = {call["name"]: call.get("parameters", {}) for call in instance.data["exp_tool_calls"]}
        booked = calls["book_appointment"]["patient_id"]
        registered = [row for row in instance.data["exp_db_state"]["patients"]
                      if row["full_name"] == calls["register_patient"]["full_name"]]
        assert [row["patient_id"] for row in registered] == [booked]


def test_refusals_call_no_tool_and_declare_their_spoken_policy() -> None:
    for split in SPLITS:
        for code, instance in instances(split):
            if code == "C11":
                assert instance.data["exp_tool_calls"] == []
                assert instance.data["aux"]["must_not_disclose"]


def test_an_office_question_reads_the_office_the_caller_names() -> None:
    for code, instance in instances("test"):
        if code != "C12":
            continue
        world = load_world("healthcare", instance.world_seed)
        (read,) = instance.data["exp_tool_calls"]
        office = common.office_name(world, read["parameters"]["location_id"])
        assert instance.data["caller"]["facts"]["location"] == office


def test_a_scene_that_finds_no_fitting_value_redraws_instead_of_looping() -> None:
    from mivas_env.generation.scene import NoFit, Scene, family

    the_world = load_world("healthcare", 5)
    scene = Scene(the_world, random.Random(0))
    with pytest.raises(NoFit):
        scene.draw(lambda rng: rng.randint(0, 3), {0, 1, 2, 3})

    def make(scene: Scene) -> dict[str, Any]:
        return {"title": scene.draw(lambda rng: rng.randint(0, 3), {0, 1, 2, 3})}

    assert family("healthcare", "C99", "x", make, scene=Scene).make(the_world, random.Random(0)) is None


def test_every_family_makes_a_draft_for_most_attempts() -> None:
    """No family leans on the redraw: a fitting scenario is found in most attempts."""
    for family in FAMILIES:
        found = 0
        for attempt in range(12):
            rng = random.Random(f"healthcare-test/{family.code}/{attempt}")
            the_world = load_world("healthcare", 1_000_000 + attempt)
            draft: Any = family.make(the_world, rng)
            found += draft is not None
        assert found >= 9, (family.code, found)
