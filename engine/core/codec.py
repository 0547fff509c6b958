"""Dataclass states to JSON data and back, for snapshots: fields by their type hints
(dataclasses, dicts, lists, tuples, sets, str/int/float/bool/None and pydantic models).
A game whose state holds something else writes its own ``dump_state``/``load_state``."""

from __future__ import annotations

import dataclasses
import types
import typing
from enum import Enum
from typing import Any

from pydantic import BaseModel


def to_json(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_json(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    if isinstance(value, dict):
        return {str(k): to_json(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [to_json(v) for v in value]
    return value


def from_json(hint: Any, data: Any) -> Any:
    if data is None:
        return None
    origin = typing.get_origin(hint)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        hints = typing.get_type_hints(hint)
        return hint(**{f.name: from_json(hints[f.name], data[f.name])
                       for f in dataclasses.fields(hint) if f.name in data and f.init})
    if isinstance(hint, type) and issubclass(hint, BaseModel):
        return hint.model_validate(data)
    if isinstance(hint, type) and issubclass(hint, Enum):
        return hint(data)
    if origin in (typing.Union, types.UnionType):
        options = [a for a in typing.get_args(hint) if a is not type(None)]
        return from_json(options[0], data) if len(options) == 1 else data
    args = typing.get_args(hint)
    if origin is dict:
        return {k: from_json(args[1], v) for k, v in data.items()}
    if origin is list:
        return [from_json(args[0], v) for v in data]
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(from_json(args[0], v) for v in data)
        return tuple(from_json(a, v) for a, v in zip(args, data, strict=True))
    if origin in (set, frozenset):
        return origin(from_json(args[0], v) for v in data)
    return data
