"""Double-dummy Hearts puzzles: the format, reading and writing, mining from records, checking.

A puzzle is a position with all four hands shown, a seat to play and a task, where exactly one
card (one class of equivalent cards) is best and the solver proves it. The format is documented
in ``docs/puzzles.md``; one puzzle is one JSON object on one line of a ``.jsonl`` file, and the
shipped collection is ``puzzles/puzzles.jsonl`` (package ``hearts.puzzles``).

Tasks and the solution concept behind each (``docs/internals.md`` "Solution concepts"):

- ``lose the fewest points`` -- model ``paranoid``, target = the seat to play: the values are
  the mover's final points for the deal (penalty points, lower is better) when the other three
  seats play together against it. Exactly one class is best, by ``margin`` >= 3 points.
- ``duck the queen`` -- the same, when the answer's line keeps Q♠ away from the mover while
  the line of the next-best class gives it to the mover.
- ``shoot the moon`` -- model ``moon``, target = the seat to play: the value is 1 if the mover
  can still take every moon card (all hearts and Q♠ under standard rules) against the best
  defence of the other three, else 0. Exactly one class has value 1.
- ``stop the moon`` -- model ``moon``, target = another seat (the would-be shooter, the only
  seat that has taken penalty cards so far): value 1 = the shooter can still shoot. Exactly one
  class of the mover has value 0 (stops the moon; the other two defenders help).

For the two moon tasks the margin is also in points: ``points`` holds the mover's paranoid
values (as for the point tasks) and the puzzle is kept only when the answer is also the unique
paranoid best card by >= 3 points, so every puzzle has a one-card answer in points too.

Sources of the records: OpenSpiel action-id lines (the xinxin games, read by
:func:`hearts.analysis.openspiel.parse_action_lines`), peer-engine JSONL records
(:func:`hearts.analysis.records.importers.from_peer_record`, which checks their seats, legal lists
and points), and seeded random deals played out by a seeded policy (:func:`random_records`).
"""
from __future__ import annotations

import dataclasses
import importlib.resources
import json
import random
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Callable, Iterable, Iterator, Mapping, Sequence

from hearts.solver.cards import ALL_CARDS, Card, Suit, parse_cards
from hearts.solver.deal import Deal
from hearts.solver.errors import HeartsError, RecordSyntaxError
from hearts.solver.limit import Limit
from hearts.solver.position import Position, trick_winner
from hearts.solver.rules import Rules
from hearts.solver.seats import Seat
from hearts.solver.solve import SolveResult, Solver
from hearts.solver.words import counted

from .files import load_json, read_file_text, read_limited, stream_name
from .openspiel import parse_action_lines
from .policy import point_cards
from .records.formats import detect_format, read_games
from .records.importers import from_peer_record

__all__ = [
    "TASKS",
    "MIN_MARGIN",
    "MAX_TRICKS_LEFT",
    "MAX_RANDOM_DEALS",
    "DEFAULT_LIMIT",
    "Puzzle",
    "PuzzleError",
    "PlayedDeal",
    "CheckResult",
    "loads",
    "load",
    "dumps",
    "dump",
    "shipped_path",
    "load_shipped",
    "check_puzzle",
    "check",
    "difficulty",
    "naive_card",
    "find_puzzles",
    "read_records",
    "random_records",
    "mine_record",
    "select",
    "mine",
    "parse_task",
]

#: The tasks, in the order they are listed.
TASKS = ("lose the fewest points", "duck the queen", "shoot the moon", "stop the moon")
#: Short names accepted for a task (``--task queen``).
TASK_KEYS = {"fewest": TASKS[0], "points": TASKS[0], "queen": TASKS[1], "duck": TASKS[1],
             "shoot": TASKS[2], "stop": TASKS[3]}
_MODEL_OF_TASK = {TASKS[0]: "paranoid", TASKS[1]: "paranoid", TASKS[2]: "moon", TASKS[3]: "moon"}

#: A puzzle's best class must beat the next-best class by at least this many points.
MIN_MARGIN = 3
#: Mining looks at positions with at most this many tricks left (the solver is fast there).
MAX_TRICKS_LEFT = 8
#: Mining skips positions with fewer tricks left than this (too little to think about).
MIN_TRICKS_LEFT = 2
#: The limit of one search while mining (a position it stops is skipped).
DEFAULT_LIMIT = Limit(time_ms=5000)
#: The most seeded random deals ``hearts puzzle mine --random`` takes: each is played out and
#: mined (~40 ms), so 100,000 are already about an hour on one core.
MAX_RANDOM_DEALS = 100_000

_FIELDS = ("id", "task", "difficulty", "seat", "target", "model", "deal", "played", "rules",
           "answer", "margin", "values", "points", "line", "tricks_left", "source")
_REQUIRED = ("id", "task", "difficulty", "seat", "model", "deal", "played", "rules", "answer",
             "margin", "values", "line", "tricks_left", "source")
_QS = Card("QS")


class PuzzleError(RecordSyntaxError):
    """A puzzle file is malformed: bad JSON, a missing or mistyped field, an impossible
    position. The message starts with ``line N`` (the 1-based line of the file)."""


