"""OpenAI-compatible chat-completions clients (the judge)."""
