"""The constrained deal sampler: exact counts, uniformity (chi-square against the brute-force
list of consistent deals), consistency of every sample, reproducibility, real records."""
from __future__ import annotations

import dataclasses
import json
from collections import Counter

import numpy as np
import pytest
from scipy.stats import chi2

from hearts.analysis.knowledge import Knowledge
from hearts.analysis.openspiel import load_peer_record, parse_action_lines
from hearts.analysis.sampling import (
    DealSampler, NoConsistentDealError, count_deals, iter_deals, sample_deals)
from hearts.solver import Deal, Hand, Position, Rules, Seat
from hearts.solver.cards import DECK_MASK

from knowledge_cases import VARIANTS, consistent_deals, random_view

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W

# Two late positions of random games with passes (left), each seen by the seat to move, with
# several voids shown and passed cards still held: the consistent deals can be listed.
RECORDS = {
    # South after 10 tricks: North and West void in spades, East in clubs; West holds 9H
    # (South passed it). 9 unseen cards for East 3, West 3, North 3.
    "south_trick_11": dict(
        dealt="N:AQ6.AKJ5.J8.KJ74 KT932.82.AQT94.A 875.T93.763.Q532 J4.Q764.K52.T986",
        passes={N: "JC 6S 8D", E: "4D TS AD", S: "7S 8S 9H", W: "KD 6H QH"},
        played="2C 9C KC AC 9S TS 4S AS 7C JC 5C TC TD 6D 5D JD KD QD 3D 2D QS 6S 5S JS "
               "4C 8H 3C 8C 8S KH KS 3H 2S 4D 7S AH 4H 5H 2H TH",
        seat=S, count=230),
    # West in trick 11 after one card: every other seat has shown a void (North clubs, East
    # diamonds, South spades); North holds 6D (West passed it).
    "west_trick_11": dict(
        dealt="N:AK983.J3.KQT2.AJ QT5.AT72..Q75432 6.KQ865.AJ93.KT9 J742.94.87654.86",
        passes={N: "KS JH 3S", E: "5S 5C 7C", S: "5H 8H 3D", W: "4H 6D 9H"},
        played="2C 5C 6C AC QD 4C 9D 4D 9S 3S 5S JS 7S 8S KS 6S QS JD 4S AS 4H JH KH 5H "
               "TC 8C JC 3C KD AH AD 3D QH 8H 9H TH KC 2S 2D QC 9C",
        seat=W, count=68),
}


def record_knowledge(name: str) -> Knowledge:
    r = RECORDS[name]
    return Knowledge.from_deal(r["dealt"], r["passes"], "left", r["played"], r["seat"])


# -- exact counts and uniformity ------------------------------------------------------------

@pytest.mark.parametrize("name", sorted(RECORDS))
def test_count_equals_the_brute_force_list(name):
    knowledge = record_knowledge(name)
    expected = RECORDS[name]["count"]
    assert DealSampler(knowledge).count == len(consistent_deals(knowledge)) == expected


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(RECORDS))
def test_samples_are_uniform_over_the_consistent_deals(name):
    knowledge = record_knowledge(name)
    consistent = consistent_deals(knowledge)
    n = 20_000
    seen = Counter(DealSampler(knowledge).deals(n, seed=2024))
    assert set(seen) <= consistent            # every sample is a consistent deal
    expected = n / len(consistent)
    statistic = sum((seen[deal] - expected) ** 2 / expected for deal in consistent)
    assert chi2.sf(statistic, len(consistent) - 1) > 0.001


@pytest.mark.slow
@pytest.mark.parametrize("rules", VARIANTS, ids=repr)
def test_count_equals_brute_force_under_each_rule_variant(rules):
    """Late positions of skewed random deals (facts from trick 1 still count), from the seat to
    move: the facts let in exactly the deals that replay legally."""
    for seed in range(5):
        knowledge, deal = random_view(seed, rules, 40 + seed)
        consistent = consistent_deals(knowledge)
        assert deal in consistent
        sampler = DealSampler(knowledge)
        assert sampler.count == len(consistent)
        assert set(sampler.deals(20, seed)) <= consistent


def test_count_at_the_start_of_play():
    r = RECORDS["south_trick_11"]
    nothing_known = Knowledge.from_position(Position(Deal(r["dealt"])), S)
    assert count_deals(nothing_known) == 84_478_098_072_866_400     # 39!/(13!)^3
    after_pass = Knowledge.from_deal(r["dealt"], r["passes"], "left", "", S)
    assert count_deals(after_pass) == 2_643_695_814_513_600         # 36!/(10! 13! 13!)


# -- every sample is consistent -------------------------------------------------------------

