"""Expected Ray/RLlib noise is dropped; every other line and log record still gets through."""

from __future__ import annotations

import logging
import os

import pytest

from mivas_env.integrations.rllib import quiet_expected_noise

RAY_LINE = ("[2026-12-01 03:30:39,535 E 10761 10761] core_worker.cc:2465: Actor with class name: "
            "'SingleAgentEnvRunner' and ID: 'bdb27e23274c58bf3fc6a2de01000000' has constructor "
            "arguments in the object store and max_restarts > 0. If the arguments in the object "
            "store go out of scope or are lost, the actor restart will fail.\n")


def test_the_expected_lines_go_and_real_errors_stay(capfd: pytest.CaptureFixture[str],
                                                    caplog: pytest.LogCaptureFixture) -> None:
    logger = logging.getLogger("ray.rllib.algorithms.algorithm_config")
    with caplog.at_level(logging.WARNING), quiet_expected_noise():
        os.write(2, RAY_LINE.encode())
        os.write(2, b"[E core_worker.cc:99] Actor died unexpectedly: out of memory\n")
        logger.warning("You are running PPO on the new API stack! This is the new default.")
        logger.error("Env runner 2 failed: ValueError")
    _, err = capfd.readouterr()
    assert "max_restarts > 0" not in err
    assert "Actor died unexpectedly: out of memory" in err
    messages = [r.getMessage() for r in caplog.records]
    assert "Env runner 2 failed: ValueError" in messages
    assert not any("new API stack" in m for m in messages)


def test_stderr_is_restored_after_the_block(capfd: pytest.CaptureFixture[str]) -> None:
    with quiet_expected_noise():
        pass
    os.write(2, RAY_LINE.encode())
    assert "max_restarts > 0" in capfd.readouterr().err
