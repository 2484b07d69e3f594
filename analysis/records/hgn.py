"""HGN, the text format of game records (``docs/records.md``): the reader (:func:`loads`,
:func:`load`, :func:`loads_all`, :func:`load_all`) and the writer (:func:`dumps`, :func:`dump`,
:func:`dumps_all`, :func:`dump_all`), as the ``json`` module pairs them.

The writer's code is in :mod:`.model`, because ``str(game)`` is the record's text and the model
cannot import this module, which builds its objects.

The reader replays every deal as it reads (:class:`~hearts.solver.Position` under the
``[Rules]`` tag), so a record that reads is a legal game. Every problem is a
:class:`~hearts.solver.RecordSyntaxError` whose one-line message starts with ``line N,
column C:``.

Two modes, as python-chess's PGN reader:

- **strict** (default, like :func:`json.loads`): the first error is raised.
- **forgiving** (``strict=False``): *recoverable* errors are collected in ``game.errors`` and
  reading goes on (an unknown or repeated tag, a malformed ``Date``, a ``Points:`` or
  ``Scores:`` line that disagrees with the play -- the computed values are kept, a second
  comment after one card -- the first is kept). The first *structural* error (anything else:
  an illegal play, a duplicated or missing card, a trick of the wrong length, a bad tag
  value, a truncated file) ends the game: it is added to ``game.errors`` and the game holds
  what was read before it, the current deal with the plays before the error (``points``
  ``None``) if its tags and passes were complete. :func:`loads_all` then skips to the next
  game.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import IO, Iterator, NoReturn

from hearts.solver.cards import Card
from hearts.solver.deal import Deal
from hearts.solver.errors import CardError, HeartsError, NumberError, RecordSyntaxError
from hearts.solver.numbers import parse_int
from hearts.solver.passing import forbidden_pass_text
from hearts.solver.position import Position
from hearts.solver.rules import Rules
from hearts.solver.seats import PassDirection, Seat

from ..files import printable, quote_text, read_limited, stream_name, strip_bom
from hearts.solver.words import counted

from .model import (
    DATE_RE,
    DEAL_TAGS,
    GAME_TAGS,
    SUFFIX_NAGS,
    USER_TAG_PREFIX,
    DealRecord,
    GameRecord,
    Play,
    dump,
    dump_all,
    dumps,
    dumps_all,
    seat_values_text,
)

__all__ = ["loads", "load", "loads_all", "load_all", "iter_all", "dumps", "dump", "dumps_all",
           "dump_all"]

_TAG_RE = re.compile(r'\[[ \t]*([A-Za-z][A-Za-z0-9_]*)[ \t]+"((?:[^"\\\n]|\\.)*)"[ \t]*\]')
_WORD_RE = re.compile(r"[^\s{}\[]+")
#: A trick number: digits of any script are taken for one, so that "١." is refused as a trick
#: number in other digits (by parse_int) rather than as an unknown card.
_TRICK_RE = re.compile(r"^(\d+)\.$")
#: A NAG: a word starting with $ is no card, whatever follows it (parse_int reads it).
_NAG_RE = re.compile(r"^\$(.*)$")
#: The most a Points or Scores value may be, either sign: far past any game's totals.
_MAX_POINTS = 10**9
#: A card and the marks glued to it: the whole run of ! and ?, so that "JS???" is JS with
#: the bad mark "???", not the unknown card "JS?" with the mark "??".
_CARD_MARK_RE = re.compile(r"^(.*?)([!?]*)$")
_MARKS = "!, ?, !!, ??, !? or ?!"
_SEATS = {"N": Seat.N, "E": Seat.E, "S": Seat.S, "W": Seat.W}
_KEYWORDS = ("passes:", "Points:", "Scores:")
_DEAL_ONLY = ("Board", "Deal", "Pass", "Leader")
#: Header tags that start a new game after a deal (``Source`` is also a deal tag).
_NEW_GAME_TAGS = tuple(t for t in GAME_TAGS if t != "Source")


@dataclass
class _Token:
    """A lexical token: ``kind`` is ``tag`` (``text`` = name, ``value``), ``comment``
    (``text`` = the text between the braces), ``word`` or ``error`` (``text`` = message)."""

    kind: str
    text: str
    line: int
    column: int
    value: str = ""


def _lex(text: str) -> Iterator[_Token]:
    """Tokens of a record. Lexical problems come as ``error`` tokens (lexing goes on after
    them where it can), so that a forgiving reader keeps what came before."""
    line, line_start, pos, n = 1, 0, 0, len(text)

    def advance_to(end: int) -> None:
        nonlocal line, line_start
        newlines = text.count("\n", pos, end)
        if newlines:
            line += newlines
            line_start = text.rindex("\n", pos, end) + 1

    while pos < n:
        ch = text[pos]
        if ch.isspace():
            if ch == "\n":
                line += 1
                line_start = pos + 1
            pos += 1
            continue
        column = pos - line_start + 1
        if ch == "{":
            end = text.find("}", pos + 1)
            nested = text.find("{", pos + 1)
            if nested != -1 and (end == -1 or nested < end):
                start_line = line
                advance_to(nested)
                pos = nested
                yield _Token("error", f"'{{' inside the comment opened at line {start_line} "
                             f"(comments do not nest; is a '}}' missing?)", line,
                             pos - line_start + 1)
                continue
            if end == -1:
                yield _Token("error", "comment not closed: '{' without a matching '}' (is the "
                             "file truncated?)", line, column)
                return
            yield _Token("comment", text[pos + 1:end], line, column)
            advance_to(end)
            pos = end + 1
            continue
        if ch == "}":
            yield _Token("error", "'}' without an opening '{'", line, column)
            pos += 1
            continue
        if ch == "[":
            match = _TAG_RE.match(text, pos)
            if match is None:
                end = text.find("\n", pos)
                end = n if end == -1 else end
                yield _Token("error", f"malformed tag {quote_text(text[pos:end].strip())}: "
                             f'expected [Name "value"] on one line', line, column)
                pos = end
                continue
            value = re.sub(r"\\(.)", r"\1", match.group(2))
            yield _Token("tag", match.group(1), line, column, value)
            pos = match.end()
            continue
        match = _WORD_RE.match(text, pos)
        assert match is not None
        yield _Token("word", match.group(0), line, column)
        pos = match.end()


def _cut(text: str, limit: int = 60) -> str:
    """The user's text as a message quotes it: cut to ``limit`` characters with ``…``
    (control characters are escaped later, with the whole message)."""
    return text if len(text) <= limit else text[:limit] + "…"


class _Fatal(Exception):
    """Internal: a structural error ends the game being read."""


class _Reader:
    def __init__(self, text: str, strict: bool) -> None:
        text = strip_bom(text).replace("\r\n", "\n").replace("\r", "\n")
        self._tokens = _lex(text)
        self._next: _Token | None = None
        self._done = False
        self.strict = strict
        self.last_line = 1
        self.game = GameRecord()
        #: The comment of the next game, met after this game's deals (a game without tags).
        self.pending: _Token | None = None

    # -- tokens -----------------------------------------------------------------------------

    def peek(self) -> _Token | None:
        if self._next is None and not self._done:
            self._next = next(self._tokens, None)
            if self._next is None:
                self._done = True
        return self._next

    def take(self) -> _Token:
        token = self.peek()
        if token is None:
            self.fatal(None, "unexpected end of the record")
        assert token is not None
        self._next = None
        self.last_line = token.line
        if token.kind == "error":
            self.fatal(token, token.text)
        return token

    def peek_word(self) -> str | None:
        token = self.peek()
        return token.text if token is not None and token.kind == "word" else None

    # -- errors -----------------------------------------------------------------------------

    def error(self, token: _Token | None, message: str) -> RecordSyntaxError:
        # tag values, words and the card and rules parsers' messages carry the file's text
        # unquoted: its control characters must not reach the terminal
        message = printable(message)
        if token is None:
            return RecordSyntaxError(message, self.last_line)
        return RecordSyntaxError(message, token.line, token.column)

    def fatal(self, token: _Token | None, message: str) -> NoReturn:
        if token is not None and token.kind == "error":
            # a bad token (an unclosed or nested comment, a stray '}') is what stopped the
            # check that failed here: "no pass line for West" hid "comments do not nest"
            message = token.text
        raise _Fatal(self.error(token, message))

    def soft(self, token: _Token | None, message: str) -> None:
        err = self.error(token, message)
        if self.strict:
            raise _Fatal(err)
        self.game.errors.append(err)

    # -- games ------------------------------------------------------------------------------

    def read_game(self) -> GameRecord | None:
        """The next game, or ``None`` at the end of the text."""
        token = self.peek()
        if token is None and self.pending is None:
            return None
        self.game = game = GameRecord()
        if self.pending is not None:
            game.comment, self.pending = self.pending.text, None
        try:
            if token is not None and token.kind == "error":
                self.take()
            self._header(game)
            while True:
                token = self.peek()
                if token is None:
                    break
                if token.kind == "tag":
                    if token.text == "Board":
                        if game.deals and token.value.strip() == "1":
                            break  # the next game
                        self._deal(game)
                        continue
                    if game.deals and (token.text in GAME_TAGS
                                       or token.text.startswith(USER_TAG_PREFIX)):
                        break  # a header tag: the next game
                    if token.text in _DEAL_ONLY:
                        self.fatal(token, f'[{_cut(token.text)}] without [Board "n"]: each '
                                          f'deal starts '
                                          f'with [Board "n"]')
                    self.fatal(token, f"unknown tag [{_cut(token.text)}] after the deals")
                if token.kind == "comment" and game.deals:
                    self.take()
                    after = self.peek()
                    if (after is not None and after.kind == "tag" and after.text == "Board"
                            and after.value.strip() == "1"):
                        self.pending = token  # the comment of the next game
                        break
                what = "comment" if token.kind == "comment" else quote_text(token.text)
                if token.kind == "error":
                    self.take()
                expected = (f'[Board "{len(game.deals) + 1}"]' if game.deals
                            else 'the first deal ([Board "1"])')
                self.fatal(token, f"unexpected {what}: expected {expected}")
        except _Fatal as fatal:
            err = fatal.args[0]
            if self.strict:
                raise err from None
            game.errors.append(err)
            self._skip_to_next_game()
        return game

    def _skip_to_next_game(self) -> None:
        while True:
            token = self.peek()
            if token is None:
                return
            if token.kind == "tag" and (token.text in _NEW_GAME_TAGS
                                        or token.text.startswith(USER_TAG_PREFIX)
                                        or (token.text == "Board" and token.value.strip() == "1")):
                return
            self._next = None

    # -- header -----------------------------------------------------------------------------

    def _header(self, game: GameRecord) -> None:
        while True:
            token = self.peek()
            if token is None or token.kind != "tag" or token.text == "Board":
                break
            self.take()
            name, value = token.text, token.value
            if name in _DEAL_ONLY:
                self.fatal(token, f'[{_cut(name)}] before the first [Board]: each deal starts with '
                                  f'[Board "n"]')
            if name not in GAME_TAGS and not name.startswith(USER_TAG_PREFIX):
                self.soft(token, f"unknown tag [{_cut(name)}] (header tags: "
                                 f"{', '.join(GAME_TAGS)}; "
                                 f"user tags start with {USER_TAG_PREFIX})")
                continue
            if name in game.tags:
                self.soft(token, f"tag [{_cut(name)}] given twice (the first is kept)")
                continue
            if name == "Date" and not DATE_RE.match(value):
                self.soft(token, f'[Date "{_cut(value)}"]: expected YYYY.MM.DD (? for unknown '
                                 f'digits; '
                                 f'the tag is skipped)')
                continue
            if name == "Rules":
                try:
                    rules = Rules.parse(value)
                except HeartsError as err:
                    self.fatal(token, f"[Rules]: {err}")
                if rules.players != 4:
                    self.fatal(token, f"[Rules]: records are of 4-player games, not "
                                      f"{rules.players}")
            game.tags[name] = value
        token = self.peek()
        if token is not None and token.kind == "comment":
            game.comment = self.take().text
            self._no_second_comment("the game comment")
            token = self.peek()
            if token is not None and token.kind == "tag" and token.text != "Board":
                self.fatal(token, f"tag [{_cut(token.text)}] after the game comment: tags come "
                                  f"first")

    def _no_second_comment(self, what: str) -> None:
        token = self.peek()
        if token is not None and token.kind == "comment":
            self.take()
            self.soft(token, f"a second comment after {what} (the first is kept; join them)")

    # -- deals ------------------------------------------------------------------------------

    def _deal(self, game: GameRecord) -> None:
        rules = game.rules
        board = self.take()
        number = len(game.deals) + 1
        if game.deals and not game.deals[-1].is_finished():
            self.fatal(board, f"deal {number - 1} is unfinished (Points: *): only the last deal "
                              f"of a game may be")
        text = board.value.strip()
        try:
            given = parse_int(text, "[Board]", sign=False)
        except NumberError as err:
            self.fatal(board, f"{err} (expected the deal number {number})")
        if given != number:
            self.fatal(board, f'[Board "{_cut(text)}"]: expected deal {number} (deals are numbered '
                              f'1, 2, ... in order)')
        found: dict[str, _Token] = {}
        extra: dict[str, str] = {}
        while True:
            token = self.peek()
            if token is None or token.kind != "tag" or token.text == "Board":
                break
            self.take()
            name = token.text
            if name in GAME_TAGS and name not in DEAL_TAGS:
                self.fatal(token, f"[{_cut(name)}] inside deal {number}: header tags come "
                                  f"before the "
                                  f"first [Board]")
            if name not in DEAL_TAGS and not name.startswith(USER_TAG_PREFIX):
                self.soft(token, f"unknown tag [{_cut(name)}] (deal tags: {', '.join(DEAL_TAGS)}; "
                                 f"user tags start with {USER_TAG_PREFIX})")
                continue
            if name in found:
                self.soft(token, f"tag [{_cut(name)}] given twice in deal {number} (the first is "
                                 f"kept)")
                continue
            found[name] = token
            if name not in _DEAL_ONLY:
                extra[name] = token.value
        for needed in ("Deal", "Pass"):
            if needed not in found:
                self.fatal(board, f"deal {number} has no [{needed}] tag")
        try:
            dealt = Deal(found["Deal"].value)
        except HeartsError as err:
            self.fatal(found["Deal"], f"[Deal]: {err}")
        try:
            direction = PassDirection.parse(found["Pass"].value)
        except HeartsError:
            self.fatal(found["Pass"], f'[Pass "{_cut(found["Pass"].value)}"]: expected left, '
                                      f'right, '
                                      f'across or hold')
        if direction is not PassDirection.HOLD and rules.pass_scheme == "hold":
            self.fatal(found["Pass"], f'[Pass "{direction}"], but the rules have no passing '
                                      f'(pass_scheme=hold)')
        leader = None
        if "Leader" in found:
            try:
                leader = Seat.parse(found["Leader"].value)
            except HeartsError:
                self.fatal(found["Leader"], f'[Leader "{_cut(found["Leader"].value)}"]: '
                                            f'expected N, E, '
                                            f'S or W')
        comment = ""
        token = self.peek()
        if token is not None and token.kind == "comment":
            comment = self.take().text
            self._no_second_comment(f"the tags of deal {number}")
        passes, pass_comments = self._passes(dealt, direction, rules, number)
        deal = DealRecord(number, dealt, direction, passes, [], None, leader, comment,
                          pass_comments, extra)
        try:
            position = Position(deal.deal, rules, first_leader=deal.first_leader)
        except HeartsError as err:
            self.fatal(found.get("Leader", board), str(err))
        game.deals.append(deal)
        self._tricks(game, deal, position)

    def _passes(self, dealt: Deal, direction: PassDirection, rules: Rules,
                number: int) -> tuple[dict[Seat, tuple[Card, ...]], dict[Seat, str]]:
        passes: dict[Seat, tuple[Card, ...]] = {}
        comments: dict[Seat, str] = {}
        forbidden = rules.no_pass_mask()
        while self.peek_word() in _SEATS:
            seat_token = self.take()
            seat = _SEATS[seat_token.text]
            if self.peek_word() != "passes:":
                self.fatal(seat_token, f"expected 'passes:' after {seat} (a pass line is "
                                       f"'{seat} passes: QS AH 2D'; tricks start with '1.')")
            if direction is PassDirection.HOLD:
                self.fatal(seat_token, 'a pass line on a hold deal ([Pass "hold"])')
            self.take()
            if seat in passes:
                self.fatal(seat_token, f"a second pass line for {seat.name_title}")
            cards: list[Card] = []
            while True:
                word = self.peek_word()
                if word is None or word in _SEATS or word in _KEYWORDS or _TRICK_RE.match(word):
                    break
                token = self.take()
                card, mark = self._card_and_mark(token, f"{seat.name_title}'s pass")
                if mark:
                    self.fatal(token, f'{seat.name_title}\'s pass: a mark ("{_cut(mark)}") after '
                                      f"{card}: marks follow plays, not passes")
                if card in cards:
                    self.fatal(token, f"{seat.name_title} passes {card} twice")
                if card not in dealt[seat]:
                    self.fatal(token, f"{seat.name_title} passes {card}, which "
                                      f"{dealt.holder(card).name_title} was dealt")
                if forbidden & card.mask:
                    self.fatal(token, forbidden_pass_text(seat.name_title, card, forbidden))
                cards.append(card)
            if len(cards) != rules.pass_count:
                self.fatal(seat_token, f"{seat.name_title} passes {counted(len(cards), 'card')}, "
                                       f"expected {rules.pass_count}")
            passes[seat] = tuple(cards)
            token = self.peek()
            if token is not None and token.kind == "comment":
                comments[seat] = self.take().text
                self._no_second_comment(f"{seat.name_title}'s pass")
        if direction is not PassDirection.HOLD:
            missing = [s.name_title for s in Seat if s not in passes]
            if missing:
                self.fatal(self.peek(), f"deal {number}: no pass line for {', '.join(missing)} "
                                        f'([Pass "{direction}"])')
        return passes, comments

    def _number(self, token: _Token, text: str, what: str, low: int,
                high: int | None = None) -> int:
        """A number of the record (:func:`~hearts.solver.numbers.parse_int`: ASCII digits,
        ``low..high``), its error at ``token``."""
        try:
            return parse_int(text, what, low=low, high=high, sign=low < 0)
        except NumberError as err:
            self.fatal(token, str(err))

    def _card_and_mark(self, token: _Token, where: str) -> tuple[Card, str]:
        """The card of a word and the run of ``!`` and ``?`` glued to it (``""`` for none;
        not checked against ``_MARKS``)."""
        try:
            return Card(token.text), ""
        except CardError as err:
            card_text, mark = _CARD_MARK_RE.match(token.text).groups()  # type: ignore[union-attr]
            try:
                card = Card(card_text)
            except CardError:
                # the whole word's error: 'unknown card "JX?"', not the "JX" before the mark
                self.fatal(token, f"{where}: {err}")
        return card, mark

    def _tricks(self, game: GameRecord, deal: DealRecord, position: Position) -> None:
        number = deal.number
        trick = 0               # the trick being read (0: before "1.")
        in_trick = 0            # cards read since its number
        trick_token: _Token | None = None
        seat_token: _Token | None = None   # a seat letter waiting for its card
        last: Play | None = None

        def short_trick() -> None:
            if trick and in_trick < 4:
                self.fatal(trick_token, f"trick {trick} has {counted(in_trick, 'card')}, "
                                        f"expected 4")

        def lone_seat() -> None:
            if seat_token is not None:
                self.fatal(seat_token, f"trick {trick}: seat {_cut(seat_token.text)} without a "
                                       f"card")

        while True:
            token = self.peek()
            if token is None or token.kind == "tag":
                lone_seat()
                self.fatal(token if token is not None else None,
                           f"deal {number} stops after {counted(len(position.history), 'card')} "
                           f"without a Points line"
                           + (" (is the file truncated?)" if token is None else ""))
            if token.kind == "error":
                self.take()
            if token.kind == "comment":
                self.take()
                if seat_token is not None or last is None:
                    self.fatal(token, "a comment must follow a card, a pass or the tags")
                assert last is not None
                if last.comment:
                    self.soft(token, f"a second comment after {last.card} (the first is kept; "
                                     f"join them)")
                else:
                    last.comment = token.text
                continue
            word = token.text
            if word == "Points:":
                lone_seat()
                break
            self.take()
            match = _TRICK_RE.match(word)
            if match:
                lone_seat()
                short_trick()
                if position.is_over():
                    self.fatal(token, f'"{_cut(word)}" after trick 13: a deal has 13 tricks')
                if self._number(token, match.group(1), "trick number", 0) != trick + 1:
                    self.fatal(token, f'expected trick {trick + 1} ("{trick + 1}."), '
                                      f'found "{_cut(word)}"')
                trick, in_trick, trick_token, last = trick + 1, 0, token, None
                continue
            if trick == 0:
                if word in _SEATS and self.peek_word() == "passes:":
                    self.fatal(token, f"pass line for {word} after the pass lines were ended")
                self.fatal(token, f'expected the first trick ("1. {position.to_move} 2C ..."), '
                                  f'found "{_cut(word)}"')
            nag = _NAG_RE.match(word)
            if nag:
                if seat_token is not None or last is None:
                    self.fatal(token, f"{_cut(word)} must follow a card")
                value = self._number(token, nag.group(1), "NAG", 1, 255)
                assert last is not None
                last.nags.add(value)
                continue
            if word in _SEATS:
                lone_seat()
                seat_token = token
                if in_trick == 4:
                    self.fatal(token, f"trick {trick} has a fifth play ({word}): a trick is 4 "
                                      f'cards (write "{trick + 1}." to start the next)')
                if _SEATS[word] != position.to_move:
                    self.fatal(token, f"trick {trick}: {word} plays out of turn "
                                      f"({position.to_move} is to play)")
                continue
            if word in _KEYWORDS:
                self.fatal(token, f'unexpected "{_cut(word)}" in trick {trick}')
            card, mark = self._card_and_mark(token, f"trick {trick}")
            if mark and mark not in SUFFIX_NAGS:
                self.fatal(token, f'trick {trick}: bad mark "{_cut(mark)}" after {card} (a mark is '
                                  f"{_MARKS})")
            nags: set[int] = {SUFFIX_NAGS[mark]} if mark else set()
            if in_trick == 4:
                self.fatal(token, f"trick {trick} has a fifth card ({card}): a trick is 4 cards "
                                  f'(write "{trick + 1}." to start the next)')
            reason = position.why_illegal(card)
            if reason is not None:
                self.fatal(token, f"trick {trick}: illegal play {card} by {position.to_move}: "
                                  f"{reason}")
            position.play(card, check=False)
            last = Play(card, nags)
            deal.plays.append(last)
            if position.is_over():
                # Known now, so that a game cut off before its Points line keeps them.
                deal.points = tuple(position.score())  # type: ignore[assignment]
            in_trick += 1
            seat_token = None
        self._result(game, deal, position, trick, in_trick, trick_token)

    def _result(self, game: GameRecord, deal: DealRecord, position: Position, trick: int,
                in_trick: int, trick_token: _Token | None) -> None:
        points_token = self.take()
        if self.peek_word() == "*":
            self.take()
            if position.is_over():
                self.fatal(points_token, "Points: * but all 52 cards are played: write the "
                                         "points (N <n> E <n> S <n> W <n>)")
            if self.peek_word() == "Scores:":
                self.fatal(self.peek(), f"Scores after the unfinished deal {deal.number}")
            return
        if not position.is_over():
            if trick and in_trick < 4:
                self.fatal(trick_token, f"trick {trick} has {counted(in_trick, 'card')}, "
                                        f"expected 4")
            self.fatal(points_token, f"deal {deal.number} has {counted(trick, 'trick')}, "
                                     f"expected 13 (write 'Points: *' for an unfinished deal)")
        values = self._seat_values(points_token)
        computed = tuple(position.score())
        if values != computed:
            self.soft(points_token, f"Points {seat_values_text(values)} differ from the play: "
                                    f"{seat_values_text(computed)}")
        deal.points = computed  # type: ignore[assignment]
        if self.peek_word() == "Scores:":
            scores_token = self.take()
            values = self._seat_values(scores_token)
            running = game.scores()[-1]
            assert running is not None
            if values != running:
                self.soft(scores_token, f"Scores {seat_values_text(values)} differ from the "
                                        f"running totals: {seat_values_text(running)}")

    def _seat_values(self, label: _Token) -> tuple[int, int, int, int]:
        """Read ``N <int> E <int> S <int> W <int>`` (any seat order) after ``label``."""
        values: dict[Seat, int] = {}
        for _ in range(4):
            seat_word = self.peek_word()
            if seat_word not in _SEATS:
                self.fatal(label, f"{label.text} expected 'N <points> E <points> S <points> "
                                  f"W <points>'")
            seat_token = self.take()
            seat = _SEATS[seat_token.text]
            if seat in values:
                self.fatal(seat_token, f"{label.text} {seat} given twice")
            value_word = self.peek_word()
            if value_word is None or not re.fullmatch(r"[+-]?\d+", value_word):
                self.fatal(seat_token, f"{label.text} expected a number after {seat}")
            values[seat] = self._number(self.take(), value_word, f"{label.text} {seat}",
                                        -_MAX_POINTS, _MAX_POINTS)
        return tuple(values[s] for s in Seat)  # type: ignore[return-value]


def loads(text: str, *, strict: bool = True) -> GameRecord:
    """Read one game record from text.

    Args:
        text: the record (format in ``docs/records.md``).
        strict: raise the first error (default); with ``False`` collect errors in
            ``game.errors`` and read up to the first structural error (module docstring).

    Returns:
        The :class:`GameRecord` (every deal replayed legally; ``points`` filled in).

    Raises:
        RecordSyntaxError: (strict mode) the first error, e.g.
            ``line 17, column 21: trick 1: illegal play 9D by N: North must follow clubs``;
            also for an empty text or a text holding a second game (use :func:`loads_all`).
    """
    reader = _Reader(text, strict)
    game = reader.read_game()
    if game is None:
        err = RecordSyntaxError("empty record: no tags and no deals", 1)
        if strict:
            raise err
        game = GameRecord()
        game.errors.append(err)
        return game
    token = reader.pending or reader.peek()
    if token is not None:
        err = reader.error(token, "a second game starts here (read several games with loads_all)")
        if strict:
            raise err
        game.errors.append(err)
    return game


def loads_all(text: str, *, strict: bool = True) -> list[GameRecord]:
    """Read every game of a text (games as written by ``dumps_all``).

    A game ends where a header tag (``[Event]``, ``[Rules]``, ...) or ``[Board "1"]`` follows
    a deal. In forgiving mode a structural error ends only its game: reading resumes at the
    next game.

    Raises:
        RecordSyntaxError: (strict mode) the first error.
    """
    return list(iter_all(text, strict=strict))


def iter_all(text: str, *, strict: bool = True) -> Iterator[GameRecord]:
    """The games of a text one at a time, as :func:`loads_all` reads them: a batch holds one
    game at a time, not the whole file's.

    Raises:
        RecordSyntaxError: (strict mode) the first error, when the reading reaches it.
    """
    reader = _Reader(text, strict)
    while True:
        game = reader.read_game()
        if game is None:
            return
        yield game


def load(fp: IO[str], *, strict: bool = True) -> GameRecord:
    """:func:`loads` of a text file's content.

    Raises:
        RecordSyntaxError: as :func:`loads`.
        InputFileError: the file is larger than the input limit
            (:data:`hearts.analysis.files.MAX_INPUT_BYTES`).
    """
    return loads(read_limited(fp, stream_name(fp)), strict=strict)  # type: ignore[arg-type]


def load_all(fp: IO[str], *, strict: bool = True) -> list[GameRecord]:
    """:func:`loads_all` of a text file's content.

    Raises:
        RecordSyntaxError: as :func:`loads_all`.
        InputFileError: as :func:`load`.
    """
    return loads_all(read_limited(fp, stream_name(fp)), strict=strict)  # type: ignore[arg-type]
