"""Game records (docs/records.md): the text format, its reader and writer, JSON, importers.

Properties: ``loads(dumps(g)) == g`` and ``dumps(loads(t)) == t`` for random games; every
xinxin line and 20 peer records import, write and read back with their known points; each kind
of bad input is a one-line RecordSyntaxError naming its line; the forgiving reader keeps what
came before the first structural error.
"""
from __future__ import annotations

import io
import json
import random
import re
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hearts.analysis import records
from hearts.analysis.openspiel import parse_action_line
from hearts.analysis.records import (NAG_BLUNDER, NAG_MISTAKE, DealRecord, GameRecord, Play,
                                     comment_data, detect_format, set_comment_data)
from hearts.analysis.records.hgn import dumps, loads, loads_all
from hearts.analysis.records.importers import (from_openspiel_line, from_openspiel_lines,
                                               from_peer_record, openspiel_spec,
                                               to_openspiel_line)
from hearts.analysis.records.json import from_json, to_json
from hearts.solver import (Card, Deal, HeartsError, IllegalPlayError, InvalidDealError,
                           PassDirection, Position, RecordSyntaxError, Rules, Seat)

from conftest import DATA, error_line

RECORDS = DATA / "records"
XINXIN = DATA / "openspiel_xinxin"
TRAIN_LINES = (XINXIN / "xinxin_train.txt").read_text().splitlines()
TEST_LINES = (XINXIN / "xinxin_test.txt").read_text().splitlines()
# Known points N E S W (tests/test_xinxin.py; OpenSpiel's default rules).
TRAIN_POINTS = [
    (0, 1, 7, 18), (2, 14, 10, 0), (2, 4, 13, 7), (8, 14, 2, 2), (9, 0, 17, 0),
    (0, 0, 12, 14), (3, 23, 0, 0), (6, 13, 0, 7), (14, 4, 4, 4), (0, 9, 0, 17),
    (0, 10, 13, 3), (3, 4, 5, 14), (6, 13, 5, 2), (19, 7, 0, 0), (20, 0, 0, 6),
    (3, 0, 13, 10), (3, 21, 2, 0), (0, 7, 4, 15), (5, 0, 8, 13), (14, 3, 5, 4),
]
TEST_POINTS = [(1, 0, 18, 7), (7, 4, 2, 13), (8, 0, 5, 13), (16, 1, 0, 9), (1, 6, 15, 4)]
PEER = [json.loads(line) for line in
        (DATA / "peer-games" / "openspiel-hearts.jsonl").read_text().splitlines() if line.strip()]
GAME_1_4 = (RECORDS / "xinxin-train-1-4.hgn").read_text()


# -- random games ---------------------------------------------------------------------------

RULE_SPECS = [
    "standard",
    "openspiel",
    "openspiel,qs_breaks_hearts=false",
    "openspiel,can_lead_any_club=true,no_pts_on_first_trick=false",
    "openspiel,must_break_hearts=false,jd_bonus=true",
    "omnibus",
    "pink_lady",
    "black_jack",
    "spot_hearts",
    "standard,first_lead=any_card",
    "standard,pass_scheme=hold",
    "standard,moon=new,no_trick_bonus=-5",
    "standard,queen_at_first_chance=true,sun=all_tricks",
]
_TEXT = st.characters(blacklist_characters="{}\r", blacklist_categories=("Cs",))
COMMENTS = st.one_of(
    st.text(_TEXT, min_size=1, max_size=25),
    st.lists(st.sampled_from(["[%dd 13]", "[%best 4H,5H]", "[%loss 6]", "safe", "\n", " "]),
             min_size=1, max_size=4).map(" ".join),
)
TAG_VALUES = st.text(st.characters(blacklist_characters="\n\r", blacklist_categories=("Cs",)),
                     max_size=20)
DATES = st.from_regex(r"\A[0-9?]{4}\.[0-9?]{2}\.[0-9?]{2}\Z")
HEADER_TAGS = ["Event", "Site", "Date", "Round", "North", "East", "South", "West", "Annotator",
               "Source", "X_Club"]


def random_game(rng: random.Random, spec: str, n_deals: int, unfinished: bool,
                header: dict[str, str], game_comment: str, comments: list[str]) -> GameRecord:
    """A legal game: random deals, passes and legal play, random annotations from ``comments``."""
    game = GameRecord(dict(header), [], game_comment)
    rules = game.rules
    for i in range(n_deals):
        dealt = Deal.random(rng)
        direction = (PassDirection.HOLD if rules.pass_scheme == "hold"
                     else PassDirection(rng.randrange(4)))
        passes = ({s: rng.sample(list(dealt[s]), 3) for s in Seat}
                  if direction is not PassDirection.HOLD else None)
        leader = Seat(rng.randrange(4)) if rules.first_lead == "any_card" else None
        start = DealRecord(1, dealt, direction, passes or {}, first_leader=leader)
        position = Position(start.deal, rules, first_leader=start.first_leader)
        stop = rng.randrange(53) if (unfinished and i == n_deals - 1) else 52
        plays = []
        while len(plays) < stop:
            card = rng.choice(position.legal_moves())
            position.play(card)
            play = Play(card)
            if rng.random() < 0.15:
                play.nags = set(rng.sample([1, 2, 3, 4, 5, 6, 7, 146, 255], rng.randrange(1, 3)))
            if comments and rng.random() < 0.15:
                play.comment = rng.choice(comments)
            plays.append(play)
        pass_comments = ({s: rng.choice(comments) for s in Seat if rng.random() < 0.3}
                         if comments and passes else {})
        game.add_deal(dealt, direction, passes, plays, first_leader=leader,
                      comment=rng.choice(comments) if comments and rng.random() < 0.3 else "",
                      pass_comments=pass_comments,
                      tags={"Source": "random"} if rng.random() < 0.3 else None)
    return game


@st.composite
def games(draw) -> GameRecord:
    rng = random.Random(draw(st.integers(0, 2 ** 32 - 1)))
    header = {}
    for name in draw(st.lists(st.sampled_from(HEADER_TAGS), unique=True, max_size=6)):
        header[name] = draw(DATES if name == "Date" else TAG_VALUES)
    if draw(st.booleans()):
        header["Rules"] = draw(st.sampled_from(RULE_SPECS))
    comments = draw(st.lists(COMMENTS, max_size=4))
    game_comment = draw(st.one_of(st.just(""), COMMENTS))
    return random_game(rng, header.get("Rules", "standard"), draw(st.integers(1, 3)),
                       draw(st.booleans()), header, game_comment, comments)


_FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.slow
@_FAST
@given(games())
def test_written_games_read_back_identically(game):
    text = dumps(game)
    again = loads(text)
    assert again == game
    assert again.errors == []
    assert dumps(again) == text
    assert loads(dumps(game, symbols=True)) == game


@_FAST
@given(games())
def test_json_export_round_trips(game):
    data = to_json(game)
    assert json.loads(json.dumps(data)) == data
    assert from_json(json.loads(json.dumps(data))) == game


@settings(max_examples=10, deadline=None)
@given(st.lists(games(), min_size=1, max_size=3))
def test_several_games_in_one_text(many):
    text = records.hgn.dumps_all(many)
    assert loads_all(text) == many


# -- the fixtures and the docs example -------------------------------------------------------


@pytest.mark.parametrize("name", ["xinxin-train-1.hgn", "xinxin-train-1-4.hgn",
                                  "unfinished-any-lead.hgn"])
def test_fixture_reads_and_is_in_canonical_form(name):
    text = (RECORDS / name).read_text()
    game = loads(text)
    assert dumps(game) == text
    game.validate()


def test_multi_deal_game_has_running_scores():
    game = loads(GAME_1_4)
    assert [d.points for d in game.deals] == TRAIN_POINTS[:4]
    assert game.scores() == [(0, 1, 7, 18), (2, 15, 17, 18), (4, 19, 30, 25), (12, 33, 32, 27)]
    assert "Scores: N 12 E 33 S 32 W 27" in GAME_1_4
    assert [d.direction for d in game.deals] == [PassDirection.ACROSS, PassDirection.HOLD,
                                                 PassDirection.LEFT, PassDirection.LEFT]
    assert game.deals[1].tags == {"Source": "xinxin_train.txt line 2"}


