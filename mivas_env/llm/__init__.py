"""Talking to OpenAI-compatible models: the one chat-completions client (``client``, used by
the LLM agent, the LLM caller and the judge) and the LLM judge (``judge``)."""
