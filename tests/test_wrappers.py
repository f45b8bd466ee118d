"""FixedDiscountEval and DiscreteActions."""

from __future__ import annotations

import importlib.util
import warnings
from pathlib import Path
from typing import Any

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from mivas_env import DiscreteActions, FixedDiscountEval, MivasEnv, find_task
from mivas_env.wrappers import MAX_PICK_VALUES, MacroActions, build_menu, pick_parameters
from rewards import load_industry
from rewards.industry import industry_names

_spec = importlib.util.spec_from_file_location(  # the benchmark's driver: one way to play a script
    "_menu_ceiling", Path(__file__).resolve().parent.parent / "benchmarks" / "menu_ceiling.py")
assert _spec is not None and _spec.loader is not None
_menu_ceiling = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_menu_ceiling)
play = _menu_ceiling.play  # gold script through DiscreteActions -> the last step's info

GOLD = [{"tool": "transfer_to_coverage", "arguments": {}},
        {"tool": "check_plan_accepted", "arguments": {"carrier": "aetna",
                                                      "location_id": "loc_park_ave"}},
        "The Park Avenue office accepts Aetna."]
DETOUR = [{"tool": "transfer_to_scheduling", "arguments": {}}, *GOLD]
WRONG = [GOLD[0], {"tool": "check_plan_accepted", "arguments": {
    "carrier": "aetna", "location_id": "loc_windermere"}}, GOLD[2], "Goodbye"]


def final_reward(env: gym.Env[Any, Any], actions: list[Any]) -> tuple[float, dict[str, Any]]:
    env.reset(seed=0)
    for action in actions:
        _, reward, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            return float(reward), info
    raise AssertionError("episode did not end")


@pytest.mark.parametrize(("actions", "discount", "expected"), [
    (GOLD, 0.2, 1.0), (DETOUR, 0.2, 0.2), (WRONG, 0.2, 0.0),
    (GOLD, None, 1.0), (DETOUR, None, 1.0), (WRONG, None, 0.0),
])
def test_fixed_discount_eval_reward_for_each_verdict(actions: list[Any], discount: float | None,
                                                     expected: float) -> None:
    env = FixedDiscountEval(MivasEnv(industry="healthcare", task_id="C1-E1", discount=0.9),
                            discount=discount)
    reward, info = final_reward(env, actions)
    assert reward == expected
    assert info["reward_basis"] == ("r_eval" if discount is None else f"r_train@{discount:g}")


def test_fixed_discount_eval_leaves_intermediate_rewards_at_zero() -> None:
    env = FixedDiscountEval(MivasEnv(industry="healthcare", task_id="C1-E1"), discount=None)
    env.reset(seed=0)
    assert env.step(GOLD[0])[1] == 0.0


@pytest.mark.parametrize("industry", industry_names())
def test_discrete_actions_spaces_are_the_same_for_every_task_and_pass_env_checker(
        industry: str) -> None:
    env = DiscreteActions(MivasEnv(industry=industry))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(env, skip_render_check=True)
    shapes = set()
    for task in env.base.tasks:
        obs, _ = env.reset(seed=0, options={"task_id": task.full_id})
        assert env.observation_space.contains(obs)
        shapes.add((obs.shape, env.action_space.n))  # type: ignore[attr-defined]
    assert len(shapes) == 1
    assert [m.label for m in env.menu] == [m.label for m in build_menu(industry)]


def test_discrete_actions_can_solve_c1e1() -> None:
    env = DiscreteActions(MivasEnv(industry="healthcare", task_id="C1-E1"))
    labels = [m.label for m in env.menu]
    env.reset(seed=0)
    reward = 0.0
    for label in ("transfer:transfer_to_coverage", "ask:carrier", "ask:location",
                  "tool:check_plan_accepted", "answer"):
        obs, reward, terminated, _, info = env.step(labels.index(label))
    assert terminated and reward == 1.0 and info["handoff_verdict"] == "exact"
    assert obs.dtype == np.float32


def test_an_invalid_macro_at_a_desk_is_legal_and_yields_an_error_observation() -> None:
    env = DiscreteActions(MivasEnv(industry="healthcare", task_id="C1-E1"))
    labels = [m.label for m in env.menu]
    env.reset(seed=0)
    _, reward, terminated, _, info = env.step(labels.index("tool:book_appointment"))
    assert "not_available_at_node" in info["text_observation"] and not terminated
    assert reward == 0.0


def test_discrete_actions_rejects_a_multi_industry_env() -> None:
    with pytest.raises(ValueError, match="single-industry"):
        DiscreteActions(MivasEnv())


