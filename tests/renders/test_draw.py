"""The shared drawing helpers (``renders.draw``)."""

from __future__ import annotations

from renders.draw import fit_lines, text_width
from renders.fonts import Face, font


def test_fit_lines_shrinks_until_no_line_is_cut_not_only_the_last() -> None:
    """A word too long for the width is cut on whichever line it falls: the first line
    of "Northwest Frontier" was cut ("Northw…") while the last fitted, and kept so."""
    width = text_width("Northwest", font(20, Face.BOLD)) - 1
    lines, f = fit_lines("Northwest Frontier", Face.BOLD, 20, width, 2)
    assert lines == ["Northwest", "Frontier"]
    assert int(f.size) < 20 and all(text_width(line, f) <= width for line in lines)