def _check_sample(knowledge: Knowledge, deal: Deal) -> None:
    assert knowledge.admits(deal)
    position = knowledge.position(deal)        # replays the history legally
    assert position.hand(knowledge.seat) == knowledge.hand
    for seat in knowledge.others:
        now = position.hand(seat)
        assert len(now) == knowledge.hand_sizes[seat]
        assert not any(card.suit in knowledge.voids[seat] for card in now)
        assert not now.mask & knowledge.excluded[seat].mask
        assert now.mask & knowledge.known[seat].mask == knowledge.known[seat].mask
    if knowledge.passed_to is not None:
        assert knowledge.passed.mask & ~deal[knowledge.passed_to].mask == 0


@pytest.mark.parametrize("name", sorted(RECORDS))
def test_every_sample_replays_and_keeps_voids_and_passed_cards(name):
    knowledge = record_knowledge(name)
    for deal in sample_deals(knowledge, 30, seed=5):
        _check_sample(knowledge, deal)


def test_samples_at_the_start_keep_the_passed_cards_with_the_receiver():
    r = RECORDS["south_trick_11"]
    knowledge = Knowledge.from_deal(r["dealt"], r["passes"], "left", "", S)
    for deal in sample_deals(knowledge, 30, seed=1):
        _check_sample(knowledge, deal)
        assert Hand("87.9..").mask & ~deal[W].mask == 0


def test_xinxin_records_from_every_seat(data_dir):
    text = ""
    for name in ("xinxin_train.txt", "xinxin_test.txt"):
        text += (data_dir / "openspiel_xinxin" / name).read_text() + "\n"
    rules = Rules.openspiel()
    games = list(parse_action_lines(text))
    assert len(games) == 25
    for number, game in enumerate(games):
        for seat in Seat:
            for cut in (0, 9 + number % 4, 26 + number % 3, 45 + number % 5):
                knowledge = Knowledge.from_deal(game.dealt, game.passes, game.direction,
                                                game.plays[:cut], seat, rules)
                assert knowledge.admits(game.deal)
                for deal in sample_deals(knowledge, 3, seed=cut):
                    _check_sample(knowledge, deal)


def test_peer_records_under_their_rules(data_dir):
    lines = (data_dir / "peer-games" / "openspiel-hearts.jsonl").read_text().splitlines()
    for number in range(0, len(lines), 13):
        record = load_peer_record(json.loads(lines[number]), number + 1)
        seat = Seat(number % 4)
        for cut in (3, 20, 38, 49):
            knowledge = Knowledge.from_deal(record.dealt, record.passes, record.direction,
                                            record.plays[:cut], seat, record.rules)
            assert knowledge.admits(record.deal)
            for deal in sample_deals(knowledge, 3, seed=number):
                _check_sample(knowledge, deal)


# -- reproducibility ----------------------------------------------------------------------

def test_same_seed_same_samples_and_different_seeds_differ():
    knowledge = record_knowledge("south_trick_11")
    first = sample_deals(knowledge, 40, seed=11)
    assert first == sample_deals(knowledge, 40, seed=11)
    assert first != sample_deals(knowledge, 40, seed=12)


def test_the_first_samples_of_a_seed_do_not_depend_on_how_many_are_asked():
    knowledge = record_knowledge("west_trick_11")
    long = sample_deals(knowledge, 600, seed=3)
    assert sample_deals(knowledge, 7, seed=3) == long[:7]
    stream = iter_deals(knowledge, seed=3)
    assert [next(stream) for _ in range(300)] == long[:300]


def test_a_numpy_generator_is_drawn_from():
    knowledge = record_knowledge("west_trick_11")
    rng = np.random.default_rng(9)
    assert sample_deals(knowledge, 5, rng) == sample_deals(knowledge, 5, 9)


def test_masks_are_the_hands_at_the_start_of_play():
    knowledge = record_knowledge("south_trick_11")
    masks = DealSampler(knowledge).masks(50, np.random.default_rng(0))
    assert masks.shape == (50, 4) and masks.dtype == np.int64
    assert (masks[:, S] == knowledge.start_hand.mask).all()
    assert (np.bitwise_or.reduce(masks, axis=1) == DECK_MASK).all()


# -- no consistent deal ---------------------------------------------------------------------

def test_no_consistent_deal_raises():
    knowledge = record_knowledge("west_trick_11")
    # Pretend North also showed out of everything East and South may hold.
    impossible = dataclasses.replace(
        knowledge, excluded=(Hand.from_mask(knowledge.unseen.mask),) + knowledge.excluded[1:])
    with pytest.raises(NoConsistentDealError, match="^no deal fits West's knowledge"):
        sample_deals(impossible, 1, seed=0)
    assert count_deals(impossible) == 0
