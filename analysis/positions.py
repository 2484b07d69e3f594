"""Positions from what a user gives: an open deal (the hands after the pass, the cards played,
the rules), or a deal of a game record with the plays made or another line of play.

The command line (``hearts solve``, ``hearts play``) and the web board's HTTP API
(:mod:`hearts.analysis.web`) read their inputs through these functions, so the same input gets
the same position and the same one-line error. Errors about one argument start with its name
and carry it in :attr:`HeartsError.argument` (``played: unknown card "1X"``); a front end with
names of its own for the arguments puts them in.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Iterable, Sequence

from hearts.solver.cards import Card, CardError, parse_cards
from hearts.solver.deal import Deal
from hearts.solver.errors import HeartsError, IllegalPlayError, RulesError
from hearts.solver.position import Position
from hearts.solver.rules import Rules
from hearts.solver.words import counted

from .records import DealRecord, GameRecord, Play

__all__ = ["PositionInputError", "RecordDeal", "deal_and_rules", "find_deal", "open_position",
           "parse_played"]


class PositionInputError(HeartsError):
    """A position that cannot be taken from the input: no such deal in the record, a play
    count outside the deal, plays given twice."""


def deal_and_rules(deal_text: str, spec: str) -> tuple[Deal, Rules, str]:
    """The deal of ``deal_text`` and the rules of ``spec`` at its table: a deal of n hands
    (clockwise from A) says how many play, so a spec that does not set ``players`` gets
    ``players=n`` added (``A:<3 hands>`` under ``standard`` is ``standard,players=3``). Returns
    the deal, the rules and the spec they were read from (for the headers that show it).

    A spec that sets ``players`` is kept as it is: a deal of another table is then the
    :class:`~hearts.solver.Position`'s error ("the deal has 3 hands, the rules are for 5
    players").

    Raises:
        RulesError: a bad spec. InvalidDealError: a bad deal.
    """
    rules = Rules.parse(spec)
    deal = Deal(deal_text)
    if deal.players != rules.players and "players" not in spec:
        spec = f"{spec},players={deal.players}"
        rules = Rules.parse(spec)
    return deal, rules, spec


def parse_played(played: "str | Iterable[Card | str]") -> list[Card]:
    """The cards of ``played``: a text ``"2C 3C AC 4C"`` or a list of cards.

    Raises:
        CardError: ``played: unknown card "1X"`` (argument ``played``).
    """
    try:
        if isinstance(played, str):
            return parse_cards(played)
        return [Card(c) for c in played]
    except CardError as err:
        raise CardError(f"played: {err}", argument="played") from None


def open_position(deal: str, played: "str | Iterable[Card | str]" = "",
                  rules: str | None = None) -> tuple[Rules, Position]:
    """The rules and the position of an open deal: ``deal`` the hands after the pass (PBN),
    ``played`` the cards played from the first lead, ``rules`` a spec (default standard; the
    table size comes from the deal unless the spec sets it, :func:`deal_and_rules`).

    Raises:
        CardError: a bad card in ``played`` (the message starts with ``played:``).
        IllegalPlayError: an illegal play in ``played`` (``card 5 of played ("5H"): ...``).
        InvalidDealError, RulesError: a bad deal or rules spec.
        Each carries the argument it is about in :attr:`HeartsError.argument` (``played``,
        ``deal``, ``rules``), for a front end that names its own fields.
    """
    cards = parse_played(played)
    try:
        the_deal, the_rules, _ = deal_and_rules(deal, rules or "standard")
    except HeartsError as err:
        err.argument = err.argument or ("rules" if isinstance(err, RulesError) else "deal")
        raise
    try:
        return the_rules, Position(the_deal, the_rules, cards)
    except IllegalPlayError as err:
        raise _played_error(err) from None


def _played_error(err: IllegalPlayError) -> IllegalPlayError:
    """An illegal play of ``played``, named as ``hearts solve`` names one of ``--played``:
    ``card 5 of played ("5H"): North may not lead 5H: hearts are not broken``."""
    if err.index is None:
        return err
    named = IllegalPlayError(f'card {err.index} of played ("{err.card}"): {err.reason}',
                             card=err.card, reason=err.reason, index=err.index)
    named.argument = "played"
    return named


@dataclass(frozen=True)
class RecordDeal:
    """One deal of a record and a line of play in it (:func:`find_deal`).

    Attributes:
        game: the game it is in. number: its number in the input, 1-based, counting every
        deal of every game (as ``hearts play --deal N``). deal: the deal's record with
        ``plays`` the line asked for (the recorded plays, a prefix of them, or a what-if
        line). rules: the game's rules (or those given). totals: the game's totals before
        the deal (N, E, S, W), None when an earlier deal of the game is unfinished.
        position: the position after the line.
    """

    game: GameRecord
    number: int
    deal: DealRecord
    rules: Rules
    totals: tuple[int, int, int, int] | None
    position: Position


def find_deal(games: Sequence[GameRecord], deal_number: int = 1, *, at: int | None = None,
              played: "str | Iterable[Card | str] | None" = None,
              rules: Rules | None = None) -> RecordDeal:
    """Deal ``deal_number`` of ``games`` (1-based, every deal of every game counted) and the
    position after ``at`` of its recorded plays (default: all of them), or after the line
    ``played`` (the cards played from the first lead, recorded or not: a what-if line).

    Raises:
        PositionInputError: no such deal (``deal_number 3: the record holds 2 deals``), ``at``
            outside ``0..plays``, ``at`` and ``played`` both given.
        CardError, IllegalPlayError: a bad card or an illegal play in ``played`` (``card 5
            of played ("QS"): ...``).
    """
    deals = [(game, index, deal) for game in games for index, deal in enumerate(game.deals)]
    if isinstance(deal_number, bool) or not 1 <= deal_number <= len(deals):
        raise PositionInputError(f"deal_number {deal_number}: the record holds "
                                 f"{counted(len(deals), 'deal')}", argument="deal_number")
    game, index, deal = deals[deal_number - 1]
    scores = game.scores()
    totals = (0, 0, 0, 0) if index == 0 else scores[index - 1]
    the_rules = rules if rules is not None else game.rules
    recorded = deal.cards
    if played is not None:
        if at is not None:
            raise PositionInputError("give at (the recorded plays made) or played (a line of "
                                     "play), not both", argument="at")
        cards = parse_played(played)
    else:
        if at is None:
            at = len(recorded)
        if isinstance(at, bool) or not 0 <= at <= len(recorded):
            raise PositionInputError(f"at {at}: deal {deal_number} records "
                                     f"{counted(len(recorded), 'play')} (give 0.."
                                     f"{len(recorded)})", argument="at")
        cards = recorded[:at]
    try:
        position = Position(deal.deal, the_rules, cards, first_leader=deal.first_leader,
                            pass_direction=deal.direction)
    except IllegalPlayError as err:
        if played is None:
            raise
        raise _played_error(err) from None
    # The line as the deal's plays: its recorded part keeps their comments and marks.
    common = 0
    while common < min(len(cards), len(recorded)) and cards[common] == recorded[common]:
        common += 1
    if common == len(cards) == len(recorded):
        line = deal
    else:
        plays = deal.plays[:common] + [Play(card) for card in cards[common:]]
        line = replace(deal, plays=plays, points=None)
    return RecordDeal(game, deal_number, line, the_rules, totals, position)
