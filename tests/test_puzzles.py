"""Puzzles (docs/puzzles.md): the shipped collection re-solves to its answers, the format
round-trips, mining finds a known puzzle, bad files give one-line errors with line numbers.
"""
from __future__ import annotations

import functools
import json
import re

import pytest

from hearts.analysis import puzzles as pz
from hearts.solver import Deal, Position, Rules, Seat

from conftest import DATA, Counted, error_line

XINXIN_TEST = DATA / "openspiel_xinxin" / "xinxin_test.txt"

# xinxin_test.txt line 4, before play 45: East leads to trick 12 holding QH and TC; South has
# QS TS, West 8C 5C, North AH KH. The club wins the trick and South discards the Q♠ on it
# (East 15 points); the heart loses to North, who collects the Q♠ instead (East 1 point).
KNOWN = {
    "source": "xinxin_test.txt line 4 play 45",
    "task": "duck the queen",
    "seat": "E",
    "answer": ["QH"],
    "values": {"QH": 1, "TC": 15},
    "margin": 14,
}


@pytest.fixture(scope="module")
def shipped() -> list[pz.Puzzle]:
    return pz.load_shipped()


@functools.lru_cache(maxsize=1)
def _known_puzzle() -> pz.Puzzle:
    record = [r for r in pz.read_records(XINXIN_TEST) if r.label.endswith("line 4")][0]
    found = [p for p in pz.mine_record(record) if p.source == KNOWN["source"]]
    assert len(found) == 1
    return pz.select(found)[0]


# -- the shipped collection ------------------------------------------------------------------

def test_every_shipped_puzzle_resolves_to_its_answer(shipped):
    results = pz.check(shipped)
    bad = {r.puzzle.id: r.problems for r in results if not r.ok}
    assert bad == {}


def test_shipped_collection_is_large_and_spread(shipped):
    assert len(shipped) >= 60
    tasks = {p.task for p in shipped}
    assert len(tasks) >= 3
    assert sum(p.model == "moon" for p in shipped) >= 3
    assert {p.difficulty for p in shipped} == {1, 2, 3, 4, 5}
    kinds = {p.source.split()[0] for p in shipped}
    assert {"random", "openspiel-hearts.jsonl"} <= kinds
    assert any(k.startswith("xinxin") for k in kinds)
    assert all(p.tricks_left <= pz.MAX_TRICKS_LEFT for p in shipped)
    assert len({p.id for p in shipped}) == len(shipped)


def test_shipped_puzzles_have_one_best_class_by_three_points(shipped):
    for p in shipped:
        points = p.paranoid_points()
        best = min(points[c] for c in p.answer)
        others = [v for c, v in points.items() if c not in p.answer]
        assert others and min(others) - best == p.margin >= pz.MIN_MARGIN, p.id


def test_shipped_answers_are_not_always_the_lowest_card(shipped):
    surprising = [p for p in shipped if pz.naive_card(p.position()) not in p.answer]
    assert len(surprising) >= len(shipped) // 3


# -- the format ------------------------------------------------------------------------------

def test_format_round_trips(shipped):
    text = pz.dumps(shipped)
    again = pz.loads(text)
    assert again == shipped
    assert pz.dumps(again) == text
    for p, line in zip(shipped, text.splitlines()):
        assert json.loads(line) == p.to_json()


def test_puzzle_fields_mean_what_they_say(shipped):
    p = shipped[0]
    position = p.position()
    assert position.to_move == p.seat
    assert set(p.values) == set(position.legal_moves())
    assert p.is_right(p.answer[0])
    assert p.line[0] in p.answer


def test_moon_puzzles_name_the_shooter(shipped):
    for p in shipped:
        if p.task == "stop the moon":
            assert p.target != p.seat and p.points is not None
            assert all(p.values[c] == 0 for c in p.answer)
        elif p.task == "shoot the moon":
            assert p.target == p.seat and all(p.values[c] == 1 for c in p.answer)


# -- mining ----------------------------------------------------------------------------------