def test_unfinished_deal_and_first_leader():
    game = loads((RECORDS / "unfinished-any-lead.hgn").read_text())
    assert game.rules.first_lead == "any_card"
    last = game.deals[-1]
    assert last.points is None and len(last.plays) == 30 and not last.is_finished()
    assert last.first_leader is Seat.W and last.tricks()[0].leader is Seat.W
    assert game.scores()[-1] is None and game.totals() == game.deals[0].points


def test_annotated_fixture_has_suffixes_and_machine_data():
    game = loads((RECORDS / "xinxin-train-1.hgn").read_text())
    deal = game.deals[0]
    ace = deal.plays[5]
    assert ace.card is Card("AS") and ace.nags == {NAG_BLUNDER} and ace.suffix == "??"
    trick10 = deal.tricks()[9]
    assert [str(p.card) for p in trick10.plays] == ["5S", "TH", "AD", "2S"]
    two = trick10.plays[3]
    assert two.nags == {NAG_MISTAKE}
    assert two.data() == {"dd": "8", "best": "9S", "loss": "2"}
    assert deal.pass_comments == {Seat.S: "South keeps the queen and passes the AH"}
    assert deal.points == (0, 1, 7, 18)


def test_docs_example_is_the_annotated_fixture():
    docs = (DATA.parent.parent / "docs" / "records.md").read_text()
    blocks = re.findall(r"```hgn\n(.*?)```", docs, re.S)
    assert blocks, "docs/records.md has no ```hgn example"
    assert blocks[0] == (RECORDS / "xinxin-train-1.hgn").read_text()
    for block in blocks:
        loads(block)


# -- importers ---------------------------------------------------------------------------------


@pytest.mark.parametrize("lines,points,name", [(TRAIN_LINES, TRAIN_POINTS, "train"),
                                               (TEST_LINES, TEST_POINTS, "test")])
def test_every_xinxin_line_imports_writes_and_reads_back(lines, points, name):
    for number, (line, expected) in enumerate(zip(lines, points), start=1):
        game = from_openspiel_line(line, number)
        assert game.tags == {"Source": f"OpenSpiel action ids, line {number}",
                             "Rules": "openspiel"}
        assert game.deals[0].points == expected, f"{name} line {number}"
        text = dumps(game)
        assert loads(text) == game
        assert dumps(loads(text)) == text
        # Back to action ids: the same deal, passes and plays.
        again = parse_action_line(to_openspiel_line(game.deals[0]))
        original = parse_action_line(line)
        assert (again.dealt, again.passes, again.plays) == (original.dealt, original.passes,
                                                            original.plays)


def test_xinxin_train_line_1_points():
    game = from_openspiel_line(TRAIN_LINES[0], 1)
    assert "Points: N 0 E 1 S 7 W 18\n" in dumps(game)


def test_openspiel_lines_of_a_file():
    games = list(from_openspiel_lines("# xinxin\n\n" + TRAIN_LINES[1] + "\n"))
    assert len(games) == 1 and games[0].tags["Source"] == "OpenSpiel action ids, line 3"


def test_openspiel_line_illegal_under_other_rules_names_the_line_and_play():
    # Train line 4 leads a heart after only the Q♠ broke them (tests/test_xinxin.py).
    with pytest.raises(RecordSyntaxError, match=r"^line 4: play \d+: trick \d+, card 1 "
                                                r"\(\w\w by \w\): .*hearts are not broken$"):
        from_openspiel_line(TRAIN_LINES[3], 4, rules="openspiel,qs_breaks_hearts=false")


@pytest.mark.parametrize("index", range(0, 260, 13))
def test_peer_records_import_write_and_read_back(index):
    data = PEER[index]
    game = from_peer_record(data, index + 1)
    assert game.deals[0].points == tuple(data["points"][s] for s in "NESW")
    assert game.rules == Rules.from_openspiel_dict(data["rules"])
    text = dumps(game)
    assert loads(text) == game
    assert dumps(loads(text)) == text
    assert from_json(to_json(game)) == game


def test_peer_record_with_wrong_points_is_refused():
    data = dict(PEER[0], points={"N": 0, "E": 0, "S": 0, "W": 26})
    with pytest.raises(RecordSyntaxError, match=r"^line 1: peer record: points N 0 E 0 S 0 W 26 "
                                                r"differ from the play \(N 4 E 2 S 18 W 2\)$"):
        from_peer_record(data, 1)


def test_openspiel_spec_names_only_changed_parameters():
    assert openspiel_spec({"pass_cards": True, "qs_breaks_hearts": True}) == "openspiel"
    spec = openspiel_spec({"no_pts_on_first_trick": False, "jd_bonus": True})
    assert spec == "openspiel,no_pts_on_first_trick=false,jd_bonus=true"
    assert Rules.parse(spec) == Rules.openspiel(no_pts_on_first_trick=False, jd_bonus=True)


@pytest.mark.parametrize("value", ["yes", "false", 1, None])
def test_openspiel_spec_wants_true_or_false(value):
    # "false" was written as jd_bonus=true (bool("false")), "yes" taken for true.
    from hearts.solver import RulesError
    with pytest.raises(RulesError, match=rf"^OpenSpiel parameter jd_bonus={re.escape(repr(value))}"
                                         rf": expected true or false$"):
        openspiel_spec({"jd_bonus": value})


@pytest.mark.parametrize("rules", [Rules.standard(), Rules(moon="new", no_trick_bonus=-5),
                                   Rules.omnibus(), Rules(bonus_card="JD", queen_of_hearts=13)])
def test_rules_text_round_trips(rules):
    assert Rules.parse(records.rules_text(rules)) == rules


# -- bad input: one line, the right line number -------------------------------------------------


def _line_of(text: str, fragment: str) -> int:
    for number, line in enumerate(text.splitlines(), start=1):
        if fragment in line:
            return number
    raise AssertionError(f"{fragment!r} not in the text")


def _edit(old: str, new: str) -> str:
    assert GAME_1_4.count(old) == 1, old
    return GAME_1_4.replace(old, new)


