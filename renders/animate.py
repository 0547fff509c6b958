"""Animated images (GIF, WebP) from frames, for every game's replay."""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Literal

from PIL import Image

Format = Literal["gif", "webp", "auto"]
WEBP_QUALITY = 70
WEBP_METHOD = 2  # 0 (fast) .. 6 (small); 2 is twice as fast as 4 for 2% more bytes


Durations = int | list[int]


def encode_gif(frames: Sequence[Image.Image], duration_ms: Durations) -> bytes:
    """One palette for all frames (taken from the first), no dithering: the picture's flat
    colours survive, and Pillow stores only the changed box of each frame."""
    first = frames[0].convert("RGB").quantize(255, method=Image.Quantize.MEDIANCUT,
                                               dither=Image.Dither.NONE)
    paletted = [first] + [f.convert("RGB").quantize(palette=first, dither=Image.Dither.NONE)
                          for f in frames[1:]]
    buffer = io.BytesIO()
    paletted[0].save(buffer, format="GIF", save_all=True, append_images=paletted[1:],
                     duration=duration_ms, loop=0)
    return buffer.getvalue()


def encode_webp(frames: Sequence[Image.Image], duration_ms: Durations) -> bytes:
    buffer = io.BytesIO()
    rgb = [f.convert("RGB") for f in frames]
    rgb[0].save(buffer, format="WEBP", save_all=True, append_images=rgb[1:],
                duration=duration_ms, loop=0, quality=WEBP_QUALITY, method=WEBP_METHOD)
    return buffer.getvalue()


def encode_animation(frames: Sequence[Image.Image], duration_ms: Durations = 1000,
                     fmt: Format = "auto") -> tuple[bytes, str]:
    """The animation and its format; "auto" makes both and keeps the smaller.
    ``duration_ms`` is one for all frames or one per frame."""
    if not frames:
        raise ValueError("an animation needs at least one frame")
    if fmt == "gif":
        return encode_gif(frames, duration_ms), "gif"
    if fmt == "webp":
        return encode_webp(frames, duration_ms), "webp"
    gif, webp = encode_gif(frames, duration_ms), encode_webp(frames, duration_ms)
    return (gif, "gif") if len(gif) <= len(webp) else (webp, "webp")
