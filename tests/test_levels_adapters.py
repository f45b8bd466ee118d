"""Every trainer adapter passes a generated env's ``level`` through (issue 21): TRL rows and
resets, the verifiers taskset, SkyRL's env_config and extras, RLlib's env_config (with a
curriculum)."""

from __future__ import annotations

import pytest

from mivas_env import Curriculum
from mivas_env.integrations.common import make_text_env, reset_options
from mivas_env.integrations.rllib import make_env

GEN = "mivas/legal-gen-v0"


def test_reset_options_carry_a_level_for_generated_envs_only() -> None:
    generated = make_text_env(GEN, level=1)
    assert reset_options(generated, family="C2", level=3) == {"family": "C2", "level": 3}
    assert reset_options(generated) is None
    with pytest.raises(ValueError, match="generated"):
        reset_options(make_text_env("legal"), "legal/C1-E1", level=2)


def test_trl_rows_and_resets_take_a_level() -> None:
    pytest.importorskip("transformers", reason="needs the [trl] extra")
    from mivas_env.integrations.trl import dataset_rows, environment_factory

    env = environment_factory(GEN, level=2)()
    env.reset(seed=4)
    assert env.info["level"] == 2 and env.info["task_id"].endswith("-L2")
    env.reset(seed=4, level=0)
    assert env.info["level"] == 0
    rows = dataset_rows(GEN, seeds=2, level=3)
    assert [row["level"] for row in rows] == [3, 3]
    env.reset(**{key: value for key, value in rows[1].items() if key != "prompt"})
    assert env.info["level"] == 3
    with pytest.raises(ValueError, match="generated"):
        dataset_rows("legal", level=1)


def test_the_verifiers_taskset_yields_each_seed_at_each_level() -> None:
    pytest.importorskip("verifiers.v1", reason="needs the [verifiers] extra")
    from mivas_env.integrations.verifiers import MivasTaskset, MivasTasksetConfig

    tasks = list(MivasTaskset(MivasTasksetConfig(industry=GEN, seeds=2, levels=[0, 3])))
    assert [(t.data.seed, t.data.level) for t in tasks] == [(0, 0), (1, 0), (0, 3), (1, 3)]
    assert [str(t.data.name).endswith("-L3") for t in tasks] == [False, False, True, True]


def test_skyrl_takes_the_level_from_env_config_and_a_row_overrides_it() -> None:
    pytest.importorskip("skyrl_gym", reason="needs the [skyrl] extra")
    from mivas_env.integrations.skyrl import MivasTextEnv

    env = MivasTextEnv(env_config={"env_id": GEN, "level": 1}, extras={"seed": 2})
    env.init([])
    assert env.info["level"] == 1
    row = MivasTextEnv(env_config={"env_id": GEN, "level": 1}, extras={"seed": 2, "level": 4})
    row.init([])
    assert row.info["level"] == 4


def test_rllib_env_config_builds_a_generated_env_at_a_level_or_in_a_curriculum() -> None:
    env = make_env({"level": 2, "wrapper": "none"}, "legal", generated=True)
    assert env.reset(seed=0)[1]["level"] == 2
    taught = make_env({"curriculum": {"window": 3, "start": 1}, "wrapper": "none"}, "legal",
                      generated=True)
    assert isinstance(taught, Curriculum)
    assert taught.reset(seed=0)[1]["level"] == 1
    discrete = make_env({"level": 3}, "legal", generated=True)
    assert discrete.reset(seed=0)[1]["level"] == 3