# (case, old text, new text, a fragment of the expected line in the edited text, message regex)
BAD = [
    ("illegal play", "1. E 2C S AC W KC N QC", "1. E 2C S AC W KC N 9D", "1. E 2C S AC",
     r"trick 1: illegal play 9D by N: North must follow clubs$"),
    ("card played twice", "3. W TD N 9D E 2D S 4D", "3. W TD N 9D E 2D S AC", "3. W TD",
     r"trick 3: illegal play AC by S: AC was already played$"),
    ("duplicate card in the deal", "N:2.QJT653", "N:A.QJT653", "N:A.QJT653",
     r"\[Deal\]: duplicate card AS: North and West$"),
    ("missing card: short trick", "3. W TD N 9D E 2D S 4D", "3. W TD N 9D E 2D", "3. W TD",
     r"trick 3 has 3 cards, expected 4$"),
    ("five cards in a trick", "3. W TD N 9D E 2D S 4D", "3. W TD N 9D E 2D S 4D 5H", "3. W TD",
     r"trick 3 has a fifth card \(5H\): a trick is 4 cards"),
    ("wrong trick number", "3. W TD N 9D", "4. W TD N 9D", "4. W TD N 9D",
     r'expected trick 3 \("3."\), found "4."$'),
    ("out of turn", "1. E 2C S AC W KC N QC", "1. E 2C W AC S KC N QC", "1. E 2C W AC",
     r"trick 1: W plays out of turn \(S is to play\)$"),
    ("unknown card", "1. E 2C S AC W KC N QC", "1. E 2C S AX W KC N QC", "1. E 2C S AX",
     r'trick 1: unknown card "AX"$'),
    ("unknown tag", '[North "xinxin"]', '[Nord "xinxin"]', "[Nord",
     r"unknown tag \[Nord\]"),
    ("tag given twice", '[North "xinxin"]', '[North "xinxin"]\n[North "Ann"]', '[North "Ann"]',
     r"tag \[North\] given twice"),
    ("bad date", '[North "xinxin"]', '[Date "30.11.2026"]', "[Date",
     r'\[Date "30.11.2026"\]: expected YYYY.MM.DD'),
    ("bad rules", '[Rules "openspiel"]', '[Rules "openspeil"]', "[Rules",
     r'\[Rules\]: unknown rules preset "openspeil"'),
    ("malformed tag", '[North "xinxin"]', "[North xinxin]", "[North xinxin]",
     r"malformed tag '\[North xinxin\]'"),
    ("header tag inside a deal", '[Board "2"]', '[Board "2"]\n[Event "x"]', '[Event "x"]',
     r"\[Event\] inside deal 2: header tags come before the first \[Board\]$"),
    ("wrong board number", '[Board "2"]', '[Board "3"]', '[Board "3"]',
     r'\[Board "3"\]: expected deal 2'),
    ("deal before board", '[Board "1"]\n', "", '[Deal "N:2.QJT653',
     r'\[Deal\] before the first \[Board\]'),
    ("no deal tag",
     '[Deal "N:KJ3.AKT63.A986.4 Q7.J4.Q532.Q7632 T94.Q8.KT4.AJT85 A8652.9752.J7.K9"]\n', "",
     '[Board "2"]', r"deal 2 has no \[Deal\] tag$"),
    ("pass of a card not held", "N passes: 2S 6D 5C", "N passes: AS 6D 5C", "N passes: AS",
     r"North passes AS, which West was dealt$"),
    ("pass of two cards", "N passes: 2S 6D 5C", "N passes: 2S 6D", "N passes: 2S 6D",
     r"North passes 2 cards, expected 3$"),
    ("pass of one card", "N passes: 2S 6D 5C", "N passes: 2S", "N passes: 2S",
     r"North passes 1 card, expected 3$"),
    ("pass of a card the rules forbid", '[Rules "openspiel"]',
     '[Rules "openspiel,no_pass_cards=AH"]', "S passes: 7D AH 4H",
     r"South passes AH, which may not be passed \(rules no_pass_cards=AH\)$"),
    ("missing pass line", "W passes: AD TC 7H\n", "", "1. E 2C S AC",
     r"deal 1: no pass line for West"),
    ("pass line on a hold deal", '[Pass "hold"]', '[Pass "hold"]\nN passes: 2C 3C 4C',
     "N passes: 2C 3C 4C", r'a pass line on a hold deal'),
    ("pass line without colon", "N passes: 2S 6D 5C", "N passes 2S 6D 5C", "N passes 2S",
     r"expected 'passes:' after N"),
    ("points differ", "Points: N 0 E 1 S 7 W 18", "Points: N 0 E 1 S 8 W 17",
     "Points: N 0 E 1 S 8", r"Points N 0 E 1 S 8 W 17 differ from the play: N 0 E 1 S 7 W 18$"),
    ("scores differ", "Scores: N 12 E 33 S 32 W 27", "Scores: N 12 E 33 S 32 W 28",
     "Scores: N 12 E 33 S 32 W 28", r"differ from the running totals: N 12 E 33 S 32 W 27$"),
    ("bad points line", "Points: N 0 E 1 S 7 W 18", "Points: N 0 E 1 S 7 W",
     "Points: N 0 E 1 S 7 W", r"Points: expected a number after W$"),
    ("star for a finished deal", "Points: N 0 E 1 S 7 W 18", "Points: *", "Points: *",
     r"Points: \* but all 52 cards are played"),
    ("unclosed comment", "1. E 2C S AC W KC N QC", "1. E 2C S AC {oops W KC N QC", "{oops",
     r"comment not closed"),
    ("nested comment", "1. E 2C S AC W KC N QC", "1. E 2C S AC {a {b} W KC N QC", "{a {b}",
     r"'\{' inside the comment opened at line \d+ \(comments do not nest"),
    # A comment after a pass: the check for the next pass line reported "no pass line for
    # West" instead of the bad comment that stopped it.
    ("nested comment after a pass", "S passes: 7D AH 4H", "S passes: 7D AH 4H {a {b} c}",
     "{a {b}", r"'\{' inside the comment opened at line \d+ \(comments do not nest"),
    ("unclosed comment after a pass", "S passes: 7D AH 4H", "S passes: 7D AH 4H {oops",
     "{oops", r"comment not closed"),
    ("stray closing brace", "1. E 2C S AC W KC N QC", "1. E 2C S AC } W KC N QC", "S AC }",
     r"'\}' without an opening '\{'$"),
    ("comment before any card", "1. E 2C S AC W KC N QC", "1. {x} E 2C S AC W KC N QC", "1. {x}",
     r"a comment must follow a card"),
    ("no trick number", "1. E 2C S AC W KC N QC", "E 2C S AC W KC N QC", "E 2C S AC W KC N QC",
     r"expected 'passes:' after E \(a pass line is 'E passes: QS AH 2D'; tricks start with "
     r"'1.'\)$"),
]


@pytest.mark.parametrize("case,old,new,fragment,message", BAD, ids=[c[0] for c in BAD])
def test_bad_input_names_its_line(case, old, new, fragment, message):
    text = _edit(old, new)
    with pytest.raises(RecordSyntaxError) as info:
        loads(text)
    err = info.value
    assert err.line == _line_of(text, fragment), str(err)
    assert "\n" not in str(err)
    assert str(err).startswith(f"line {err.line}")
    assert re.search(message, str(err)), str(err)


def test_truncated_file_names_its_last_line():
    text = "\n".join(GAME_1_4.splitlines()[:40]) + "\n"
    with pytest.raises(RecordSyntaxError, match=r"^line 40: deal 2 stops after \d+ cards without a "
                                                r"Points line \(is the file truncated\?\)$"):
        loads(text)


def test_unfinished_deal_must_be_the_last():
    text = _edit("13. W KS N 3H E 5D S 6D\nPoints: N 0 E 1 S 7 W 18\nScores: N 0 E 1 S 7 W 18",
                 "Points: *")
    with pytest.raises(RecordSyntaxError, match=r'deal 1 is unfinished \(Points: \*\): only the '
                                                r'last deal of a game may be$') as info:
        loads(text)
    assert info.value.line == _line_of(text, '[Board "2"]')


def test_short_deal_needs_a_star():
    text = _edit("13. W KS N 3H E 5D S 6D\n", "")
    with pytest.raises(RecordSyntaxError, match=r"deal 1 has 12 tricks, expected 13 \(write "
                                                r"'Points: \*' for an unfinished deal\)$"):
        loads(text)


def test_a_deal_of_one_trick_says_one_trick():
    # "deal 1 has 1 tricks": the counts of the reader's messages are counted nouns
    text = "\n".join(GAME_1_4.split("\n\n")[:2]).split("\n2. ")[0]
    text += "\nPoints: N 0 E 0 S 0 W 0\n"
    with pytest.raises(RecordSyntaxError, match=r"deal 1 has 1 trick, expected 13 \(write "
                                                r"'Points: \*' for an unfinished deal\)$"):
        loads(text)


def test_a_deal_cut_after_one_card_says_one_card():
    head, second = GAME_1_4.split('\n\n[Board "2"]')
    text = head.split(" S AC W KC N QC")[0] + '\n\n[Board "2"]' + second
    with pytest.raises(RecordSyntaxError, match=r"deal 1 stops after 1 card without a Points "
                                                r"line$"):
        loads(text)


def test_empty_text_and_second_game():
    with pytest.raises(RecordSyntaxError, match=r"^line 1: empty record"):
        loads("  \n")
    with pytest.raises(RecordSyntaxError, match=r"a second game starts here") as info:
        loads(GAME_1_4 + "\n" + GAME_1_4)
    assert info.value.line == len(GAME_1_4.splitlines()) + 2


# -- forgiving mode ---------------------------------------------------------------------------


def test_forgiving_reader_stops_at_the_first_structural_error():
    strict_game = loads(GAME_1_4)
    # An illegal play in deal 2, trick 5.
    deal2 = GAME_1_4[GAME_1_4.index('[Board "2"]'):]
    trick5 = next(line for line in deal2.splitlines() if line.startswith("5. "))
    tokens = trick5.split()
    tokens[4] = tokens[2]  # the second player plays the card just led
    bad = " ".join(tokens)
    text = GAME_1_4.replace(trick5, bad)
    game = loads(text, strict=False)
    assert len(game.errors) == 1
    err = game.errors[0]
    assert err.line == _line_of(text, bad) and "illegal play" in str(err)
    assert game.deals[0] == strict_game.deals[0]
    assert len(game.deals) == 2
    assert game.deals[1].points is None
    assert game.deals[1].plays == strict_game.deals[1].plays[:17]
    # What was read writes as an unfinished game, which reads back.
    assert loads(dumps(game)) == game


