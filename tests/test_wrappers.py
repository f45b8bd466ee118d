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
from mivas_env.wrappers import MacroActions, build_menu
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


# Gold scripts the menu cannot play, and why: escalate_to_human's `urgency` has no caller slot
# (a judgement the agent makes, not a fact it is told); "the termination letter" is
# `correspondence` only by judgement; C10-E2 books a day the gold route never searched.
UNREACHABLE = {"legal/C9-E1", "legal/C9-E2", "legal/C9-E3", "legal/C12-E2", "healthcare/C10-E2"}


@pytest.mark.parametrize("industry", industry_names())
def test_the_gold_script_through_the_menu_passes_every_reachable_shipped_task(
        industry: str) -> None:
    env = DiscreteActions(MivasEnv(industry=industry, max_turns=60))
    failed = {task.full_id for task in env.base.tasks if play(env, task).get("r_eval") != 1}
    assert failed <= UNREACHABLE  # measured: 99/104 overall (95.2%)


def test_macro_arguments_are_in_the_formats_tools_take() -> None:
    env = DiscreteActions(MivasEnv(industry="healthcare", task_id="C3-E2", max_turns=60))
    play(env, find_task("healthcare/C3-E2"))
    calls = {call.name: call.arguments for call in env.base.session.calls}  # type: ignore[union-attr]
    assert calls["register_patient"]["date_of_birth"] == "1948-04-30"
    assert calls["register_patient"]["phone_e164"] == "+19145550137"
    assert calls["search_availability"]["visit_type"] == "new_patient"
    assert calls["book_appointment"]["start_time"] == "2026-12-08T09:00"


# Generated families whose gold needs what no caller answer or tool result the gold route sees
# carries: escalation urgency (legal C9) and which kind of document a description names (legal
# C12) are judgements; the policy topic "price drops" names (customer_support C9) too; which of
# several orders holds the item the caller names, when list_orders shows no items
# (customer_support C2 and C12), needs lookups the gold route does not make.
JUDGEMENT_FAMILIES = {("legal", "C9"), ("legal", "C12"), ("customer_support", "C2"),
                      ("customer_support", "C9"), ("customer_support", "C12")}


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
        if (task.industry, instance.family.code) in JUDGEMENT_FAMILIES:
            continue
        env = DiscreteActions(MivasEnv(tasks=[task], max_turns=60))
        if play(env, task).get("r_eval") != 1:
            failed.append(task.full_id)
    assert failed == []  # measured on 60 train + 60 test instances per industry: healthcare
    # 120/120, legal 101/120, customer_support 113/120 (334/360); every failure is in these families