def test_mining_one_record_finds_the_known_puzzle():
    p = _known_puzzle()
    assert p.task == KNOWN["task"]
    assert p.seat == Seat.E
    assert [str(c) for c in p.answer] == KNOWN["answer"]
    assert {str(c): v for c, v in p.values.items()} == KNOWN["values"]
    assert p.margin == KNOWN["margin"]
    assert p.tricks_left == 2
    assert pz.check_puzzle(p).ok


def test_random_records_are_reproducible():
    a = [r.plays for r in pz.random_records(7, 3)]
    b = [r.plays for r in pz.random_records(7, 3)]
    assert a == b and len(a[0]) == 52


# Random seeds 1..4 give 0, 4, 7 and 3 puzzles (seed 1, a moon-policy deal, none).

def test_mining_stops_once_max_puzzles_can_be_kept():
    # One puzzle a deal: seeds 2, 3 and 4 give the three; seed 5 is never made.
    records = Counted(pz.random_records(1, 40))
    found = pz.mine(records, max_count=3, early_stop=True)
    assert len(found) == 3 and records.drawn == 4
    assert sorted(p.source.split(" play ")[0] for p in found) == [
        "random seed 2 (moon deal N)", "random seed 3 (random play)",
        "random seed 4 (moon policy E)"]


def test_mining_counts_per_record_puzzles_towards_max():
    # Two a deal: seeds 2 and 3 bring four, so mining stops after seed 3.
    records = Counted(pz.random_records(1, 40))
    assert len(pz.mine(records, max_count=3, per_record=2, early_stop=True)) == 3
    assert records.drawn == 3


def test_mining_without_early_stop_mines_every_record():
    records = Counted(pz.random_records(1, 6))
    assert len(pz.mine(records, max_count=1)) == 1 and records.drawn == 6


def test_mining_that_does_not_reach_max_is_unchanged_by_the_early_stop():
    early = pz.mine(pz.random_records(0, 6), max_count=50, early_stop=True)
    full = pz.mine(pz.random_records(0, 6), max_count=50)
    assert pz.dumps(early) == pz.dumps(full) == pz.dumps(pz.mine(pz.random_records(0, 6)))
    assert len(early) == 5


def test_selection_caps_and_numbers():
    p = _known_puzzle()
    chosen = pz.select([p, p], 5)
    assert [q.id for q in chosen] == ["hd-001"]


# -- checking finds wrong puzzles -------------------------------------------------------------

def test_check_reports_a_wrong_answer():
    p = _known_puzzle()
    data = p.to_json()
    data["answer"] = ["TC"]
    wrong = pz.Puzzle.from_json(data)
    result = pz.check_puzzle(wrong)
    assert not result.ok
    assert any("answer TC" in problem for problem in result.problems)


def test_check_reports_a_wrong_value():
    data = _known_puzzle().to_json()
    data["values"]["TC"] = 14
    result = pz.check_puzzle(pz.Puzzle.from_json(data))
    assert any("values differ" in problem for problem in result.problems)


# -- bad files ---------------------------------------------------------------------------------

def _line(**changes) -> str:
    data = _known_puzzle().to_json()
    data.update(changes)
    for key in [k for k, v in changes.items() if v is None]:
        del data[key]
    return json.dumps(data)


@pytest.mark.parametrize("changes, message", [
    ({"seat": "N"}, "seat N is not the seat to play (E is)"),
    ({"deal": "N:AKQ"}, "deal has 1 hand,"),
    ({"played": "2C 2C"}, "card 2 of played list"),
    ({"task": "win"}, 'unknown task "win"'),
    ({"tricks_left": 5}, "tricks_left is 5, the position has 2"),
    ({"answer": None}, "puzzle has no field answer"),
    ({"margin": "14"}, "field margin must be an integer"),
    ({"values": {"QH": 1, "ZZ": 2}}, 'unknown card "ZZ"'),
])
def test_malformed_puzzle_names_the_line(changes, message):
    good = _line()
    with pytest.raises(pz.PuzzleError) as err:
        pz.loads(good + "\n\n" + _line(**changes) + "\n")
    assert err.value.line == 3
    assert str(err.value).startswith("line 3: ")
    assert message in str(err.value)


