"""The working data of a pending decision as typed, versioned models (DESIGN.md §3
"Decisions suspend", §4 "Pending decisions are typed, versioned models").

A step of play (``engine.coin.flow``) keeps what its decision has gathered so far (the
spaces selected, the pieces still to remove...) in a ``StepData`` model declared beside the
step.  The log records that data flat, as it always has: ``StepBegan(step, seat, data)``
with ``{key: value}`` and ``StepNoted(key, value)``.  A model maps those logged keys to its
typed fields:

- a plain field is logged under its name (``op``, ``picked``);
- the fields of a model with a ``prefix`` are logged as ``<prefix>_<name>``
  (``deploy_city``), except the ``bare`` ones it inherits from a shared base (the card
  models of an Event: ``c10_left`` but ``picked``);
- ``logged_as`` names a field logged under another name (a Python keyword: ``with``);
- a field whose type is itself a ``StepData`` (a *part*) contributes the keys of that part
  (an Operation's data composes the parts of its activities).

Writing goes through the same models: ``note(Deploy(city=None, cities=chosen))`` gives
the ``StepNoted`` events of exactly the fields named (pydantic's ``model_fields_set``), in
the order the model declares them, and mypy checks the names and types.  Every field
therefore has a default: a model built with some fields is the change of those fields.
Name them in their declared order (a test reads the sources for it); a change of fields
in another order is two changes, ``note(C39(space=sid), C39(left=n))``.  The fold turns
a logged key into a new model with ``noted``, which validates the value and refuses a key
the model does not know.  A model is never changed in place (``__setattr__`` refuses):
the states of one game, their copies and the fold's cache of begun steps share them.

``version`` says which shape of a model a snapshot holds; a change of fields bumps it (and
the ruleset version, so that snapshots and logs of the older shape are recognised).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, ClassVar, TypeVar, get_args, get_origin

from pydantic import BaseModel, ConfigDict

M = TypeVar("M", bound="StepData")
_set = object.__setattr__


class StepData(BaseModel):
    """Base of the working data of a step."""

    model_config = ConfigDict(extra="forbid", validate_assignment=True)
    version: ClassVar[int] = 1
    prefix: ClassVar[str] = ""              # logged keys are ``<prefix>_<field>``
    bare: ClassVar[frozenset[str]] = frozenset()   # fields logged without the prefix
    logged_as: ClassVar[Mapping[str, str]] = {}    # a field logged under another name

    def __setattr__(self, name: str, value: Any) -> None:
        """Refused: step data is never changed in place (``noted`` makes a changed copy),
        because a state's data is shared by its copies and by ``shared_from_log``."""
        raise TypeError(f"{type(self).__name__} is never changed in place: use noted()")

    # --- logged keys -------------------------------------------------------------------
    @classmethod
    def key_of(cls, name: str) -> str:
        """The logged key of the plain field ``name``."""
        logged = cls.logged_as.get(name, name)
        return f"{cls.prefix}_{logged}" if cls.prefix and name not in cls.bare else logged

    @classmethod
    def parts(cls) -> dict[str, type[StepData]]:
        """The fields that are parts, with their models."""
        found = _PARTS.get(cls)
        if found is None:
            found = {name: info.annotation for name, info in cls.model_fields.items()
                     if isinstance(info.annotation, type)
                     and issubclass(info.annotation, StepData)}
            _PARTS[cls] = found
        return found

    @classmethod
    def mutable_fields(cls) -> tuple[str, ...]:
        """The fields whose values may be lists, dicts or parts (computed once per model):
        the only ones a copy must copy."""
        found = _MUTABLE.get(cls)
        if found is None:
            found = tuple(name for name, info in cls.model_fields.items()
                          if _may_mutate(info.annotation))
            _MUTABLE[cls] = found
        return found

    @classmethod
    def logged_keys(cls) -> dict[str, tuple[str, ...]]:
        """Every logged key and the path of fields it names (computed once per model)."""
        table = _KEYS.get(cls)
        if table is None:
            parts = cls.parts()
            table = {}
            for name in cls.model_fields:
                if name in parts:
                    table.update({key: (name, *path)
                                  for key, path in parts[name].logged_keys().items()})
                else:
                    table[cls.key_of(name)] = (name,)
            _KEYS[cls] = table
        return table

    # --- the fold ----------------------------------------------------------------------
    @classmethod
    def from_log(cls: type[M], data: Mapping[str, Any]) -> M:
        """The model of a ``StepBegan``'s flat ``data``, the caller's own to change."""
        return cls.shared_from_log(data).copy_data()

    @classmethod
    def shared_from_log(cls: type[M], data: Mapping[str, Any]) -> M:
        """The model of a ``StepBegan``'s flat ``data``, shared and never to be changed: a
        game begins the same few steps with the same data again and again, so each is
        validated once, and each ``StepNoted`` makes a new model (``noted``)."""
        key = (cls, repr(data))   # JSON values: their repr tells them apart
        model = _BEGUN.get(key)
        if model is None:
            model = cls._validated(data)
            if len(_BEGUN) >= BEGUN_KEPT:
                _BEGUN.clear()
            _BEGUN[key] = model
        return model  # type: ignore[return-value]

    @classmethod
    def _validated(cls: type[M], data: Mapping[str, Any]) -> M:
        nested: dict[str, Any] = {}
        table = cls.logged_keys()
        for key, value in data.items():
            path = table.get(key)
            if path is None:
                raise KeyError(f"{cls.__name__} has no field for the logged key {key!r}")
            where = nested
            for name in path[:-1]:
                where = where.setdefault(name, {})
            where[path[-1]] = value
        return cls.model_validate(nested)

    def noted(self: M, key: str, value: Any) -> M:
        """A ``StepNoted`` as a new model: this one with the field ``key`` names set
        (validated), sharing every value and part it does not change.  The fold never
        changes a model in place, so a state's step data is shared by its copies and by
        the models ``shared_from_log`` hands out."""
        path = type(self).logged_keys().get(key)
        if path is None:
            raise KeyError(f"{type(self).__name__} has no field for the logged key {key!r}")
        return self._with(path, value)

    def _with(self: M, path: tuple[str, ...], value: Any) -> M:
        new = self._shallow()
        if len(path) == 1:
            _assign(new, path[0], value)
        else:   # a part: changed the same way; the parent's fields set stays as it was
            new.__dict__[path[0]] = getattr(self, path[0])._with(path[1:], value)
        return new

    def _shallow(self: M) -> M:
        new = type(self).__new__(type(self))
        _set(new, "__dict__", dict(self.__dict__))
        _set(new, "__pydantic_fields_set__", set(self.__pydantic_fields_set__))
        _set(new, "__pydantic_extra__", None)
        _set(new, "__pydantic_private__", None)
        return new

    def logged(self) -> Iterator[tuple[str, Any]]:
        """The fields this model was given (a change: those named; a folded model: those
        ever set), in their declared order, as logged keys and values."""
        given, parts = self.model_fields_set, type(self).parts()
        for name in type(self).model_fields:
            if name in parts:   # a part says itself which of its fields were set
                yield from getattr(self, name).logged()
            elif name in given:
                yield type(self).key_of(name), getattr(self, name)

    def copy_data(self: M) -> M:
        """A copy sharing nothing mutable.  Values are scalars, tuples, lists of scalars or
        tuples, and dicts of those or of dicts: copied by shape, much faster than a
        ``deepcopy`` (the kernel clones a state at every command)."""
        values = dict(self.__dict__)
        for name in type(self).mutable_fields():
            value = values[name]
            if isinstance(value, StepData):
                values[name] = value.copy_data()
            elif isinstance(value, list):
                values[name] = list(value)
            elif isinstance(value, dict):
                values[name] = {k: dict(v) if isinstance(v, dict) else v
                                for k, v in value.items()}
        # what pydantic's __copy__ does, without the copy module's dispatch (models
        # forbid extra fields and have no private attributes)
        new = type(self).__new__(type(self))
        _set(new, "__dict__", values)
        _set(new, "__pydantic_fields_set__", set(self.__pydantic_fields_set__))
        _set(new, "__pydantic_extra__", None)
        _set(new, "__pydantic_private__", None)
        return new


