"""A COIN game's state as JSON data, for snapshots (the ruleset's ``dump_state`` and
``load_state``).

A snapshot is a cache, never the record (DESIGN.md §4), so the format favours size and a
plain reading: a space lists only what differs from an empty space, and the step's data is
written as the ``StepBegan`` data that would begin it now -- the fields ever set, under
their logged keys -- and read back through the same model, so that
``load(dump(state)) == state``.  The step's model version is written beside it: a snapshot
of an older shape is refused (the service then folds the log again).
"""

from __future__ import annotations

from dataclasses import asdict, fields
from typing import Any, Generic, TypeVar

from pydantic_core import to_jsonable_python

from engine.coin.sequence import CardTurn, Did
from engine.coin.state import CoinState, Step
from engine.coin.stepdata import StepModels

# this layout; a change of layout bumps it.  2: the boxes off the map in one ``boxes``
# (Gandhi's ``jail`` and ``out_of_play`` were fields of their own in 1)
FORMAT = 2
SKIP = {"spaces", "turn", "step"}
S = TypeVar("S", bound=CoinState[Any])


class OldSnapshot(ValueError):
    """The snapshot was written for another layout or another shape of a step's data."""


class Snapshots(Generic[S]):
    """Dump and load the states of one game (``state``: its state class)."""

    def __init__(self, state: type[S], models: StepModels) -> None:
        self.state, self.models = state, models
        self.empty = asdict(state.SPACE())
        self.plain = [f.name for f in fields(state) if f.name not in SKIP]

    def dump(self, state: S) -> dict[str, Any]:
        out: dict[str, Any] = {"format": FORMAT}
        for name in self.plain:
            out[name] = to_jsonable_python(getattr(state, name))
        empty = self.empty
        out["spaces"] = {sid: {k: v for k, v in asdict(sp).items() if v != empty[k]}
                         for sid, sp in state.spaces.items()}
        turn = state.turn
        out["turn"] = {"order": list(turn.order),
                       "acted": [[f, did.value] for f, did in turn.acted],
                       "passed": turn.passed, "made_ineligible": turn.made_ineligible,
                       "kept_eligible": turn.kept_eligible}
        data = state.step.data
        out["step"] = {"name": state.step.name, "seat": state.step.seat,
                       "model": type(data).version,
                       "data": to_jsonable_python(dict(data.logged()))}
        return out

    def load(self, data: dict[str, Any]) -> S:
        if data.get("format") != FORMAT:
            raise OldSnapshot(f"snapshot format {data.get('format')}, not {FORMAT}")
        step = data["step"]
        model = self.models.model(step["name"], step["data"])
        if step["model"] != model.version:
            raise OldSnapshot(f"{model.__name__} v{step['model']}, not v{model.version}")
        turn = data["turn"]
        space = self.state.SPACE
        return self.state(
            **{name: data[name] for name in self.plain},
            spaces={sid: space(**{**self.empty, "pieces": {}, **sp})
                    for sid, sp in data["spaces"].items()},
            turn=CardTurn(tuple(turn["order"]), [(f, Did(did)) for f, did in turn["acted"]],
                          list(turn["passed"]), list(turn["made_ineligible"]),
                          list(turn["kept_eligible"])),
            step=Step(step["name"], step["seat"], model.from_log(step["data"])))