def test_bad_json_names_the_line():
    with pytest.raises(pz.PuzzleError, match=r"^line 2: bad JSON"):
        pz.loads(_line() + "\n{oops\n")


def test_repeated_id_is_malformed():
    with pytest.raises(pz.PuzzleError, match="line 2: puzzle id hd-001 already used on line 1"):
        pz.loads(_line() + "\n" + _line() + "\n")


# -- the command line --------------------------------------------------------------------------

def test_cli_check_a_good_file(tmp_path, run_cli):
    path = tmp_path / "p.jsonl"
    path.write_text(_line() + "\n")
    result = run_cli("puzzle", "check", str(path))
    assert result.exit_code == 0, result.output
    assert "checked 1 puzzle in" in result.output and "all verified" in result.output


def test_cli_serve_names_the_file_of_a_bad_line(tmp_path, run_cli):
    # "error: line 1: bad JSON: ..." did not say which file (check said it)
    path = tmp_path / "game.hgn"
    path.write_text('[Event "x"]\n')
    result = run_cli("puzzle", "--file", str(path), "--answer", "2C")
    assert error_line(result) == f"error: {path}: line 1: bad JSON: Expecting value (column 2)"


@pytest.mark.parametrize("text", ["", "\n# only a comment\n"])
def test_cli_serve_names_an_empty_file(tmp_path, text, run_cli):
    # "error: the puzzle file is empty" did not say which file
    path = tmp_path / "empty.txt"
    path.write_text(text)
    result = run_cli("puzzle", "--file", str(path))
    assert error_line(result) == (f"error: {path}: no puzzles (the file is empty or holds only "
                                  f"blank and # lines)")


def test_cli_serve_names_the_file_without_the_puzzle_asked_for(tmp_path, run_cli):
    path = tmp_path / "p.jsonl"
    path.write_text(_line() + "\n")
    result = run_cli("puzzle", "--file", str(path), "--id", "nope", "--answer", "QH")
    assert error_line(result) == f"error: {path}: no puzzle with id nope"


def test_check_counts_one_point_and_one_card_as_such():
    # "line ends with 1 points", "line stops with 1 cards"
    data = _known_puzzle().to_json()
    data["values"]["QH"] = 5
    assert "line ends with 1 point for E, the value is 5" in pz.check_puzzle(
        pz.Puzzle.from_json(data)).problems
    data = _known_puzzle().to_json()
    data["line"] = "QH TS 5C KH AH TC QS"
    assert pz.check_puzzle(pz.Puzzle.from_json(data)).problems == [
        "line stops with 1 card still to play"]


def test_cli_check_mismatch_exits_1(tmp_path, run_cli):
    path = tmp_path / "p.jsonl"
    path.write_text(_line(answer=["TC"]) + "\n")
    result = run_cli("puzzle", "check", str(path))
    assert result.exit_code == 1
    assert "MISMATCH hd-001" in result.output


def test_cli_check_malformed_exits_2(tmp_path, run_cli):
    path = tmp_path / "p.jsonl"
    path.write_text(_line() + "\n" + _line(seat="W", id="x") + "\n")
    result = run_cli("puzzle", "check", str(path))
    assert result.exit_code == 2
    assert result.stderr.strip() == (
        f"error: {path}: line 2: puzzle x: seat W is not the seat to play (E is)")
    assert "Traceback" not in result.output


def test_cli_check_missing_file_exits_2(tmp_path, run_cli):
    result = run_cli("puzzle", "check", str(tmp_path / "none.jsonl"))
    assert result.exit_code == 2
    assert result.stderr.startswith("error: ") and "none.jsonl" in result.stderr


def test_cli_serves_a_puzzle_and_checks_the_answer(tmp_path, run_cli):
    path = tmp_path / "p.jsonl"
    path.write_text(_line() + "\n")
    right = run_cli("puzzle", "--file", str(path), "--answer", "QH")
    assert right.exit_code == 0, right.output
    assert "Right!" in right.output and "Solution line" in right.output
    wrong = run_cli("puzzle", "--file", str(path), "--answer", "10C")
    assert wrong.exit_code == 1
    assert "Wrong." in wrong.output