@pytest.mark.parametrize("action", [-1, 10_000, 2**40])
def test_an_out_of_range_macro_is_rejected_as_gymnasium_does(action: int) -> None:
    env = DiscreteActions(MivasEnv(industry="healthcare", task_id="C1-E1"))
    env.reset(seed=0)
    with pytest.raises(AssertionError, match="invalid"):
        env.step(action)
    with pytest.raises(gym.error.InvalidAction):
        env.step(action)


def test_discrete_actions_is_an_observation_wrapper_over_an_action_wrapper() -> None:
    env = DiscreteActions(MivasEnv(industry="healthcare"))
    assert isinstance(env, gym.ObservationWrapper)
    assert isinstance(env.env, MacroActions) and isinstance(env.env, gym.ActionWrapper)
    text_env = MacroActions(MivasEnv(industry="healthcare", task_id="C1-E1"))
    obs, _ = text_env.reset(seed=0)
    assert isinstance(obs, str)


@pytest.mark.parametrize("industry", industry_names())
def test_the_gold_script_through_the_menu_passes_every_shipped_task(industry: str) -> None:
    env = DiscreteActions(MivasEnv(industry=industry, max_turns=60))
    failed = {task.full_id for task in env.base.tasks if play(env, task).get("r_eval") != 1}
    assert failed == set()  # measured: 104/104 (benchmarks/menu_ceiling.py)


def test_macro_arguments_are_in_the_formats_tools_take() -> None:
    env = DiscreteActions(MivasEnv(industry="healthcare", task_id="C3-E2", max_turns=60))
    play(env, find_task("healthcare/C3-E2"))
    calls = {call.name: call.arguments for call in env.base.session.calls}  # type: ignore[union-attr]
    assert calls["register_patient"]["date_of_birth"] == "1948-04-30"
    assert calls["register_patient"]["phone_e164"] == "+19145550137"
    assert calls["search_availability"]["visit_type"] == "new_patient"
    assert calls["book_appointment"]["start_time"] == "2026-12-08T09:00"


# Generated families whose gold needs what no caller answer or tool result the gold route sees
# carries: which of several orders holds the item the caller names, when list_orders shows no
# items (customer_support C2 and C12), needs lookups the gold route does not make. (Judgements
# such as an escalation's urgency or a document's kind are reached through pick macros.)
LOOKUP_FAMILIES = {("customer_support", "C2"), ("customer_support", "C12")}


def generated_instances() -> list[Any]:
    generation = pytest.importorskip("mivas_env.generation.core")
    families = pytest.importorskip("mivas_env.generation.families")
    return [generation.generate_one(industry, "test", seed, family=family.code, check=False)
            for industry in families.industries() for family in families.families(industry)
            for seed in (0, 1)]


def test_the_gold_script_through_the_menu_passes_generated_instances() -> None:
    failed = []
    for instance in generated_instances():
        task = instance.task
        if (task.industry, instance.family.code) in LOOKUP_FAMILIES:
            continue
        env = DiscreteActions(MivasEnv(tasks=[task], max_turns=60))
        if play(env, task).get("r_eval") != 1:
            failed.append(task.full_id)
    assert failed == []  # measured on 60 train + 60 test instances per industry: healthcare
    # 120/120, legal 120/120, customer_support 115/120 (355/360); every failure is in these
    # families


# --- pick macros: enum values the agent settles by judgement ---------------------------------


@pytest.mark.parametrize("industry", industry_names())
def test_pick_macros_cover_every_small_enum_parameter_no_caller_slot_fills(industry: str) -> None:
    spec = load_industry(industry)
    menu = build_menu(industry)
    labels = {m.label for m in menu}
    wanted: set[str] = set()
    for tool in spec.tools.values():
        if tool.access == "session":
            continue
        for key, prop in tool.parameters.properties.items():
            if (prop.enum is not None and prop.type != "array" and len(prop.enum) <= MAX_PICK_VALUES
                    and (prop.x_slot is None or key in tool.parameters.required)):
                wanted.add(key)
                assert {f"pick:{key}={value}" for value in prop.enum} <= labels
    assert {m.target for m in menu if m.kind == "pick"} == wanted == set(pick_parameters(spec))
    if industry == "legal":  # no caller slot fills an escalation's urgency
        assert "urgency" in wanted
    if industry == "customer_support":  # 51 states are left to the caller's words
        assert "state" not in wanted


def test_pick_macros_come_after_the_other_macros_so_their_indices_do_not_move() -> None:
    for industry in industry_names():
        kinds = [m.kind for m in build_menu(industry)]
        if "pick" not in kinds:  # an industry with no enum to settle by judgement
            assert kinds[-1] == "end"
            continue
        first_pick = kinds.index("pick")
        assert "pick" not in kinds[:first_pick] and set(kinds[first_pick:]) == {"pick"}
        assert kinds[first_pick - 1] == "end"


