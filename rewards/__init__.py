"""MIVAS verifier: pure scoring of a trace against a lockfile (tools T, handoffs H, database D)."""

from rewards.errors import (
    IndustryError,
    InputFormatError,
    LimitExceededError,
    LockfileError,
    MivasError,
    TaskNotFoundError,
    TraceError,
)
from rewards.industry import Industry, load_industry, load_seed, tasks_dir
from rewards.models import Lockfile, Trace, Verdict
from rewards.verify import compile_lockfile, load_lockfile, load_trace, r_train, verify

__all__ = [
    "Industry", "IndustryError", "InputFormatError", "LimitExceededError", "Lockfile",
    "LockfileError", "MivasError", "TaskNotFoundError", "Trace", "TraceError", "Verdict",
    "compile_lockfile", "load_industry", "load_lockfile", "load_seed", "load_trace", "r_train",
    "tasks_dir", "verify",
]
