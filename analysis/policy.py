"""A fast rule bot for Hearts play: the policy of the ``rollout`` evaluator.

:func:`rule_play` picks one card for the seat to move from what that seat can see (its own
hand, the cards already played, the trick on the table); it never looks at the other hands.
It is deterministic (no randomness; ties go to the lower suit ♣ < ♦ < ♥ < ♠), so a rollout
of a sampled deal is reproducible. It is a simple heuristic player of the kind used as the
default policy of Monte Carlo rollouts (Sturtevant 2008, "An Analysis of UCT in
Multi-Player Games", CG 2008, used rule-based Hearts playouts), not a strong player: it is
there to carry a deal from an early position to where the exact solver takes over.

The rules, in order (only legal cards are ever considered; a single legal card is played):

* **Leading** ("lead low"): the lowest-ranked legal card, avoiding Q♠ always, and A♠ and K♠
  while Q♠ is still out (neither played nor in the bot's hand), unless nothing else is legal.
* **Following** the suit led:

  - *duck*: if a legal card ranks below the card winning the trick so far, play the highest
    such card (this also drops Q♠ under a higher spade);
  - otherwise, *last to play*: win with the highest legal card, keeping Q♠ back if another
    card wins as well (the trick is taken anyway, so the high card goes);
  - otherwise (a later seat may still win): the lowest legal card, keeping Q♠ back.
* **Discarding** (void in the suit led): Q♠ if legal; else A♠ or K♠ (highest first) while Q♠
  is still out; else the highest heart; else the highest card, from the suit in which the bot
  holds the fewest cards (to make a void).

Ranks compare within a suit (2 < … < A); "lowest-ranked" across suits compares ranks, then the
suit order above.
"""
from __future__ import annotations

from hearts.solver.cards import SUIT_MASKS, Card, Suit, cards_from_mask
from hearts.solver.position import Position, trick_winner

__all__ = ["rule_play", "play_out"]

_QS = Card("QS")
_KS = Card("KS")
_AS = Card("AS")
_HEARTS = SUIT_MASKS[Suit.HEARTS]


def _lowest(cards: list[Card]) -> Card:
    return min(cards, key=lambda c: (c.rank, c.suit))


def rule_play(position: Position) -> Card:
    """The rule bot's card for the seat to move in ``position`` (rules in the module docstring).

    Raises:
        IndexError: the deal is over (no legal card).
    """
    legal_mask = position.legal_mask()
    legal = cards_from_mask(legal_mask)
    if len(legal) == 1:
        return legal[0]
    if not legal:
        raise IndexError("the deal is over: no card to play")
    seat = position.to_move
    hand = position.hands[seat]
    played = 0
    for card in position.history:
        played |= card.mask
    queen_out = not (played | hand) & _QS.mask
    trick = position.trick
    if not trick:
        avoid = _QS.mask | ((_AS.mask | _KS.mask) if queen_out else 0)
        safe = [c for c in legal if not c.mask & avoid]
        return _lowest(safe or legal)
    led = trick[0].suit
    if legal_mask & SUIT_MASKS[led]:
        winner = trick[(int(trick_winner(trick, position.leader)) - int(position.leader)) % 4]
        under = [c for c in legal if c.rank < winner.rank]
        if under:
            return max(under, key=lambda c: c.rank)
        keep = [c for c in legal if c is not _QS] or legal
        if len(trick) == 3:
            return max(keep, key=lambda c: c.rank)
        return min(keep, key=lambda c: c.rank)
    # Discarding.
    if legal_mask & _QS.mask:
        return _QS
    if queen_out:
        for card in (_AS, _KS):
            if legal_mask & card.mask:
                return card
    hearts = [c for c in legal if c.mask & _HEARTS]
    if hearts:
        return max(hearts, key=lambda c: c.rank)
    length = {s: (hand & SUIT_MASKS[s]).bit_count() for s in Suit}
    return max(legal, key=lambda c: (c.rank, -length[c.suit], -c.suit))


def play_out(position: Position, tricks_left: int) -> Position:
    """Play ``position`` forward with :func:`rule_play` for every seat until at most
    ``tricks_left`` tricks are left and a trick is about to start (or the deal is over).

    The position is changed in place and returned.
    """
    stop = 13 - tricks_left
    while not position.is_over() and (position.trick or position.tricks_played < stop):
        position.play(rule_play(position), check=False)
    return position
