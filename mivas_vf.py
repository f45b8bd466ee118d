"""The verifiers taskset id ``mivas-vf`` (verifiers imports a taskset id as a top-level module):
re-exports :mod:`mivas_env.integrations.verifiers`. ``vf-eval mivas-vf ...``"""

from mivas_env.integrations.verifiers import (
    MivasData,
    MivasEnvConfig,
    MivasTask,
    MivasTaskset,
    MivasTasksetConfig,
    MivasVerifiersEnv,
)

__all__ = ["MivasData", "MivasEnvConfig", "MivasTask", "MivasTaskset", "MivasTasksetConfig",
           "MivasVerifiersEnv"]
