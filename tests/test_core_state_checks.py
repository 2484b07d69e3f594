"""The core refuses a malformed state tuple or target with a ValueError instead of searching it.

``Core`` takes positions as plain tuples (``solve.core_state``); ``Solver`` only ever builds
them from a checked ``Position``, but the core is a public class of its own. Before the core
checked its input, these cases read or wrote outside its arrays, read memory never written,
or never ended (docs/internals.md "Memory safety": what an AddressSanitizer and UBSan build,
``HEARTS_ASAN=1``, reported for each): the per-seat arrays are 7 long and indexed by the
target, a hand's move list holds 20 cards, a trick card's bit indexes the 64-entry point
table, and the unused bits atop each suit's 16-bit lane must stay clear.
"""
from __future__ import annotations

import pytest

from bruteforce import random_position
from hearts.solver import Rules
from hearts.solver._core import Core, pack_rules
from hearts.solver.solve import core_state, rules_spec

HANDS, TRICK, LEADER, TRICKS_DONE, TAKERS, WON, SUNC, FIRST_WINNER = 0, 1, 2, 4, 6, 7, 8, 9


def loaded(rules: Rules, cards_left: int, seed: int = 3) -> tuple[Core, tuple, int]:
    """A core with ``rules`` and the state of a random position with ``cards_left`` cards."""
    position = random_position(seed, rules, cards_left)
    core = Core(12)
    core.set_rules(rules_spec(rules, None, position.deal.kitty.mask))
    return core, core_state(position), int(position.to_move)


def replaced(state: tuple, index: int, value) -> tuple:
    return state[:index] + (value,) + state[index + 1:]


def lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


@pytest.fixture
def mid_trick():
    """Standard rules, 30 cards left: two cards on the trick."""
    core, state, mover = loaded(Rules.standard(), 30)
    assert len(state[TRICK]) == 2
    return core, state, mover


def test_the_state_of_a_position_is_accepted(mid_trick):
    core, state, mover = mid_trick
    assert core.legal_mask(state)
    assert core.analyse(state, mover, "paranoid", 0, 0, False)["complete"]


@pytest.mark.parametrize("target", [4, 7, -1, 1000])
def test_a_target_that_is_not_a_seat_of_the_rules_is_refused(mid_trick, target):
    """Before: 7 and more (or -1) read past ``points[7]`` and ``hand[7]`` (ASan:
    stack-buffer-overflow in ``never_wins``); 4 to 6 read empty seats, and in the game model
    ``game_bounds``' ``tlo[T]``, never written (-Wmaybe-uninitialized): values such as
    54,527,679. A target of 4 or more also overlapped the model's bits in the table key."""
    core, state, _ = mid_trick
    with pytest.raises(ValueError, match=f"seat {target} is not a seat of the rules"):
        core.analyse(state, target, "paranoid", 0, 0, False)
    for check in (core.bounds, core.shed_bound, core.can_duck_all, core.moon_stoppable):
        with pytest.raises(ValueError, match="is not a seat"):
            check(state, target)
    with pytest.raises(ValueError, match="is not a seat"):
        core.score(state, target)


def hand_with_extra(state: tuple, extra: int) -> tuple:
    hands = (state[HANDS][0] | extra,) + tuple(state[HANDS][1:])
    return replaced(state, HANDS, hands)


def test_a_hand_with_a_card_outside_the_deck_is_refused(mid_trick):
    """Bit 13 of a suit's lane is not a card (``above_lowest`` keeps its borrow there):
    before, the search never ended."""
    core, state, mover = mid_trick
    with pytest.raises(ValueError, match="hand 0 of the state holds a card outside the deck"):
        core.analyse(hand_with_extra(state, 1 << 13), mover, "paranoid", 0, 0, False)


def test_a_card_in_two_hands_is_refused(mid_trick):
    core, state, mover = mid_trick
    with pytest.raises(ValueError, match="another hand's"):
        core.analyse(hand_with_extra(state, 1 << lowest(state[HANDS][1])), mover)


def test_a_hand_of_more_than_20_cards_is_refused(mid_trick):
    """Before: 21 legal leads went into the root's ``moves[20]`` (ASan: stack-buffer-overflow,
    a write, in ``order_moves``)."""
    core, state, mover = mid_trick
    every = 0
    for hand in state[HANDS]:
        every |= hand
    big = 0
    for _ in range(21):
        big |= every & -every
        every &= every - 1
    hands = (big, every, 0, 0)
    with pytest.raises(ValueError, match="more than 20 cards"):
        core.analyse(replaced(state, HANDS, hands), 0, "paranoid", 0, 0, False)


