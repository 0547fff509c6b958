"""The shared reading of a game's data files (engine/coin/datafile.py): each fault is
refused with the file and the fault named, for Gandhi's map and A Distant Plain's."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from engine.coin.datafile import check_connected, check_symmetric, read_toml
from engine.games.adp.mapdata import DATA_DIR, AdpDataError, parse_map
from engine.games.gandhi.board import MapError, load_map


def test_a_missing_or_broken_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(MapError, match="map file not found: .*nowhere.toml"):
        load_map(tmp_path / "nowhere.toml")
    broken = tmp_path / "broken.toml"
    broken.write_text("[spaces\n", encoding="utf-8")
    with pytest.raises(MapError, match="broken.toml is not valid TOML"):
        load_map(broken)
    with pytest.raises(AdpDataError, match="map.toml not found"):
        read_toml(tmp_path / "map.toml", AdpDataError, "map.toml")


def test_1_3_6_adjacency_is_symmetric_and_names_known_spaces() -> None:
    with pytest.raises(ValueError, match="'a' - 'b' is not symmetric"):
        check_symmetric({"a": {"b"}, "b": set()}, ValueError, "m")
    with pytest.raises(ValueError, match="unknown neighbour 'c'"):
        check_symmetric({"a": {"c"}}, ValueError, "m")


def test_1_3_6_the_map_is_one_piece() -> None:
    check_connected({"a": {"b"}, "b": {"a"}}, ValueError)
    with pytest.raises(ValueError, match="cannot reach c, d"):
        check_connected({"a": {"b"}, "b": {"a"}, "c": {"d"}, "d": {"c"}}, ValueError)
    with pytest.raises(ValueError, match="'a' is not adjacent to any space"):
        check_connected({"a": set()}, ValueError)


def test_an_adp_map_cut_in_two_is_refused() -> None:
    data = tomllib.loads((DATA_DIR / "map.toml").read_text(encoding="utf-8"))
    # Badakhshan loses every neighbour and every LoC touching it
    cut = "badakhshan"
    for sid, raw in data["spaces"].items():
        raw["adjacent"] = [n for n in raw["adjacent"] if n != cut] if sid != cut else []
    for raw in data["locs"].values():
        raw["adjacent"] = [n for n in raw["adjacent"] if n != cut]
    with pytest.raises(AdpDataError, match="badakhshan"):
        parse_map(data)
