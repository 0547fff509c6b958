"""Gandhi's pending decisions as typed models (``engine.coin.stepdata``): every step's model,
the logged keys each accepts, and the rules that keep old logs readable.

``tests/fixtures/step-models.json`` pins every model's version and logged keys.  When a
model's fields change, bump its ``version`` and ``Gandhi.version``, give the old keys an
upcaster (``Gandhi.upcasters``, for ``StepBegan`` and ``StepNoted``), then regenerate the
file with ``STEP_MODELS_UPDATE=1 ./run tests tests/games/gandhi/test_step_models.py``.
"""

from __future__ import annotations

import ast
import importlib
import json
import os
from pathlib import Path

import engine.games
from engine.coin.stepdata import StepData
from engine.games.gandhi.ops.framework import ExecutionData
from engine.games.gandhi.pieces import FACTIONS
from engine.games.gandhi.ruleset import Gandhi
from engine.games.gandhi.scripts.choices import STEP, Choices
from engine.games.gandhi.state import STEP_MODELS
from tests.conftest import REPO

engine.games.load()
GOLDEN = REPO / "tests" / "fixtures" / "step-models.json"


def models() -> list[type[StepData]]:
    """The models of the game's steps (not of the steps tests register)."""
    return list(dict.fromkeys(m for step, m in STEP_MODELS.registered()
                              if not step.startswith("test_")))


def name(model: type[StepData]) -> str:
    return f"{model.__module__.removeprefix('engine.games.gandhi.')}.{model.__qualname__}"


def leaves(model: type[StepData]) -> int:
    """The plain fields of a model and of its parts."""
    parts = model.parts()
    return sum(leaves(parts[f]) if f in parts else 1 for f in model.model_fields)


def test_every_model_starts_from_defaults_and_gives_each_field_its_own_key() -> None:
    for model in models():
        assert model() == model.from_log({}), name(model)   # every field has a default
        assert len(model.logged_keys()) == leaves(model), name(model)   # no two share a key


def test_each_faction_and_each_scripted_card_with_data_has_its_model() -> None:
    for faction in FACTIONS:
        model = STEP_MODELS.model("execution", {"executing": faction})
        assert issubclass(model, ExecutionData) and model is not ExecutionData, faction
    cards = [m for m in models() if issubclass(m, Choices) and m.prefix]
    assert len(cards) == 61
    for model in cards:
        assert STEP_MODELS.model(STEP, {"card": model.prefix[1:]}) is model
        assert all(k in Choices.bare or k.startswith(f"{model.prefix}_")
                   for k in model.logged_keys()), name(model)


def test_models_and_their_versions_are_pinned() -> None:
    found = {name(m): {"version": m.version, "keys": sorted(m.logged_keys())}
             for m in sorted(models(), key=name)}
    if os.environ.get("STEP_MODELS_UPDATE"):
        GOLDEN.write_text(json.dumps(found, indent=1) + "\n", encoding="utf-8")
    pinned = json.loads(GOLDEN.read_text(encoding="utf-8"))
    changed = sorted(n for n in found.keys() | pinned.keys() if found.get(n) != pinned.get(n))
    assert not changed, (f"step models changed: {changed}; bump their version and "
                         f"Gandhi.version ({Gandhi.version}), add upcasters, regenerate "
                         "(see this module's docstring)")


def test_a_change_names_its_fields_in_their_declared_order() -> None:
    """A change is logged in the model's declared order (``note``): the sources write
    each ``Model(a=..., b=...)`` in that order, so that the code reads as it logs."""
    checked, wrong = 0, []
    for path in sorted((REPO / "engine").rglob("*.py")):
        parts = path.relative_to(REPO).with_suffix("").parts
        if parts[-1] == "__main__":
            continue
        # a package by its own name: importing ``pkg.__init__`` would run it a second time
        module = importlib.import_module(".".join(parts[:-1] if parts[-1] == "__init__"
                                                  else parts))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            model = getattr(module, node.func.id, None)
            if not (isinstance(model, type) and issubclass(model, StepData)):
                continue
            named = [k.arg for k in node.keywords if k.arg]
            checked += 1
            if named != [f for f in model.model_fields if f in named]:
                wrong.append(f"{path.relative_to(REPO)}:{node.lineno} {node.func.id}{named}")
    assert checked > 300 and not wrong, wrong


def test_the_logs_of_ruleset_0_1_use_only_keys_the_models_know() -> None:
    """Every step key of the four 0.1 logs (their whole games) has a field today."""
    import gzip

    known = {k for m in models() for k in m.logged_keys()}
    used: set[str] = set()
    for log in sorted((REPO / "tests" / "fixtures" / "logs-0.1").glob("*.jsonl.gz")):
        for line in gzip.decompress(log.read_bytes()).decode().splitlines()[1:]:
            row = json.loads(line)
            payload = json.loads(row["payload"])
            if row["type"] == "StepBegan":
                used |= set(payload.get("data", {}))
            elif row["type"] == "StepNoted":
                used.add(payload["key"])
    assert used and used <= known, used - known


def test_the_step_data_is_read_through_its_model_nowhere_as_a_mapping() -> None:
    sources = [p for p in Path(REPO, "engine").rglob("*.py")] + list(
        Path(REPO, "renders").rglob("*.py"))
    offenders = [str(p) for p in sources
                 if "step.data[" in p.read_text(encoding="utf-8")
                 or "step.data.get(" in p.read_text(encoding="utf-8")]
    assert not offenders
