"""Task structure the levels add (mivas_env.generation.structure): look-alike records in the
world from level 2, a first choice the tools turn down from level 3; level 0 and 1 unchanged."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mivas_env.agents.baselines import make_agent
from mivas_env.call.runtime import CallSession
from mivas_env.call.tasks import build_task
from mivas_env.env import MivasEnv
from mivas_env.evaluation.authoring import gate_failed, run_calls
from mivas_env.evaluation.runner import evaluate, run_episode
from mivas_env.generation import generate_one
from mivas_env.generation.core import Instance
from mivas_env.generation.levels import LEVELS
from mivas_env.generation.lockfile import gold_run
from mivas_env.generation.structure import structure_near_misses
from rewards import MivasError
from rewards.verify import load_lockfile, verify
from rewards.worlds import world


def _with(kind: str, industry: str, family: str, level: int = 3, table: str | None = None,
          seeds: int = 40) -> Instance:
    for seed in range(seeds):
        instance = generate_one(industry, "test", seed, family=family, level=level)
        if any(note["kind"] == kind and table in (None, note.get("table"))
               for note in instance.data.get("structure", [])):
            return instance
    raise AssertionError(f"no {kind} in {industry} {family} over {seeds} seeds")


def _notes(instance: Instance, kind: str) -> list[dict[str, Any]]:
    return [note for note in instance.data["structure"] if note["kind"] == kind]


def test_the_levels_table_declares_the_structure_each_level_adds() -> None:
    assert [level.structure for level in LEVELS] == \
        [(), (), ("look_alike",), ("turned_down",), ("extra_lookup",)]
    assert LEVELS[4].structures == ("look_alike", "turned_down", "extra_lookup")
    assert LEVELS[1].structures == ()


@pytest.mark.parametrize("industry,family,table", [
    ("healthcare", "C5", "patients"), ("legal", "C7", "attorneys"),
    ("customer_support", "C3", "orders"), ("customer_support", "C12", "customers")])
def test_look_alike_records_are_in_the_world_and_distinct(industry: str, family: str,
                                                          table: str) -> None:
    instance = _with("look_alike", industry, family, level=2, table=table)
    note = next(n for n in _notes(instance, "look_alike") if n["table"] == table)
    rows = world(industry, instance.world_seed)[table]
    id_column = next(key for key in rows[0] if key.endswith("_id"))
    target = next(row for row in rows if row[id_column] == note["of"])
    decoy = next(row for row in instance.data["world"]["rows"][table]
                 if row[id_column] == note["row"])
    assert note["row"] not in {row[id_column] for row in rows}  # a new record
    assert note["differs"] and all(decoy[key] != target.get(key) for key in note["differs"])
    # It looks alike: the same name (an attorney: the same surname, another first name).
    if table == "attorneys":
        assert decoy["full_name"].split()[-1] == target["full_name"].split()[-1]
        assert decoy["full_name"] != target["full_name"]
    elif table == "orders":
        assert decoy["items"] == target["items"] and decoy["customer_id"] == target["customer_id"]
        assert decoy["shipping_address"]["zip"] != target["shipping_address"]["zip"]
    else:
        assert decoy["full_name"] == target["full_name"]


@pytest.mark.parametrize("industry,family", [
    ("healthcare", "C5"), ("healthcare", "C4"), ("legal", "C7"), ("customer_support", "C3"),
    ("customer_support", "C12")])
def test_the_oracle_passes_and_acting_on_the_look_alike_fails_its_gate(industry: str,
                                                                      family: str) -> None:
    instance = _with("look_alike", industry, family, level=2)
    assert run_calls(instance.task, gold_run(instance.data)).passed
    misses = structure_near_misses(instance.data, ["look_alike"])
    assert misses
    for miss in misses:
        assert gate_failed(run_calls(instance.task, miss.calls), "T"), miss.description
    result = run_episode(MivasEnv(tasks=[instance.task]), make_agent("oracle"), instance.task, 0)
    assert result.passed


def test_the_verifier_rebuilds_the_world_with_its_added_rows() -> None:
    instance = _with("look_alike", "healthcare", "C5", level=2)
    env = MivasEnv(tasks=[instance.task])
    run_episode(env, make_agent("oracle"), instance.task, 0)
    assert env._last_info is not None
    trace = env._last_info["trace"]
    lock = load_lockfile(json.loads(instance.json()))
    assert verify(lock, trace).passed
    # Without the rows, the dump holds a patient the world does not: D fails.
    bare = {**json.loads(instance.json()), "world": {"seed": instance.world_seed}}
    assert not verify(load_lockfile(bare), trace).db.passed


def test_a_lockfile_may_not_add_rows_to_a_table_its_world_has_not() -> None:
    data = json.loads(generate_one("healthcare", "test", 1, family="C5", level=2).json())
    data["world"]["rows"] = {"no_such_table": [{"x": 1}]}
    with pytest.raises(MivasError):
        build_task(load_lockfile(data), Path("healthcare/x.json"))


@pytest.mark.parametrize("industry,family", [("legal", "C10"), ("healthcare", "C3")])
def test_the_first_choice_is_turned_down_and_the_second_works(industry: str,
                                                             family: str) -> None:
    instance = _with("turned_down", industry, family, level=3)
    note = _notes(instance, "turned_down")[0]
    gold = gold_run(instance.data)
    name, arguments = gold[note["call"]]
    first = {**arguments, note["key"]: note["first"]}
    assert name == note["tool"] and first != arguments
    # The first choice alone: the tool turns it down, T fails.
    alone = run_calls(instance.task, [*gold[:note["call"]], (name, first),
                                      *gold[note["call"] + 1:]])
    assert not alone.tools.passed
    # The first choice, then the second: the failed call stands beside the working one.
    both = run_calls(instance.task, [*gold[:note["call"]], (name, first), *gold[note["call"]:]])
    assert both.passed
    assert all(gate_failed(run_calls(instance.task, miss.calls), "T")
               for miss in structure_near_misses(instance.data, ["turned_down"]))
    behaviour = next(b for b in instance.data["caller"]["behaviours"]
                     if b["kind"] == "first_choice")
    assert behaviour["slot"] == note["slot"] and behaviour["wrong"] != \
        instance.data["caller"]["facts"][note["slot"]]


def test_the_caller_says_its_first_choice_then_the_second_when_turned_down() -> None:
    instance = _with("turned_down", "legal", "C10", level=3)
    note = _notes(instance, "turned_down")[0]
    behaviour = next(b for b in instance.data["caller"]["behaviours"]
                     if b["kind"] == "first_choice")
    caller = CallSession(instance.task, seed=0).scripted
    question = "What day and time works for your consultation?"
    first = caller.respond(question).text
    assert behaviour["wrong"] in first
    second = caller.respond("I'm sorry, that time is not available. What other time would "
                            "work for you?").text
    assert instance.data["caller"]["facts"][note["slot"]] in second


def test_the_careful_agent_tries_another_time_and_the_naive_one_does_not() -> None:
    tasks = [_with("turned_down", "legal", "C10", level=3).task,
             _with("turned_down", "healthcare", "C3", level=3).task]
    careful = evaluate(make_agent("careful"), tasks, env_kwargs={"channel": "spoken"})
    naive = evaluate(make_agent("naive"), tasks, env_kwargs={"channel": "spoken"})
    assert all(result.passed for result in careful)
    assert not any(result.passed for result in naive)


@pytest.mark.parametrize("level", [0, 1])
def test_levels_0_and_1_add_no_structure(level: int) -> None:
    for industry in ("healthcare", "legal", "customer_support"):
        for seed in range(6):
            data = generate_one(industry, "test", seed, level=level).data
            assert "structure" not in data and set(data["world"]) == {"seed"}


def test_the_same_seed_gives_the_same_structure() -> None:
    one = _with("turned_down", "legal", "C10", level=4)
    seed = int(one.id.split("-")[2])
    assert generate_one("legal", "test", seed, family="C10", level=4).json() == one.json()


def test_the_report_shows_what_the_level_added_to_the_task() -> None:
    from mivas_env.reporting.report import ReportCollector, render_report

    instance = _with("turned_down", "legal", "C10", level=3)
    collector = ReportCollector(label="oracle")
    evaluate(make_agent("oracle"), [instance.task], on_episode=collector)
    record = collector.records[0]
    note = _notes(instance, "turned_down")[0]
    assert f"first choice {note['first']} turned down ({note['error_code']})" in record.structure
    page = render_report(collector.records, {}, {"industries": {}, "overall": {}})
    assert "structure: " in page and note["first"] in page


def test_a_misheard_identifier_finds_the_look_alike_instead_of_nothing() -> None:
    """The look-alike's identifiers are a slip of the ear away: a date of birth one part off
    finds the other patient; an order number a digit off is the other order."""
    instance = _with("look_alike", "healthcare", "C5", level=2, table="patients")
    note = _notes(instance, "look_alike")[0]
    decoy = instance.data["world"]["rows"]["patients"][0]
    target = next(row for row in world("healthcare", instance.world_seed)["patients"]
                  if row["patient_id"] == note["of"])
    assert sum(a != b for a, b in zip(decoy["date_of_birth"].split("-"),
                                      target["date_of_birth"].split("-"), strict=True)) == 1
    session = CallSession(instance.task, seed=0, scoping="permissive")
    found = session.call_tool("lookup_patient", {"full_name": target["full_name"],
                                                 "date_of_birth": decoy["date_of_birth"]})
    assert found.output["ok"] and found.output["data"]["patient_id"] == note["row"]
    orders = _with("look_alike", "customer_support", "C3", level=2, table="orders")
    note = next(n for n in _notes(orders, "look_alike") if n["table"] == "orders")
    assert len(note["row"]) == len(note["of"]) and \
        sum(a != b for a, b in zip(note["row"], note["of"], strict=True)) == 1


@pytest.mark.parametrize("industry,family,tool,desk", [
    ("healthcare", "C9", "get_location", None),
    ("healthcare", "C1", "get_location", "transfer_to_reception"),
    ("customer_support", "C5", "get_policy", None)])
def test_one_more_lookup_and_desk_on_the_gold_route(industry: str, family: str, tool: str,
                                                    desk: str | None) -> None:
    """Level 4: the caller also asks when its office closes on a weekday (healthcare) or a
    store policy (customer support); the route reads it at the end, after one more desk when
    it ends at one without the read."""
    instance = _with("extra_lookup", industry, family, level=4)
    note = _notes(instance, "extra_lookup")[0]
    base = generate_one(industry, "test", int(instance.id.split("-")[2]), family=family,
                        level=3).data
    calls = instance.data["exp_tool_calls"]
    assert calls[note["call"]]["name"] == tool and note["desk"] == desk
    added = 2 if desk else 1
    assert len(calls) == len(base["exp_tool_calls"]) + added
    assert instance.data["exp_handoff_path"] == [*base["exp_handoff_path"],
                                                 *([desk] if desk else [])]
    assert tool in instance.data["caller"]["goal"]["tools_ok"]
    assert all(line.endswith("?") and "Oh, and" in line
               for line in instance.data["caller"]["opening"])
    skipped = run_calls(instance.task, [c for i, c in enumerate(gold_run(instance.data))
                                        if i != note["call"]])
    assert not skipped.tools.passed
    result = run_episode(MivasEnv(tasks=[instance.task]), make_agent("oracle"), instance.task, 0)
    assert result.passed and result.handoff_verdict == "exact"


def test_a_world_with_added_rows_compiles_like_a_full_compile() -> None:
    """rewards.compile reuses the rows its world normalised and walked; the expected tables
    are the ones a compile of every row gives."""
    from rewards.compile import compiled_industry, expected_table

    checked = 0
    for industry in ("customer_support", "healthcare"):
        for seed in range(12):
            data = generate_one(industry, "test", seed, level=4, check=False).data
            rows = data["world"].get("rows") or {}
            compiled = compiled_industry(industry, data["world"]["seed"], rows)
            for table in rows:
                if table not in compiled.seed_tables:
                    continue  # a catalog table: read by the tools, not compared
                got = compiled.seed_tables[table]
                full = expected_table(got.spec, got.source)
                assert (got.rows, got.counter, got.strict, got.plain, got.shortcut) == \
                    (full.rows, full.counter, full.strict, full.plain, full.shortcut)
                assert [(leaf.rows, leaf.types, leaf.every) for leaf in got.leaf_types] == \
                    [(leaf.rows, leaf.types, leaf.every) for leaf in full.leaf_types]
                checked += 1
    assert checked


def test_a_first_choice_said_in_the_opening_is_turned_down_like_one_answered() -> None:
    """A caller whose opening asks for its first choice offers the real time when told it is
    not available, and gives the real time from then on."""
    instance = _with("turned_down", "legal", "C10", level=3)
    data = json.loads(instance.json())
    behaviour = next(b for b in data["caller"]["behaviours"] if b["kind"] == "first_choice")
    real = data["caller"]["facts"][behaviour["slot"]]
    data["caller"]["opening"] = [f"Hi, I'd like a consultation at {behaviour['wrong']}."]
    task = build_task(load_lockfile(data), Path("legal/x.json"))
    caller = CallSession(task, seed=0).scripted
    assert behaviour["wrong"] in caller.opening()
    assert real in caller.respond("I'm sorry, that time is not available. What other time "
                                  "would work for you?").text
    assert behaviour["wrong"] not in caller.respond(
        "What day and time works for your consultation?").text