def parse_task(text: str) -> str:
    """The task named by ``text``: a full label (``"duck the queen"``, ``duck-the-queen``) or a
    short key (``fewest``, ``queen``, ``shoot``, ``stop``).

    Raises:
        HeartsError: no such task.
    """
    key = text.strip().lower().replace("-", " ").replace("_", " ")
    if key in TASKS:
        return key
    if key in TASK_KEYS:
        return TASK_KEYS[key]
    raise HeartsError(f'unknown task "{text}" (tasks: {", ".join(TASKS)}; '
                      f'short: {", ".join(TASK_KEYS)})')


def _rules_to_json(rules: Rules) -> "str | dict[str, Any]":
    """A preset's text (``standard``, ``pagat,players=3``), else the fields that differ from
    the standard rules."""
    text = rules.preset_text()
    if text is not None:
        return text
    base = Rules().to_dict()
    return {k: v for k, v in rules.to_dict().items() if base[k] != v}


def _rules_from_json(value: Any) -> Rules:
    if isinstance(value, str):
        return Rules.parse(value)
    if isinstance(value, Mapping):
        return Rules.from_dict(value)
    raise HeartsError(f"rules must be a preset name or an object, not {type(value).__name__}")


@dataclass(frozen=True)
class Puzzle:
    """One puzzle (format: ``docs/puzzles.md``).

    Attributes:
        id: a unique name in its file (``"hd-017"``).
        task: one of :data:`TASKS`.
        difficulty: 1 (easy) .. 5 (hard), :func:`difficulty` of the position and answer.
        seat: the seat to play. target: the seat whose points (paranoid) or moon (moon model)
            the values are about; the seat to play except for ``stop the moon``.
        model: ``paranoid`` or ``moon``.
        deal: the hands after the pass. played: the cards played so far from the first lead.
        rules: the rules of the deal.
        answer: the best class: every card in it is a right answer.
        margin: points the best class gains over the next-best class for the seat to play
            (paranoid values; for moon tasks from ``points``); >= :data:`MIN_MARGIN`.
        values: every legal card → its value under ``model`` (paranoid: the target's final
            points for the deal; moon: 1 if the target can still shoot, else 0).
        points: moon tasks only: every legal card → the mover's paranoid points.
        line: the solution line from the answer card to the end of the deal, both sides
            playing their best under ``model``.
        tricks_left: tricks not yet completed (the current one counts).
        source: where the position comes from (``xinxin_train.txt line 3 play 31``).
    """

    id: str
    task: str
    difficulty: int
    seat: Seat
    target: Seat
    model: str
    deal: Deal
    played: tuple[Card, ...]
    rules: Rules
    answer: tuple[Card, ...]
    margin: int
    values: dict[Card, int] = field(hash=False)
    line: tuple[Card, ...]
    tricks_left: int
    source: str
    points: dict[Card, int] | None = field(default=None, hash=False)

    def position(self) -> Position:
        """The puzzle position (a fresh :class:`Position`)."""
        return Position(self.deal, self.rules, self.played)

    def is_right(self, card: "Card | str") -> bool:
        """Whether ``card`` is one of the answer cards."""
        return Card(card) in self.answer

    def paranoid_points(self) -> dict[Card, int]:
        """The mover's paranoid points per legal card (``values`` for the point tasks)."""
        return self.points if self.points is not None else self.values

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict with the fields in the documented order."""
        d: dict[str, Any] = {
            "id": self.id,
            "task": self.task,
            "difficulty": self.difficulty,
            "seat": self.seat.letter,
            "target": self.target.letter,
            "model": self.model,
            "deal": str(self.deal),
            "played": " ".join(map(str, self.played)),
            "rules": _rules_to_json(self.rules),
            "answer": [str(c) for c in self.answer],
            "margin": self.margin,
            "values": {str(c): v for c, v in self.values.items()},
        }
        if self.points is not None:
            d["points"] = {str(c): v for c, v in self.points.items()}
        d["line"] = " ".join(map(str, self.line))
        d["tricks_left"] = self.tricks_left
        d["source"] = self.source
        return d

    def dumps(self) -> str:
        """One line of JSON (no newline)."""
        return json.dumps(self.to_json(), ensure_ascii=False)

    @classmethod
    def from_json(cls, data: Any, line_number: int | None = None) -> "Puzzle":
        """Read a puzzle from a parsed JSON object and check that it describes a real position.

        Checked here (a failure is a *malformed* puzzle): the fields and their types, the task
        and model, the deal, the played cards (legal under the rules), the seat to play,
        ``tricks_left``, and that ``answer``, ``values`` and ``line`` name cards. Whether the
        values are right is :func:`check_puzzle`'s job.

        Raises:
            PuzzleError: the message starts with ``line N`` when ``line_number`` is given.
        """
        def bad(message: str) -> PuzzleError:
            return PuzzleError(message, line_number)

        if not isinstance(data, Mapping):
            raise bad(f"a puzzle is a JSON object, not {type(data).__name__}")
        missing = [k for k in _REQUIRED if k not in data]
        if missing:
            raise bad(f"puzzle has no field {', '.join(missing)}")
        unknown = [k for k in data if k not in _FIELDS]
        if unknown:
            raise bad(f"unknown puzzle field {', '.join(unknown)}")
        for key, kind in (("id", str), ("task", str), ("seat", str), ("model", str),
                          ("deal", str), ("played", str), ("line", str), ("source", str),
                          ("answer", list), ("values", dict)):
            if not isinstance(data[key], kind):
                raise bad(f"field {key} must be a {'string' if kind is str else kind.__name__}"
                          f", not {type(data[key]).__name__}")
        for key in ("difficulty", "margin", "tricks_left"):
            if not isinstance(data[key], int) or isinstance(data[key], bool):
                raise bad(f"field {key} must be an integer, not {type(data[key]).__name__}")
        pid = data["id"]
        try:
            task = parse_task(data["task"])
            if data["task"] != task:
                raise HeartsError(f'task "{data["task"]}" must be written "{task}"')
            model = data["model"]
            if model != _MODEL_OF_TASK[task]:
                raise HeartsError(f'task "{task}" needs model {_MODEL_OF_TASK[task]}, not {model!r}')
            if not 1 <= data["difficulty"] <= 5:
                raise HeartsError(f"difficulty {data['difficulty']} is not in 1..5")
            seat = Seat.parse(data["seat"])
            target = Seat.parse(data.get("target", data["seat"]))
            rules = _rules_from_json(data["rules"])
            deal = Deal(data["deal"])
            played = tuple(parse_cards(data["played"]))
            position = Position(deal, rules, played)
            if position.is_over():
                raise HeartsError("the deal is over: no card left to play")
            if position.to_move != seat:
                raise HeartsError(f"seat {seat.letter} is not the seat to play "
                                  f"({position.to_move.letter} is)")
            if (target != seat) != (task == "stop the moon"):
                raise HeartsError(f'target {target.letter}: task "{task}" needs the target '
                                  f'{"to differ from" if task == "stop the moon" else "to be"} '
                                  f'the seat to play')
            left = position.tricks_left
            if data["tricks_left"] != left:
                raise HeartsError(f"tricks_left is {data['tricks_left']}, the position has {left}")
            answer = tuple(Card(c) for c in _strings(data["answer"], "answer"))
            if not answer:
                raise HeartsError("answer is empty")
            values = _card_ints(data["values"], "values")
            points = None
            if model == "moon":
                if not isinstance(data.get("points"), dict):
                    raise HeartsError("a moon puzzle needs the object field points")
                points = _card_ints(data["points"], "points")
            elif "points" in data:
                raise HeartsError("field points is only for moon puzzles")
            line = tuple(parse_cards(data["line"]))
        except HeartsError as err:
            raise bad(f"puzzle {pid}: {err}") from None
        return cls(pid, task, data["difficulty"], seat, target, model, deal, played, rules,
                   answer, data["margin"], values, line, data["tricks_left"], data["source"],
                   points)


def _strings(items: list, name: str) -> list[str]:
    for item in items:
        if not isinstance(item, str):
            raise HeartsError(f"{name} must list cards as strings, not {type(item).__name__}")
    return items


def _card_ints(data: Mapping, name: str) -> dict[Card, int]:
    out: dict[Card, int] = {}
    for key, value in data.items():
        if not isinstance(value, int) or isinstance(value, bool):
            raise HeartsError(f"{name}[{key}] must be an integer, not {type(value).__name__}")
        out[Card(key)] = value
    return out


# -- reading and writing (like the json module) --------------------------------------------

def loads(text: str) -> list[Puzzle]:
    """Read puzzles from JSONL text (blank lines and ``#`` lines skipped).

    Raises:
        PuzzleError: a malformed line (its number is in the message) or a repeated id.
    """
    puzzles: list[Puzzle] = []
    seen: dict[str, int] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        try:
            data = load_json(stripped)
        except json.JSONDecodeError as err:
            raise PuzzleError(f"bad JSON: {err.msg} (column {err.colno})", number) from None
        puzzle = Puzzle.from_json(data, number)
        if puzzle.id in seen:
            raise PuzzleError(f"puzzle id {puzzle.id} already used on line {seen[puzzle.id]}",
                              number)
        seen[puzzle.id] = number
        puzzles.append(puzzle)
    return puzzles


def load(source: "str | Path | IO[str]") -> list[Puzzle]:
    """Read puzzles from a path or an open text file.

    Raises:
        PuzzleError: malformed content. InputFileError: not UTF-8 text (the line and byte), or
            larger than the input limit (:data:`hearts.analysis.files.MAX_INPUT_BYTES`).
        OSError: the file cannot be read.
    """
    if hasattr(source, "read"):
        return loads(read_limited(source, stream_name(source)))  # type: ignore[arg-type]
    return loads(read_file_text(source))  # type: ignore[arg-type]


def dumps(puzzles: Iterable[Puzzle]) -> str:
    """JSONL text, one puzzle a line, ending with a newline (empty text for no puzzles)."""
    return "".join(p.dumps() + "\n" for p in puzzles)


def dump(puzzles: Iterable[Puzzle], target: "str | Path | IO[str]") -> None:
    """Write puzzles as JSONL to a path or an open text file.

    Raises:
        OSError: the file cannot be written.
    """
    text = dumps(puzzles)
    if hasattr(target, "write"):
        target.write(text)  # type: ignore[union-attr]
    else:
        Path(target).write_text(text, encoding="utf-8")


def shipped_path() -> Any:
    """The shipped collection, ``puzzles.jsonl`` in the package ``hearts.puzzles`` (a
    ``Traversable``: ``read_text()`` works in wheels and editable installs alike)."""
    return importlib.resources.files("hearts.puzzles").joinpath("puzzles.jsonl")


def load_shipped() -> list[Puzzle]:
    """The shipped puzzles. Raises PuzzleError if the shipped file is malformed."""
    return loads(shipped_path().read_text(encoding="utf-8"))


# -- the judgement of a position --------------------------------------------------------------

def _classes(result: SolveResult) -> list[tuple[tuple[Card, ...], int]]:
    """(the cards of the class, its value) per class, in the solver's order."""
    return [((cv.card, *cv.equals), cv.value) for cv in result.cards]


def _values_of(result: SolveResult) -> dict[Card, int]:
    """Every legal card → its value, best class first (cards ascending within a class)."""
    out: dict[Card, int] = {}
    for cards, value in _classes(result):
        for card in sorted(cards):
            out[card] = value
    return out


def naive_card(position: Position) -> Card:
    """The card a simple rule-of-thumb player picks; an answer that differs is counter-intuitive.

    Leading: the lowest-ranked legal card. Following suit: the highest card under the card
    winning so far; if every card would win, the highest when playing last, else the lowest.
    Discarding: the rules' big penalty card if legal (Q♠ in the standard game, J♠ in Black
    Jack: :func:`.policy.point_cards`), else the highest heart, else the highest card.
    """
    legal = position.legal_moves()
    if not position.trick:
        return min(legal, key=lambda c: (c.rank, c.suit))
    led = position.trick[0].suit
    following = [c for c in legal if c.suit is led]
    if following:
        winner = trick_winner(position.trick, position.leader)
        top = position.trick[(winner - position.leader) % 4]
        under = [c for c in following if c.rank < top.rank]
        if under:
            return max(under, key=lambda c: c.rank)
        return max(following) if len(position.trick) == 3 else min(following)
    for card in point_cards(position.rules).big:
        if card in legal:
            return card
    hearts = [c for c in legal if c.suit is Suit.HEARTS]
    return max(hearts or legal, key=lambda c: (c.rank, c.suit))


def _is_high(card: Card, answer: Sequence[Card], legal: Sequence[Card]) -> bool:
    """The answer class holds the highest legal card of its suit, with a lower choice there."""
    same = [c for c in legal if c.suit is card.suit]
    return len(same) > len([c for c in answer if c.suit is card.suit]) and max(same) in answer


def difficulty(tricks_left: int, classes: int, counter_intuitive: bool, high_card: bool) -> int:
    """The puzzle's difficulty, 1 (easy) .. 5 (hard).

    ``1 + depth + choice + surprise``, capped at 5, where depth is 0 for <= 3 tricks left, 1 for
    4-5, 2 for 6 or more; choice is 1 with 4 or more classes of legal cards; surprise is 1 when
    the :func:`naive_card` is wrong, plus 1 when the answer is the highest legal card of its
    suit while a lower one could be played.
    """
    depth = 0 if tricks_left <= 3 else 1 if tricks_left <= 5 else 2
    choice = 1 if classes >= 4 else 0
    surprise = int(counter_intuitive) + int(high_card)
    return min(5, 1 + depth + choice + surprise)


def _takes_queen(position: Position, line: Sequence[Card], seat: Seat) -> bool | None:
    """Whether ``seat`` takes Q♠ in ``line`` (None if Q♠ was played before the position)."""
    if _QS in position.history:
        return None
    pos = position.copy()
    for card in line:
        pos.play(card, check=False)
    return bool(pos.taken[seat] & _QS.mask)


@dataclass
class _Solved:
    """A position judged for one task (internal to mining)."""

    task: str
    model: str
    target: Seat
    answer: tuple[Card, ...]
    values: dict[Card, int]
    points: dict[Card, int] | None
    margin: int
    line: list[Card]
    classes: int


def _judge_paranoid(solver: Solver, position: Position, limit: Limit) -> "_Solved | None":
    mover = position.to_move
    result = solver.solve_position(position, mover, "paranoid", limit=limit)
    if not result.complete or len(result.cards) < 2:
        return None
    classes = _classes(result)
    margin = classes[1][1] - classes[0][1]
    if margin < MIN_MARGIN:
        return None
    answer = tuple(sorted(classes[0][0]))
    line = list(result.cards[0].pv)      # the solver's lines run to the end of the deal
    task = TASKS[0]
    if _takes_queen(position, line, mover) is False:
        runner_up = result.cards[1].pv
        if _takes_queen(position, runner_up, mover):
            task = TASKS[1]
    return _Solved(task, "paranoid", mover, answer, _values_of(result), None, margin, line,
                   len(classes))


def _judge_moon(solver: Solver, position: Position, limit: Limit) -> "_Solved | None":
    rules = position.rules
    if rules.moon == "none":
        return None
    shooter = position.moon_taker()
    if shooter is None:
        return None
    mover = position.to_move
    result = solver.solve_position(position, shooter, "moon", limit=limit)
    if not result.complete or len(result.cards) < 2:
        return None
    classes = _classes(result)
    want = 1 if shooter == mover else 0
    winners = [c for c in classes if c[1] == want]
    if len(winners) != 1:
        return None
    answer = tuple(sorted(winners[0][0]))
    paranoid = solver.solve_position(position, mover, "paranoid", limit=limit)
    if not paranoid.complete:
        return None
    pclasses = _classes(paranoid)
    if answer[0] not in pclasses[0][0]:
        return None
    margin = pclasses[1][1] - pclasses[0][1]
    if margin < MIN_MARGIN:
        return None
    line = list(result.cards[0].pv)
    task = TASKS[2] if shooter == mover else TASKS[3]
    return _Solved(task, "moon", shooter, answer, _values_of(result), _values_of(paranoid),
                   margin, line, len(classes))


def find_puzzles(position: Position, source: str, *, solver: Solver | None = None,
                 limit: Limit = DEFAULT_LIMIT) -> list[Puzzle]:
    """The puzzle at ``position``, as a list of 0 or 1 (a moon task if there is one).

    A point puzzle: the paranoid best class (the mover as target) is unique and beats the
    next-best class by >= :data:`MIN_MARGIN` points. A moon puzzle: one seat has taken every
    moon card taken so far; exactly one class of the mover lets it shoot (``shoot the moon``)
    or stops that seat (``stop the moon``), and that class is also the paranoid best by
    >= :data:`MIN_MARGIN` points. Positions a search ``limit`` stops (default
    :data:`DEFAULT_LIMIT`, 5 s a search) are skipped.

    Returns puzzles with ``id`` empty (``select`` numbers them).
    """
    if position.is_over() or len(position.legal_moves()) < 2:
        return []
    solver = solver or Solver()
    limit = Limit.of(limit)
    # A moon puzzle is the sharper statement of the same position: keep only it.
    for judge in (_judge_moon, _judge_paranoid):
        solved = judge(solver, position, limit)
        if solved is not None:
            return [_make_puzzle(position, solved, source)]
    return []


def _make_puzzle(position: Position, s: _Solved, source: str) -> Puzzle:
    legal = position.legal_moves()
    naive = naive_card(position)
    left = position.tricks_left
    level = difficulty(left, s.classes, naive not in s.answer,
                       _is_high(s.answer[-1], s.answer, legal))
    return Puzzle("", s.task, level, position.to_move, s.target, s.model, position.deal,
                  tuple(position.history), position.rules, s.answer, s.margin, s.values,
                  tuple(s.line), left, source, s.points)


# -- checking -------------------------------------------------------------------------------

@dataclass
class CheckResult:
    """The outcome of re-solving one puzzle.

    Attributes:
        puzzle: the puzzle. problems: what the solver disagrees with (empty = verified).
        ms: time spent, in milliseconds.
    """

    puzzle: Puzzle
    problems: list[str]
    ms: float

    @property
    def ok(self) -> bool:
        return not self.problems


def check_puzzle(puzzle: Puzzle, solver: Solver | None = None) -> CheckResult:
    """Re-solve a puzzle and compare everything it claims.

    Checked: every legal card's value (and ``points`` for moon tasks) equals the solver's; the
    answer is exactly the best class, unique; the margin; for the moon tasks the answer is also
    the unique paranoid best; the line starts with an answer card, is legal, runs to the end of
    the deal and reaches the answer's value (paranoid: the target's final score; moon: whether the
    target took every moon card); the task label (``duck the queen``: the line keeps Q♠ from
    the mover); the difficulty.

    Never raises for a wrong puzzle: the disagreements are listed in ``problems``.
    """
    t0 = time.perf_counter()
    solver = solver or Solver()
    problems: list[str] = []
    position = puzzle.position()
    legal = position.legal_moves()
    result = solver.solve_position(position, puzzle.target, puzzle.model)
    values = _values_of(result)
    if set(values) != set(puzzle.values):
        problems.append(f"values name {_cards(puzzle.values)}, the legal cards are {_cards(legal)}")
    else:
        wrong = [f"{c} {puzzle.values[c]}≠{v}" for c, v in values.items() if puzzle.values[c] != v]
        if wrong:
            problems.append(f"values differ (stored≠solver): {', '.join(wrong)}")
    classes = _classes(result)
    mover = position.to_move
    if puzzle.model == "paranoid":
        best = tuple(sorted(classes[0][0]))
        pclasses = classes
        if len(classes) < 2:
            problems.append("only one class of legal cards")
    else:
        want = 1 if puzzle.target == mover else 0
        winners = [c for c in classes if c[1] == want]
        if len(winners) != 1:
            problems.append(f"{len(winners)} classes have moon value {want}, expected exactly 1")
        best = tuple(sorted(winners[0][0])) if winners else ()
        paranoid = solver.solve_position(position, mover, "paranoid")
        pclasses = _classes(paranoid)
        points = _values_of(paranoid)
        if puzzle.points != points:
            problems.append(f"points differ: stored {_card_map(puzzle.points or {})}, "
                            f"solver {_card_map(points)}")
        if best and best[0] not in pclasses[0][0]:
            problems.append(f"the moon answer {best[0]} is not the paranoid best "
                            f"{pclasses[0][0][0]}")
    if tuple(sorted(puzzle.answer)) != best:
        problems.append(f"answer {_cards(puzzle.answer)}, solver's best class {_cards(best)}")
    if len(pclasses) >= 2:
        margin = pclasses[1][1] - pclasses[0][1]
        if margin != puzzle.margin:
            problems.append(f"margin {puzzle.margin}, solver {margin}")
        if margin < MIN_MARGIN:
            problems.append(f"margin {margin} is below {MIN_MARGIN} points")
    problems.extend(_check_line(puzzle, position))
    if not problems:
        level = difficulty(puzzle.tricks_left, len(classes),
                           naive_card(position) not in best, _is_high(best[-1], best, legal))
        if level != puzzle.difficulty:
            problems.append(f"difficulty {puzzle.difficulty}, the definition gives {level}")
        if puzzle.task == TASKS[1] and _takes_queen(position, puzzle.line, mover) is not False:
            problems.append("task duck the queen, but the line gives Q♠ to the seat to play")
    return CheckResult(puzzle, problems, (time.perf_counter() - t0) * 1000.0)


def _check_line(puzzle: Puzzle, position: Position) -> list[str]:
    line = puzzle.line
    if not line or line[0] not in puzzle.answer:
        return [f"line starts with {line[0] if line else 'nothing'}, not an answer card"]
    pos = position.copy()
    for index, card in enumerate(line, start=1):
        reason = pos.why_illegal(card)
        if reason is not None:
            return [f"line card {index} ({card}): {reason}"]
        pos.play(card, check=False)
    if not pos.is_over():
        return [f"line stops with {counted(52 - len(pos.history), 'card')} still to play"]
    value = puzzle.values.get(line[0])
    if puzzle.model == "paranoid":
        got = pos.score()[puzzle.target]
        if got != value:
            return [f"line ends with {counted(got, 'point')} for {puzzle.target.letter}, the "
                    f"value is {value}"]
    else:
        moon = puzzle.rules.moon_mask()
        got = int(pos.taken[puzzle.target] & moon == moon)
        if got != value:
            return [f"line ends with moon={got} for {puzzle.target.letter}, the value is {value}"]
    return []


def _cards(cards: Iterable[Card]) -> str:
    return " ".join(map(str, cards)) or "(none)"


def _card_map(values: Mapping[Card, int]) -> str:
    return " ".join(f"{c}={v}" for c, v in values.items())


def check(puzzles: Iterable[Puzzle], progress: Callable[[CheckResult], None] | None = None
          ) -> list[CheckResult]:
    """Re-solve every puzzle (:func:`check_puzzle`), one solver per puzzle."""
    results = []
    for puzzle in puzzles:
        outcome = check_puzzle(puzzle, Solver())
        if progress is not None:
            progress(outcome)
        results.append(outcome)
    return results


# -- records and mining ----------------------------------------------------------------------

@dataclass(frozen=True)
class PlayedDeal:
    """A played deal to mine: the deal after the pass, the rules and the plays.

    Attributes:
        label: where it comes from, ``xinxin_train.txt line 3``; a puzzle's source adds
            ``play K`` (the 1-based number of the card about to be played).
    """

    label: str
    deal: Deal
    rules: Rules
    plays: tuple[Card, ...]


def read_records(path: "str | Path") -> Iterator[PlayedDeal]:
    """The played deals in a file: peer JSONL (lines starting with ``{``), OpenSpiel action-id
    lines (the xinxin format; played under OpenSpiel's default rules = standard), or game
    records in HGN or our JSON export (``docs/records.md``), one :class:`PlayedDeal` per deal.

    Raises:
        RecordSyntaxError: a malformed record (``path: line N: ...``). InputFileError: not
        UTF-8 text (the line and byte), or larger than the input limit
        (:data:`hearts.analysis.files.MAX_INPUT_BYTES`). OSError: unreadable file.
    """
    path = Path(path)
    text = read_file_text(path)
    try:
        yield from _played_deals(text, path.name)
    except RecordSyntaxError as err:
        # "line 62: ..." of which file? (as hearts convert and annotate say it)
        raise err.in_file(str(path)) from None


def _played_deals(text: str, name: str) -> Iterator[PlayedDeal]:
    """:func:`read_records` of a file's ``text``; ``name`` labels the deals' sources."""
    first = next((ln.strip() for ln in text.splitlines() if ln.strip()
                  and not ln.strip().startswith("#")), "")
    if first.startswith("["):
        # HGN game records, or our JSON export (a list of games, first line "[{" or "["),
        # read (and replayed) by the record readers
        fmt = detect_format(text)
        games = read_games(text, fmt if fmt == "json" else "hgn", name=name)
        for g, game in enumerate(games, start=1):
            for deal in game.deals:
                yield PlayedDeal(f"{name} game {g} deal {deal.number}", deal.deal, game.rules,
                                 tuple(play.card for play in deal.plays))
        return
    if first.startswith("{"):
        for number, line in enumerate(text.splitlines(), start=1):
            if not line.strip():
                continue
            try:
                data = load_json(line)
            except json.JSONDecodeError as err:
                raise RecordSyntaxError(f"bad JSON: {err.msg} (column {err.colno})",
                                        number) from None
            # read as convert and annotate read it: the record's seats, legal lists and
            # points are checked against the replay (load_peer_record alone skipped them)
            game = from_peer_record(data, number)
            deal = game.deals[0]
            yield PlayedDeal(f"{name} record {number}", deal.deal, game.rules,
                             tuple(play.card for play in deal.plays))
    else:
        rules = Rules.openspiel()
        for game in parse_action_lines(text, require_complete=False):
            yield PlayedDeal(f"{name} line {game.line_number}", game.deal, rules,
                             tuple(game.plays))


def _moon_hand_deal(rng: random.Random, shooter: Seat) -> Deal:
    """A deal where ``shooter``'s 13 cards are drawn with weight (rank - 1)² (high cards
    likely), the other 39 shuffled to the other seats."""
    weights = [(c.rank - 1) ** 2 for c in ALL_CARDS]
    hand = 0
    while bin(hand).count("1") < 13:
        hand |= rng.choices(ALL_CARDS, weights)[0].mask
    rest = [c for c in ALL_CARDS if not hand & c.mask]
    rng.shuffle(rest)
    masks = [0, 0, 0, 0]
    others = [s for s in Seat if s != shooter]
    for i, card in enumerate(rest):
        masks[others[i // 13]] |= card.mask
    masks[shooter] = hand
    return Deal.from_masks(masks)


def _random_game(seed: int) -> PlayedDeal:
    """A seeded random deal played out by a seeded policy, chosen by ``seed % 3``:

    0. a uniform deal, every card uniform among the legal cards;
    1. a uniform deal, one seat (chosen by the seed) playing its highest legal card and the
       others their lowest (the peer records' ``moon`` policy);
    2. a *moon deal*: that seat's hand drawn with weight (rank - 1)² per card; it plays its
       highest card until 8 tricks are left, then (exact moon search) a random card that still
       shoots if there is one; the others play their lowest card.

    Policies 1 and 2 reach positions where a seat may still shoot the moon.
    """
    rng = random.Random(seed)
    kind = seed % 3
    shooter = Seat(rng.randrange(4)) if kind else None
    deal = _moon_hand_deal(rng, shooter) if kind == 2 else Deal.random(rng)
    rules = Rules.standard()
    position = Position(deal, rules)
    solver = Solver()
    while not position.is_over():
        legal = position.legal_moves()
        if shooter is None:
            card = rng.choice(legal)
        elif position.to_move == shooter:
            card = max(legal, key=lambda c: (c.rank, c.suit))
            if kind == 2 and position.tricks_left <= MAX_TRICKS_LEFT:
                result = solver.solve_position(position, shooter, "moon", pv=False,
                                               limit=DEFAULT_LIMIT)
                shooting = [cv.card for cv in result.cards if cv.value == 1]
                if shooting:
                    card = rng.choice(shooting)
        else:
            card = min(legal, key=lambda c: (c.rank, c.suit))
        position.play(card, check=False)
    who = shooter.letter if shooter is not None else ""
    policy = ("random play", f"moon policy {who}", f"moon deal {who}")[kind]
    return PlayedDeal(f"random seed {seed} ({policy})", deal, rules, tuple(position.history))


def random_records(seed: int, count: int) -> Iterator[PlayedDeal]:
    """``count`` seeded random games, seeds ``seed .. seed+count-1`` (see :func:`_random_game`),
    each made (played out) only when the iterator reaches it.

    Reproducible: the same seed gives the same deal and play on every machine (Python's
    ``random.Random``)."""
    for s in range(seed, seed + count):
        yield _random_game(s)


def mine_record(record: PlayedDeal, *, max_tricks_left: int = MAX_TRICKS_LEFT,
                min_tricks_left: int = MIN_TRICKS_LEFT,
                limit: Limit = DEFAULT_LIMIT) -> list[Puzzle]:
    """Every puzzle along one record: the position before each play with ``min_tricks_left``
    .. ``max_tricks_left`` tricks left (trick starts and mid-trick), judged by
    :func:`find_puzzles` (``limit``: of each search). The walk stops at the first illegal
    play of the record.
    """
    position = Position(record.deal, record.rules)
    solver = Solver()
    found: list[Puzzle] = []
    for index, card in enumerate(record.plays):
        left = position.tricks_left
        if min_tricks_left <= left <= max_tricks_left:
            found.extend(find_puzzles(position, f"{record.label} play {index + 1}", solver=solver,
                                      limit=limit))
        if position.why_illegal(card) is not None:
            break
        position.play(card, check=False)
    return found


def _key(puzzle: Puzzle) -> tuple:
    """Positions that are the same puzzle: the same cards left, trick, points and task."""
    pos = puzzle.position()
    return (tuple(pos.hands), tuple(pos.trick), pos.to_move, tuple(pos.points),
            tuple(pos.taken), pos.hearts_broken, puzzle.rules, puzzle.task)


def _record_of(puzzle: Puzzle) -> str:
    return puzzle.source.rsplit(" play ", 1)[0]


def _kind(puzzle: Puzzle) -> str:
    """The source file (or ``random``) of a puzzle."""
    return puzzle.source.split(" ", 1)[0]


def _preference(puzzle: Puzzle) -> tuple:
    """Sort key, best first: counter-intuitive answers, fewer cards left, bigger margins."""
    position = puzzle.position()
    surprise = (naive_card(position) not in puzzle.answer) + _is_high(
        puzzle.answer[-1], puzzle.answer, position.legal_moves())
    return (-surprise, puzzle.tricks_left, -puzzle.margin)


def select(puzzles: Iterable[Puzzle], max_count: int | None = None, *, per_record: int = 1,
           seed: int = 0, prefix: str = "hd") -> list[Puzzle]:
    """De-duplicate, spread over task, difficulty and source, and number the puzzles.

    Buckets by (task, difficulty); within a bucket the :func:`_preference` order (ties broken
    by a ``seed``-ed shuffle, so the choice is reproducible). Then round-robin over the buckets
    until ``max_count`` puzzles: each turn takes the most preferred puzzle of the bucket among
    those from the source (file, or random deals) used least so far, at most ``per_record``
    from one record (one deal). The result is sorted by difficulty, then task, and given ids
    ``{prefix}-001``, ``{prefix}-002``, ...
    """
    unique: dict[tuple, Puzzle] = {}
    for p in puzzles:
        unique.setdefault(_key(p), p)
    pool = list(unique.values())
    random.Random(seed).shuffle(pool)
    buckets: dict[tuple, list[Puzzle]] = {}
    for p in sorted(pool, key=_preference):
        buckets.setdefault((TASKS.index(p.task), p.difficulty), []).append(p)
    per: dict[str, int] = {}
    used: dict[str, int] = {}
    chosen: list[Puzzle] = []
    limit = len(pool) if max_count is None else max_count
    while len(chosen) < limit and any(buckets.values()):
        for key in sorted(buckets):
            bucket = buckets[key]
            bucket[:] = [p for p in bucket if per.get(_record_of(p), 0) < per_record]
            if not bucket:
                continue
            fewest = min(used.get(_kind(p), 0) for p in bucket)
            p = next(p for p in bucket if used.get(_kind(p), 0) == fewest)
            bucket.remove(p)
            per[_record_of(p)] = per.get(_record_of(p), 0) + 1
            used[_kind(p)] = used.get(_kind(p), 0) + 1
            chosen.append(p)
            if len(chosen) >= limit:
                break
    chosen.sort(key=lambda p: (p.difficulty, TASKS.index(p.task), p.tricks_left, p.source))
    width = max(3, len(str(len(chosen))))
    return [dataclasses.replace(p, id=f"{prefix}-{i:0{width}d}")
            for i, p in enumerate(chosen, start=1)]


def mine(records: Iterable[PlayedDeal], *, max_count: int | None = None, per_record: int = 1,
         seed: int = 0, limit: Limit = DEFAULT_LIMIT, max_tricks_left: int = MAX_TRICKS_LEFT,
         progress: Callable[[PlayedDeal, int], None] | None = None,
         early_stop: bool = False) -> list[Puzzle]:
    """Mine records for puzzles (:func:`mine_record`), then :func:`select` up to ``max_count``.

    ``records`` is read one record at a time (a generator such as :func:`random_records` makes
    each record only when it is mined). With ``max_count`` and ``early_stop``, mining stops
    after the first record that brings the puzzles :func:`select` can keep (distinct, at most
    ``per_record`` a record) to ``max_count``, and the selection is made among the puzzles
    found so far; by default every record is mined and the best ``max_count`` of all are
    kept. When fewer than ``max_count`` are found, both give the same puzzles.

    ``limit`` is of each search (default :data:`DEFAULT_LIMIT`); ``progress(record,
    found)`` is called after each record mined.
    """
    found: list[Puzzle] = []
    seen: set[tuple] = set()
    per: dict[str, int] = {}
    keepable = 0            # what select() could keep of `found`: the sum of its per-record caps
    for record in records:
        new = mine_record(record, max_tricks_left=max_tricks_left, limit=limit)
        found.extend(new)
        for p in new:
            key = _key(p)
            if key in seen:
                continue
            seen.add(key)
            source = _record_of(p)
            if per.get(source, 0) < per_record:
                per[source] = per.get(source, 0) + 1
                keepable += 1
        if progress is not None:
            progress(record, len(new))
        if early_stop and max_count is not None and keepable >= max_count:
            break
    return select(found, max_count, per_record=per_record, seed=seed)
