"""A Distant Plain's focus picture: the part of the map around the spaces and LoCs that
changed, at full size, so that on a phone 400 pixels wide their counts read without
zooming (DESIGN.md §6); under it the strip's lines of those changed places too crowded
for the map, and the tracks.  Nothing changed: the whole map."""

from __future__ import annotations

from PIL import Image

from engine.games.adp.mapdata import default_map
from engine.games.adp.state import AdpState
from renders.adp.layout import Box, load_layout
from renders.adp.map import changed_places, map_image, place
from renders.draw import to_png

MIN_W, MIN_H = 520, 360    # a crop at least this large (it is seen about 400 wide)
MARGIN = 30


def focus_box(changed: frozenset[str]) -> Box | None:
    """The part of the map around ``changed``, at least MIN_W x MIN_H, inside the map."""
    layout, board = load_layout(), default_map()
    points = [p for s in changed if s in layout.polygons for p in layout.polygons[s]]
    points += [p for s in changed if s in board.locs for p in layout.loc_path(board, s)]
    if not points:
        return None
    left = min(x for x, _ in points) - MARGIN
    right = max(x for x, _ in points) + MARGIN
    top = min(y for _, y in points) - MARGIN
    bottom = max(y for _, y in points) + MARGIN
    if right - left < MIN_W:
        grow = MIN_W - (right - left)
        left, right = left - grow // 2, right + grow - grow // 2
    if bottom - top < MIN_H:
        grow = MIN_H - (bottom - top)
        top, bottom = top - grow // 2, bottom + grow - grow // 2
    dx = max(0, -left) - max(0, right - layout.width)
    dy = max(0, -top) - max(0, bottom - layout.map_height)
    left, right, top, bottom = left + dx, right + dx, top + dy, bottom + dy
    return max(0, left), max(0, top), min(layout.width, right), min(layout.map_height, bottom)


def focus_image(before: AdpState, after: AdpState, lang: str = "en") -> Image.Image:
    changed = changed_places(before, after)
    full = map_image(after, lang, changed)
    box = focus_box(changed)
    if box is None:
        return full
    layout = load_layout()
    parts = [full.crop(box)]
    found = place(after, lang)
    rows = [c.box for c in found.chips if c.owner in changed and c.box[1] >= layout.height]
    rows += [lb.box for lb in found.texts if lb.owner == "callout" and lb.kind in changed]
    if rows:   # the changed crowded places' lines in the strip
        parts.append(full.crop((0, min(r[1] for r in rows) - 4, layout.width,
                                max(r[3] for r in rows) + 4)))
    tracks = layout.panel["tracks"]
    victory = layout.panel["victory"]
    parts.append(full.crop((0, tracks[1] - 4, layout.width, victory[3] + 4)))
    width = max(p.width for p in parts)
    image = Image.new("RGB", (width, sum(p.height for p in parts)), (250, 246, 236))
    y = 0
    for part in parts:
        image.paste(part, (0, y))
        y += part.height
    return image


def render_focus(before: AdpState, after: AdpState, lang: str = "en") -> bytes:
    return to_png(focus_image(before, after, lang))
