"""Reset Phase (6.5), in the order listed."""

from __future__ import annotations

from engine.core.actions import Action
from engine.core.chance import Chance
from engine.core.events import Event
from engine.core.messages import Msg
from engine.games.gandhi.derived import board, protests_for_events
from engine.games.gandhi.effects import advance, begin, reveal, track_to
from engine.games.gandhi.events import (
    CrisisPlacementDue,
    EligibilitySet,
    MarkerSet,
    PiecesFlipped,
)
from engine.games.gandhi.flow import Ask, step
from engine.games.gandhi.pieces import (
    CONGRESS,
    CONGRESS_ACTIVISTS,
    FACTIONS,
    GUERRILLAS_ACTIVE,
    GUERRILLAS_UNDERGROUND,
)
from engine.games.gandhi.seating import is_non_player
from engine.games.gandhi.state import GandhiState
from engine.games.gandhi.vocabulary import verb

PROTEST = verb("protest")

FINAL = 1  # Campaign cards left in the draw deck when the next one is the final Campaign


@step("reset")
class Reset:
    def ask(self, state: GandhiState) -> None:
        return None

    def act(self, state: GandhiState, action: Action, chance: Chance) -> list[Event]:
        return []

    def auto(self, state: GandhiState, chance: Chance) -> list[Event]:
        events: list[Event] = []
        for sid in board(state).spaces:
            sp = state.space(sid)
            # 1. Protests return to their boxes (Activists turn Inactive with them, 1.4.3)
            if sp.protest:
                events.append(MarkerSet(space=sid, marker="protest", value=0))
            # 2. one Unrest leaves each space without Guerrillas; Guerrillas go Underground
            guerrillas = sp.count(GUERRILLAS_ACTIVE) + sp.count(GUERRILLAS_UNDERGROUND)
            if sp.unrest and not guerrillas:
                events.append(MarkerSet(space=sid, marker="unrest", value=sp.unrest - 1))
            if sp.count(GUERRILLAS_ACTIVE):
                events.append(PiecesFlipped(space=sid, kind=GUERRILLAS_ACTIVE,
                                            to_kind=GUERRILLAS_UNDERGROUND,
                                            count=sp.count(GUERRILLAS_ACTIVE)))
            # 3. all Strikes leave
            if sp.strike:
                events.append(MarkerSet(space=sid, marker="strike", value=0))
        # 4. Restraint and Unity = Campaign cards left in the draw deck
        tracks = [*track_to(state, "restraint", state.campaigns_in_deck),
                  *track_to(state, "unity", state.campaigns_in_deck)]
        # 6.8 leading into the final Campaign the Reset triggers a Crisis by itself: a track
        # set to 1 here does it in the fold; with both at 1 already nothing is set, so say so
        if state.campaigns_in_deck == FINAL and not tracks:
            tracks.append(CrisisPlacementDue(due=True))
        events += tracks
        # 5. all Factions Eligible; the new top card is revealed
        events.append(EligibilitySet(eligible={f: True for f in FACTIONS}))
        # 8.9.4 a Non-player Congress places a Protest at the end of the Reset Phase
        following = begin("np_protest", CONGRESS) if is_non_player(state, CONGRESS) \
            else begin("card_check")
        return [*events, *advance(state), *reveal(state, chance), following]


def np_protest_spaces(state: GandhiState) -> list[str]:
    """8.9.4 Spaces with Congress Activists and no Protest (while a marker is left)."""
    if protests_for_events(state) <= 0:
        return []
    return [s for s in board(state).spaces
            if state.space(s).count(CONGRESS_ACTIVISTS) and not state.space(s).protest]


@step("np_protest")
class NonPlayerProtest:
    """8.9.4 If Congress is a Non-player Faction, at the end of the Reset Phase it places a
    Protest marker in one space with Congress Activists (``protest <space>``)."""

    def ask(self, state: GandhiState) -> Ask | None:
        spaces = np_protest_spaces(state)
        if not spaces:
            return None
        return Ask(CONGRESS, Msg("gandhi.np.prompt.reset_protest"),
                   tuple(PROTEST(space=s) for s in spaces))

    def act(self, state: GandhiState, action: Action, chance: Chance) -> list[Event]:
        return [MarkerSet(space=action["space"], marker="protest", value=1),
                begin("card_check")]

    def auto(self, state: GandhiState, chance: Chance) -> list[Event]:
        return [begin("card_check")]