@pytest.mark.parametrize("card", [64, -1, 1000, 13])
def test_a_trick_card_that_is_not_a_card_is_refused(mid_trick, card):
    """Before: 1000 read past the point table ``value[64]`` (ASan: heap-buffer-overflow);
    64 and -1 shifted a 64-bit mask out of range and indexed the table out of bounds
    (UBSan); 13 led to ``ctz(0)`` and ``value[64]`` in ``play_fields`` (UBSan)."""
    core, state, mover = mid_trick
    with pytest.raises(ValueError, match=f"trick card {card} of the state is not a card"):
        core.analyse(replaced(state, TRICK, (card,)), mover, "paranoid", 0, 0, False)


def test_a_held_card_or_one_card_twice_on_the_trick_is_refused(mid_trick):
    """Before: a held card on the trick led to ``ctz(0)`` and ``value[64]`` (UBSan)."""
    core, state, mover = mid_trick
    held = lowest(state[HANDS][0])
    first = state[TRICK][0]
    for trick in ((held,), (first, first)):
        with pytest.raises(ValueError, match="is held, in the kitty or on the trick already"):
            core.analyse(replaced(state, TRICK, trick), mover, "paranoid", 0, 0, False)


def test_a_kitty_card_on_the_first_trick_is_refused():
    rules = Rules(players=3, card_removal="kitty")
    core, state, mover = loaded(rules, 51)
    kitty = random_position(3, rules, 51).deal.kitty.mask
    assert state[TRICKS_DONE] == 0 and kitty
    with pytest.raises(ValueError, match="in the kitty"):
        core.analyse(replaced(state, TRICK, (lowest(kitty),)), mover, "paranoid", 0, 0, False)


def test_a_full_trick_is_refused(mid_trick):
    """Before: the search never ended (and took ``ctz(0)``, UBSan)."""
    core, state, mover = mid_trick
    with pytest.raises(ValueError, match="4 cards on the trick at a table of 4"):
        core.analyse(replaced(state, TRICK, (0, 1, 2, 3)), mover, "paranoid", 0, 0, False)


@pytest.mark.parametrize("index, value, name, allowed", [
    (LEADER, 4, "leader", "0..3"),
    (LEADER, -1, "leader", "0..3"),
    (TRICKS_DONE, 14, "tricks done", "0..13"),
    (TRICKS_DONE, -1, "tricks done", "0..13"),
    (TAKERS, 16, "moon takers mask", "0..15"),
    (TAKERS, -128, "moon takers mask", "0..15"),
    (WON, 32, "trick winners mask", "0..15"),
    (SUNC, 5, "sun candidate", "-1..4"),
    (SUNC, -2, "sun candidate", "-1..4"),
    (FIRST_WINNER, 4, "trick-1 winner", "-1..3"),
])
def test_a_seat_or_seat_mask_out_of_range_is_refused(mid_trick, index, value, name, allowed):
    """Seats index the per-seat arrays and the takers' one bit is the moon shooter's seat
    (``moon_shooter``): before, a takers mask of -128 (bit 7) named seat 7 the shooter, and
    a leader of 4 made ``settled_value`` take ``ctz(0)`` (UBSan)."""
    core, state, _ = mid_trick
    with pytest.raises(ValueError, match=f"the state's {name} is {value}, not in {allowed}"):
        core.legal_mask(replaced(state, index, value))


@pytest.mark.parametrize("index, value", [(SUNC, 4), (SUNC, -1), (FIRST_WINNER, -1),
                                          (TAKERS, 15), (TRICKS_DONE, 13)])
def test_the_ends_of_each_range_are_accepted(mid_trick, index, value):
    """A sun candidate of n means none any more, -1 none yet; -1 is no trick-1 winner yet."""
    core, state, _ = mid_trick
    assert core.legal_mask(replaced(state, index, value))


def test_a_number_too_big_for_its_field_is_an_overflow_error(mid_trick):
    core, state, mover = mid_trick
    with pytest.raises(OverflowError):
        core.analyse(replaced(state, LEADER, 1000), mover, "paranoid", 0, 0, False)


def test_packed_rules_not_made_by_pack_rules_are_refused():
    """``Core.set_rules`` copies a spec's ``packed`` bytes into its C rules: a shorter buffer
    was read past its end, and a seat count above 7 indexes past every per-seat array."""
    good = pack_rules(rules_spec(Rules.standard()))
    core = Core(12)
    with pytest.raises(ValueError, match="must be the .* bytes pack_rules makes"):
        core.set_rules({"packed": b"x"})
    nine = bytearray(good)
    nine[0] = 9                          # RulesC.n, the first field
    with pytest.raises(ValueError, match="that pack_rules did not make"):
        core.set_rules({"packed": bytes(nine)})
    core.set_rules({"packed": good})
    assert core.plain()
