"""The typed working data of a pending decision (``engine.coin.stepdata``): logged keys,
changes, the fold, copies and the registry of models."""

from __future__ import annotations

from typing import ClassVar

import pytest
from pydantic import Field, ValidationError

from engine.coin.stepdata import NoData, StepData, StepModels, note


class Move(StepData):
    """A part logged as ``move_<field>``; ``with`` is a keyword, so ``cubes`` stands in."""

    prefix = "move"
    logged_as = {"cubes": "with"}
    origin: str | None = None
    done: list[str] = []
    cubes: str | None = None


class Turn(StepData):
    op: str = ""
    limited: bool = False
    move: Move = Field(default_factory=Move)


class Shared(StepData):
    bare: ClassVar[frozenset[str]] = frozenset({"picked"})
    picked: list[str] = []


class Card7(Shared):
    prefix = "c7"
    left: int = 0


def test_a_model_maps_the_flat_logged_keys_to_its_fields() -> None:
    assert Turn.logged_keys() == {"op": ("op",), "limited": ("limited",),
                           "move_origin": ("move", "origin"), "move_done": ("move", "done"),
                           "move_with": ("move", "cubes")}
    assert Card7.logged_keys() == {"picked": ("picked",), "c7_left": ("left",)}


def test_the_fold_begins_a_step_from_its_logged_data_and_applies_each_note() -> None:
    data = Turn.from_log({"op": "march", "move_done": ["bihar"]})
    assert data == Turn(op="march", move=Move(done=["bihar"]))
    noted = data.noted("move_origin", "punjab").noted("move_with", "troops")
    assert noted.move.origin == "punjab" and noted.move.cubes == "troops"
    assert data == Turn(op="march", move=Move(done=["bihar"]))   # a note makes a new model


def test_a_misspelt_key_or_a_value_of_another_type_fails_loudly() -> None:
    data = Turn.from_log({"op": "march"})
    with pytest.raises(KeyError, match="move_orign"):
        data.noted("move_orign", "punjab")
    with pytest.raises(ValidationError):
        data.noted("limited", "perhaps")
    with pytest.raises(KeyError):
        Turn.from_log({"op": "march", "sa": None})
    with pytest.raises(ValidationError):
        Move(origin="punjab", destination="bihar")  # type: ignore[call-arg]


def test_a_change_logs_the_fields_it_names_in_their_declared_order() -> None:
    assert note(Move(cubes="sepoys", origin="delhi")) == [("move_origin", "delhi"),
                                                           ("move_with", "sepoys")]
    assert note(Card7(left=2, picked=["sind"]), Move(done=[])) == [
        ("picked", ["sind"]), ("c7_left", 2), ("move_done", [])]
    assert note(Turn(op="rally")) == [("op", "rally")]   # a part not named logs nothing


def test_a_folded_model_logs_what_was_ever_set_even_a_default_value() -> None:
    data = Turn.from_log({"op": "march", "limited": False}).noted("move_origin", "punjab")
    assert list(data.logged()) == [("op", "march"), ("limited", False),
                                   ("move_origin", "punjab")]
    assert Turn.from_log(dict(data.logged())) == data


def test_step_data_is_never_changed_in_place_and_a_note_shares_only_what_it_keeps() -> None:
    data = Turn.from_log({"op": "march", "limited": True, "move_done": ["bihar"]})
    with pytest.raises(TypeError, match="noted"):
        data.op = "rally"
    with pytest.raises(TypeError, match="noted"):
        data.move.origin = "punjab"
    noted = data.noted("move_done", ["bihar", "orissa"])
    assert data.move.done == ["bihar"] and noted.move.done == ["bihar", "orissa"]
    assert noted.move is not data.move
    assert noted.model_fields_set == data.model_fields_set
    other = data.noted("limited", False)
    assert other.move is data.move   # a part the note does not name is shared


def test_a_copy_shares_nothing() -> None:
    data = Turn.from_log({"op": "march", "move_done": ["bihar"]})
    copy = data.copy_data()
    copy.move.done.append("sind")
    assert data.move.done == ["bihar"] and copy == Turn(op="march", move=Move(
        done=["bihar", "sind"]))


def test_the_registry_gives_a_step_its_model_or_the_refined_one() -> None:
    models = StepModels()
    models.add("turn", Turn)
    models.refine("turn", "op", "march", type("MarchTurn", (Turn,), {}))
    assert models.model("turn", {"op": "rally"}) is Turn
    assert models.model("turn", {"op": "march"}).__name__ == "MarchTurn"
    assert models.model("reset", {}) is NoData
    with pytest.raises(TypeError):
        models.refine("turn", "op", "rally", Card7)   # not a Turn
    with pytest.raises(ValueError):
        models.refine("turn", "op", "march", Turn)    # twice


def test_the_same_begun_data_is_validated_once_and_shared() -> None:
    """shared_from_log validates each distinct data once and hands out that model (the
    fold's); from_log hands out copies: changing one never shows in the next begun."""
    first = Turn.shared_from_log({"op": "march", "move_done": ["bihar"]})
    assert Turn.shared_from_log({"op": "march", "move_done": ["bihar"]}) is first
    mine = Turn.from_log({"op": "march", "move_done": ["bihar"]})
    mine.move.done.append("sind")
    assert first.move.done == ["bihar"]
    assert mine.model_fields_set == first.model_fields_set


def test_a_copy_copies_each_field_that_may_hold_a_list_a_dict_or_a_part() -> None:
    assert set(Turn.mutable_fields()) >= {"move"}
    assert "op" not in Turn.mutable_fields()
