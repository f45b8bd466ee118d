"""Where a call happens: the session runtime, actions, arguments and the task loader."""