def test_forgiving_reader_collects_recoverable_errors_and_goes_on():
    text = _edit('[North "xinxin"]', '[Nord "xinxin"]')
    text = text.replace("Points: N 0 E 1 S 7 W 18", "Points: N 0 E 1 S 8 W 17")
    game = loads(text, strict=False)
    assert [e.line for e in game.errors] == [_line_of(text, "[Nord"),
                                            _line_of(text, "Points: N 0 E 1 S 8")]
    assert "Nord" not in game.tags
    assert game.deals[0].points == (0, 1, 7, 18)
    assert len(game.deals) == 4
    assert dumps(game) == GAME_1_4.replace('[North "xinxin"]\n', "")


def test_forgiving_loads_all_resumes_at_the_next_game():
    broken = _edit("3. W TD N 9D E 2D S 4D", "3. W TD N 9D E 2D S AC")
    games = loads_all(broken + "\n" + GAME_1_4, strict=False)
    assert len(games) == 2
    assert len(games[0].errors) == 1 and len(games[0].deals) == 1
    assert games[1] == loads(GAME_1_4) and games[1].errors == []


def test_forgiving_empty_text():
    game = loads("", strict=False)
    assert game == GameRecord() and len(game.errors) == 1


# -- model API ----------------------------------------------------------------------------------


def test_add_deal_checks_play_and_fills_points():
    original = parse_action_line(TRAIN_LINES[0], 1)
    game = GameRecord({"Rules": "standard"})
    deal = game.add_deal(original.dealt, "across", original.passes, original.plays)
    assert deal.points == (0, 1, 7, 18) and deal.number == 1
    tricks = deal.tricks()
    assert len(tricks) == 13 and tricks[0].leader is Seat.E and tricks[0].winner is Seat.S
    assert deal.seats()[:5] == [Seat.E, Seat.S, Seat.W, Seat.N, Seat.S]
    assert game.next_direction() is PassDirection.RIGHT
    bad = list(original.plays)
    bad[1], bad[2] = bad[2], bad[1]
    with pytest.raises(IllegalPlayError, match=r"^trick 1, card 2 \(KC by S\): South does not "
                                               r"hold KC$"):
        game.add_deal(original.dealt, "across", original.passes, bad)
    with pytest.raises(InvalidDealError, match="North passes 2C, which it does not hold"):
        DealRecord(1, original.dealt, "left", {"N": ["2C", "3C", "4C"], "E": [], "S": [], "W": []})


def test_add_deal_refuses_a_pass_the_rules_forbid():
    # docs/rules.md "Passing": some tables forbid passing certain cards; South passes A♥ here.
    original = parse_action_line(TRAIN_LINES[0], 1)
    game = GameRecord({"Rules": "standard,no_pass_cards=AH"})
    with pytest.raises(InvalidDealError, match=r"^South passes AH, which may not be passed "
                                               r"\(rules no_pass_cards=AH\)$"):
        game.add_deal(original.dealt, "across", original.passes, original.plays)


def test_json_reader_refuses_a_pass_the_rules_forbid():
    data = to_json(loads(GAME_1_4))
    data["tags"]["Rules"] = "openspiel,no_pass_cards=AH"
    data["rules"]["no_pass_cards"] = "AH"     # the derived field agrees with the tag
    with pytest.raises(RecordSyntaxError, match=r"^JSON record: deal 1: South passes AH, which "
                                                r"may not be passed \(rules no_pass_cards=AH\)$"):
        from_json(data)


@pytest.mark.parametrize("north, message", [
    (["2S", "6D"], "North passes 2 cards, expected 3"),
    (["2S", "6D", "5C", "QS"], "North passes 4 cards, expected 3"),
])
def test_json_reader_names_the_seat_whose_pass_count_is_wrong(north, message):
    # It took North's count as the expected one: "East passes 3 cards, expected 2".
    data = to_json(loads(GAME_1_4))
    data["deals"][0]["passes"]["N"] = north
    with pytest.raises(RecordSyntaxError, match=f"^JSON record: deal 1: {message}$"):
        from_json(data)


def test_add_deal_expects_the_rules_pass_count():
    original = parse_action_line(TRAIN_LINES[0], 1)
    passes = dict(original.passes, N=original.passes[Seat.N][:2])
    game = GameRecord({"Rules": "openspiel,pass_count=4"})
    with pytest.raises(InvalidDealError, match="^North passes 2 cards, expected 4$"):
        game.add_deal(original.dealt, "across", passes, original.plays)


def test_deal_record_without_rules_names_the_seat_that_differs():
    original = parse_action_line(TRAIN_LINES[0], 1)
    passes = dict(original.passes, N=original.passes[Seat.N][:2])
    with pytest.raises(InvalidDealError, match="^North passes 2 cards, expected 3$"):
        DealRecord(1, original.dealt, "across", passes)


def test_validate_reports_wrong_points():
    game = loads(GAME_1_4)
    game.deals[2].points = (0, 0, 0, 26)
    with pytest.raises(RecordSyntaxError, match=r"^deal 3: points N 0 E 0 S 0 W 26 differ from "
                                                r"the play \(N 2 E 4 S 13 W 7\)$"):
        game.validate()


def test_writer_refuses_braces_in_comments():
    game = loads(GAME_1_4)
    game.deals[0].plays[0].comment = "a } b"
    with pytest.raises(HeartsError, match="comments do not nest"):
        dumps(game)


def test_str_and_file_io():
    game = loads(GAME_1_4)
    assert str(game) == GAME_1_4
    buffer = io.StringIO()
    records.hgn.dump(game, buffer)
    buffer.seek(0)
    assert records.hgn.load(buffer) == game


def test_comment_data():
    comment = "safe [%dd 13] [%best 4H,5H]"
    assert comment_data(comment) == {"dd": "13", "best": "4H,5H"}
    assert set_comment_data(comment, "dd", 7) == "safe [%dd 7] [%best 4H,5H]"
    assert set_comment_data(comment, "loss", 2) == "safe [%dd 13] [%best 4H,5H] [%loss 2]"
    assert set_comment_data(comment, "dd", None) == "safe [%best 4H,5H]"
    assert set_comment_data("", "dd", 0) == "[%dd 0]"
    play = Play(Card("QS"))
    play.set_data("dd", 13)
    assert play.data() == {"dd": "13"} and play.comment == "[%dd 13]"


def test_suffixes_and_nags():
    play = Play(Card("QS"), {NAG_BLUNDER, NAG_MISTAKE, 146})
    assert play.suffix == "?"
    assert str(play) == "QS? $4 $146"
    text = GAME_1_4.replace("1. E 2C S AC W KC N QC", "1. E 2C! S AC?! W KC $10 N QC!?")
    first = loads(text).deals[0].plays[:4]
    assert [p.nags for p in first] == [{1}, {6}, {10}, {5}]


def test_json_reader_checks_the_play():
    data = to_json(loads(GAME_1_4))
    data["deals"][0]["plays"][1]["card"] = "KC"
    with pytest.raises(RecordSyntaxError, match=r"^JSON record: deal 1: trick 1, card 2 \(KC by S\)"
                                                r": South does not hold KC$"):
        from_json(data)
    data = to_json(loads(GAME_1_4))
    data["deals"][0]["plays"][0]["seat"] = "N"
    with pytest.raises(RecordSyntaxError, match=r"play 1 \(2C\) is N's, but E is to play"):
        from_json(data)
    data = to_json(loads(GAME_1_4))
    assert data["deals"][1]["pass_direction"] == "hold"
    data["deals"][1]["passes"]["N"] = ["QS"]      # written nowhere: dumps has no hold passes
    with pytest.raises(RecordSyntaxError, match=r"^JSON record: deal 2: North passes QS on a "
                                                r"hold deal \(no pass\)$"):
        from_json(data)
    data = to_json(loads(GAME_1_4))
    del data["deals"][1]["dealt"]
    with pytest.raises(RecordSyntaxError, match=r"^JSON record: deal 2: no field 'dealt'$"):
        from_json(data)


