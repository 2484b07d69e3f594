"""The rules of a deal: one frozen object holding every option of ``rules.md``.

:class:`Rules` covers every option of the sections "Players and deck", "Passing", "Trick play",
"Point cards", "Moon and sun" and "Game end", for 3 to 7 players. Each field names its source;
where sources disagree, each reading is a value of one field. The derived tables
(:meth:`Rules.point_values`, the masks, :meth:`Rules.deck`) are computed once per object; the
Cython core reads the field values and these tables. The deck is in :mod:`.deck`, the pass
schemes in :mod:`.passing`, the game-level rules (running totals, moon choice, game end) in
:mod:`.game`; ``docs/variants.md`` describes them all.

Terms used below:

- *point value* of a card: :meth:`Rules.point_values`, indexed by card bit. A card removed
  from the deck (``card_removal``) is not in play and has value 0.
- *penalty card*: a card with a **positive** point value (hearts, Q♠; J♠ in Black Jack). A
  *bonus card* (10♦/J♦ of Omnibus) has a negative value and is not a penalty card.
- ``penalty_mask()``: cards with a **nonzero** value (penalty and bonus cards): every card whose
  capture changes a score.
- ``positive_mask()``: the penalty cards. The first-trick rule, ``hearts_broken_by="any_penalty"``
  and ``can_lead_hearts_instead_of_qs`` use it.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, ClassVar, Mapping

from . import deck as _deck
from .cards import DECK_MASK, SUIT_MASKS, Card, Suit, cards_from_mask, parse_cards
from .errors import CardError, HeartsError, RulesError
from .seats import PassDirection, Seat, table_seats

__all__ = ["Rules", "OPENSPIEL_PARAMETERS", "OPTION_SOURCES", "PRESET_SOURCES"]

_HEARTS = Suit.HEARTS
_QS = Card("QS")
_JS = Card("JS")
_QH = Card("QH")

#: The largest point value (and award) an option may set, either sign. The search core keeps
#: points and table bounds in 16-bit integers: 4 special cards, the hearts, the moon, sun and
#: no-trick awards at this limit stay far below its infinity (30,000).
POINTS_LIMIT = 1000
#: The highest game target: the game model keeps totals within ±400 (``solve.game_spec``), and
#: ``--target`` takes 1..400.
TARGET_LIMIT = 400
_POINT_OPTIONS = ("queen_of_spades", "jack_of_spades", "queen_of_hearts", "bonus_points",
                  "no_trick_bonus", "moon_points", "sun_points")

_FIRST_LEADS = ("two_of_clubs", "any_club", "any_card")
_BREAKS = ("hearts", "hearts_or_queen", "any_penalty")
_HEART_SCALES = ("one", "spot", "double_eagle")
_MOONS = ("old", "new", "choice", "none", "void")
_SUNS = ("none", "all_tricks", "last_twelve")
_SUN_PAYERS = ("all", "passer")
_SETTLEMENTS = ("points", "sweepstake", "howell")
_PASS_SCHEMES = ("standard", "left", "left_right", "hold", "scatter", "star", "rotating",
                 "shuffle")

#: OpenSpiel ``hearts`` game parameters and their defaults (OpenSpiel's own names).
OPENSPIEL_PARAMETERS: dict[str, bool] = {
    "pass_cards": True,
    "no_pts_on_first_trick": True,
    "can_lead_any_club": False,
    "jd_bonus": False,
    "avoid_all_tricks_bonus": False,
    "must_break_hearts": True,
    "qs_breaks_hearts": True,
    "can_lead_hearts_instead_of_qs": False,
}


def _spot_value(rank: int) -> int:
    """Spot Hearts: A 14, K 13, Q 12, J 11, pips at face value."""
    return rank


def _double_eagle_value(rank: int) -> int:
    """The Double/Eagle scale of ``rules.md``: A 5, K 4, Q 3, J 2, pips 1."""
    return {14: 5, 13: 4, 12: 3, 11: 2}.get(rank, 1)


@dataclass(frozen=True)
class Rules:
    """Every rules option of a game of 3 to 7 players; immutable and hashable.

    Build it with a preset (``Rules.standard()``, ``Rules.preset("pink_lady")``), from
    text (``Rules.parse("openspiel,qs_breaks_hearts=false")``), from OpenSpiel parameters
    (``Rules.openspiel(jd_bonus=True)``), or directly (``Rules(moon="new")``).
    ``repr`` shows only the fields that differ from the defaults and round-trips.

    Raises:
        RulesError: a field has a bad type or value (the message names the field); the
            point values and awards (``queen_of_spades`` ... ``sun_points``) must lie within
            ±``POINTS_LIMIT`` (1,000), the range the search core's 16-bit points hold exactly.

    Fields -- players and deck (``rules.md`` "Players and deck"; :mod:`.deck`):
        players: number of players, 3..7 (standard 4). Seats of a 4-player table are
            :class:`~.seats.Seat` N, E, S, W; other tables use ints 0..n-1 written A, B, C, …
            (:func:`~.seats.table_seats`), clockwise in increasing order.
        card_removal: which cards come out so that the hands are equal, by source:
            ``"morehead2001"`` (default; 2♣, 2♦, 3♣, 2♠ in that order, 3..6 players),
            ``"culbertson1950"`` (2♣, 2♦, 2♠, 2♥ in that order, 3..7 players), ``"foster1909"``
            (3: 2♠; 5: 2♣ 2♠; 6: all four 2s), ``"pagat"`` (3: 2♦; 5: 2♦ 2♣; 6: 2♦ 3♦ 3♣ 4♣;
            7: 2♦ 3♦ 3♣), or ``"kitty"`` (Morehead 2001's alternative: nothing is removed, the
            ``52 mod n`` leftover cards go to the winner of trick 1). No card is removed with 4
            players. A reading that gives no rule for ``players`` is an error. See :meth:`deck`,
            :meth:`removed_cards`, :meth:`kitty_size`.
        kitty_seen: the winner of trick 1 may look at the kitty before it is added to its
            tricks (Morehead 2001: "who may be allowed to see it"). Recorded for the game
            layer; in double-dummy play every card is seen anyway. Needs ``card_removal="kitty"``.

    Fields -- passing (``rules.md`` "Passing"; :mod:`.passing` gives the receivers per deal):
        pass_count: cards each player passes in a directional pass. Default (``None`` when
            built): 3, or 2 with more than 4 players (``rules.md``: "2 cards with more than 4
            players"); give 3 explicitly for the other reading. A scatter or star pass fixes
            its own count (one card to each receiver).
        pass_scheme: which way the cards go, by deal number (first deal 0):
            ``"standard"`` -- left, right, across, hold (Morehead 2001); with other than 4
            players, where there is no seat across, left and right alternately (Pagat for
            ≠ 4 players); ``"left"`` -- always left (Foster 1909); ``"left_right"`` -- left,
            right alternately (Culbertson 1950's alternative); ``"hold"`` -- never pass
            (OpenSpiel ``pass_cards=false``); ``"scatter"`` -- the standard scheme with every
            4th deal a scatter (one card to each opponent) instead of the hold; ``"star"`` --
            5 players: 2 cards, one each to the two players opposite (every deal);
            ``"rotating"`` -- 1 seat left, 2 seats left, …, n-1 seats left, then a hold, and
            again (our reading: the hold closes the cycle, as the standard scheme's does);
            ``"shuffle"`` -- pass shuffle: the passed cards are pooled, shuffled and dealt back
            ``pass_count`` to each (a player may get its own cards back).
        pass_count_by_dealer: dealer's choice of the count (``rules.md``: "3 cards, 2 cards with
            more than 4 players, or dealer's choice"): each deal's count is given with the deal
            (``pass_plan(rules, number, count=...)``); ``pass_count`` is then only a default
            for callers that have no choice to give.
        no_pass_cards: cards that may not be passed ("some tables forbid passing certain cards
            (2♣, Q♠ or A♥)"), as text such as ``"2C QS"``; ``None`` = any card. Stored in
            canonical text (ascending, space-separated; ``+`` also separates on input).

    Fields -- trick play (``rules.md`` "Trick play"):
        first_lead: ``"two_of_clubs"`` -- the holder of 2♣ leads it (standard; when 2♣ is
            removed or in the kitty, the lowest club in play: Morehead 2001, Culbertson 1950);
            ``"any_club"`` -- the holder of 2♣ leads any club (OpenSpiel ``can_lead_any_club``);
            ``"any_card"`` -- the player left of the dealer leads any card (Foster 1909,
            Culbertson 1950); that seat is ``Position(first_leader=...)``, default North. The
            ordinary leading rule (hearts not broken) and the first-trick rule apply to that lead.
        no_points_on_first_trick: no penalty card (positive point value: hearts and Q♠ with
            standard points, hearts and J♠ in Black Jack, hearts and Q♠ in Pink Lady) may be
            played to trick 1 unless the player holds nothing else; following suit comes first.
            In practice: a player who cannot follow clubs may not discard one, and with
            ``first_lead="any_card"`` the first leader may not lead one. Bonus cards (negative)
            may be played. This equals OpenSpiel ``no_pts_on_first_trick`` ("not a heart and not
            the Q♠") for every OpenSpiel parameter set, including ``jd_bonus``.
        must_break_hearts: hearts may not be led until hearts are broken, unless the leader
            holds only hearts (OpenSpiel ``must_break_hearts``). When false, hearts may be led
            at any time.
        hearts_broken_by: which played cards break hearts (played to any trick, led or
            discarded): ``"hearts"`` -- a heart only (OpenSpiel ``qs_breaks_hearts=false``);
            ``"hearts_or_queen"`` -- a heart or Q♠ (default; OpenSpiel ``qs_breaks_hearts``);
            ``"any_penalty"`` -- a heart or any penalty card (positive value).
        can_lead_hearts_instead_of_qs: hearts unbroken, a leader whose only non-heart cards
            are penalty cards (with standard points: only Q♠) may lead a heart as well
            (OpenSpiel ``can_lead_hearts_instead_of_qs``). When false such a leader must lead
            one of those penalty cards -- with standard points, the Q♠ (OpenSpiel default).
        queen_at_first_chance: the club rule (Morehead 2001): the holder of Q♠ must play it at
            the first legal chance. Our reading: when a player is not leading and Q♠ is one of
            its legal cards (it follows a spade lead, or it is void in the led suit and may
            discard it), Q♠ is its only legal card. Leading Q♠ is never forced. On trick 1 with
            ``no_points_on_first_trick`` Q♠ is usually not legal, so not forced.

    Fields -- point cards (``rules.md`` "Point cards"):
        queen_of_spades: points for Q♠ (13; 0 in Black Jack).
        jack_of_spades: points for J♠ (0; Black Jack 10 -- Foster 1909, Moss 1995).
        heart_scale: ``"one"`` (1 each), ``"spot"`` (Spot Hearts: A 14, K 13, Q 12, J 11, pips
            face value) or ``"double_eagle"`` (A 5, K 4, Q 3, J 2, pips 1).
        queen_of_hearts: overrides the value of Q♥ (Pink Lady: 13); ``None`` keeps the scale.
        bonus_card: a card scoring ``bonus_points`` (``"TD"`` Omnibus, ``"JD"`` OpenSpiel
            ``jd_bonus``), or ``None``. Stored in canonical text (``"10D"`` becomes ``"TD"``).
        bonus_points: the bonus card's value (−10).
        no_trick_bonus: added to the score of each player who took no trick, only when nobody
            shot the moon or the sun (OpenSpiel ``avoid_all_tricks_bonus``: −5).

    Fields -- moon and sun (``rules.md`` "Moon and sun"):
        moon: a seat that took every card of :meth:`moon_mask` shot the moon.
            ``"old"`` -- the shooter's positive points are removed (it keeps any bonus card)
            and every other seat gets + :meth:`moon_award`; ``"new"`` -- the shooter's positive
            points are removed and it gets − :meth:`moon_award`, the others score as taken;
            ``"choice"`` -- scored per deal as ``"old"``, the game layer (:mod:`.game`) gives
            the shooter the option that leaves it best placed;
            ``"none"`` -- no moon, the deal scores as taken (one reading of Culbertson 1950);
            ``"void"`` -- no moon, and such a deal "scores nothing" (the other reading of
            Culbertson 1950): the shooter's positive points are removed and the others score
            as taken (nothing, unless one took a bonus card). The moon needs the cards in
            play: with 2♥ removed, 12 hearts and Q♠; the award is then 25.
        moon_needs_bonus_card: the moon also needs the bonus card (Omnibus slam: all 15
            counting cards).
        moon_points: the moon award; ``None`` = the sum of positive point values (26 standard,
            38 Pink Lady).
        sun: ``"none"``; ``"all_tricks"`` -- a seat that took every trick shot the sun (13
            with 4 players, ``hand size`` with n); ``"last_twelve"`` -- every trick but the
            first is enough. A sun scores like an old moon with
            ``sun_points`` instead of the moon award, and replaces the moon.
        sun_points: the sun award (52).
        sun_paid_by: who pays a sun (``rules.md``: "52 only to the player who passed to the
            shooter"). ``"all"`` -- every other seat gets + ``sun_points`` (default);
            ``"passer"`` -- only the seat that passed to the shooter gets + ``sun_points``
            (with pass direction ``d`` and shooter ``x``, the seat ``d.passer(x)``); the other
            seats score the points they took. This needs the deal's pass direction
            (:meth:`score`'s ``pass_direction``, ``Position(pass_direction=...)``). Our
            reading for a hold deal, or an unknown direction (``None``): nobody passed to
            the shooter, so every other seat pays, as with ``"all"``; so also after a
            scatter, star or shuffle pass (several seats passed to the shooter). With other
            than 4 players the direction is the seat offset 0..n-1 (1 = left). Needs a ``sun``.

    Fields -- moon and sun across a game (``rules.md`` "Moon and sun"). These are for the game
    layer (:mod:`.game`: running totals, game end) and do **not** change one deal's score:
    :meth:`score` and ``Position.score()`` ignore them.
        new_moon_if_old_loses: with ``moon="old"``, the shooter takes the new moon
            (− :meth:`moon_award` to itself) instead when the old moon (+ the award to each
            other seat) would make it lose the game. Needs ``moon="old"``.
        new_moon_from: the new moon is allowed only once the shooter's game total is at least
            this many points (a positive integer; ``None``: no such limit). Below it the moon
            is an old moon. Needs a rule that can give the new moon: ``moon="new"`` or
            ``"choice"``, ``new_moon_if_old_loses`` or ``berns``.
        berns: Berns (Killer Hearts): with ``moon="old"``, the shooter subtracts the award from
            its own total instead when adding it to the others would not put the shooter in the
            lead (our reading: the strictly lowest total). Moon only, not the sun. Needs ``moon="old"``, and not
            ``new_moon_if_old_loses`` (both would decide when the old moon turns new).
        sun_clears_board: "clearing the board": a sun also sets the shooter's game total to 0.
            Our reading: the deal's score is unchanged (the others still get ``sun_points`` as
            ``sun_paid_by`` says; set ``sun_points=0`` for a sun that only clears the board).
            Needs a ``sun``.
        no_game_end_on_moon: a game cannot end on a deal with a successful moon or sun (the
            game goes on although a total reached the target). Default true (``rules.md``).

    Fields -- game end (``rules.md`` "Game end"; :mod:`.game`):
        target: the game ends when a total reaches this many points, 1..400 (standard 100, Morehead
            2001; 50 or any agreed number); the lowest total wins, ties allowed.
        reset_at_target: a total of exactly ``target`` drops to 0 (then ``target + 1`` is
            needed to end the game; a common variant, ``rules.md`` "Game end").
        settlement: Classic Hearts settles every deal in counters (Foster 1909: "every deal is
            a game in itself, and must be settled for in counters immediately"), recorded by
            :class:`~.game.Game` beside the running totals. ``"points"`` -- no counters (the
            running totals only); ``"sweepstake"`` -- each player pays one counter per point
            taken into a pool, which the players who took none share (odd counters stay in
            it); if every player took points, or one took them all, the pool is a *jack*
            carried to the next deal, which only a sole player taking none may win;
            ``"howell"`` -- Howell's settling: each player pays ``n - 1`` counters per point
            it took and draws one per point it did not take (``total - n * taken`` net).
            Points are the positive points taken (hearts, Q♠...), before moon rules.
    """

    players: int = 4
    card_removal: str = "morehead2001"
    kitty_seen: bool = False
    pass_count: int | None = None
    pass_scheme: str = "standard"
    pass_count_by_dealer: bool = False
    no_pass_cards: str | None = None
    first_lead: str = "two_of_clubs"
    no_points_on_first_trick: bool = True
    must_break_hearts: bool = True
    hearts_broken_by: str = "hearts_or_queen"
    can_lead_hearts_instead_of_qs: bool = False
    queen_at_first_chance: bool = False
    queen_of_spades: int = 13
    jack_of_spades: int = 0
    heart_scale: str = "one"
    queen_of_hearts: int | None = None
    bonus_card: str | None = None
    bonus_points: int = -10
    no_trick_bonus: int = 0
    moon: str = "old"
    moon_needs_bonus_card: bool = False
    moon_points: int | None = None
    sun: str = "none"
    sun_points: int = 52
    sun_paid_by: str = "all"
    new_moon_if_old_loses: bool = False
    new_moon_from: int | None = None
    berns: bool = False
    sun_clears_board: bool = False
    no_game_end_on_moon: bool = True
    target: int = 100
    reset_at_target: bool = False
    settlement: str = "points"

    # Derived tables, filled in __post_init__ (not fields: no effect on eq/hash/repr).
    _values: tuple[int, ...] = field(init=False, repr=False, compare=False, default=())
    # (penalty, positive, moon, breaks hearts) masks.
    _masks: tuple[int, int, int, int] = field(init=False, repr=False, compare=False,
                                              default=(0, 0, 0, 0))
    _deck: int = field(init=False, repr=False, compare=False, default=0)

    _PRESETS: ClassVar[tuple[str, ...]] = (
        "standard", "openspiel", "foster1909", "culbertson1950", "morehead2001", "pagat",
        "omnibus", "pink_lady", "black_jack", "spot_hearts")

    def __post_init__(self) -> None:
        if self.pass_count is None and isinstance(self.players, int):
            object.__setattr__(self, "pass_count", _default_pass_count(self.players))
        self._check()
        deck = _deck.deck_mask(self.card_removal, self.players)
        object.__setattr__(self, "_deck", deck)
        values = self._compute_point_values(deck)
        object.__setattr__(self, "_values", values)
        penalty = positive = 0
        for bit, value in enumerate(values):
            if value:
                penalty |= 1 << bit
            if value > 0:
                positive |= 1 << bit
        moon = positive
        if self.moon_needs_bonus_card and self.bonus_card is not None:
            moon |= Card(self.bonus_card).mask
        breaks = {
            "hearts": SUIT_MASKS[_HEARTS],
            "hearts_or_queen": SUIT_MASKS[_HEARTS] | _QS.mask,
            "any_penalty": SUIT_MASKS[_HEARTS] | positive,
        }[self.hearts_broken_by]
        object.__setattr__(self, "_masks", (penalty, positive, moon, breaks))

    # -- validation ---------------------------------------------------------------------

    def _check(self) -> None:
        def need(ok: bool, name: str, what: str) -> None:
            if not ok:
                raise RulesError(f"rules option {name}={getattr(self, name)!r}: {what}")

        for f in dataclasses.fields(self):
            if not f.init:
                continue
            value = getattr(self, f.name)
            if f.type in ("bool",):
                need(isinstance(value, bool), f.name, "expected true or false")
            elif f.type == "int":
                need(isinstance(value, int) and not isinstance(value, bool), f.name,
                     "expected an integer")
            elif f.type == "int | None":
                need(value is None or (isinstance(value, int) and not isinstance(value, bool)),
                     f.name, "expected an integer or none")
        need(3 <= self.players <= 7, "players", "expected 3..7")
        need(self.card_removal in _deck.CARD_REMOVALS, "card_removal",
             f"expected one of {', '.join(_deck.CARD_REMOVALS)}")
        _deck.removed_cards(self.card_removal, self.players)  # raises for an uncovered count
        need(not self.kitty_seen or self.card_removal == "kitty", "kitty_seen",
             "needs card_removal=kitty")
        need(isinstance(self.pass_count, int) and not isinstance(self.pass_count, bool),
             "pass_count", "expected an integer")
        assert isinstance(self.pass_count, int)
        need(0 <= self.pass_count <= _deck.hand_size(self.players), "pass_count",
             f"expected 0..{_deck.hand_size(self.players)}")
        need(self.pass_scheme != "star" or self.players == 5, "pass_scheme",
             f"the star pass is for 5 players (not {self.players})")
        need(isinstance(self.target, int) and not isinstance(self.target, bool)
             and 1 <= self.target <= TARGET_LIMIT, "target", f"expected 1..{TARGET_LIMIT} points")
        for name in _POINT_OPTIONS:
            value = getattr(self, name)
            need(value is None or -POINTS_LIMIT <= value <= POINTS_LIMIT, name,
                 f"expected {-POINTS_LIMIT}..{POINTS_LIMIT} points")
        if self.no_pass_cards is not None:
            try:
                cards = parse_cards(str(self.no_pass_cards).replace("+", " "))
            except (CardError, AttributeError):
                need(False, "no_pass_cards", "expected cards such as 2C QS, or none")
            mask = 0
            for card in cards:
                mask |= card.mask
            need(mask != 0, "no_pass_cards", "expected at least one card, or none")
            object.__setattr__(self, "no_pass_cards", " ".join(map(str, cards_from_mask(mask))))
        for name, choices in (("pass_scheme", _PASS_SCHEMES), ("first_lead", _FIRST_LEADS),
                              ("hearts_broken_by", _BREAKS), ("heart_scale", _HEART_SCALES),
                              ("moon", _MOONS), ("sun", _SUNS), ("sun_paid_by", _SUN_PAYERS),
                              ("settlement", _SETTLEMENTS)):
            need(getattr(self, name) in choices, name, f"expected one of {', '.join(choices)}")
        if self.bonus_card is not None:
            try:
                card = Card(self.bonus_card)
            except (CardError, TypeError):
                need(False, "bonus_card", "expected a card such as TD or JD, or none")
            else:
                # Canonical text so that equal rules compare equal ("10D" == "TD").
                object.__setattr__(self, "bonus_card", str(card))
                need(card.suit != _HEARTS and card not in (_QS, _JS), "bonus_card",
                     "the bonus card must not be a heart, QS or JS")
        need(not (self.moon_needs_bonus_card and self.bonus_card is None),
             "moon_needs_bonus_card", "needs a bonus_card")
        # Moon and sun options that would have no effect, or contradict each other.
        need(self.sun_paid_by == "all" or self.sun != "none", "sun_paid_by",
             "needs a sun (sun=all_tricks or sun=last_twelve)")
        need(not self.sun_clears_board or self.sun != "none", "sun_clears_board",
             "needs a sun (sun=all_tricks or sun=last_twelve)")
        need(not self.new_moon_if_old_loses or self.moon == "old", "new_moon_if_old_loses",
             f"needs moon=old (not moon={self.moon})")
        need(not self.berns or self.moon == "old", "berns",
             f"needs moon=old (not moon={self.moon})")
        need(not (self.berns and self.new_moon_if_old_loses), "berns",
             "contradicts new_moon_if_old_loses=True (both decide when the old moon turns new)")
        if self.new_moon_from is not None:
            need(self.new_moon_from >= 1, "new_moon_from", "expected a positive total or none")
            need(self.moon in ("new", "choice") or self.new_moon_if_old_loses or self.berns,
                 "new_moon_from", f"needs a new moon (moon=new or choice, "
                 f"new_moon_if_old_loses or berns; not moon={self.moon} alone)")

    def _compute_point_values(self, deck: int) -> tuple[int, ...]:
        values = [0] * 64
        scale = {"one": lambda rank: 1, "spot": _spot_value,
                 "double_eagle": _double_eagle_value}[self.heart_scale]
        for rank in range(2, 15):
            values[16 * _HEARTS + rank - 2] = scale(rank)
        if self.queen_of_hearts is not None:
            values[_QH.bit] = self.queen_of_hearts
        values[_QS.bit] = self.queen_of_spades
        values[_JS.bit] = self.jack_of_spades
        if self.bonus_card is not None:
            values[Card(self.bonus_card).bit] = self.bonus_points
        if deck == DECK_MASK:
            return tuple(values)
        # A removed card is not in play: it scores nothing, and the moon does not need it.
        return tuple(v if deck >> bit & 1 else 0 for bit, v in enumerate(values))

    # -- the deck -----------------------------------------------------------------------

    def deck(self) -> int:
        """The mask of the cards in play (dealt to the hands or the kitty): the 52-card deck
        less :meth:`removed_cards`."""
        return self._deck

    def removed_cards(self) -> tuple[Card, ...]:
        """The cards taken out before dealing, in the source's order (``card_removal``;
        none with 4 players or the kitty)."""
        return _deck.removed_cards(self.card_removal, self.players)

    def hand_size(self) -> int:
        """Cards dealt to each player, which is also the number of tricks: 52 // players."""
        return _deck.hand_size(self.players)

    def kitty_size(self) -> int:
        """Cards in the kitty (``card_removal="kitty"``: 52 mod players), else 0."""
        return _deck.kitty_size(self.card_removal, self.players)

    def no_pass_mask(self) -> int:
        """The mask of the cards that may not be passed (``no_pass_cards``; 0 = none)."""
        if self.no_pass_cards is None:
            return 0
        mask = 0
        for card in parse_cards(self.no_pass_cards):
            mask |= card.mask
        return mask

    # -- derived tables -----------------------------------------------------------------

    def point_values(self) -> tuple[int, ...]:
        """Points for taking each card, a tuple of 64 ints indexed by card bit (unused bits 0)."""
        return self._values

    def card_points(self, card: "Card | str") -> int:
        """Points for taking ``card``."""
        return self._values[Card(card).bit]

    def penalty_mask(self) -> int:
        """Mask of the cards with a nonzero point value (penalty and bonus cards)."""
        return self._masks[0]

    def positive_mask(self) -> int:
        """Mask of the penalty cards (positive point value).

        Used by the first-trick rule, by ``hearts_broken_by="any_penalty"`` and by
        ``can_lead_hearts_instead_of_qs``.
        """
        return self._masks[1]

    def moon_mask(self) -> int:
        """Mask of the cards a seat must take to shoot the moon: the penalty cards, plus the
        bonus card when ``moon_needs_bonus_card``."""
        return self._masks[2]

    def breaks_hearts_mask(self) -> int:
        """Mask of the cards whose play breaks hearts (per ``hearts_broken_by``)."""
        return self._masks[3]

    def first_trick_banned_mask(self) -> int:
        """Mask of the cards a void player may not discard on trick 1 when
        ``no_points_on_first_trick`` (the penalty cards; 0 when the rule is off)."""
        return self._masks[1] if self.no_points_on_first_trick else 0

    def total_positive_points(self) -> int:
        """Sum of the positive point values of the cards in play: 26 standard, 38 Pink Lady,
        117 Spot Hearts; 25 when 2♥ is removed (Culbertson 1950, 6 players)."""
        return sum(v for v in self._values if v > 0)

    def moon_award(self) -> int:
        """Points the moon gives each other seat (old) or takes from the shooter (new):
        ``moon_points``, or when ``None`` the sum of positive point values."""
        return self.total_positive_points() if self.moon_points is None else self.moon_points

    def score_bounds(self) -> tuple[int, int]:
        """``(lowest, highest)``: every seat's points for one deal lie within them under these
        rules (:meth:`score`): standard 0 and 26, Omnibus -10 and 26, ``moon=new`` -26 and 26.

        From the point table and the moon, sun and no-trick rules: a seat that shoots keeps
        at most its bonus cards (less the award of a new moon, counted wherever the game layer
        may score one: ``moon`` new or choice, ``new_moon_if_old_loses``, ``new_moon_from``);
        under a moon the others took no moon card (plus the award of an old moon); a sun's
        payers add ``sun_points`` to what they took. Bounds, not scores every deal can reach:
        exact for the presets, maybe loose for a mix of options.
        """
        values = self._values
        bonus = sum(v for v in values if v < 0)                 # only the bonus cards taken
        taken = self.total_positive_points()                    # every penalty card
        low, high = min(bonus, 0), taken
        if self.no_trick_bonus:                                 # no trick, so nothing taken
            low, high = min(low, self.no_trick_bonus), max(high, self.no_trick_bonus)
        moon = self._masks[2]
        if self.moon not in ("none", "void") and moon:
            award = self.moon_award()
            # a seat other than the shooter took no card of the moon
            others = sum(v for bit, v in enumerate(values) if v > 0 and not moon >> bit & 1)
            if self.moon in ("new", "choice") or self.new_moon_if_old_loses \
                    or self.new_moon_from is not None:
                low = min(low, bonus - award)
                high = max(high, -award)
            if self.moon in ("old", "choice"):
                low = min(low, bonus + award)
                high = max(high, others + award)
        if self.sun != "none":
            low = min(low, bonus + min(self.sun_points, 0))
            high = max(high, taken + max(self.sun_points, 0))
        return low, high

    # -- scoring ------------------------------------------------------------------------

    def score(self, taken: "list[int] | tuple[int, ...]",
              tricks_won: "list[int] | tuple[int, ...]",
              last_twelve_winner: "int | None" = None,
              pass_direction: "PassDirection | str | int | None" = None, *,
              moon: "str | None" = None) -> list[int]:
        """Final points of a finished deal, after the moon, sun and no-trick rules.

        Args:
            taken: per seat, the mask of the cards it took (the kitty counts for the winner
                of trick 1); one entry per player.
            tricks_won: per seat, the number of tricks it won (:meth:`hand_size` in all).
            last_twelve_winner: the seat that won every trick from trick 2 on, if one did
                (needed only for ``sun="last_twelve"``).
            pass_direction: the deal's pass direction (a :class:`PassDirection` or its text;
                with other than 4 players the seat offset 0..n-1); ``None`` = unknown, or a
                pass with several receivers, scored as a hold deal. Needed only for
                ``sun_paid_by="passer"``.
            moon: ``"old"`` or ``"new"`` to score a moon that way whatever :attr:`moon` says
                (the game layer's choice, :mod:`.game`); ``None`` = as :attr:`moon` says.

        Returns:
            Points per seat (lower is better).

        Raises:
            RulesError: ``pass_direction`` names no pass direction, or ``taken`` does not have
                one entry per player.

        Rules: a sun (if enabled) is checked first; then the moon: one seat took every card
        of :meth:`moon_mask`. OpenSpiel check (``jd_bonus``): the shooter's score is its raw
        points minus its positive points (so it keeps J♦ −10), the others get +26 (a sun:
        + ``sun_points`` to the seats ``sun_paid_by`` names).
        The no-trick bonus applies only when neither a moon nor a sun was shot (OpenSpiel).
        The game-level options (``new_moon_if_old_loses``, ``new_moon_from``, ``berns``,
        ``sun_clears_board``, ``no_game_end_on_moon``) do not enter a deal's score.
        """
        n = len(taken)
        if n != self.players:
            raise RulesError(f"score of {n} seats, but the rules are for {self.players} players")
        pass_direction = _pass_direction(pass_direction, n)
        values = self._values
        raw = [_mask_points(m, values) for m in taken]
        positive = self._masks[1]
        shot = self.shooter(taken, tricks_won, last_twelve_winner)
        if shot is not None and shot[0] == "sun":
            sun_shooter = shot[1]
            payers = self.sun_payers(sun_shooter, pass_direction)
            return [raw[s] - _mask_points(taken[s] & positive, values) if s == sun_shooter
                    else raw[s] + (self.sun_points if s in payers else 0) for s in range(n)]
        if shot is not None:
            shooter = shot[1]
            award = self.moon_award()
            removed = raw[shooter] - _mask_points(taken[shooter] & positive, values)
            how = self.moon if moon is None else moon
            if how == "new":
                return [removed - award if s == shooter else raw[s] for s in range(n)]
            if how == "void":
                return [removed if s == shooter else raw[s] for s in range(n)]
            return [removed if s == shooter else raw[s] + award for s in range(n)]
        if self.no_trick_bonus:
            return [raw[s] + (self.no_trick_bonus if tricks_won[s] == 0 else 0) for s in range(n)]
        return raw

    def shooter(self, taken: "list[int] | tuple[int, ...]",
                tricks_won: "list[int] | tuple[int, ...]",
                last_twelve_winner: "int | None" = None) -> "tuple[str, int] | None":
        """Who shot the sun or the moon in a finished deal: ``("sun", seat)``,
        ``("moon", seat)`` or ``None``. Arguments as :meth:`score`.

        A sun (``sun`` option: every trick, or every trick but the first) is checked first
        and replaces the moon. A moon is one seat holding every card of :meth:`moon_mask`;
        there is none with ``moon="none"``. With ``moon="void"`` the moon is reported (its
        deal scores nothing), though it is no successful moon for the game (:mod:`.game`).
        """
        n = len(taken)
        tricks = self.hand_size()
        sun_shooter = None
        if self.sun == "all_tricks":
            sun_shooter = next((s for s in range(n) if tricks_won[s] == tricks), None)
        elif self.sun == "last_twelve":
            sun_shooter = next((s for s in range(n) if tricks_won[s] == tricks),
                               last_twelve_winner)
        if sun_shooter is not None:
            return ("sun", sun_shooter)
        moon = self._masks[2]
        # An all-zero point table has no moon (every seat would "take all 0 cards").
        if self.moon == "none" or not moon:
            return None
        shooter = next((s for s in range(n) if taken[s] & moon == moon), None)
        return None if shooter is None else ("moon", shooter)

    def sun_payers(self, shooter: "Seat | int",
                   pass_direction: "PassDirection | str | int | None" = None) -> tuple[int, ...]:
        """The seats that get + ``sun_points`` when ``shooter`` shoots the sun.

        ``sun_paid_by="all"``, a hold deal or an unknown direction (``None``): every other
        seat. ``"passer"`` otherwise: only the seat that passed to the shooter (passing left,
        the shooter's right-hand neighbour). Seats are :class:`Seat` with 4 players.

        Raises:
            RulesError: ``pass_direction`` names no pass direction.
        """
        seats = table_seats(self.players)
        shooter = seats[shooter]
        direction = _pass_direction(pass_direction, self.players)
        if self.sun_paid_by == "passer" and direction not in (None, 0):
            return (seats[(shooter - direction) % self.players],)
        return tuple(seat for seat in seats if seat != shooter)

    # -- presets ------------------------------------------------------------------------

    @classmethod
    def standard(cls) -> "Rules":
        """The standard game of ``rules.md`` (Morehead 2001; OpenSpiel's defaults)."""
        # Frozen, so one shared object serves (Position(deal) asks for it on every build).
        return _DEFAULTS if cls is Rules else cls()

    @classmethod
    def openspiel(cls, **params: Any) -> "Rules":
        """OpenSpiel's ``hearts`` game with its parameter names (defaults = standard).

        Accepts ``pass_cards``, ``no_pts_on_first_trick``, ``can_lead_any_club``, ``jd_bonus``,
        ``avoid_all_tricks_bonus``, ``must_break_hearts``, ``qs_breaks_hearts``,
        ``can_lead_hearts_instead_of_qs`` (booleans).

        Raises:
            RulesError: an unknown parameter or a non-boolean value.
        """
        return cls.from_openspiel_dict(params)

    @classmethod
    def from_openspiel_dict(cls, params: Mapping[str, Any]) -> "Rules":
        """Rules from OpenSpiel parameters (e.g. a peer record's ``rules`` dict); missing
        parameters take OpenSpiel's defaults.

        Raises:
            RulesError: an unknown parameter or a non-boolean value.
        """
        return cls._apply(cls(), {k: v for k, v in params.items()}, openspiel_only=True)

    @classmethod
    def foster1909(cls, players: int = 4) -> "Rules":
        """Hearts as R. F. Foster, *Foster's Complete Hoyle* (1909), gives it: 3 players remove
        2♠, 5 remove 2♣ 2♠, 6 all four 2s (no 7-player rule); the cards are always passed to
        the left; "the player to the left of the dealer begins by leading any card he
        pleases"; "if a player has none of the suit led, he may discard anything he pleases"
        (no first-trick rule, hearts need not be broken). Points as the standard game
        (Foster's J♠ variant is :meth:`black_jack`; his settling in counters is
        ``settlement="sweepstake"`` or ``"howell"``)."""
        return cls(players=players, card_removal="foster1909", pass_scheme="left",
                   first_lead="any_card", no_points_on_first_trick=False,
                   must_break_hearts=False)

    @classmethod
    def culbertson1950(cls, players: int = 4) -> "Rules":
        """Hearts as Ely Culbertson, *Culbertson's Hoyle* (1950), gives it: 3 to 7 players,
        the 2s removed in the order 2♣, 2♦, 2♠, 2♥ as needed; the player left of the dealer
        leads any card; no moon: a deal where one player takes every penalty card "scores
        nothing" (``moon="void"``). Passing as standard (Culbertson's alternative is
        ``pass_scheme="left_right"``)."""
        return cls(players=players, card_removal="culbertson1950", first_lead="any_card",
                   moon="void")

    @classmethod
    def morehead2001(cls, players: int = 4) -> "Rules":
        """Hearts as Philip D. Morehead (ed.), *Hoyle's Rules of Games* (2001), gives it, the
        rules Glenn & Denton (2003) call "almost universal in the United States": the standard
        game; 3 to 6 players remove 2♣, 2♦, 3♣, 2♠ in that order as needed (the lowest club in
        play leads when 2♣ is out). At 4 players this is :meth:`standard`."""
        return cls(players=players, card_removal="morehead2001")

    @classmethod
    def pagat(cls, players: int = 4) -> "Rules":
        """The Pagat rules sheet for Hearts/Black Maria: 3 players remove 2♦ (17 each), 5 remove
        2♦ 2♣ (10 each), 6 remove 2♦ 3♦ 3♣ 4♣ (8 each), 7 remove 2♦ 3♦ 3♣ (7 each); with other
        than 4 players the pass goes left and right alternately (``pass_scheme="standard"``
        does that at such tables), 2 cards with more than 4 players."""
        return cls(players=players, card_removal="pagat")

    @classmethod
    def omnibus(cls) -> "Rules":
        """Omnibus Hearts: 10♦ scores −10; the moon (slam) needs all 15 counting cards and the
        shooter keeps the 10♦ bonus (Morehead 2001; ``rules.md`` "Omnibus slam")."""
        return cls(bonus_card="TD", bonus_points=-10, moon_needs_bonus_card=True)

    @classmethod
    def pink_lady(cls) -> "Rules":
        """Pink Lady: Q♥ also scores 13 (38 points in a deal; moon award 38)."""
        return cls(queen_of_hearts=13)

    @classmethod
    def black_jack(cls) -> "Rules":
        """Black Jack: J♠ scores 10 instead of Q♠ (Foster 1909, Moss 1995); J♠ takes the
        queen's part in breaking hearts (``hearts_broken_by="any_penalty"``)."""
        return cls(queen_of_spades=0, jack_of_spades=10, hearts_broken_by="any_penalty")

    @classmethod
    def spot_hearts(cls) -> "Rules":
        """Spot Hearts: hearts score by rank, A 14, K 13, Q 12, J 11, pips face value (117 in a
        deal with Q♠ 13)."""
        return cls(heart_scale="spot")

    @classmethod
    def presets(cls) -> tuple[str, ...]:
        """Names of the presets, for :meth:`preset` and :meth:`parse`."""
        return cls._PRESETS

    @classmethod
    def preset(cls, name: str) -> "Rules":
        """The preset called ``name`` (see :meth:`presets`; ``-`` and case are ignored).

        Raises:
            RulesError: no such preset.
        """
        if not isinstance(name, str):
            raise RulesError(f"rules preset: expected a name such as \"standard\", not {name!r}")
        key = name.strip().lower().replace("-", "_").replace(" ", "_")
        if key not in cls._PRESETS:
            raise RulesError(f'unknown rules preset "{name}" (presets: {", ".join(cls._PRESETS)})')
        return getattr(cls, key)()

    @property
    def name(self) -> str | None:
        """The name of the preset equal to these rules (``standard`` before ``openspiel`` and
        ``morehead2001``, which are the same game at 4 players), or ``None``. At other tables,
        the preset with ``players`` changed (as ``--rules pagat,players=5`` builds it)."""
        for key in self._PRESETS:
            candidate = getattr(Rules, key)()
            if self.players != 4:
                try:
                    candidate = Rules._apply(candidate, {"players": self.players},
                                             openspiel_only=False)
                except RulesError:
                    continue
            if candidate == self:
                return key
        return None

    def preset_text(self) -> str | None:
        """The :meth:`parse` text of the preset these rules are: :attr:`name`, with
        ``,players=N`` where the table is not the preset's own (``standard,players=3``; the
        name alone would read back as 4 players), or ``None`` when no preset matches."""
        name = self.name
        if name is None or self.players == getattr(Rules, name)().players:
            return name
        return f"{name},players={self.players}"

    # -- text and dicts -----------------------------------------------------------------

    @classmethod
    def parse(cls, text: str) -> "Rules":
        """Rules from text: an optional preset name, then comma-separated ``key=value``.

        Keys are our field names or OpenSpiel parameter names; booleans are
        ``true/false/1/0/yes/no``, ``none`` clears an optional field.
        Examples: ``"standard"``, ``"openspiel,qs_breaks_hearts=false,jd_bonus=true"``,
        ``"moon=new"``.

        Raises:
            RulesError: unknown preset or key, a bad value (the message names it), a key
                given twice with different values, or two keys that set one option
                differently (``hearts_broken_by=hearts_or_queen,qs_breaks_hearts=false``).
        """
        if not isinstance(text, str):
            raise RulesError(f"rules: expected a text such as \"standard,moon=new\", not "
                             f"{text!r}")
        items = [p.strip() for p in text.split(",") if p.strip()]
        base = cls()
        if items and "=" not in items[0]:
            base = cls.preset(items.pop(0))
        changes: dict[str, Any] = {}
        for item in items:
            if "=" not in item:
                raise RulesError(f'rules item "{item}" is not key=value (only the first item may '
                                 f'be a preset name)')
            key, _, value = item.partition("=")
            key, value = key.strip(), value.strip()
            if key in changes and changes[key] != value:
                # the last one used to win, silently: "players=3,...,players=4" is a slip
                raise RulesError(f'rules option "{key}" given twice: {changes[key]}, then '
                                 f'{value}')
            changes[key] = value
        return cls._apply(base, changes, openspiel_only=False, from_text=True)

    @classmethod
    def of(cls, rules: "Rules | str | None") -> "Rules":
        """``rules`` as every API takes it: a :class:`Rules`, a preset name or a :meth:`parse`
        text, or ``None`` for :meth:`standard`.

        Raises:
            RulesError: a bad text (:meth:`parse`), or another type.
        """
        if rules is None:
            return cls.standard()
        if isinstance(rules, Rules):
            return rules
        return cls.parse(rules)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Rules":
        """Rules from a dict of our field names and/or OpenSpiel names (inverse of :meth:`to_dict`).

        Raises:
            RulesError: unknown key or bad value, or ``data`` not a mapping.
        """
        if not isinstance(data, Mapping):
            raise RulesError(f"rules: expected a dict of options, not {data!r}")
        return cls._apply(cls(), data, openspiel_only=False)

    def to_dict(self) -> dict[str, Any]:
        """All fields as a plain dict (JSON-ready)."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self) if f.init}

    def to_openspiel_dict(self) -> dict[str, bool]:
        """These rules as OpenSpiel parameters.

        Raises:
            RulesError: an option OpenSpiel cannot express (e.g. Pink Lady).
        """
        params = {
            "pass_cards": self.pass_scheme != "hold",
            "no_pts_on_first_trick": self.no_points_on_first_trick,
            "can_lead_any_club": self.first_lead == "any_club",
            "jd_bonus": self.bonus_card == "JD",
            "avoid_all_tricks_bonus": self.no_trick_bonus == -5,
            "must_break_hearts": self.must_break_hearts,
            "qs_breaks_hearts": self.hearts_broken_by == "hearts_or_queen",
            "can_lead_hearts_instead_of_qs": self.can_lead_hearts_instead_of_qs,
        }
        # With 4 players no card is removed, so the removal reading does not matter.
        same = dataclasses.replace(self, pass_scheme=(
            "standard" if self.pass_scheme != "hold" else "hold"),
            card_removal="morehead2001" if self.players == 4 else self.card_removal)
        if Rules.from_openspiel_dict(params) != same:
            raise RulesError(f"{self!r} cannot be written as OpenSpiel parameters")
        return params

    @classmethod
    def _apply(cls, base: "Rules", changes: Mapping[str, Any], *, openspiel_only: bool,
               from_text: bool = False) -> "Rules":
        """``base`` with ``changes`` (our names or OpenSpiel names) applied."""
        fields = {f.name: f for f in dataclasses.fields(cls) if f.init}
        ours: dict[str, Any] = {}
        set_by: dict[str, str] = {}         # field -> the option that set it
        for key, raw in changes.items():
            if key in OPENSPIEL_PARAMETERS:
                flag = _to_bool(key, raw)
                values = _openspiel_to_fields(key, flag, base)
            elif key in fields and not openspiel_only:
                values = {key: _convert(key, fields[key].type, raw) if from_text else raw}
            else:
                known = ", ".join(OPENSPIEL_PARAMETERS) if openspiel_only else \
                    "field names of Rules or OpenSpiel parameter names"
                raise RulesError(f'unknown rules option "{key}" (expected {known})')
            for name, value in values.items():
                if name in ours and ours[name] != value:
                    # an OpenSpiel name and ours for one field (qs_breaks_hearts and
                    # hearts_broken_by): whichever came last used to win, silently
                    raise RulesError(f'rules options "{set_by[name]}" and "{key}" disagree: '
                                     f'{name}={ours[name]} against {name}={value}')
                ours[name] = value
                set_by[name] = key
        if ("players" in ours and "pass_count" not in ours
                and base.pass_count == _default_pass_count(base.players)):
            # The pass count followed the player count: let it follow the new one.
            ours["pass_count"] = None
        try:
            return dataclasses.replace(base, **ours)
        except TypeError as err:  # pragma: no cover - guarded by the field check above
            raise RulesError(str(err)) from None

    def __hash__(self) -> int:
        # Frozen, so hashed once: a Rules keys the bounded caches of what is derived from it
        # (solve.rules_spec, policy.point_cards), and hashing its dozens of fields took 2-3 us
        # a time, a tenth of a rule-bot play. The hash is not pickled (__getstate__): a text's
        # hash differs between processes.
        try:
            return self._hash          # type: ignore[attr-defined]
        except AttributeError:
            cached = hash(tuple(getattr(self, f.name) for f in dataclasses.fields(self)
                                if f.compare))
            object.__setattr__(self, "_hash", cached)
            return cached

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        state.pop("_hash", None)
        return state

    def __repr__(self) -> str:
        default = _DEFAULTS.to_dict()
        # The pass count's default follows the player count (3, or 2 with more than 4).
        default["pass_count"] = _default_pass_count(self.players)
        parts = [f"{f.name}={getattr(self, f.name)!r}" for f in dataclasses.fields(self)
                 if f.init and getattr(self, f.name) != default[f.name]]
        return f"Rules({', '.join(parts)})"


#: Per rules option: (``rules.md`` section, what it does in one line, its source). ``hearts
#: rules`` prints it; every field of :class:`Rules` has an entry (checked by the tests).
OPTION_SOURCES: dict[str, tuple[str, str, str]] = {
    "players": ("Players and deck", "number of players, 3..7", "Foster 1909, Culbertson 1950, "
                "Morehead 2001, Pagat"),
    "card_removal": ("Players and deck", "cards removed so that the hands are equal: "
                     "foster1909, culbertson1950, morehead2001, pagat, or a kitty",
                     "Foster 1909, Culbertson 1950, Morehead 2001, Pagat"),
    "kitty_seen": ("Players and deck", "trick 1's winner may look at the kitty",
                   "Morehead 2001"),
    "pass_count": ("Passing", "cards passed: 3, or 2 with more than 4 players",
                   "common variant (rules.md); Pagat"),
    "pass_scheme": ("Passing", "standard (left, right, across, hold), left, left_right, hold, "
                    "scatter, star, rotating, shuffle",
                    "Morehead 2001; Foster 1909 (left); Culbertson 1950 (left_right); "
                    "Pagat; OpenSpiel pass_cards"),
    "pass_count_by_dealer": ("Passing", "dealer's choice of the pass count, given per deal",
                             "common variant (rules.md)"),
    "no_pass_cards": ("Passing", "cards that may not be passed (2♣, Q♠ or A♥ at some tables)",
                      "common variant (rules.md)"),
    "first_lead": ("Trick play", "2♣ (the lowest club in play) leads, any club, or any card by "
                   "the player left of the dealer",
                   "Morehead 2001; OpenSpiel can_lead_any_club; Foster 1909, Culbertson 1950"),
    "no_points_on_first_trick": ("Trick play", "no penalty card on trick 1 unless nothing else",
                                 "OpenSpiel no_pts_on_first_trick"),
    "must_break_hearts": ("Trick play", "hearts may not be led until broken",
                          "OpenSpiel must_break_hearts"),
    "hearts_broken_by": ("Trick play", "what breaks hearts: hearts, hearts_or_queen, any_penalty",
                         "OpenSpiel qs_breaks_hearts"),
    "can_lead_hearts_instead_of_qs": ("Trick play", "a leader with only hearts and Q♠ may lead "
                                      "a heart", "OpenSpiel can_lead_hearts_instead_of_qs"),
    "queen_at_first_chance": ("Trick play", "the holder of Q♠ must play it at the first legal "
                              "chance (club rule)", "Morehead 2001"),
    "queen_of_spades": ("Point cards", "points for Q♠ (13; 0 in Black Jack)", "Morehead 2001"),
    "jack_of_spades": ("Point cards", "points for J♠ (Black Jack 10)", "Foster 1909, Moss 1995"),
    "heart_scale": ("Point cards", "hearts score one each, by rank (spot) or double_eagle",
                    "Spot Hearts; Double/Eagle"),
    "queen_of_hearts": ("Point cards", "points for Q♥ (Pink Lady 13)", "Pink Lady"),
    "bonus_card": ("Point cards", "a card with a bonus (10♦ Omnibus, J♦ OpenSpiel jd_bonus)",
                   "Morehead 2001 (Omnibus); OpenSpiel jd_bonus"),
    "bonus_points": ("Point cards", "the bonus card's points (−10)", "Morehead 2001"),
    "no_trick_bonus": ("Point cards", "points for taking no trick (−5)",
                       "OpenSpiel avoid_all_tricks_bonus"),
    "moon": ("Moon and sun", "old (+award to the others), new (−award to the shooter), "
             "choice, none (score as taken), void (the deal scores nothing)",
             "Morehead 2001; Culbertson 1950 (no moon)"),
    "moon_needs_bonus_card": ("Moon and sun", "the moon needs the bonus card too (Omnibus slam)",
                              "Morehead 2001"),
    "moon_points": ("Moon and sun", "the moon award (default: all penalty points in play)",
                    "common variant (rules.md)"),
    "sun": ("Moon and sun", "shooting the sun: all tricks, or the last twelve",
            "common variant (rules.md)"),
    "sun_points": ("Moon and sun", "the sun award (52)", "common variant (rules.md)"),
    "sun_paid_by": ("Moon and sun", "the sun is paid by all, or only by the shooter's passer",
                    "common variant (rules.md)"),
    "new_moon_if_old_loses": ("Moon and sun", "new moon when the old moon would make the "
                              "shooter lose the game", "common variant (rules.md)"),
    "new_moon_from": ("Moon and sun", "new moon only once the shooter has this many points",
                      "common variant (rules.md)"),
    "berns": ("Moon and sun", "subtract when the old moon would not put the shooter in the lead",
              "Berns (Killer Hearts)"),
    "sun_clears_board": ("Moon and sun", "a sun also sets the shooter's total to 0 (clearing the "
                         "board)", "common variant (rules.md)"),
    "no_game_end_on_moon": ("Moon and sun", "a game cannot end on a deal with a moon or sun",
                            "common variant (rules.md)"),
    "target": ("Game end", "the game ends when a total reaches this (100; 50 or any agreed, 1..400)",
               "Morehead 2001"),
    "reset_at_target": ("Game end", "a total of exactly the target drops to 0",
                        "common variant (rules.md)"),
    "settlement": ("Game end", "points (running totals), or each deal settled in counters: "
                   "sweepstake (a pool per heart) or howell (Howell's settling)",
                   "Foster 1909 (Classic Hearts)"),
}

#: Per preset: (what it is in one line, its source). ``hearts rules`` prints it.
PRESET_SOURCES: dict[str, tuple[str, str]] = {
    "standard": ("The standard game: 1 per heart, Q♠ 13, old moon, 2♣ leads, no points on "
                 "trick 1, Q♠ breaks hearts, pass left, right, across, hold.",
                 "Morehead 2001 (Hoyle); OpenSpiel defaults"),
    "openspiel": ("OpenSpiel's hearts game with its default parameters (the same game as "
                  "standard); its parameter names work as --rules keys.", "OpenSpiel 'hearts'"),
    "foster1909": ("3 remove 2♠, 5 remove 2♣ 2♠, 6 all four 2s; pass left; the player left of "
                   "the dealer leads any card; any discard, hearts led at any time.",
                   "Foster 1909"),
    "culbertson1950": ("3–7 players remove the 2s in the order 2♣ 2♦ 2♠ 2♥; the player left of "
                       "the dealer leads any card; no moon (the deal scores nothing).",
                       "Culbertson 1950"),
    "morehead2001": ("The standard game; 3–6 players remove 2♣, 2♦, 3♣, 2♠ in that order.",
                     "Morehead 2001 (Hoyle)"),
    "pagat": ("3 remove 2♦, 5 2♦ 2♣, 6 2♦ 3♦ 3♣ 4♣, 7 2♦ 3♦ 3♣; pass left and right "
              "alternately with other than 4 players.", "Pagat"),
    "omnibus": ("10♦ scores −10; the moon (slam) needs all 15 counting cards.", "Morehead 2001"),
    "pink_lady": ("Q♥ also scores 13 (38 points in a deal, moon award 38).", "common variant"),
    "black_jack": ("J♠ scores 10 instead of Q♠ and breaks hearts.", "Foster 1909, Moss 1995"),
    "spot_hearts": ("Hearts score by rank: A 14, K 13, Q 12, J 11, pips face value.",
                    "common variant"),
}


def _mask_points(mask: int, values: tuple[int, ...]) -> int:
    total = 0
    while mask:
        low = mask & -mask
        total += values[low.bit_length() - 1]
        mask ^= low
    return total


def _pass_direction(value: "PassDirection | str | int | None",
                    players: int = 4) -> "PassDirection | int | None":
    """``value`` as a PassDirection at 4 players, as the seat offset 0..n-1 at other tables
    (``None`` stays ``None``: unknown, scored as hold)."""
    if value is None:
        return None
    if players != 4:
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < players:
            return value
        raise RulesError(f"pass_direction={value!r}: expected a seat offset 0..{players - 1} "
                         f"or none at a table of {players}")
    try:
        return PassDirection.parse(value)
    except HeartsError:
        raise RulesError(f"pass_direction={value!r}: expected left, right, across, hold "
                         f"or none") from None


def _default_pass_count(players: int) -> int:
    """3 cards, or 2 with more than 4 players (``rules.md`` "Passing")."""
    return 3 if players <= 4 else 2


def _to_bool(key: str, raw: Any) -> bool:
    if isinstance(raw, bool):
        return raw
    if isinstance(raw, str):
        text = raw.strip().lower()
        if text in ("true", "1", "yes", "on"):
            return True
        if text in ("false", "0", "no", "off"):
            return False
    if isinstance(raw, int) and raw in (0, 1):
        return bool(raw)
    raise RulesError(f'rules option {key}={raw!r}: expected true or false')


def _convert(key: str, type_name: str, raw: Any) -> Any:
    """A text value converted to the field's type (validation of the value is in ``_check``)."""
    if not isinstance(raw, str):
        return raw
    text = raw.strip()
    if type_name == "bool":
        return _to_bool(key, text)
    if "None" in type_name and text.lower() in ("none", "null", ""):
        return None
    if type_name.startswith("int"):
        try:
            return int(text)
        except ValueError:
            raise RulesError(f'rules option {key}={text!r}: expected an integer') from None
    return text.lower() if key != "bonus_card" else text


def _openspiel_to_fields(key: str, flag: bool, base: Rules) -> dict[str, Any]:
    """Our field values for one OpenSpiel parameter."""
    if key == "pass_cards":
        return {"pass_scheme": "standard" if flag else "hold"}
    if key == "no_pts_on_first_trick":
        return {"no_points_on_first_trick": flag}
    if key == "can_lead_any_club":
        return {"first_lead": "any_club" if flag else "two_of_clubs"}
    if key == "jd_bonus":
        if flag:
            return {"bonus_card": "JD", "bonus_points": -10}
        return {"bonus_card": None} if base.bonus_card == "JD" else {}
    if key == "avoid_all_tricks_bonus":
        return {"no_trick_bonus": -5 if flag else 0}
    if key == "must_break_hearts":
        return {"must_break_hearts": flag}
    if key == "qs_breaks_hearts":
        return {"hearts_broken_by": "hearts_or_queen" if flag else "hearts"}
    if key == "can_lead_hearts_instead_of_qs":
        return {"can_lead_hearts_instead_of_qs": flag}
    raise RulesError(f'unknown OpenSpiel parameter "{key}"')  # pragma: no cover


_DEFAULTS = Rules()
