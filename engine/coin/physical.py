"""The physical rules even an Event must keep (COIN 5.1.1, 5.1.4) that every COIN game
shares, as checks returning why an edit is impossible (a translatable ``Msg``) or None:
pieces that are not in the box named or not in the space, tracks, Resources and Support
levels beyond their bounds.  A game's own (stacking, marker supplies...) stay with it.

Reasons are the game's catalogue keys ``<game>.reason.<why>``; ``piece``/``space``/``box``
give a piece kind's, a space's and a box's names as messages.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Generic, TypeVar

from engine.coin.spec import AVAILABLE, CoinSpec
from engine.coin.state import CoinState
from engine.core.messages import Msg

S = TypeVar("S", bound=CoinState[Any])


class Physical(Generic[S]):
    def __init__(self, spec: CoinSpec, available: Callable[[S], Mapping[str, int]], *,
                 piece: Callable[[str], Msg], space: Callable[[str], Msg],
                 prefix: str | None = None) -> None:
        self.spec, self.available = spec, available
        self.piece, self.space = piece, space
        self.prefix = prefix or spec.name

    def reason(self, why: str, **params: Any) -> Msg:
        return Msg(f"{self.prefix}.reason.{why}", **params)

    def in_box(self, state: S, box: str, kind: str) -> int:
        """Pieces of a box kind in Available (derived) or a stored box."""
        if box == AVAILABLE:
            return self.available(state)[kind]
        return state.box(box).get(kind, 0)

    def supply_problem(self, state: S, box: str, kind: str, count: int) -> Msg | None:
        """5.1.1 Events never place pieces that are not Available (or in the box named)."""
        have = self.in_box(state, box, kind)
        if count > have:
            return self.reason("not_in_box", have=have, piece=self.piece(kind),
                               box=Msg(f"{self.prefix}.box.{box}"))
        return None

    def presence_problem(self, state: S, kind: str, count: int, sid: str) -> Msg | None:
        """Pieces removed, moved or flipped must be there."""
        have = state.space(sid).count(kind)
        if count > have:
            return self.reason("not_there", have=have, piece=self.piece(kind),
                               space=self.space(sid))
        return None

    def track_problem(self, state: S, name: str, delta: int) -> Msg | None:
        """5.1.4 A track stays within its bounds (the spec's)."""
        if not self.spec.tracks[name].holds(getattr(state, name) + delta):
            return self.reason("track_bounds", track=Msg(f"{self.prefix}.track.{name}"))
        return None

    def resources_problem(self, state: S, faction: str, delta: int) -> Msg | None:
        """1.8 Resources stay within the spec's bounds."""
        if not self.spec.resources.holds(state.resources.get(faction, 0) + delta):
            return self.reason("resources_bounds",
                               faction=Msg(f"{self.prefix}.faction.{faction}"))
        return None

    def support_bounds_problem(self, state: S, sid: str, delta: int) -> Msg | None:
        """1.6.1 Support stays between Active Opposition and Active Support."""
        bounds = self.spec.support
        level: int = getattr(state.space(sid), "support", 0)
        if bounds is not None and not bounds.holds(level + delta):
            return self.reason("support_end", space=self.space(sid))
        return None