def test_json_reader_names_an_illegal_play_before_the_seats_it_changes(tmp_path, run_cli):
    # South's 2D (not held) hands trick 1 to West's KC, so the next seat given (S) is wrong
    # too: the error was "play 5 (QS) is S's, but W is to play", not the illegal card.
    data = [to_json(g) for g in loads_all(GAME_1_4)]
    data[0]["deals"][0]["plays"][1]["card"] = "2D"
    message = "JSON record: deal 1: trick 1, card 2 (2D by S): South does not hold 2D"
    with pytest.raises(RecordSyntaxError, match=f"^{re.escape(message)}$"):
        from_json(data[0])
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    result = run_cli("convert", str(path))
    assert result.exit_code == 2
    assert result.output.splitlines() == [f"error: {path}: {message}"]


def test_json_reader_names_a_wrong_seat_before_a_later_illegal_play():
    data = to_json(loads(GAME_1_4))
    data["deals"][0]["plays"][0]["seat"] = "N"
    data["deals"][0]["plays"][1]["card"] = "2D"
    with pytest.raises(RecordSyntaxError, match=r"^JSON record: deal 1: play 1 \(2C\) is N's, "
                                                r"but E is to play$"):
        from_json(data)


@pytest.mark.parametrize("to, written", [("json", "cards as QS"), ("openspiel", "action ids")])
def test_convert_refuses_symbols_where_they_have_no_effect(tmp_path, to, written, run_cli):
    path = tmp_path / "game.hgn"
    path.write_text(GAME_1_4)
    result = run_cli("convert", str(path), "--to", to, "--symbols")
    assert result.exit_code == 2
    assert result.output.splitlines() == [
        f"error: --symbols applies to --to hgn only (--to {to} writes {written})"]
    assert run_cli("convert", str(path), "--symbols").exit_code == 0


def test_convert_refuses_an_unknown_output_format_before_reading(run_cli):
    result = run_cli("convert", "no-such-file.hgn", "--to", "xml")
    assert result.exit_code == 2
    assert result.output.splitlines() == [
        "error: unknown output format 'xml' (expected hgn, json, jsonl, openspiel)"]


@pytest.mark.parametrize("path, value, message", [
    (("tags", "Event"), None, r"^JSON record: tags Event: expected a string, not null$"),
    (("tags", "North"), 5, r"^JSON record: tags North: expected a string, not a number 5$"),
    (("tags",), ["Event"], r"^JSON record: tags: expected an object, not an array$"),
    (("comment",), {"a": 1}, r"^JSON record: comment: expected a string, not an object$"),
    (("deals", 0, "tags", "Source"), True,
     r"^JSON record: deal 1: tags Source: expected a string, not a boolean true$"),
    (("deals", 0, "comment"), 1.5, r"^JSON record: deal 1: comment: expected a string"),
    (("deals", 0, "plays", 2, "comment"), None,
     r"^JSON record: deal 1: play 3 comment: expected a string, not null$"),
    (("deals", 0, "pass_comments", "S"), 7,
     r"^JSON record: deal 1: pass_comments S: expected a string, not a number 7$"),
])
def test_json_reader_wants_text_as_strings(path, value, message):
    # A null tag was read as the text "None", a number as its digits.
    _set_and_read(path, value, message)


@pytest.mark.parametrize("path, value, message", [
    # were read as 7, 1, 7, {1} and {1, 2}
    (("deals", 0, "points", "S"), 7.9,
     r"^JSON record: deal 1: points S: expected a whole number, not a number 7.9$"),
    (("deals", 0, "number"), True,
     r"^JSON record: deal 1: number: expected a whole number, not a boolean true$"),
    (("deals", 0, "points", "S"), "7",
     r'^JSON record: deal 1: points S: expected a whole number, not a string "7"$'),
    (("deals", 0, "plays", 0, "nags"), [1.7],
     r"^JSON record: deal 1: play 1 nags: expected a whole number, not a number 1.7$"),
    (("deals", 0, "plays", 0, "nags"), "12",
     r'^JSON record: deal 1: play 1 nags: expected an array of NAG numbers, not a string "12"$'),
    (("version",), "1", r'^JSON record: version: expected a whole number, not a string "1"$'),
])
def test_json_reader_wants_whole_numbers(path, value, message):
    _set_and_read(path, value, message)


@pytest.mark.parametrize("path, value, message", [
    # were Python messages naming no field: "'int' object is not iterable", "'int' object is
    # not subscriptable", "dictionary update sequence element #0 ...", "'NoneType' object ..."
    (("deals", 0, "plays"), 5,
     r"^JSON record: deal 1: plays: expected an array of plays, not a number 5$"),
    (("deals", 0, "plays"), [1, 2, 3],
     r'^JSON record: deal 1: play 1: expected an object \{"card": \.\.\.\}, not a number 1$'),
    (("deals", 0, "passes"), "abc",
     r'^JSON record: deal 1: passes: expected an object \{"N": \[cards\], \.\.\.\}, not a '
     r'string "abc"$'),
    (("deals", 0, "passes", "N"), "2S 6D 5C",
     r'^JSON record: deal 1: passes N: expected an array of cards, not a string "2S 6D 5C"$'),
    (("deals",), None, r"^JSON record: deals: expected an array of deals, not null$"),
    (("deals",), [None], r"^JSON record: deal 1: expected an object, not null$"),
    (("deals", 0, "dealt"), 5, r"^JSON record: deal 1: dealt: expected a string, not a number 5$"),
    (("deals", 0, "pass_direction"), None,
     r"^JSON record: deal 1: pass_direction: expected a string, not null$"),
    (("deals", 0, "first_leader"), 2,
     r"^JSON record: deal 1: first_leader: expected a string, not a number 2$"),
    (("deals", 0, "plays", 0, "seat"), 1,
     r"^JSON record: deal 1: play 1 seat: expected a string, not a number 1$"),
    (("deals", 0, "plays", 0, "card"), ["2C"],
     r"^JSON record: deal 1: play 1 card: expected a string, not an array$"),
    (("deals", 1, "scores"), "zz",
     r'^JSON record: deal 2: scores: expected \{"N": n, "E": n, "S": n, "W": n\} or null, not '
     r'a string$'),
    (("deals", 1, "scores"), {"N": 2, "E": 15},
     r'^JSON record: deal 2: scores: expected \{"N": n, "E": n, "S": n, "W": n\} or null, not '
     r'seats N, E$'),
    (("deals", 1, "scores", "W"), "18",
     r'^JSON record: deal 2: scores W: expected a whole number, not a string "18"$'),
])
def test_json_reader_wants_each_field_as_its_json_type(path, value, message):
    _set_and_read(path, value, message)


def test_json_reader_wants_a_play_to_have_its_card():
    data = to_json(loads(GAME_1_4))
    del data["deals"][0]["plays"][4]["card"]
    with pytest.raises(RecordSyntaxError, match=r"^JSON record: deal 1: play 5: no field 'card'$"):
        from_json(data)


def test_json_reader_checks_scores_as_the_hgn_reader():
    # Wrong scores were ignored (exit 0, the computed totals written); the HGN reader refuses
    # the same Scores line.
    _set_and_read(("deals", 1, "scores", "W"), 19,
                  r"^JSON record: deal 2: scores N 2 E 15 S 17 W 19 differ from the running "
                  r"totals \(N 2 E 15 S 17 W 18\)$")
    with pytest.raises(RecordSyntaxError, match=r"Scores N 2 E 15 S 17 W 19 differ from the "
                                                r"running totals: N 2 E 15 S 17 W 18$"):
        loads(_edit("Scores: N 2 E 15 S 17 W 18", "Scores: N 2 E 15 S 17 W 19"))
    data = to_json(loads(GAME_1_4))
    assert data["deals"][1]["scores"] == {"N": 2, "E": 15, "S": 17, "W": 18}
    data["deals"][1]["scores"] = None            # null: not given, nothing to check
    assert from_json(data) == loads(GAME_1_4)


