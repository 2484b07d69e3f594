"""The OpenSpiel action-line reader: record syntax errors carry the line (and column)."""
from __future__ import annotations

import json

import pytest

from hearts.analysis.openspiel import load_peer_record, parse_action_line, parse_action_lines, replay
from hearts.solver import Card, PassDirection, RecordSyntaxError, Rules, Seat

from conftest import DATA, error_line

HOLD_LINE = (DATA / "openspiel_xinxin" / "xinxin_train.txt").read_text().splitlines()[1]
PEER = json.loads((DATA / "peer-games" / "openspiel-hearts.jsonl").read_text().splitlines()[0])


def test_a_hold_line_has_105_tokens():
    tokens = HOLD_LINE.split()
    assert len(tokens) == 105
    game = parse_action_line(HOLD_LINE, 2)
    assert game.direction is PassDirection.HOLD
    assert game.deal == game.dealt
    assert game.passes == {seat: [] for seat in Seat}
    assert len(game.plays) == 52
    assert game.plays[0] is Card("2C")
    assert game.line_number == 2


def test_pass_line_moves_the_cards():
    first = (DATA / "openspiel_xinxin" / "xinxin_train.txt").read_text().splitlines()[0]
    game = parse_action_line(first, 1)
    assert game.direction is PassDirection.ACROSS
    for seat in Seat:
        assert len(game.passes[seat]) == 3
        for card in game.passes[seat]:
            assert card in game.dealt[seat]
            assert card in game.deal[seat.across]


def test_wrong_token_count_names_the_line():
    short = " ".join(HOLD_LINE.split()[:-1])
    with pytest.raises(RecordSyntaxError, match="^line 7: 104 tokens, expected 105 for pass direction hold$") \
            as info:
        parse_action_line(short, 7)
    assert info.value.line == 7


def test_partial_game_allowed_when_asked():
    short = " ".join(HOLD_LINE.split()[:60])
    game = parse_action_line(short, 1, require_complete=False)
    assert len(game.plays) == 7
    assert not replay(game).completed


def test_bad_id_names_line_column_and_token():
    tokens = HOLD_LINE.split()
    tokens[3] = "77"
    line = " ".join(tokens)
    with pytest.raises(RecordSyntaxError) as info:
        parse_action_line(line, 3)
    assert str(info.value) == (
        f"line 3, column {line.index(' 77 ') + 2}: token 4 (deal card 3): card id 77 is not in 0..51")
    assert info.value.column == line.index(" 77 ") + 2


def test_non_integer_token():
    with pytest.raises(RecordSyntaxError,
                       match="^line 1, column 3: token 2 'QS' is not an integer"):
        parse_action_line("0 QS", 1)


@pytest.mark.parametrize("token", ["\u0662", "+3", "1_0", "\uff13"])
def test_action_ids_are_ascii_digits(token):
    # int() reads each of these (Arabic-Indic 2, a plus sign, an underscore, a full-width 3):
    # a line of them was replayed as if written in plain digits.
    tokens = HOLD_LINE.split()
    tokens[2] = token
    with pytest.raises(RecordSyntaxError) as info:
        parse_action_line(" ".join(tokens), 1)
    assert str(info.value).endswith(f"token 3 '{token}' is not an integer action id")


def test_a_long_bad_token_is_shortened():
    with pytest.raises(RecordSyntaxError) as info:
        parse_action_line("0 " + "[" * 3000, 1)
    assert str(info.value) == ("line 1, column 3: token 2 '" + "[" * 20
                               + "…' is not an integer action id")


def test_bad_direction():
    with pytest.raises(RecordSyntaxError, match="^line 4, column 1: token 1 is pass direction 9"):
        parse_action_line("9 " + " ".join(HOLD_LINE.split()[1:]), 4)


def test_duplicate_card_in_the_deal():
    tokens = HOLD_LINE.split()
    tokens[2] = tokens[1]
    with pytest.raises(RecordSyntaxError, match=r"token 3 \(deal card 2\): .* already dealt as deal card 1"):
        parse_action_line(" ".join(tokens), 5)