def test_cli_serve_refuses_a_puzzle_that_does_not_check_out(tmp_path, run_cli):
    # The stored answer was what said right or wrong: an edited file called QH, the solver's
    # best card, wrong. The puzzle is now re-solved before it is shown.
    path = tmp_path / "p.jsonl"
    path.write_text(_line(answer=["TC"]) + "\n")
    result = run_cli("puzzle", "--file", str(path), "--answer", "QH")
    assert result.exit_code == 2
    assert result.stdout == ""
    line, = result.stderr.strip().splitlines()
    assert line.startswith(f"error: {path}: puzzle hd-001 does not check out: answer TC, "
                           f"solver's best class QH")
    assert line.endswith(f"(hearts puzzle check {path} lists them all)")


def test_cli_serve_asks_until_a_legal_card(tmp_path, run_cli):
    path = tmp_path / "p.jsonl"
    path.write_text(_line() + "\n")
    result = run_cli("puzzle", "--file", str(path), input="XX\n2C\nqh\n")
    assert result.exit_code == 0, result.output
    assert 'unknown card "XX"' in result.output
    assert "2C cannot be played" in result.output


def test_cli_serve_filters(shipped, run_cli):
    task = shipped[-1].task
    result = run_cli("puzzle", "--task", task, "--seed", "3", "--answer",
                     str(shipped[-1].answer[0]), "--id", shipped[-1].id)
    assert result.exit_code == 0, result.output
    none = run_cli("puzzle", "--id", "no-such-puzzle", "--answer", "QS")
    assert none.exit_code == 2
    assert none.stderr.strip() == "error: the shipped collection: no puzzle with id no-such-puzzle"


def test_cli_serve_illegal_answer_exits_2(tmp_path, run_cli):
    path = tmp_path / "p.jsonl"
    path.write_text(_line() + "\n")
    result = run_cli("puzzle", "--file", str(path), "--answer", "AS")
    assert result.exit_code == 2
    assert result.stderr.strip().startswith("error: --answer AS cannot be played: ")


def test_cli_serve_an_answer_that_is_no_card_is_refused_before_the_puzzle(tmp_path, run_cli):
    # The puzzle was shown, then 'error: unknown card "ZZ"' without the option's name.
    path = tmp_path / "p.jsonl"
    path.write_text(_line() + "\n")
    result = run_cli("puzzle", "--file", str(path), "--answer", "ZZ")
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == 'error: --answer: unknown card "ZZ"\n'


def test_cli_check_an_empty_file_is_an_error(tmp_path, run_cli):
    path = tmp_path / "empty.jsonl"
    path.write_text("")
    result = run_cli("puzzle", "check", str(path))
    assert result.exit_code == 2
    assert result.stderr.strip() == f"error: {path}: no puzzles to check"


def test_cli_serve_a_directory_names_it(tmp_path, run_cli):
    result = run_cli("puzzle", "--file", str(tmp_path), "--answer", "QS")
    assert result.exit_code == 2
    assert result.stderr.strip() == f"error: {tmp_path}: is a directory, not a file"


def test_cli_mine_writes_and_refuses_to_overwrite(tmp_path, run_cli):
    out = tmp_path / "mined.jsonl"
    args = ["puzzle", "mine", str(XINXIN_TEST), "--max", "3", "-o", str(out)]
    first = run_cli(*args)
    assert first.exit_code == 0, first.output
    mined = pz.load(out)
    assert 1 <= len(mined) <= 3
    assert run_cli("puzzle", "check", str(out)).exit_code == 0
    again = run_cli(*args)
    assert again.exit_code == 2
    assert again.stderr.strip() == f"error: output {out} exists (use --force to overwrite it)"
    assert run_cli(*args, "--force").exit_code == 0


def test_cli_mine_stops_at_max_and_says_how_many_deals_it_mined(run_cli):
    # QA: --random 1000 --max 1 played out and mined all 1000 deals (36 s) to keep one.
    result = run_cli("puzzle", "mine", "--random", "1000", "--seed", "1", "--max", "1",
                     "--stop-at-max")
    assert result.exit_code == 0, result.output
    assert len(pz.loads(result.stdout)) == 1
    assert result.stderr.strip() == ("1 puzzle from 2 deals (1 lose the fewest points; "
                                     "stopped at --max 1, 998 deals not mined)")