def test_json_reader_refuses_scores_after_an_unfinished_deal():
    data = to_json(loads(GAME_1_4))
    last = data["deals"][-1]
    last["plays"], last["points"], last["scores"] = last["plays"][:8], None, None
    data["totals"] = {"N": 4, "E": 19, "S": 30, "W": 25}     # after deal 3, the last finished
    assert from_json(data).deals[-1].points is None
    last["scores"] = {"N": 12, "E": 33, "S": 32, "W": 27}
    with pytest.raises(RecordSyntaxError, match=r"^JSON record: deal 4: scores N 12 E 33 S 32 "
                                                r"W 27 differ from the running totals \(none: "
                                                r"the deal is unfinished\)$"):
        from_json(data)



def test_json_reader_checks_the_totals():
    data = to_json(loads(GAME_1_4))
    assert data["totals"] == {"N": 12, "E": 33, "S": 32, "W": 27}
    _set_and_read(("totals", "E"), 34,
                  r"^JSON record: totals N 12 E 34 S 32 W 27 differ from the deals' points "
                  r"\(N 12 E 33 S 32 W 27\)$")
    _set_and_read(("totals",), "zz", r"^JSON record: totals: ")
    data["totals"] = None                        # null: not given, nothing to check
    assert from_json(data) == loads(GAME_1_4)

def _set_and_read(path, value, message):
    data = to_json(loads(GAME_1_4))
    where = data
    for key in path[:-1]:
        where = where[key]
    where[path[-1]] = value
    with pytest.raises(RecordSyntaxError, match=message):
        from_json(data)


# -- hearts convert ----------------------------------------------------------------------------


def test_convert_between_formats(tmp_path, run_cli):
    source = XINXIN / "xinxin_test.txt"
    hgn = run_cli("convert", str(source))
    assert hgn.exit_code == 0, hgn.stderr
    assert len(loads_all(hgn.stdout)) == 5
    (tmp_path / "x.hgn").write_text(hgn.stdout)
    as_json = run_cli("convert", str(tmp_path / "x.hgn"), "--to", "json")
    assert as_json.exit_code == 0
    (tmp_path / "x.json").write_text(as_json.stdout)
    assert detect_format(as_json.stdout) == "json"
    back = run_cli("convert", str(tmp_path / "x.json"), "--to", "openspiel")
    assert back.exit_code == 0
    for line, original in zip(back.stdout.splitlines(), TEST_LINES):
        a, b = parse_action_line(line), parse_action_line(original)
        assert (a.dealt, a.passes, a.plays) == (b.dealt, b.passes, b.plays)
    peer = run_cli("convert", str(DATA / "peer-games" / "openspiel-hearts.jsonl"),
                   "-o", str(tmp_path / "peer.hgn"))
    assert peer.exit_code == 0
    assert len(loads_all((tmp_path / "peer.hgn").read_text())) == 260
    bad = tmp_path / "bad.hgn"
    bad.write_text(_edit("1. E 2C S AC W KC N QC", "1. E 2C S AC W KC N 9D"))
    line = _line_of(bad.read_text(), "1. E 2C S AC")
    assert error_line(run_cli("convert", str(bad))).startswith(f"error: {bad}: line {line},")


def test_convert_refuses_a_pass_the_rules_forbid(tmp_path, run_cli):
    # It converted with exit 0: the readers did not check no_pass_cards.
    path = tmp_path / "no-pass.hgn"
    path.write_text((RECORDS / "xinxin-train-1.hgn").read_text().replace(
        '[Rules "openspiel"]', '[Rules "standard,no_pass_cards=AH"]'))
    result = run_cli("convert", str(path))
    assert result.exit_code == 2, result.output
    assert result.output.splitlines() == [
        f"error: {path}: line 16, column 14: South passes AH, which may not be passed "
        "(rules no_pass_cards=AH)"]


def _edited_json(*path_and_value):
    data = [to_json(g) for g in loads_all(GAME_1_4)]
    *path, value = path_and_value
    where = data[0]
    for key in path[:-1]:
        where = where[key]
    where[path[-1]] = value
    return json.dumps(data)


@pytest.mark.parametrize("edit, message", [
    (("deals", 0, "plays", 5), "JSON record: deal 1: plays: expected an array of plays, not a "
                               "number 5"),
    (("deals", 0, "passes", "abc"), 'JSON record: deal 1: passes: expected an object {"N": '
                                    '[cards], ...}, not a string "abc"'),
    (("deals", None), "JSON record: deals: expected an array of deals, not null"),
    (("deals", 1, "scores", "zz"), 'JSON record: deal 2: scores: expected {"N": n, "E": n, '
                                   '"S": n, "W": n} or null, not a string'),
    (("deals", 1, "scores", {"N": 2, "E": 15, "S": 17, "W": 19}),
     "JSON record: deal 2: scores N 2 E 15 S 17 W 19 differ from the running totals "
     "(N 2 E 15 S 17 W 18)"),
])
def test_convert_bad_json_field_is_one_error_line(tmp_path, edit, message, run_cli):
    path = tmp_path / "bad.json"
    path.write_text(_edited_json(*edit))
    result = run_cli("convert", str(path))
    assert result.exit_code == 2, result.output
    assert result.output.splitlines() == [f"error: {path}: {message}"]


# -- JSON: derived fields, checked when given ---------------------------------------------------
# They were ignored on read: a "rules" with "players": 9, a nonsense "deal" or a play's wrong
# "trick" read with exit 0, and a user who edited one got the record's game, silently.

DEAL_1_AFTER_PASS = "N:.AQJT6543.9873.Q 87.K72.AQ52.T842 QJ932.9.J64.A653 AKT654.8.KT.KJ97"
DEAL_1_DEALT = "N:2.QJT653.9863.Q5 876.K82.Q52.8742 QJ93.A94.J74.A63 AKT54.7.AKT.KJT9"

DERIVED_FIELD_CONTRADICTIONS = [
    (("rules", "players", 9),
     'JSON record: "rules": players is 9 but the Rules tag "openspiel" gives 4'),
    (("rules", "moon", "new"),
     'JSON record: "rules": moon is "new" but the Rules tag "openspiel" gives "old"'),
    # as JSON values: 0 is no false, 13.0 no 13 (Python's == takes them as equal)
    (("rules", "kitty_seen", 0),
     'JSON record: "rules": kitty_seen is 0 but the Rules tag "openspiel" gives false'),
    (("rules", "queen_of_spades", 13.0),
     'JSON record: "rules": queen_of_spades is 13.0 but the Rules tag "openspiel" gives 13'),
    (("rules", "bonus_card", "JD"),
     'JSON record: "rules": bonus_card is "JD" but the Rules tag "openspiel" gives null'),
    (("rules", "playres", 4),
     'JSON record: "rules": unknown rules option "playres" (expected field names of Rules, '
     "as 'hearts rules show' lists them)"),
    (("rules", "standard"),
     'JSON record: "rules": expected an object of rule options, not a string "standard"'),
    (("deals", 0, "deal", DEAL_1_DEALT),
     f'JSON record: deal 1: "deal" is {DEAL_1_DEALT} but the dealt hands after the passes '
     f"give {DEAL_1_AFTER_PASS}"),
    (("deals", 0, "deal", "nonsense"),
     'JSON record: deal 1: "deal": deal "nonsense" does not start with a seat letter and ":" '
     '(e.g. "N:")'),
    (("deals", 0, "deal", None), 'JSON record: deal 1: "deal": expected a string, not null'),
    (("deals", 0, "plays", 4, "trick", 1),
     'JSON record: deal 1: play 5 (QS): "trick" is 1 but play 5 is in trick 2'),
    (("deals", 3, "plays", 51, "trick", 12),
     'JSON record: deal 4: play 52 (3S): "trick" is 12 but play 52 is in trick 13'),
    (("deals", 0, "plays", 4, "trick", "2"),
     'JSON record: deal 1: play 5 trick: expected a whole number, not a string "2"'),
]


_DELETE = object()


def _edited_record(*path_and_value):
    """The first game of GAME_1_4 as JSON with one field set, or removed by ``_DELETE``."""
    data = to_json(loads(GAME_1_4))
    *path, value = path_and_value
    where = data
    for key in path[:-1]:
        where = where[key]
    if value is _DELETE:
        del where[path[-1]]
    else:
        where[path[-1]] = value
    return data