def test_a_pick_fills_a_parameter_no_caller_slot_fills() -> None:
    env = MacroActions(MivasEnv(industry="legal", task_id="C9-E2", max_turns=60))
    env.reset(seed=0)
    assert "urgency" not in env.arguments("escalate_to_human")
    _, _, _, _, info = env.step(env.labels["pick:urgency=high"])
    assert info["macro"] == "pick:urgency=high"
    assert env.arguments("escalate_to_human")["urgency"] == "high"
    env.step(env.labels["pick:urgency=low"])  # a later pick replaces the earlier one
    assert env.arguments("escalate_to_human")["urgency"] == "low"


def test_a_pick_wins_over_the_callers_words_and_ends_with_the_episode() -> None:
    env = MacroActions(MivasEnv(industry="healthcare", task_id="C3-E2", max_turns=60))
    env.reset(seed=0)
    env.step(env.labels["ask:visit_type"])
    assert env.arguments("search_availability")["visit_type"] == "new_patient"
    env.step(env.labels["pick:visit_type=sick_visit"])
    assert env.arguments("search_availability")["visit_type"] == "sick_visit"
    assert env.arguments("book_appointment")["visit_type"] == "sick_visit"
    env.reset(seed=0)
    assert env.memory.picks == {}


def test_the_gold_script_picks_only_what_the_callers_words_do_not_give() -> None:
    env = DiscreteActions(MivasEnv(industry="healthcare", max_turns=60))
    for task in env.base.tasks:  # a visit type the caller names is never picked
        picks = [env.menu[a] for a in env.script_for(task) if env.menu[a].kind == "pick"]
        assert all(task.caller.facts.get("visit_type") is None for _ in picks)
    assert len(env.script_for(find_task("healthcare/C3-E2"))) == len(
        [a for a in env.script_for(find_task("healthcare/C3-E2")) if env.menu[a].kind != "pick"])
    legal = DiscreteActions(MivasEnv(industry="legal", max_turns=60))
    picks = [legal.menu[a].label for a in legal.script_for(find_task("legal/C9-E3"))]
    assert [label for label in picks if label.startswith("pick:")] == ["pick:urgency=normal"]


def test_observation_shows_the_picks_and_leaves_out_the_category_unless_asked() -> None:
    env = DiscreteActions(MivasEnv(industry="legal", task_id="C9-E2", max_turns=60))
    with_category = DiscreteActions(MivasEnv(industry="legal", task_id="C9-E2", max_turns=60),
                                    category=True)
    categories = len(with_category.categories)
    assert categories > 1 and env.categories == []
    assert with_category.observation_space.shape[0] == env.observation_space.shape[0] + categories
    before, _ = env.reset(seed=0)
    after, *_ = env.step(env.macros.labels["pick:urgency=emergency"])
    changed = np.flatnonzero(after != before)
    index = env.picks.index(("urgency", "emergency"))
    assert after[env.size - len(env.picks) + index] == 1.0
    assert set(changed) <= {env.size - len(env.picks) + index, *range(env.size - len(env.picks))}
    obs, _ = with_category.reset(seed=0)
    assert obs[-categories:].sum() == 1.0


def test_a_days_listed_times_that_leave_a_time_out_turn_that_alternative_down() -> None:
    task = find_task("healthcare/C10-E2")  # Tuesday or Wednesday at 9; Tuesday has no 9:00
    env = DiscreteActions(MivasEnv(tasks=[task], max_turns=60))
    info = play(env, task)
    booked = [c.arguments for c in env.base.session.calls  # type: ignore[union-attr]
              if c.name == "book_appointment"]
    assert booked[0]["start_time"] == "2026-12-09T09:00" and info["r_eval"] == 1


def test_a_day_the_caller_names_singles_out_the_record_on_that_day() -> None:
    from datetime import date

    from mivas_env.speech.heard import ranked_records

    records = [{"appointment_id": "appt_0130", "start_time": "2026-12-14T18:00",
                "visit_type": "sick_visit", "location_name": "White Plains"},
               {"appointment_id": "appt_0135", "start_time": "2026-12-18T14:00",
                "visit_type": "follow_up", "location_name": "Windermere"}]
    hints = ["I have to cancel the Windermere visit on Friday the 18th."]  # "visit": sick_visit
    assert ranked_records(records, "appointment_id", hints) == ["appt_0130", "appt_0135"]
    assert ranked_records(records, "appointment_id", hints, date(2026, 12, 1)) == ["appt_0135"]
    assert ranked_records(records, "appointment_id", ["Tuesday, please."],
                          date(2026, 12, 1)) == ["appt_0130", "appt_0135"]  # names neither
