"""Spoken forms: the speech channel and the reader of spoken values."""