@pytest.mark.parametrize("edit, message", DERIVED_FIELD_CONTRADICTIONS)
def test_json_reader_checks_a_derived_field_when_given(edit, message):
    with pytest.raises(RecordSyntaxError, match=f"^{re.escape(message)}$"):
        from_json(_edited_record(*edit))


@pytest.mark.parametrize("edit, message", DERIVED_FIELD_CONTRADICTIONS)
def test_convert_names_a_contradicting_derived_field_in_one_line(tmp_path, edit, message, run_cli):
    path = tmp_path / "edited.json"
    path.write_text(_edited_json(*edit))
    assert error_line(run_cli("convert", str(path), "--to", "hgn")) == \
        f"error: {path}: {message}"


def test_annotate_refuses_a_contradicting_rules_field(tmp_path, run_cli):
    path = tmp_path / "edited.json"
    path.write_text(_edited_json("rules", "players", 9))
    assert error_line(run_cli("annotate", str(path))) == (
        f'error: {path}: JSON record: "rules": players is 9 but the Rules tag "openspiel" '
        f"gives 4")


def test_json_reader_names_the_rules_without_a_rules_tag():
    data = to_json(loads(GAME_1_4.replace('[Rules "openspiel"]\n', "")))
    assert "Rules" not in data["tags"]
    data["rules"]["no_points_on_first_trick"] = False
    with pytest.raises(RecordSyntaxError, match="^" + re.escape(
            'JSON record: "rules": no_points_on_first_trick is false but the default rules '
            '"standard" (no Rules tag) give true') + "$"):
        from_json(data)


def test_json_reader_names_the_first_rules_key_that_differs_in_record_order():
    data = to_json(loads(GAME_1_4))
    data["rules"] = {"moon": "new", "players": 9}
    with pytest.raises(RecordSyntaxError, match='^JSON record: "rules": moon is "new" '):
        from_json(data)


@pytest.mark.parametrize("edit", [
    ("rules", _DELETE),
    ("rules", {}),
    ("rules", {"players": 4, "moon": "old"}),      # an older or hand-written record
    ("deals", 0, "deal", _DELETE),
    # another first seat, card order, lower case and 10 for T: the same deal
    ("deals", 0, "deal", "E:78.27k.25qa.24810 239qj.9.46j.356a 456tka.8.tk.79jk "
                         ".3456ajqt.3789.q"),
    ("deals", 0, "plays", 4, "trick", _DELETE),
])
def test_json_reader_takes_a_derived_field_left_out_or_written_otherwise(edit):
    assert from_json(_edited_record(*edit)) == loads_all(GAME_1_4)[0]


@pytest.mark.parametrize("name", ["xinxin-train-1.hgn", "xinxin-train-1-4.hgn",
                                  "unfinished-any-lead.hgn"])
def test_convert_json_output_reads_back_with_its_derived_fields(tmp_path, name, run_cli):
    # Every derived field convert writes is now checked on read: they must agree.
    exported = run_cli("convert", str(RECORDS / name), "--to", "json")
    assert exported.exit_code == 0, exported.stderr
    data = json.loads(exported.stdout)
    assert all("rules" in g and all("deal" in d for d in g["deals"]) for g in data)
    path = tmp_path / "game.json"
    path.write_text(exported.stdout)
    back = run_cli("convert", str(path), "--to", "hgn")
    assert back.exit_code == 0, back.stderr
    assert back.stdout == (RECORDS / name).read_text()


@pytest.mark.parametrize("name, text", [
    ("game.hgn", GAME_1_4),
    ("game.json", json.dumps([to_json(g) for g in loads_all(GAME_1_4)], indent=2)),
    ("lines.txt", "\n".join(TEST_LINES[:2]) + "\n"),
    ("peer.jsonl", "".join(json.dumps(d) + "\n" for d in PEER[:2])),
    ("playthrough.txt", (XINXIN / "playthrough_hearts.txt").read_text()),
])
def test_convert_reads_a_file_that_starts_with_a_byte_order_mark(tmp_path, name, text, run_cli):
    # OpenSpiel lines failed ('token 1 "\ufeff1" is not an integer action id'), the JSON
    # export was taken for HGN ("line 1, column 1: malformed tag '['").
    plain, marked = tmp_path / name, tmp_path / f"bom-{name}"
    plain.write_text(text, encoding="utf-8")
    marked.write_text(text, encoding="utf-8-sig")
    assert marked.read_bytes().startswith(b"\xef\xbb\xbf")
    expected = run_cli("convert", str(plain))
    assert expected.exit_code == 0, expected.output
    for args, stdin in (([str(marked)], None), (["-"], "\ufeff" + text)):
        result = run_cli("convert", *args, input=stdin)
        assert result.exit_code == 0, result.output
        assert result.output == expected.output


def test_convert_names_the_line_and_byte_of_text_that_is_not_utf8(tmp_path, run_cli):
    # The first byte of line 2 is the file's 9th, counted 1-based as GNU cmp counts, by every
    # reader (the record readers said 0-based "at byte 8", the puzzle reader 1-based).
    data = b"# games\n\xff 1 2\n"
    path = tmp_path / "bad.txt"
    path.write_bytes(data)
    detail = "not a UTF-8 text file (invalid start byte at line 2, byte 9)"
    result = run_cli("convert", str(path))
    assert result.exit_code == 2
    assert result.stderr.strip() == f"error: {path}: {detail}"
    result = run_cli("convert", "-", input=data)
    assert result.exit_code == 2
    assert result.stderr.strip() == f"error: stdin: {detail}"
    assert path.read_bytes() == data


@pytest.mark.parametrize("text, where", [
    ("[" * 3000 + "]" * 3000 + "\n", "line 1 column 3000"),
    ('{"plays": ' + "[" * 3000 + "]" * 3000 + "}\n", "line 1 column 3010"),
])
def test_convert_refuses_json_nested_too_deeply(tmp_path, text, where, run_cli):
    # json.loads raised RecursionError: a traceback (exit 1) from every command reading files.
    path = tmp_path / "deep.json"
    path.write_text(text)
    result = run_cli("convert", str(path))
    assert result.exit_code == 2
    assert result.stderr.startswith("error: ")
    assert f"not JSON: nested too deeply: {where}" in result.stderr
    assert "Traceback" not in result.output


def test_reader_accepts_lenient_forms_and_writes_the_canonical_one():
    text = GAME_1_4
    text = text.replace("1. E 2C S AC W KC N QC", "1. 2♣ a♣ W kc QC")
    text = text.replace("N passes: 2S 6D 5C\nE passes: 6S 7C 8H",
                        "E passes: 6S C7 8H\nN passes: S2 6D 5C")
    text = text.replace("3. W TD N 9D E 2D S 4D", "3. W 10D 9D E 2D 4D")
    text = text.replace("Points: N 0 E 1 S 7 W 18", "Points: W 18 S 7 E 1 N 0")
    assert dumps(loads(text)) == GAME_1_4


def test_leader_must_agree_with_the_rules():
    text = _edit('[Pass "across"]', '[Pass "across"]\n[Leader "N"]')
    with pytest.raises(RecordSyntaxError, match=r"first_leader=North, but with "
                                                r"first_lead=two_of_clubs the holder of 2C "
                                                r"\(East\) leads") as info:
        loads(text)
    assert info.value.line == _line_of(text, "[Leader")


def test_writer_refuses_tags_the_reader_would_refuse():
    game = loads(GAME_1_4)
    game.tags["Nord"] = "x"
    with pytest.raises(HeartsError, match="unknown header tag Nord"):
        dumps(game)
    game = loads(GAME_1_4)
    game.tags["Date"] = "yesterday"
    with pytest.raises(HeartsError, match='tag Date "yesterday": expected YYYY.MM.DD'):
        dumps(game)
    game = loads(GAME_1_4)
    game.deals[0].tags["Event"] = "x"
    with pytest.raises(HeartsError, match="deal 1: unknown deal tag Event"):
        dumps(game)


