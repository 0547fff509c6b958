"""Asia Crossroads' pictures as the service asks for them (``engine.pictures``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from engine.core.events import Recorded
from engine.core.fold import Folder
from engine.core.ruleset import Ruleset
from engine.games.asia_crossroads import events as ev
from engine.games.asia_crossroads.narrate import narrate
from engine.games.asia_crossroads.state import AsiaState
from engine.pictures import register
from renders.animate import encode_animation
from renders.asia_crossroads.map import changed_squares, map_image, render_map
from renders.draw import to_png
from renders.fonts import Face, font


@dataclass(frozen=True)
class Frame:
    state: AsiaState
    seq: int
    turn: str


def frames_of(ruleset: Ruleset[Any], records: Sequence[Recorded]) -> list[Frame]:
    """A frame at the start of every turn and at the end, of the effective history, as
    every player may see it (``view(state, None)``: no treasury)."""
    effective = Folder(ruleset, keep_all=True)
    effective.apply_all(list(records))
    folder = Folder(ruleset)
    frames: list[Frame] = []

    def snap() -> None:
        game: AsiaState = ruleset.view(ruleset.clone(folder.state.game), None)
        label = game.turns[game.turn - 1] if game.turns and game.turn else ""
        frames.append(Frame(game, folder.state.seq, label))
    for record in effective.effective:
        if isinstance(record.event, ev.TurnBegan) and folder.state.seq and \
                folder.state.game.turn:
            snap()
        folder.apply(record)
    if folder.state.seq:
        snap()
    return frames


class AsiaPictures:
    def map(self, state: AsiaState, lang: str,
            highlight: frozenset[str] = frozenset()) -> bytes:
        return render_map(state, lang, highlight)

    def digest(self, before: AsiaState, after: AsiaState, records: Sequence[Recorded],
               lang: str, notes: Mapping[int, str] | None = None) -> tuple[bytes, str]:
        return render_map(after, lang, changed_squares(before, after)), narrate(
            records, lang, notes)

    def focus(self, before: AsiaState, after: AsiaState, records: Sequence[Recorded],
              lang: str) -> bytes:
        return render_map(after, lang, changed_squares(before, after))

    def frames(self, ruleset: Ruleset[Any], records: Sequence[Recorded]) -> list[Frame]:
        return frames_of(ruleset, records)

    def caption(self, frames: Sequence[Any], n: int, lang: str) -> str:
        frame: Frame = frames[n]
        return f"{n + 1}/{len(frames)} · {frame.turn}"

    def frame(self, state: AsiaState, text: str, lang: str) -> bytes:
        return to_png(_captioned(state, text, lang))

    def replay(self, frames: Sequence[tuple[AsiaState, str]], fmt: str,
               lang: str) -> tuple[bytes, str]:
        images = [_captioned(s, c, lang).resize((512, 456)) for s, c in frames]
        return encode_animation(images, 1200, fmt)  # type: ignore[arg-type]


def _captioned(state: AsiaState, text: str, lang: str) -> Image.Image:
    image = map_image(state, lang)
    draw = ImageDraw.Draw(image)
    draw.text((image.width - 300, image.height - 40), text, font=font(22, Face.BOLD),
              fill=(30, 30, 30))
    return image


register("asia_crossroads", AsiaPictures())