def test_duplicate_play():
    tokens = HOLD_LINE.split()
    tokens[-1] = tokens[-2]
    with pytest.raises(RecordSyntaxError, match=r"^line 6, column \d+: token 105 \(play 52\): .* already "
                                                 r"played as play 51$"):
        parse_action_line(" ".join(tokens), 6)


def test_passing_a_card_not_dealt_to_the_passer():
    first = (DATA / "openspiel_xinxin" / "xinxin_train.txt").read_text().splitlines()[0].split()
    first[53] = first[2]  # North's first pass: a card dealt to East
    with pytest.raises(RecordSyntaxError, match="token 54: North passes .*, dealt to East"):
        parse_action_line(" ".join(first), 1)


def test_file_reader_skips_blank_and_comment_lines_and_counts_lines():
    text = "# xinxin\n\n" + HOLD_LINE + "\n"
    games = list(parse_action_lines(text))
    assert [g.line_number for g in games] == [3]
    with pytest.raises(RecordSyntaxError, match="^line 2: "):
        list(parse_action_lines(HOLD_LINE + "\n0 1 2\n"))


def test_replay_stops_at_the_first_illegal_play():
    tokens = HOLD_LINE.split()
    # Swap the first two plays: the 2C is no longer the first card.
    tokens[53], tokens[54] = tokens[54], tokens[53]
    result = replay(parse_action_line(" ".join(tokens)), Rules.openspiel())
    assert result.illegal_index == 0
    assert result.illegal_card is Card.from_openspiel(int(tokens[53]))
    assert not result.completed


def test_peer_record_missing_field():
    with pytest.raises(RecordSyntaxError, match="^line 9: peer record has no field 'deal'$"):
        load_peer_record({"rules": {}, "pass_direction": "hold"}, 9)


def test_peer_record_bad_rules():
    with pytest.raises(RecordSyntaxError, match='^line 2: peer record: unknown rules option "qs"'):
        load_peer_record({"rules": {"qs": True}, "pass_direction": "hold"}, 2)


# -- the file's text in error messages -------------------------------------------------------


@pytest.mark.parametrize("data,shown", [
    (b"\0\0\0", r"'\x00\x00\x00'"),
    (b"\x1b[31mRED\n", r"'\x1b[31mRED'"),
    ("\u202e1 2\n".encode(), r"'\u202e1'"),    # a bidi override reverses the rest of the line
])
def test_replay_escapes_a_bad_token_as_the_hgn_reader_does(tmp_path, data, shown, run_cli):
    # The NUL bytes and the escape sequence reached the terminal as they were.
    path = tmp_path / "bad.txt"
    path.write_bytes(data)
    assert error_line(run_cli("replay", str(path))) == (
        f"error: {path}: line 1, column 1: token 1 {shown} is not an integer action id")


def test_a_long_bad_token_is_cut_before_it_is_escaped():
    with pytest.raises(RecordSyntaxError) as info:
        parse_action_line("0 " + "\x1b" * 300, 2)
    assert str(info.value) == ("line 2, column 3: token 2 '" + r"\x1b" * 20
                               + "…' is not an integer action id")


@pytest.mark.parametrize("edit,message", [
    (lambda r: r["plays"][0].update(card="\x1b[31m"), r'peer record: unknown card "\x1b[31m"'),
    (lambda r: r.update(pass_direction="\x07"), r"peer record: unknown pass direction '\x07'"),
    (lambda r: r["rules"].update({"\x1b": True}), r'peer record: unknown rules option "\x1b"'),
])
def test_peer_record_errors_escape_the_record_strings(edit, message):
    record = json.loads(json.dumps(PEER))
    edit(record)
    with pytest.raises(RecordSyntaxError) as info:
        load_peer_record(record, 4)
    assert str(info.value).startswith(f"line 4: {message}")
    assert str(info.value).isprintable()
