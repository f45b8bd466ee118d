"""Adapters for LLM training libraries. Each module imports its library only when used:

- :mod:`mivas_env.integrations.trl` — TRL ``GRPOTrainer(environment_factory=...)`` (extra ``trl``)
- :mod:`mivas_env.integrations.verifiers` — a ``verifiers.v1`` Taskset and Env (extra ``verifiers``)
- :mod:`mivas_env.integrations.skyrl` — a skyrl-gym ``BaseTextEnv``, ids ``mivas-<industry>``
  (extra ``skyrl``)

The shared pieces (building the text env, the policy-visible prompt, tool schemas a chat template
can carry, parsing tool calls out of a reply) live in :mod:`mivas_env.integrations.common`."""