_SCALARS = (str, int, float, bool, type(None))
# a field's value as validated, by model, field and the value logged: most notes set a
# flag, a count or a name seen before (the same few again and again)
_ASSIGNED: dict[tuple[type[StepData], str, type, Any], Any] = {}


def _assign(model: StepData, name: str, value: Any) -> None:
    """``model.name = value``, validated as pydantic's ``__setattr__`` would (on a model
    just made by ``_shallow``); a scalar's validation is remembered."""
    key = (type(model), name, type(value), value) if isinstance(value, _SCALARS) else None
    if key is not None:
        found = _ASSIGNED.get(key, _ASSIGNED)
        if found is not _ASSIGNED:
            model.__dict__[name] = found
            model.__pydantic_fields_set__.add(name)
            return
    model.__pydantic_validator__.validate_assignment(model, name, value)
    if key is not None and isinstance(model.__dict__[name], _SCALARS):
        if len(_ASSIGNED) >= BEGUN_KEPT:
            _ASSIGNED.clear()
        _ASSIGNED[key] = model.__dict__[name]


_PARTS: dict[type[StepData], dict[str, type[StepData]]] = {}
_MUTABLE: dict[type[StepData], tuple[str, ...]] = {}
# the models of the StepBegan data met so far (shared: never changed in place)
_BEGUN: dict[tuple[type[StepData], str], StepData] = {}
BEGUN_KEPT = 4096
_KEYS: dict[type[StepData], dict[str, tuple[str, ...]]] = {}


