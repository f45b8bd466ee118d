"""Spoken forms: saying values aloud (``spoken``), the one reader of spoken values (``heard``)
and the speech channel with its recognition noise (``channel``)."""
