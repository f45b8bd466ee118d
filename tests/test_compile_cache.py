"""The compiled expected side is cached on the lockfile and lives exactly as long as it."""

from __future__ import annotations

import gc
import weakref

from rewards.compile import compile_lock
from rewards.models import Lockfile
from rewards.verify import load_lockfile
from tests.helpers import lock


def test_the_same_lockfile_is_compiled_once() -> None:
    model = load_lockfile(lock("healthcare", hops=["transfer_to_coverage"]))
    assert compile_lock(model) is compile_lock(model)


def test_a_compiled_lockfile_is_freed_with_its_lockfile() -> None:
    """A long-running verifier fed a new lockfile per call must not keep them all alive."""
    refs = []
    for i in range(50):
        model = load_lockfile(lock("healthcare", task_id=f"C99-E{i + 1}"))
        compile_lock(model)
        refs.append(weakref.ref(model))
    del model
    gc.collect()
    assert sum(ref() is not None for ref in refs) == 0


def test_a_copied_lockfile_is_compiled_anew() -> None:
    model = load_lockfile(lock("healthcare", hops=["transfer_to_coverage"]))
    compile_lock(model)
    copy = model.model_copy(update={"exp_handoff_path": []})
    assert isinstance(copy, Lockfile)
    assert compile_lock(copy).hops == ()
    assert compile_lock(model).hops == ("transfer_to_coverage",)