class NoData(StepData):
    """A step that gathers nothing."""


class StepModels:
    """Which model holds the data of each step: one per step name, or one per value of a
    field the step begins with (an Operation's data by its Faction, an Event's by its
    card)."""

    def __init__(self) -> None:
        self._models: dict[str, type[StepData]] = {}
        self._by: dict[str, tuple[str, dict[str, type[StepData]]]] = {}

    def add(self, step: str, model: type[StepData]) -> None:
        self._models[step] = model

    def refine(self, step: str, field: str, value: str, model: type[StepData]) -> None:
        """Steps ``step`` whose data has ``field == value`` hold a ``model`` (a subclass of
        the step's own)."""
        base = self._models.get(step, StepData)
        if not issubclass(model, base):
            raise TypeError(f"{model.__name__} does not extend {base.__name__}")
        by_field, models = self._by.setdefault(step, (field, {}))
        if by_field != field or value in models:
            raise ValueError(f"step {step}: {field}={value} registered twice")
        models[value] = model

    def model(self, step: str, data: Mapping[str, Any]) -> type[StepData]:
        by = self._by.get(step)
        if by is not None:
            found = by[1].get(data.get(by[0]))  # type: ignore[arg-type]
            if found is not None:
                return found
        return self._models.get(step, NoData)

    def registered(self) -> list[tuple[str, type[StepData]]]:
        """Every step and each model it may hold (for tests)."""
        return [*self._models.items(),
                *((step, m) for step, (_, ms) in self._by.items() for m in ms.values())]


def note(*changes: StepData) -> list[Any]:
    """The ``(key, value)`` pairs of ``changes``, in order; a game wraps each in its
    ``StepNoted`` event."""
    return [pair for change in changes for pair in change.logged()]


def _may_mutate(annotation: Any) -> bool:
    """A field of this type may hold a list, a dict or a part (not only scalars and
    tuples of them)."""
    if annotation is Any or annotation is object:
        return True
    if isinstance(annotation, type):
        return issubclass(annotation, (StepData, list, dict, set))
    origin = get_origin(annotation)
    if origin in (list, dict, set):
        return True
    return any(_may_mutate(arg) for arg in get_args(annotation))
