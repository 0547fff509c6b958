"""The physical rules even an Event must keep in A Distant Plain (5.1.1 and 1.4.2): the
shared checks (``engine.coin.physical``: supply, presence, track and Resources bounds) and
ADP's own -- at most 2 Bases in a Province or Kabul and none on LoCs, only Taliban pieces
in Pakistan, Support/Opposition only in Kabul and Afghan Provinces of Pop 1 or more, the
Terror/Sabotage and +1 Pop markers and where they stand."""

from __future__ import annotations

from engine.coin.physical import Physical
from engine.core.messages import Msg
from engine.games.adp.derived import available, bases, board, pop, terror_sabotage_left
from engine.games.adp.spec import BASES, RETURNEES_MARKERS, SPEC
from engine.games.adp.state import AdpState

MAX_BASES = 2      # 1.4.2


def piece(kind: str) -> Msg:
    return Msg(f"adp.value.piece.{kind}") if kind in SPEC.pieces else Msg(f"adp.box_kind.{kind}")


def space(sid: str) -> Msg:
    return Msg("adp.misc.place", name=board().name(sid))


PHYSICAL: Physical[AdpState] = Physical(SPEC, available, piece=piece, space=space,
                                        prefix="adp")


def reason(why: str, **params: object) -> Msg:
    return Msg(f"adp.reason.{why}", **params)


def entry_problem(state: AdpState, kind: str, count: int, sid: str) -> Msg | None:
    """1.4.2 Where pieces may enter: Bases never on LoCs and at most 2 in a space; only
    Taliban pieces in Pakistan."""
    b = board()
    if kind in BASES:
        if sid in b.locs:
            return reason("base_on_loc")
        room = MAX_BASES - bases(state.space(sid))
        if count > room:
            return reason("base_stacking", space=space(sid), room=room)
    if sid in b.spaces and b.spaces[sid].is_pakistan and SPEC.owner(kind) != "taliban":
        return reason("pakistan", space=space(sid))
    return None


def support_problem(state: AdpState, sid: str, delta: int) -> Msg | None:
    """1.6.1 Only Kabul and Afghan Provinces of Pop 1+ show Support or Opposition."""
    b = board()
    if sid in b.locs or b.spaces[sid].is_pakistan or pop(state, sid) == 0:
        return reason("no_support", space=space(sid))
    return PHYSICAL.support_bounds_problem(state, sid, delta)


def marker_problem(state: AdpState, marker: str, sid: str, on: bool) -> Msg | None:
    """3.3.4 Terror in Provinces and Kabul (several), Sabotage on LoCs (one each), from one
    pool of 30; 4.3.1 one +1 Pop marker per space, 6 in all, never removed."""
    b, sp = board(), state.space(sid)
    is_loc = sid in b.locs
    if marker == "sabotage":
        if not is_loc:
            return reason("sabotage_locs")
        if sp.sabotage == on:
            return reason("marker_there" if on else "no_marker", space=space(sid),
                          marker=Msg("adp.marker.sabotage"))
    elif is_loc:
        return reason("not_on_locs", marker=Msg(f"adp.marker.{marker}"))
    elif marker == "terror" and not on and not sp.terror:
        return reason("no_marker", space=space(sid), marker=Msg("adp.marker.terror"))
    elif marker == "returnees":
        if not on:
            return reason("returnees_permanent")
        if sp.returnees:
            return reason("marker_there", space=space(sid), marker=Msg("adp.marker.returnees"))
        if sum(s.returnees for s in state.spaces.values()) >= RETURNEES_MARKERS:
            return reason("no_markers_left", marker=Msg("adp.marker.returnees"))
    if on and marker in ("terror", "sabotage") and terror_sabotage_left(state) <= 0:
        return reason("no_markers_left", marker=Msg(f"adp.marker.{marker}"))
    return None
