"""A Distant Plain's pictures as the service asks for them (``engine.pictures``):
registered under the ruleset's name when ``renders`` is imported.  The map and its digest
(the changed spaces and LoCs outlined, the story from the ruleset's narration), replay
frames at every card and the animation."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from engine.coin.events import CardAdvanced
from engine.core.events import Recorded
from engine.core.fold import Folder
from engine.core.ruleset import Ruleset
from engine.games.adp.narrate import digest_text
from engine.games.adp.state import AdpState
from engine.games.adp.turn import card_label
from engine.i18n import t
from engine.pictures import register
from renders.adp.focus import render_focus
from renders.adp.map import changed_places, map_image, render_map
from renders.animate import encode_animation
from renders.draw import ellipsize, to_png
from renders.fonts import Face, font

CAPTION = 44
REPLAY_WIDTH = 600


@dataclass(frozen=True)
class Frame:
    state: AdpState
    seq: int
    card: str | None


def frames_of(ruleset: Ruleset[Any], records: Sequence[Recorded]) -> list[Frame]:
    """A frame at the setup, before every card played after it, and at the end, of the
    effective history (undone events left out, as the fold does)."""
    effective = Folder(ruleset, keep_all=True)
    effective.apply_all(list(records))
    folder = Folder(ruleset)
    frames: list[Frame] = []

    def snap() -> None:
        game: AdpState = ruleset.clone(folder.state.game)
        frames.append(Frame(game, folder.state.seq, game.current))
    for record in effective.effective:
        if isinstance(record.event, CardAdvanced) and folder.state.seq:
            snap()
        folder.apply(record)
    if folder.state.seq and (not frames or frames[-1].seq != folder.state.seq):
        snap()
    return frames


def caption(frame: Frame, n: int, total: int, lang: str) -> str:
    card = (card_label(frame.card, frame.state.pack) if frame.card
            else t("renders.adp.map.setup", lang))
    return t("renders.adp.map.frame", lang, n=n + 1, total=total, card=card)


def captioned(state: AdpState, text: str, lang: str) -> Image.Image:
    """The map with a caption line under it."""
    picture = map_image(state, lang)
    image = Image.new("RGB", (picture.width, picture.height + CAPTION), (250, 246, 236))
    image.paste(picture, (0, 0))
    f = font(26, Face.BOLD)
    ImageDraw.Draw(image).text((10, picture.height + 8), ellipsize(text, f, picture.width - 20),
                               font=f, fill=(40, 32, 24))
    return image


class AdpPictures:
    def map(self, state: AdpState, lang: str,
            highlight: frozenset[str] = frozenset()) -> bytes:
        return render_map(state, lang, highlight)

    def digest(self, before: AdpState, after: AdpState, records: Sequence[Recorded],
               lang: str, notes: Mapping[int, str] | None = None) -> tuple[bytes, str]:
        return (render_map(after, lang, changed_places(before, after)),
                digest_text(after, records, lang, notes))

    def focus(self, before: AdpState, after: AdpState, records: Sequence[Recorded],
              lang: str) -> bytes:
        return render_focus(before, after, lang)

    def frames(self, ruleset: Ruleset[Any], records: Sequence[Recorded]) -> list[Frame]:
        return frames_of(ruleset, records)

    def caption(self, frames: Sequence[Any], n: int, lang: str) -> str:
        return caption(frames[n], n, len(frames), lang)

    def frame(self, state: AdpState, text: str, lang: str) -> bytes:
        return to_png(captioned(state, text, lang))

    def replay(self, frames: Sequence[tuple[AdpState, str]], fmt: str,
               lang: str) -> tuple[bytes, str]:
        images = []
        for state, text in frames:
            image = captioned(state, text, lang)
            height = image.height * REPLAY_WIDTH // image.width
            images.append(image.resize((REPLAY_WIDTH, height), Image.Resampling.LANCZOS))
        return encode_animation(images, 1200, fmt)  # type: ignore[arg-type]


register("adp", AdpPictures())
