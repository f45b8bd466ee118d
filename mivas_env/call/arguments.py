"""Argument checking for tool calls, compiled once per tool from its JSON Schema in industry.json.

Every value rule here is the grader's, from ``rewards.normalize``: alias spellings resolve with
``Industry.resolve_alias``, the phone rule is ``is_phone_key``, dates must be whole ISO dates
(``iso_date``) and datetimes collapse with ``minute``; name lookups in the tool servers compare
with the grader's normaliser of the parameter (``ArgumentChecker.keys``). So a call the
environment honoured can never be scored as missing."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rewards.industry import Industry, PropertySchema
from rewards.normalize import (
    Normalizer,
    is_blank,
    is_phone_key,
    iso_date,
    minute,
    phone_e164,
    property_normalizer,
)


class ArgumentError(ValueError):
    """A tool call's arguments do not fit the tool's schema."""


Checker = Callable[[Any, str], Any]

_TYPE_CHECKS: dict[str, Callable[[Any], bool]] = {
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "array": lambda v: isinstance(v, list),
}


def _compile_property(industry: Industry, name: str, prop: PropertySchema) -> Checker:
    type_ok = _TYPE_CHECKS[prop.type]
    item_check = _compile_property(industry, name, prop.items) if prop.items is not None else None
    pattern = re.compile(prop.pattern) if prop.pattern else None
    enum = frozenset(prop.enum) if prop.enum is not None else None
    is_phone = is_phone_key(name, prop)

    def check(value: Any, where: str) -> Any:
        if not type_ok(value):
            raise ArgumentError(f"{where} must be a {prop.type}, got {type(value).__name__}")
        if item_check is not None:
            if prop.maxItems is not None and len(value) > prop.maxItems:
                raise ArgumentError(f"{where} has more than {prop.maxItems} items")
            if prop.minItems is not None and len(value) < prop.minItems:
                raise ArgumentError(f"{where} needs at least {prop.minItems} items")
            return [item_check(item, f"{where}[{i}]") for i, item in enumerate(value)]
        if isinstance(value, str):
            value = value.strip()
            if prop.maxLength is not None and len(value) > prop.maxLength:
                raise ArgumentError(f"{where} is longer than {prop.maxLength} characters")
            if prop.minLength is not None and len(value) < prop.minLength:
                raise ArgumentError(f"{where} is shorter than {prop.minLength} characters")
            if prop.x_alias is not None:
                value = industry.resolve_alias(prop.x_alias, value) or value
            if is_phone:
                e164 = phone_e164(value, industry.phone_region)
                if e164 is None:
                    raise ArgumentError(f"{where} is not a phone number: {value!r}")
                value = e164
            if prop.format == "date":
                day = iso_date(value)
                if day is None:
                    raise ArgumentError(f"{where} must be a date YYYY-MM-DD, got {value!r}")
                value = day
            elif prop.format == "date-time":
                normal = minute(value)
                if normal is None:
                    raise ArgumentError(f"{where} must be a datetime YYYY-MM-DDTHH:MM, got {value!r}")
                value = normal
        if enum is not None and value not in enum:
            shown = ", ".join(map(str, sorted(enum, key=str)))
            raise ArgumentError(f"{where} must be one of [{shown}], got {value!r}")
        if pattern is not None and not pattern.fullmatch(str(value)):
            raise ArgumentError(f"{where} does not look right: {value!r}")
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            if prop.minimum is not None and value < prop.minimum:
                raise ArgumentError(f"{where} must be >= {prop.minimum:g}")
            if prop.maximum is not None and value > prop.maximum:
                raise ArgumentError(f"{where} must be <= {prop.maximum:g}")
        return value

    return check


@dataclass(frozen=True)
class ArgumentChecker:
    """Validates and canonicalises one tool's arguments."""

    tool: str
    checks: dict[str, Checker]
    required: tuple[str, ...]
    harness_keys: frozenset[str]
    keys: dict[str, Normalizer]  # the grader's normaliser per parameter: lookups compare with it

    def __call__(self, arguments: Any) -> dict[str, Any]:
        if not isinstance(arguments, dict):
            raise ArgumentError(f"arguments must be a JSON object, got {type(arguments).__name__}")
        out: dict[str, Any] = {}
        for key, value in arguments.items():
            if key in self.harness_keys:
                continue
            check = self.checks.get(key)
            if check is None:
                known = ", ".join(self.checks) or "none"
                raise ArgumentError(f"{self.tool} has no parameter {str(key)[:64]!r} "
                                    f"(parameters: {known})")
            if is_blank(value):
                continue
            out[key] = check(value, key)
        missing = [key for key in self.required if key not in out]
        if missing:
            raise ArgumentError(f"{self.tool} is missing required argument(s): {', '.join(missing)}")
        return out


def compile_checkers(industry: Industry) -> dict[str, ArgumentChecker]:
    """One checker per declared tool."""
    harness = frozenset(industry.harness_keys)
    return {
        name: ArgumentChecker(
            tool=name,
            checks={key: _compile_property(industry, key, prop)
                    for key, prop in tool.parameters.properties.items()},
            required=tuple(tool.parameters.required),
            harness_keys=harness,
            keys={key: property_normalizer(industry, key, prop)
                  for key, prop in tool.parameters.properties.items()},
        )
        for name, tool in industry.tools.items()
    }