def test_cli_mine_below_max_mines_every_deal_and_the_output_is_unchanged(run_cli):
    early = run_cli("puzzle", "mine", "--random", "6", "--max", "50", "--stop-at-max")
    full = run_cli("puzzle", "mine", "--random", "6", "--max", "50")
    assert early.exit_code == full.exit_code == 0
    assert early.stdout == full.stdout and len(pz.loads(early.stdout)) == 5
    assert early.stderr.strip() == ("5 puzzles from 6 deals (4 lose the fewest points, "
                                    "1 duck the queen)")


@pytest.mark.parametrize("count", ["100001", "99999999999999999999999"])
def test_cli_mine_too_many_random_deals_exits_2(count, tmp_path, run_cli):
    # QA: --random 99999999999999999999999 --max 1 ran forever. The bound is checked before
    # anything else, even the existing output.
    out = tmp_path / "out.jsonl"
    out.write_text("")
    result = run_cli("puzzle", "mine", "--random", count, "--max", "1", "-o", str(out))
    assert error_line(result) == (
        f"error: Invalid value for '--random': Input should be less than or equal to "
        f"{pz.MAX_RANDOM_DEALS} (see 'hearts puzzle mine --help')")
    assert pz.MAX_RANDOM_DEALS == 100_000


def test_cli_mine_never_overwrites_an_input(tmp_path, run_cli):
    record = tmp_path / "games.txt"
    record.write_text(XINXIN_TEST.read_text())
    result = run_cli("puzzle", "mine", str(record), "-o", str(record), "--force")
    assert result.exit_code == 2
    assert result.stderr.strip() == (f"error: output {record} is the input file {record}: "
                                     f"the input is never overwritten")
    assert record.read_text() == XINXIN_TEST.read_text()


def test_cli_mine_bad_record_exits_2(tmp_path, run_cli):
    record = tmp_path / "games.txt"
    record.write_text("1 2 x\n")
    result = run_cli("puzzle", "mine", str(record))
    assert result.exit_code == 2
    assert result.stderr.startswith(f"error: {record}: line 1")


def test_cli_check_json_nested_too_deeply_exits_2(tmp_path, run_cli):
    # json.loads raised RecursionError: a traceback.
    path = tmp_path / "p.jsonl"
    path.write_text('{"id": ' + "[" * 3000 + "]" * 3000 + "}\n")
    result = run_cli("puzzle", "check", str(path))
    assert result.exit_code == 2
    assert result.stderr.strip() == (f"error: {path}: line 1: bad JSON: nested too deeply "
                                     f"(column 3007)")


def test_cli_check_binary_file_exits_2(tmp_path, run_cli):
    path = tmp_path / "p.jsonl"
    path.write_bytes(_line().encode() + b"\n\xff\xfe\n")
    result = run_cli("puzzle", "check", str(path))
    assert result.exit_code == 2
    byte = len(_line().encode()) + 2  # the first byte of line 2, 1-based
    # the path as given, as every command names its input (it was the bare name p.jsonl)
    assert result.stderr.strip() == (f"error: {path}: not a UTF-8 text file (invalid start "
                                      f"byte at line 2, byte {byte})")


def test_cli_check_a_file_that_starts_with_a_byte_order_mark(tmp_path, run_cli):
    # It failed with "line 1: bad JSON: Unexpected UTF-8 BOM".
    path = tmp_path / "p.jsonl"
    path.write_text(_line() + "\n", encoding="utf-8-sig")
    assert path.read_bytes().startswith(b"\xef\xbb\xbf")
    assert pz.load(path) == [_known_puzzle()]
    result = run_cli("puzzle", "check", str(path))
    assert result.exit_code == 0, result.output
    assert "checked 1 puzzle in" in result.output