@pytest.mark.parametrize("keep,errors", [(25, 1), (49, 1), (51, 0), (72, 1)])
def test_forgiving_read_of_a_cut_file_writes_a_record_that_reads_back(keep, errors):
    # Cut after line `keep`: inside deal 1's tricks, after deal 2's last trick (its Points
    # line is 50), after deal 2's Scores line, inside deal 3.
    text = "\n".join(GAME_1_4.splitlines()[:keep]) + "\n"
    game = loads(text, strict=False)
    assert len(game.errors) == errors
    again = loads(dumps(game))
    assert again == game
    assert all(d.points is not None for d in game.deals if d.is_finished())


def test_next_direction_follows_every_directional_scheme():
    game = GameRecord({"Rules": "standard,pass_scheme=rotating"})
    assert game.next_direction() is PassDirection.LEFT
    game.deals.append(None)  # type: ignore[arg-type]  # only the count matters here
    assert game.next_direction() is PassDirection.ACROSS


def test_next_direction_of_a_scatter_deal_is_an_error():
    from hearts.solver import RulesError
    game = GameRecord({"Rules": "standard,pass_scheme=scatter"})
    for _ in range(3):
        game.deals.append(None)  # type: ignore[arg-type]  # only the count matters here
    with pytest.raises(RulesError, match="deal 4 passes by scatter"):
        game.next_direction()


# -- marks after a card, the file's text in messages -----------------------------------------


@pytest.mark.parametrize("old,new,message", [
    # It was 'unknown card "AC?"': the "??" at the end was taken for the mark.
    ("1. E 2C S AC W", "1. E 2C S AC??? W",
     'line 17, column 11: trick 1: bad mark "???" after AC (a mark is !, ?, !!, ??, !? or ?!)'),
    ("1. E 2C S AC W", "1. E 2C S AC!?! W",
     'line 17, column 11: trick 1: bad mark "!?!" after AC (a mark is !, ?, !!, ??, !? or ?!)'),
    # It was 'unknown card "AX"': the word the user wrote is "AX?".
    ("1. E 2C S AC W", "1. E 2C S AX? W", 'line 17, column 11: trick 1: unknown card "AX?"'),
    ("1. E 2C S AC W", "1. E 2C S ?? W", 'line 17, column 11: trick 1: unknown card "??"'),
    ("N passes: 2S 6D", "N passes: 2S? 6D",
     "line 13, column 11: North's pass: a mark (\"?\") after 2S: marks follow plays, not passes"),
    ("N passes: 2S 6D", "N passes: 2X? 6D",
     'line 13, column 11: North\'s pass: unknown card "2X?"'),
])
def test_a_bad_mark_or_card_is_quoted_whole(old, new, message):
    with pytest.raises(RecordSyntaxError) as info:
        loads(GAME_1_4.replace(old, new, 1))
    assert str(info.value) == message


def test_every_mark_reads_after_a_card():
    for mark, nag in [("!", 1), ("?", 2), ("!!", 3), ("??", 4), ("!?", 5), ("?!", 6)]:
        game = loads(GAME_1_4.replace("1. E 2C S AC W", f"1. E 2C S AC{mark} W", 1))
        assert game.deals[0].plays[1].nags == {nag}


def test_hgn_convert_names_the_bad_mark(tmp_path, run_cli):
    path = tmp_path / "game.hgn"
    path.write_text(GAME_1_4.replace("1. E 2C S AC W", "1. E 2C S AC??? W", 1))
    assert error_line(run_cli("convert", str(path), "--to", "json")) == (
        f'error: {path}: line 17, column 11: trick 1: bad mark "???" after AC (a mark is !, ?, '
        '!!, ??, !? or ?!)')


@pytest.mark.parametrize("old,new,message", [
    ('[North "xinxin"]', '[Date "\x1b[31m"]',
     r'line 2, column 1: [Date "\x1b[31m"]: expected YYYY.MM.DD'),
    ("1. E 2C S AC W", "1. E 2C S \x07\x1b]0;title\x07 W",
     r'line 17, column 11: trick 1: unknown card "\x07\x1b]0;title\x07"'),
    ('[Rules "openspiel"]', '[Rules "openspiel,\x1b=1"]',
     r'line 6, column 1: [Rules]: unknown rules option "\x1b"'),
    ('[Deal "N:2.QJT653', '[Deal "N:\x002.QJT653',
     r'line 10, column 1: [Deal]: North' + "'" + r's hand: unknown rank "\x00"'),
    ('[Board "1"]', "\0\0\0 " + "z" * 60 + '\n[Board "1"]',
     r"line 9, column 1: unexpected '\x00\x00\x00': expected the first deal"),
    ('[Board "1"]', "z" * 60 + '\n[Board "1"]',
     "line 9, column 1: unexpected '" + "z" * 40 + "…': expected the first deal"),
])
def test_the_files_control_characters_are_escaped_in_messages(old, new, message):
    # Tag values, words and the card and rules parsers' messages went out as they were: an
    # escape sequence recoloured or retitled the user's terminal.
    with pytest.raises(RecordSyntaxError) as info:
        loads(GAME_1_4.replace(old, new, 1))
    assert str(info.value).startswith(message)
    assert str(info.value).isprintable()


@pytest.mark.parametrize("field, value, message", [
    # both said "deal 1: ..." without the play
    ("card", "ZZ", 'JSON record: deal 1: play 4: unknown card "ZZ"'),
    ("seat", "X", "JSON record: deal 1: play 4: unknown seat 'X' (seats N, E, S, W)"),
])
def test_json_reader_names_the_play_of_a_bad_card_or_seat(field, value, message):
    data = to_json(loads(GAME_1_4))
    data["deals"][0]["plays"][3][field] = value
    with pytest.raises(RecordSyntaxError) as err:
        from_json(data)
    assert str(err.value) == message


# -- the package: reading and writing by format name ----------------------------------------


def test_loads_and_dumps_dispatch_on_the_format_name():
    text = (RECORDS / "xinxin-train-1-4.hgn").read_text()
    games = records.loads(text)                         # "auto": HGN, every game of the file
    assert games == loads_all(text) and len(games[0].deals) == 4
    assert records.dumps(games) == text == records.dumps(games[0], "hgn")
    as_json = records.dumps(games, "json")
    assert json.loads(as_json) == [to_json(g) for g in games]
    assert records.loads(as_json) == records.loads(as_json, "json") == games
    lines = records.dumps(games, "openspiel")
    assert len(lines.splitlines()) == 4                 # one line per deal
    one_each = records.loads(lines)                     # "auto": OpenSpiel action ids
    assert [(g.deals[0].dealt, g.deals[0].cards) for g in one_each] == \
        [(d.dealt, d.cards) for d in games[0].deals]
    buffer = io.StringIO()
    records.dump(games, buffer, "json")
    buffer.seek(0)
    assert records.load(buffer) == games


def test_loads_names_what_it_cannot_read():
    text = (RECORDS / "xinxin-train-1.hgn").read_text()
    with pytest.raises(records.FormatError, match="^unknown input format 'pgn' "):
        records.loads(text, "pgn")
    with pytest.raises(records.FormatError, match="^rules applies to OpenSpiel action lines only "
                                                  r"\(input is hgn") as err:
        records.loads(text, rules="openspiel")
    assert err.value.argument == "rules"
    with pytest.raises(records.FormatError, match="^symbols apply to the hgn format only"):
        records.dumps(records.loads(text), "json", symbols=True)
    with pytest.raises(RecordSyntaxError, match=r"^line 1, column 1: "):
        records.loads("[Nord \"x\"]\n")
    broken = records.loads(text.replace("1. E 2C S AC W KC N QC", "1. E 2C S AC W KC N 9D"),
                           strict=False)
    assert "illegal play 9D" in str(broken[0].errors[0])


@pytest.mark.slow
@pytest.mark.parametrize("first", ["records", "records.model", "records.hgn", "records.json",
                                   "records.importers", "records.formats"])
def test_every_records_module_imports_first_and_the_package_gives_every_name_in_all(first):
    code = (f"import hearts.analysis.{first}\n"
            "from hearts.analysis.records import *\n"
            "from hearts.analysis import records\n"
            "print(sorted(set(records.__all__) - set(globals())))\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            timeout=120)
    assert (result.returncode, result.stdout, result.stderr) == (0, "[]\n", "")
