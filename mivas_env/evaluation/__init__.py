"""Running agents over tasks: the runner, Ray workers, the audit and authoring."""