@pytest.mark.slow
@pytest.mark.parametrize("name, source", [
    ("lines.txt", XINXIN_TEST),
    ("peer.jsonl", DATA / "peer-games" / "openspiel-hearts.jsonl"),
    ("game.hgn", DATA / "records" / "xinxin-train-1-4.hgn"),
])
def test_mining_reads_records_that_start_with_a_byte_order_mark(tmp_path, name, source):
    marked = tmp_path / name
    marked.write_text(source.read_text(), encoding="utf-8-sig")
    assert ([(d.deal, d.plays) for d in pz.read_records(marked)]
            == [(d.deal, d.plays) for d in pz.read_records(source)])


def test_cli_check_directory_exits_2(tmp_path, run_cli):
    result = run_cli("puzzle", "check", str(tmp_path))
    assert result.exit_code == 2
    assert result.stderr.startswith("error: ")


def test_mining_reads_the_json_export_and_names_the_file_of_an_error(tmp_path):
    # hearts convert --to json output was read as HGN: "malformed tag '[{...'"
    from hearts.analysis.records.hgn import loads_all
    from hearts.analysis.records.json import to_json
    from hearts.solver import RecordSyntaxError
    hgn = DATA / "records" / "xinxin-train-1-4.hgn"
    exported = tmp_path / "games.json"
    exported.write_text(json.dumps([to_json(g) for g in loads_all(hgn.read_text())],
                                   indent=2))
    assert ([(d.deal, d.plays) for d in pz.read_records(exported)]
            == [(d.deal, d.plays) for d in pz.read_records(hgn)])
    cut = tmp_path / "cut.hgn"
    cut.write_text(hgn.read_text()[:1500])
    with pytest.raises(RecordSyntaxError, match=rf"^{re.escape(str(cut))}: line \d+: deal 3 "
                                                r"stops after"):
        list(pz.read_records(cut))
    cut.write_text(hgn.read_text()[:1500].replace("[Event", "[Nord", 1))
    with pytest.raises(RecordSyntaxError,
                       match=rf"^{re.escape(str(cut))}: line 1, column 1: unknown tag"):
        list(pz.read_records(cut))


def test_cli_mine_an_empty_file_exits_2(tmp_path, run_cli):
    # It mined "0 puzzles from 0 deals" and exited 0.
    empty = tmp_path / "empty.txt"
    empty.write_text("\n# nothing\n")
    result = run_cli("puzzle", "mine", str(empty))
    assert result.exit_code == 2
    assert result.stderr.strip() == (f"error: {empty}: no records (the file is empty or holds "
                                     f"only blank and # lines)")


def test_mining_reads_hgn_game_records_deal_by_deal():
    [deal] = list(pz.read_records(DATA / "records" / "xinxin-train-1.hgn"))
    assert deal.label == "xinxin-train-1.hgn game 1 deal 1"
    assert len(deal.plays) == 52 and str(deal.plays[0]) == "2C"
    found = pz.mine([deal], max_count=3)
    assert found and all(p.source.startswith("xinxin-train-1.hgn game 1 deal 1 play ") for p in found)


@pytest.mark.parametrize("rules, card", [("standard", "QS"), ("black_jack", "JS")])
def test_naive_card_discards_the_rules_big_penalty_card(rules, card):
    # East, void in clubs, discards on North's 2C lead; it held Q♠ J♠ and hearts. The rule of
    # thumb named Q♠ whatever the rules (in Black Jack Q♠ is 0 points and J♠ 10)
    deal = Deal("N:...AKQJT98765432 QJ.AKQJT987654.. 2.32.AKQJT98765. AKT9876543..432.")
    position = Position(deal, Rules.parse(f"{rules},no_points_on_first_trick=false"))
    position.play("2C")
    assert pz.naive_card(position) == pz.Card(card)


