"""The replay: an animated GIF or WebP of a whole game or a range of it, one frame per
card and per Campaign Round, each captioned with the card and the date (the Viceroy's
years) and Campaign; and single frames "as of turn N" as PNG."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.games.gandhi.state import GandhiState
from renders.animate import Format, encode_animation
from renders.draw import fitting_font, to_png
from renders.fonts import Face
from renders.gandhi import style
from renders.gandhi.map import map_image

REPLAY_SCALE = 0.6      # replay frames are 960 x 720 (plus the caption)
CAPTION_H = 44
FRAME_MS = 1200


def captioned(state: GandhiState, caption: str, lang: str, scale: float) -> Image.Image:
    """The map picture, scaled, under a caption bar drawn at the final size."""
    picture = map_image(state, lang)
    if scale != 1:
        size = (round(picture.width * scale), round(picture.height * scale))
        picture = picture.resize(size, Image.Resampling.LANCZOS)
    bar = round(CAPTION_H * max(scale, 0.75))
    image = Image.new("RGB", (picture.width, picture.height + bar), style.INK)
    image.paste(picture, (0, bar))
    f = fitting_font(caption, Face.CONDENSED_BOLD, round(bar * 0.55), picture.width - 24, 11)
    ImageDraw.Draw(image).text((12, bar // 2), caption, font=f, fill=(255, 255, 255),
                               anchor="lm")
    return image


def render_frame(state: GandhiState, caption: str, lang: str = "en") -> bytes:
    """One frame at full size, as PNG."""
    return to_png(captioned(state, caption, lang, 1.0))


def render_replay(frames: Sequence[tuple[GandhiState, str]], fmt: Format = "auto",
                  lang: str = "en", scale: float = REPLAY_SCALE,
                  frame_ms: int = FRAME_MS) -> bytes:
    """An animation of ``(state, caption)`` frames; "auto" keeps the smaller of GIF and
    WebP.  The last frame stays three times as long."""
    return replay_with_format(frames, fmt, lang, scale, frame_ms)[0]


def replay_with_format(frames: Sequence[tuple[GandhiState, str]], fmt: Format = "auto",
                       lang: str = "en", scale: float = REPLAY_SCALE,
                       frame_ms: int = FRAME_MS) -> tuple[bytes, str]:
    images = [captioned(state, text, lang, scale) for state, text in frames]
    durations = [frame_ms] * (len(images) - 1) + [3 * frame_ms]
    return encode_animation(images, durations, fmt)