def test_mining_checks_a_peer_records_own_legal_lists(tmp_path):
    # puzzle mine read peer files by load_peer_record alone, which does not check them:
    # a legal list without the card played was mined as if sound (convert refused it)
    from hearts.solver import RecordSyntaxError
    line = (DATA / "peer-games" / "openspiel-hearts.jsonl").read_text().splitlines()[0]
    record = json.loads(line)
    record["plays"][5]["legal"] = ["JS"]
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(record) + "\n")
    with pytest.raises(RecordSyntaxError) as err:
        list(pz.read_records(bad))
    assert str(err.value) == (f"{bad}: line 1: peer record: play 6 (TS by S): not in the "
                              f"record's own legal list (JS)")
    good = tmp_path / "good.jsonl"
    good.write_text(line + "\n")
    (deal,) = pz.read_records(good)
    assert len(deal.plays) == 52 and str(deal.plays[5]) == "TS"


def test_puzzle_help_states_the_exit_codes(run_cli):
    # docs/puzzles.md says a wrong answer exits 1; `hearts puzzle --help` did not.
    result = run_cli("puzzle", "--help", env={"COLUMNS": "200"})
    assert result.exit_code == 0
    lines = [line.strip() for line in result.output.splitlines()]
    assert ("Serving one (no command): exit code 0 for a right answer, 1 for a wrong one, 2 "
            "for bad input." in lines)
    assert any(re.fullmatch(r"│ --answer +-a +<str> +Your card, for non-interactive use \(else "
                            r"you are asked\); a wrong one exits 1\. Without --id \(and --seed\) "
                            r"it answers the last puzzle served\. +│", line)
               for line in lines)


# -- the last puzzle served (issue 27) -----------------------------------------------------------

def _served_id(output: str) -> str:
    first = output.splitlines()[0].split()
    assert first[0] == "Puzzle"
    return first[1]


def test_answer_without_id_answers_the_last_puzzle_served(shipped, tmp_path, monkeypatch, run_cli):
    from hearts.analysis.cli.puzzle import CACHE_ENV
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "cache"))
    shown = run_cli("puzzle", "--difficulty", "3")
    served = _served_id(shown.stdout)
    puzzle = next(p for p in shipped if p.id == served)
    assert error_line(shown) == (f"error: no answer given to puzzle {served}: stdin is closed; "
                                 f"hearts puzzle --answer CARD answers it (the last puzzle "
                                 f"served), or hearts puzzle --id {served} --answer CARD")
    for _ in range(3):      # a new random pick each time before: "QD was already played"
        right = run_cli("puzzle", "--answer", str(puzzle.answer[0]))
        assert right.exit_code == 0, right.output
        assert _served_id(right.stdout) == served and "Right!" in right.stdout
    # another collection has its own last puzzle
    path = tmp_path / "p.jsonl"
    path.write_text(_line() + "\n" + _line(id="hd-002") + "\n")
    line = error_line(run_cli("puzzle", "--file", str(path), "--answer", "QH"))
    assert line == ("error: --answer without --id answers the last puzzle served, and none was "
                    "served yet: give --id ID (each puzzle shows its id) or run hearts puzzle "
                    "first")
    # the last one is kept only where it fits the filters given
    other = next(p for p in shipped if p.difficulty != puzzle.difficulty)
    line = error_line(run_cli("puzzle", "--difficulty", str(other.difficulty), "--answer",
                                 "QS"))
    assert f"the last one, {served}, is not among those asked for" in line


def test_answer_with_a_seed_or_one_puzzle_needs_no_state(shipped, tmp_path, monkeypatch, run_cli):
    from hearts.analysis.cli.puzzle import CACHE_ENV
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "nowhere"))
    first = _served_id(run_cli("puzzle", "--seed", "5", "--answer", "2C").stdout)
    assert _served_id(run_cli("puzzle", "--seed", "5", "--answer", "2C").stdout) == first
    path = tmp_path / "p.jsonl"
    path.write_text(_line() + "\n")
    assert run_cli("puzzle", "--file", str(path), "--answer", "QH").exit_code == 0


def test_an_unwritable_cache_only_loses_the_last_puzzle(tmp_path, monkeypatch, run_cli):
    from hearts.analysis.cli.puzzle import CACHE_ENV
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv(CACHE_ENV, str(blocker / "cache"))    # under a file: cannot be made
    shown = run_cli("puzzle", "--seed", "1")
    assert "--id" in error_line(shown)
    assert "none was served yet" in error_line(run_cli("puzzle", "--answer", "QS"))
