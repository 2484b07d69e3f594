# The rule bot in C: the rollout policy of the analysis layer, card for card the same as
# ``hearts.analysis.policy.rule_play`` (the readable reference, with the rules in its
# module docstring; tests compare the two on random positions under every preset), and
# the play-out that carries a position to a trick start with a given number of tricks
# left. Nothing here searches: one card costs a few dozen bit operations.

cdef enum:
    MAXPOLICY = 64          # big or bonus cards of one rules' point table (at most every card)
    MIMIC_NF = 32           # features of one legal card for the learned policy (`mimic_features`)
    MIMIC_FOLLOW = 12       # its first slot of a follow; a lead's block ends here
    MIMIC_DISCARD = 23      # its first slot of a discard; a follow's block ends here


cdef struct PolicyC:
    # The rules' point table as the rule bot reads it (``policy.point_cards``): loaded
    # from ``policy.policy_spec`` by `Core.set_policy`.
    int nbig
    int big[MAXPOLICY]      # the big penalty cards (bits), most points first
    u64 high[MAXPOLICY]     # per big card: the cards of its suit above it (in the deck)
    int nbonus
    int bonus[MAXPOLICY]    # the bonus cards (bits), most negative first
    u64 big_mask
    u64 bonus_mask
    u64 penalty             # the cards of positive value
    u64 deck                # the cards dealt, kitty included: the played cards are the
                            # deck less the hands and the kitty
    int has_mimic           # the learned policy's weights are loaded (`mimic_card`)
    double mimic[MIMIC_NF]  # its weights, one per feature of `mimic_features`


cdef struct RolloutC:
    # one `Core.rollout` call's settings
    int target              # the seat whose value is returned (paranoid, game)
    int model               # MODEL_PARANOID, MODEL_MAXN or MODEL_GAME
    int horizon             # tricks left at which the exact solve takes over
    int64_t node_limit      # of one solve (0: none)
    double time_ms          # of one solve, milliseconds (0: none)
    int retry               # a solve stopped by the limit: one more bot trick, then again
    int whole               # solve for the position's value alone (else every root card)
    int policy              # POLICY_RULE, _LOOKAHEAD, _SMOKE or _UNLOAD (`rollout_card`)
    int own_policy          # the same for seat `target`'s own plays, or -1: `policy`
    int discard_policy      # the same for the discards of seats playing `policy`, or -1
    int runs                # rollouts per card (more than one: a randomised policy)
    double epsilon          # the chance of a uniformly random legal card at each play
    double lead_epsilon     # the same chance for a lead (a trick's first card)
    double discard_epsilon  # the same chance for a discard (a card off the suit led)
    int steady              # a seat that never plays the random card (`epsilon`), or -1
    u64 rng                 # the random stream's state (`next_random`)
    int shooter             # the seat that tries to shoot the moon (`shoot_card`), or -1
    int defender            # the one seat that defends against it (`moon_defence`), or -1: all
    int64_t stopped         # out: solves at the horizon a limit (or the stop) cut short
    # What seat `target` knows of the other hands, for `lookahead_guess_card` (the seat's
    # own look-ahead over guesses of them): per seat, the cards it cannot hold (the voids
    # it has shown, kept up to date by `rollout_play`) and the cards it is known to hold
    # (the cards the target passed it); `guesses` layouts a decision (0: no tracking)
    u64 excluded[MAXSEATS]
    u64 known[MAXSEATS]
    int guesses


cdef enum:
    POLICY_RULE = 0         # the rule bot (`rule_card`)
    POLICY_LOOKAHEAD = 1    # each legal card played out by the rule bot, the best kept
    POLICY_SMOKE = 2        # the rule bot, leading to smoke out a big card (`smoke_card`)
    POLICY_UNLOAD = 3       # the smoking rule bot, unloading high cards early (`unload_card`)
    POLICY_MIMIC = 4        # a softmax over the legal cards learned from IS-MCTS (`mimic_card`)
    POLICY_LOOKAHEAD_MODEL = 5  # `POLICY_LOOKAHEAD` over play-outs of the rollout's own
                                # policies (`lookahead_model_card`); the target's own only
    POLICY_LOOKAHEAD_GUESS = 6  # `POLICY_LOOKAHEAD_MODEL` over guesses of the hidden hands
                                # (`lookahead_guess_card`); the target's own only
    GUESS_TRIES = 16            # re-deals a guess may try before it keeps the true layout


cdef inline u64 next_random(u64* state) noexcept nogil:
    """The next 64 random bits of the stream `state` (splitmix64: Steele, Lea & Flood 2014,
    "Fast splittable pseudorandom number generators", OOPSLA)."""
    cdef u64 z
    state[0] += 0x9E3779B97F4A7C15ULL
    z = state[0]
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)


cdef inline u64 lanes_folded(u64 m) noexcept nogil:
    """The ranks present in any suit of `m` (13 bits)."""
    return (m | (m >> 16) | (m >> 32) | (m >> 48)) & LANE


cdef inline int lowest_card(u64 m) noexcept nogil:
    """The lowest-ranked card of `m` (nonempty), the lower suit on ties (♣ < ♦ < ♥ < ♠)."""
    return ctz(m & (LANE_ONES << ctz(lanes_folded(m))))


cdef inline int highest_card(u64 m) noexcept nogil:
    """The highest-ranked card of `m` (nonempty), the lower suit on ties."""
    return ctz(m & (LANE_ONES << topbit(lanes_folded(m))))


cdef int rule_card(const State* s, const RulesC* r, const PolicyC* p) noexcept nogil:
    """The rule bot's card for the seat to move in `s` (a card bit; the deal not over).

    ``rule_play`` in ``analysis/policy.py`` states the rules and is the reference: lead
    low avoiding the big and bonus cards and the high cards of a big card still out;
    follow with a bonus card that wins as last to play, else win a trick worth negative
    points, else duck under the winning card, else win high as last to play or play low,
    keeping the big and bonus cards back; discard a big card, a high card of a big card
    still out, the penalty card worth most, else the highest card of the shortest suit."""
    cdef int me = s.turn, i, b, best, su, key, top
    cdef u64 hand = s.hand[me]
    cdef u64 legal = legal_moves(s, r)
    cdef u64 seen, exposed = 0, m, keep, x
    cdef int length[4]
    if not (legal & (legal - 1)):
        return ctz(legal)
    seen = (p.deck & ~s.rem & ~r.kitty) | hand     # the cards played, and its own
    for i in range(p.nbig):
        if not ((seen >> p.big[i]) & 1):
            exposed |= p.high[i]
    if s.ntrick == 0:
        m = legal & ~(p.big_mask | p.bonus_mask | exposed)
        return lowest_card(m if m else legal)
    if legal & (LANE << (16 * (s.win >> 4))):
        # following: every legal card is of the suit led, so the winning card's bit
        # splits them into those below it and those above
        if p.bonus_mask:
            m = legal & ~(((<u64>2) << s.win) - 1)
            if s.ntrick == r.n - 1:
                for i in range(p.nbonus):
                    if (m >> p.bonus[i]) & 1:
                        return p.bonus[i]
            if s.trick_points < 0:
                m &= ~(p.big_mask | p.bonus_mask)
                if m:
                    return topbit(m)
        m = legal & (((<u64>1) << s.win) - 1) & ~p.bonus_mask
        if m:
            return topbit(m)
        keep = legal & ~(p.big_mask | p.bonus_mask)
        if not keep:
            keep = legal
        return topbit(keep) if s.ntrick == r.n - 1 else ctz(keep)
    # discarding
    for i in range(p.nbig):
        if (legal >> p.big[i]) & 1:
            return p.big[i]
    if legal & exposed:
        return highest_card(legal & exposed)
    m = legal & p.penalty
    if m:
        # the most points, then the higher rank, then the lower suit
        best = -1
        top = -INF
        while m:
            b = ctz(m)
            m &= m - 1
            key = r.value[b] * 16 + (b & 15)
            if key > top:                   # bits rise with the suit: ties keep the lower
                top = key
                best = b
        return best
    m = legal & ~p.bonus_mask
    if not m:
        m = legal
    # the highest rank, then the suit of the fewest cards in the hand, then the lower suit
    x = m & (LANE_ONES << topbit(lanes_folded(m)))
    best = -1
    top = INF
    for su in range(4):
        length[su] = popcount(hand & (LANE << (16 * su)))
    while x:
        b = ctz(x)
        x &= x - 1
        su = b >> 4
        if length[su] < top:
            top = length[su]
            best = b
    return best


cdef int smoke_lead(const State* s, const RulesC* r, const PolicyC* p, u64 legal) noexcept nogil:
    """A lead (a card bit) that smokes out a big card still out while the seat holds neither
    it nor a card of its suit above it: the lowest legal card of that suit below it, no bonus
    card (its holder may have to drop it under a higher card); -1 if there is none."""
    cdef u64 seen = (p.deck & ~s.rem & ~r.kitty) | s.hand[s.turn], m
    cdef int i, big
    for i in range(p.nbig):
        big = p.big[i]
        if (seen >> big) & 1 or s.hand[s.turn] & p.high[i]:
            continue
        m = legal & (LANE << (16 * (big >> 4))) & (((<u64>1) << big) - 1) & ~p.bonus_mask
        if m:
            return ctz(m)
    return -1


cdef int smoke_card(const State* s, const RulesC* r, const PolicyC* p) noexcept nogil:
    """The rule bot's card, but on a lead the smoking lead of `smoke_lead` if there is one.
    The reference is ``rule_play(position, smoke=True)``."""
    cdef u64 legal
    cdef int c
    if s.ntrick == 0:
        legal = legal_moves(s, r)
        if legal & (legal - 1):
            c = smoke_lead(s, r, p, legal)
            if c >= 0:
                return c
    return rule_card(s, r, p)


cdef int unload_card(const State* s, const RulesC* r, const PolicyC* p) noexcept nogil:
    """`smoke_card`, but a lead that smokes nothing unloads a high card while the others
    still follow: of the suits with no penalty or bonus card in the deck (♣ and ♦ in the
    standard game) in which fewer than two rounds (2 × n cards) are played, the one with
    the fewest played (then the seat's higher top card, then the lower suit), its highest
    legal card. The reference is ``rule_play(position, unload=True)``."""
    cdef u64 legal, played, lane, mine
    cdef int c, su, k, best = -1, fewest = 64, top = -1
    if s.ntrick != 0:
        return rule_card(s, r, p)
    legal = legal_moves(s, r)
    if not (legal & (legal - 1)):
        return ctz(legal)
    c = smoke_lead(s, r, p, legal)
    if c >= 0:
        return c
    played = p.deck & ~s.rem & ~r.kitty
    for su in range(4):
        lane = LANE << (16 * su)
        mine = legal & lane
        if not mine or (p.penalty | p.bonus_mask) & lane:
            continue
        k = popcount(played & lane)
        if k >= 2 * r.n:
            continue
        if k < fewest or (k == fewest and topbit(mine) - 16 * su > top):
            fewest = k
            top = topbit(mine) - 16 * su
            best = topbit(mine)
    if best >= 0:
        return best
    return rule_card(s, r, p)


cdef inline bint play_goes_on(const State* s, const RulesC* r, int tricks_left) noexcept nogil:
    """A play-out to `tricks_left` tricks left plays on from `s`: the deal is not over, and
    a trick is in play or more tricks are left (a trick start holds n cards a trick)."""
    return s.rem != 0 and (s.ntrick != 0 or popcount(s.rem) > tricks_left * r.n)


cdef void play_out(State* s, const RulesC* r, const PolicyC* p, int tricks_left) noexcept nogil:
    """Play `s` forward with `rule_card` for every seat until at most `tricks_left` tricks
    are left and a trick is about to start, or the deal is over (``policy.play_out``)."""
    while play_goes_on(s, r, tricks_left):
        play_card(s, rule_card(s, r, p), r)


cdef int lookahead_card(const State* s, const RulesC* r, const PolicyC* p) noexcept nogil:
    """One step of policy improvement over the rule bot (Tesauro & Galperin 1996, "On-line
    policy improvement using Monte-Carlo search", NIPS): each legal card of the seat to
    move (one per class), the deal then played to its end by the rule bot, all hands
    open; the card of the fewest final points for the seat (moon and sun scored), the rule
    bot's own card on ties."""
    cdef int me = s.turn, x, v, best, best_v
    cdef u64 cand = legal_moves(s, r)
    cdef State t
    if not (cand & (cand - 1)):
        return ctz(cand)
    cand = reduce_equivalent(cand, s.hand[me], s.rem | (s.trick_mask & ~r.kitty), r)
    best = rule_card(s, r, p)
    t = s[0]
    play_card(&t, best, r)
    play_out(&t, r, p, 0)
    best_v = final_score(&t, r, me)
    while cand:
        x = ctz(cand)
        cand &= cand - 1
        if x == best:
            continue
        t = s[0]
        play_card(&t, x, r)
        play_out(&t, r, p, 0)
        v = final_score(&t, r, me)
        if v < best_v:
            best_v = v
            best = x
    return best


cdef int lookahead_over(const State* s, const RulesC* r, const PolicyC* p, RolloutC* how,
                        const State* worlds, int count) noexcept nogil:
    """The look-ahead of `lookahead_model_card` and `lookahead_guess_card`: each legal card
    of the seat to move in `s` (one per class) played out to the end on each of the `count`
    layouts `worlds` (the hands as `s`'s for the seat itself) by the rollout's own policies,
    the other seats as `how` plays them, the seat itself the rule bot; the card of the fewest
    final points summed over the layouts, the rule bot's card on ties. Every card's play-out
    on one layout draws the same random numbers (common random numbers: a card is not
    preferred for a luckier draw); one random number of `how`'s stream a call."""
    cdef int me = s.turn, x, v, best, g
    cdef u64 cand = legal_moves(s, r), start, rest
    cdef State t
    cdef int total[64]
    cdef RolloutC h
    if not (cand & (cand - 1)):
        return ctz(cand)
    cand = reduce_equivalent(cand, s.hand[me], s.rem | (s.trick_mask & ~r.kitty), r)
    h = how[0]
    h.target = me
    h.own_policy = POLICY_RULE
    h.guesses = 0
    start = next_random(&how.rng)
    best = rule_card(s, r, p)
    cand |= (<u64>1) << best
    rest = cand
    while rest:
        x = ctz(rest)
        rest &= rest - 1
        total[x] = 0
        for g in range(count):
            h.rng = start + <u64>g * 0xD1B54A32D192ED03ULL
            t = worlds[g]
            play_card(&t, x, r)
            rollout_play(&t, r, p, &h, 0)
            total[x] += final_score(&t, r, me)
    v = total[best]
    while cand:                             # lowest bit first: the same card as a running best
        x = ctz(cand)
        cand &= cand - 1
        if total[x] < v:
            v = total[x]
            best = x
    return best


cdef int lookahead_model_card(const State* s, const RulesC* r, const PolicyC* p,
                              RolloutC* how) noexcept nogil:
    """`lookahead_card` whose play-outs play the other seats as the rollout `how` does
    (the learned model, its discards, its noise) and the seat itself by the rule bot: one
    step of policy improvement over the rollout's own model of the deal, not over the rule
    bot's (`lookahead_over` on the true layout alone)."""
    return lookahead_over(s, r, p, how, s, 1)


cdef bint guess_layout(const State* s, const RulesC* r, RolloutC* how, State* out) noexcept nogil:
    """Into `out`: `s` with the cards the seat to move cannot see (the other hands) dealt
    again at random, each seat keeping its number of cards, its known cards
    (`how.known`) and none of its excluded ones (`how.excluded`: the voids it has shown).
    The cards are dealt in a random order, those that fewer seats may hold first, each to
    a seat that may hold it with chance in proportion to the room left in its hand (a
    uniform deal when no seat has shown a void); a deal that runs into a dead end is
    begun again, up to GUESS_TRIES times, after which `out` is `s` itself (the true
    layout, always consistent) and the result 0. Random numbers from `how.rng`."""
    cdef int me = s.turn, n = r.n, j, k, m, c, tries, pass_, total, eligible, dead
    cdef u64 pool = s.rem & ~s.hand[me], rest
    cdef int room0[MAXSEATS]
    cdef int room[MAXSEATS]
    cdef u64 base[MAXSEATS]
    cdef int cards[64]
    cdef int rank[64]
    cdef u64 pick
    out[0] = s[0]
    rest = pool
    for j in range(n):
        base[j] = 0
        room0[j] = 0
        if j == me:
            continue
        # (facts agree with the true layout, so `& s.hand[j]` drops nothing: it keeps a
        # wrong fact from dealing a seat more cards than it holds)
        base[j] = pool & how.known[j] & s.hand[j]
        rest &= ~base[j]
        room0[j] = popcount(s.hand[j]) - popcount(base[j])
    m = 0
    while rest:
        c = ctz(rest)
        rest &= rest - 1
        cards[m] = c
        eligible = 0
        for j in range(n):
            if j != me and room0[j] > 0 and not ((how.excluded[j] >> c) & 1):
                eligible += 1
        rank[m] = eligible
        m += 1
    for tries in range(GUESS_TRIES):
        for k in range(m - 1, 0, -1):       # Fisher-Yates, the ranks alongside
            j = <int>(next_random(&how.rng) % <u64>(k + 1))
            c = cards[k]; cards[k] = cards[j]; cards[j] = c
            c = rank[k]; rank[k] = rank[j]; rank[j] = c
        for j in range(n):
            room[j] = room0[j]
            out.hand[j] = base[j] if j != me else s.hand[me]
        dead = 0
        for pass_ in range(n):              # the cards fewest seats may hold first
            if dead:
                break
            for k in range(m):
                if rank[k] != pass_:
                    continue
                c = cards[k]
                total = 0
                for j in range(n):
                    if j != me and room[j] > 0 and not ((how.excluded[j] >> c) & 1):
                        total += room[j]
                if total == 0:
                    dead = 1
                    break
                pick = next_random(&how.rng) % <u64>total
                for j in range(n):
                    if j != me and room[j] > 0 and not ((how.excluded[j] >> c) & 1):
                        if pick < <u64>room[j]:
                            break
                        pick -= room[j]
                out.hand[j] |= (<u64>1) << c
                room[j] -= 1
        if not dead:
            return 1
    out[0] = s[0]
    return 0


cdef int lookahead_guess_card(const State* s, const RulesC* r, const PolicyC* p,
                              RolloutC* how) noexcept nogil:
    """`lookahead_model_card` that does not see the hidden hands: each legal card (one per
    class) is played out on `how.guesses` guesses of the other hands (`guess_layout`: what
    the seat knows, voids and known cards, kept; the rest dealt at random), not on the
    rollout's true layout (`lookahead_over` on those guesses). A look-ahead on the true
    layout plays as if it saw every hand, which no player does (strategy fusion inside the
    rollout); this one decides from the seat's information."""
    cdef State world[8]
    cdef int g, guesses = min(max(how.guesses, 1), 8)
    cdef u64 legal = legal_moves(s, r)
    if not (legal & (legal - 1)):
        return ctz(legal)
    for g in range(guesses):
        guess_layout(s, r, how, &world[g])
    return lookahead_over(s, r, p, how, world, guesses)


cdef inline int running(const State* s, const RulesC* r, int seat) noexcept nogil:
    """`seat` can still shoot the moon: the rules have one and no other seat took a moon
    card."""
    return r.moon_on and r.moon != 0 and not (s.takers & ~(1 << seat))


cdef int shoot_card(const State* s, const RulesC* r, const PolicyC* p) noexcept nogil:
    """The card of a seat trying to take every moon card. Leading: a sure winner (above
    every card of its suit the others hold), from the suit of which they hold the most, the
    lowest such winner; without one, the highest card of its longest suit. Following: the
    lowest card that wins the trick as last to play, else the highest card if it beats the
    winning one, else the lowest. Discarding: the lowest card that is no moon card (a moon
    card given away ends the moon), else the lowest."""
    cdef int me = s.turn, su, best = -1, most = -1, k
    cdef u64 legal = legal_moves(s, r), theirs = s.rem & ~s.hand[me], lane, mine, m
    if not (legal & (legal - 1)):
        return ctz(legal)
    if s.ntrick == 0:
        for su in range(4):
            mine = legal & (LANE << (16 * su))
            if not mine:
                continue
            lane = theirs & (LANE << (16 * su))
            m = mine & ~(((<u64>2) << topbit(lane)) - 1) if lane else mine & ((<u64>1) << topbit(mine))
            # m: its cards above every card of theirs in the suit (a void suit of theirs:
            # only its top card, which wins too, keeping the others for later)
            if m:
                k = popcount(lane)
                if k > most:
                    most = k
                    best = ctz(m)
        if best >= 0:
            return best
        for su in range(4):
            k = popcount(s.hand[me] & (LANE << (16 * su)))
            mine = legal & (LANE << (16 * su))
            if mine and k > most:
                most = k
                best = topbit(mine)
        return best
    if legal & (LANE << (16 * (s.win >> 4))):
        m = legal & ~(((<u64>2) << s.win) - 1)
        if m:
            return ctz(m) if s.ntrick == r.n - 1 else topbit(m)
        return ctz(legal)
    m = legal & ~r.moon
    return lowest_card(m if m else legal)


cdef int rollout_card(const State* s, const RulesC* r, const PolicyC* p,
                      RolloutC* how) noexcept nogil:
    """The rollout policy's card for the seat to move in `s`: with chance `how.epsilon`
    (`how.lead_epsilon` for a lead, `how.discard_epsilon` for a discard) a uniformly random
    legal card (never for the seat `how.steady`, which draws no random number), else the
    rule bot's card (`POLICY_RULE`) or the best after one-card look-ahead
    (`POLICY_LOOKAHEAD`), or the rule bot that smokes
    out a big card (`POLICY_SMOKE`), or that also unloads high cards early (`POLICY_UNLOAD`),
    or a card drawn from the learned policy (`POLICY_MIMIC`, `mimic_card`), or the best
    after a look-ahead over the rollout's own play-outs (`POLICY_LOOKAHEAD_MODEL`, the
    target's own plays only: `lookahead_model_card`); seat `how.target` plays
    `how.own_policy` instead when that is set, and the other seats' discards (the
    target's too without `own_policy`) are `how.discard_policy`'s when that is set."""
    cdef u64 legal, x
    cdef int k
    cdef bint discarding = (s.ntrick > 0
                            and not (s.hand[s.turn] & (LANE << (16 * (s.win >> 4)))))
    cdef double e = (how.lead_epsilon if s.ntrick == 0
                     else how.discard_epsilon if discarding else how.epsilon)
    if (e > 0 and s.turn != how.steady
            and (next_random(&how.rng) >> 11) * (1.0 / 9007199254740992.0) < e):
        legal = legal_moves(s, r)
        k = <int>(next_random(&how.rng) % <u64>popcount(legal))
        x = legal
        while k:
            x &= x - 1
            k -= 1
        return ctz(x)
    if how.shooter >= 0 and running(s, r, how.shooter):
        if s.turn == how.shooter:
            return shoot_card(s, r, p)
        if (s.ntrick and s.win_seat == how.shooter
                and (how.defender < 0 or s.turn == how.defender)):
            return moon_defence(s, r, p)
    k = how.policy
    if s.turn == how.target and how.own_policy >= 0:
        k = how.own_policy
    elif discarding and how.discard_policy >= 0:
        k = how.discard_policy
    if k == POLICY_LOOKAHEAD:
        return lookahead_card(s, r, p)
    if k == POLICY_LOOKAHEAD_MODEL:
        return lookahead_model_card(s, r, p, how)
    if k == POLICY_LOOKAHEAD_GUESS:
        return lookahead_guess_card(s, r, p, how)
    if k == POLICY_SMOKE:
        return smoke_card(s, r, p)
    if k == POLICY_UNLOAD:
        return unload_card(s, r, p)
    if k == POLICY_MIMIC:
        return mimic_card(s, r, p, &how.rng)
    return rule_card(s, r, p)


cdef int moon_defence(const State* s, const RulesC* r, const PolicyC* p) noexcept nogil:
    """A card onto the trick of a seat that may be shooting (no other seat has taken a moon
    card) and is winning this one. Following, play the lowest card (keep the high ones to
    stop it later; the rule bot would duck with the highest). Once the moon is a threat (the
    shooter alone has taken moon cards, at least as many points as are still out): beat it
    with the lowest card that does when the trick holds a moon card (taking it ends the
    moon), and discard the highest card that is no moon card (the rule bot would give it
    the big penalty card and the highest heart)."""
    cdef u64 legal = legal_moves(s, r), m
    cdef int x = s.win_seat
    cdef int threat = (s.takers == (1 << x)
                       and s.points[x] >= sum_positive(r, (s.rem | s.trick_mask) & r.moon))
    if legal & (LANE << (16 * (s.win >> 4))):
        m = legal & ~(((<u64>2) << s.win) - 1)
        if threat and m and s.trick_mask & r.moon:
            return ctz(m)
        return ctz(legal)
    m = legal & ~r.moon
    if not threat or not m:
        return rule_card(s, r, p)
    return highest_card(m)


cdef void rollout_play(State* s, const RulesC* r, const PolicyC* p, RolloutC* how,
                       int tricks_left) noexcept nogil:
    """`play_out` with the rollout policy of `how` (`rollout_card`); with `how.guesses` it
    also notes in `how.excluded` each void a discard shows."""
    cdef int c
    if (how.policy == POLICY_RULE and how.epsilon <= 0 and how.lead_epsilon <= 0
            and how.discard_epsilon <= 0 and how.shooter < 0 and how.own_policy < 0
            and how.discard_policy < 0):
        play_out(s, r, p, tricks_left)
        return
    while play_goes_on(s, r, tricks_left):
        c = rollout_card(s, r, p, how)
        if how.guesses and s.ntrick and (c >> 4) != (s.win >> 4):
            how.excluded[s.turn] |= LANE << (16 * (s.win >> 4))
        play_card(s, c, r)


# k / 12.0 and k / 13.0 for k in 0..63, filled once at import: the learned policy's features
# divide small counts by 12 and 13 on every legal card of every rollout play, and a table
# gives the very same doubles without the divisions (their latency held up each card).
cdef double TWELFTHS[64]
cdef double THIRTEENTHS[64]
for _k in range(64):
    TWELFTHS[_k] = _k / 12.0
    THIRTEENTHS[_k] = _k / 13.0


cdef inline double thirteenths(int k) noexcept nogil:
    """k / 13.0, from the table where it reaches (points may be negative: J♦ -10)."""
    return THIRTEENTHS[k] if 0 <= k < 64 else k / 13.0


cdef inline int mimic_features(const State* s, const RulesC* r, const PolicyC* p, int c,
                               u64 legal, double* f) noexcept nogil:
    """The MIMIC_NF features of playing card `c` (legal in `s`) for the seat to move, from
    what that seat knows: its hand, the cards played and the trick (the others' cards only
    as one pool, `s.rem` less its hand). Three blocks, the others zero: a lead (slots 0-11),
    a follow of the suit led (12-22) and a discard (23-31). "Big" is the rules' first big
    card (Q♠ in the standard game), "out" while no seat has played it and the seat does not
    hold it. ``hearts.analysis.mimic.FEATURES`` names every slot. Only the card's own block
    is written (the caller zeroes `f` when it wants all 32); returns the block's first slot
    (0, `MIMIC_FOLLOW` or `MIMIC_DISCARD`), so that a dot product can skip the zero slots."""
    cdef int su = c >> 4, q = p.big[0] if p.nbig else -1
    cdef u64 hand = s.hand[s.turn], lane = LANE << (16 * su), below
    cdef u64 seen = (p.deck & ~s.rem & ~r.kitty) | hand
    cdef u64 theirs = s.rem & ~hand & lane
    cdef int nhi = popcount(theirs & ~(((<u64>2) << c) - 1))
    cdef int nlo = popcount(theirs & (((<u64>1) << c) - 1))
    cdef double hi = TWELFTHS[nhi], lo = TWELFTHS[nlo], rank = TWELFTHS[c & 15]
    cdef double value = thirteenths(r.value[c]), length = THIRTEENTHS[popcount(hand & lane)]
    cdef bint qout = q >= 0 and not ((seen >> q) & 1) and (q >> 4) == su
    cdef bint wins, last
    if s.ntrick == 0:
        f[0] = rank
        f[1] = hi
        f[2] = lo
        f[3] = nhi == 0 and nlo > 0              # a sure winner while the others follow
        f[4] = length
        f[5] = su == 2                           # a heart
        f[6] = q >= 0 and su == (q >> 4)         # the big card's suit
        f[7] = c == q
        f[8] = qout and c < q                    # smoking it out
        f[9] = qout and c > q                    # a card that may catch it
        f[10] = nhi == 0 and nlo == 0            # nobody else holds the suit
        f[11] = value
        return 0
    if (s.win >> 4) == su:
        wins = c > s.win
        last = s.ntrick == r.n - 1
        below = legal & (((<u64>1) << s.win) - 1)
        f[12] = wins
        f[13] = wins and last
        f[14] = wins * thirteenths(s.trick_points)
        f[15] = (wins and not last) * hi         # a winner the later seats may beat
        f[16] = below != 0 and c == topbit(below)  # ducking with the highest card that ducks
        f[17] = rank
        f[18] = value
        f[19] = wins * value                     # taking its own point card
        f[20] = qout and c > q
        f[21] = lo
        f[22] = c == q and not wins              # the big card dropped under a higher one
        return MIMIC_FOLLOW
    f[23] = value
    f[24] = c == q
    f[25] = su == 2
    f[26] = rank
    f[27] = popcount(hand & lane) == 1           # voids the suit
    f[28] = length
    f[29] = qout and c > q
    f[30] = hi
    f[31] = lo
    return MIMIC_DISCARD


cdef int mimic_scores(const State* s, const RulesC* r, const PolicyC* p, u64 legal, int* cards,
                      double* score) noexcept nogil:
    """The learned policy's weights (unnormalised chances, the largest 1) of the legal cards of
    the seat to move, lowest bit first, into `cards` and `score`: exp(weights . features -
    max), a multinomial logit. Returns how many."""
    cdef double f[MIMIC_NF]
    cdef double top = -1e300, z
    cdef int n = 0, b, j, lo
    cdef u64 x = legal
    while x:
        b = ctz(x)
        x &= x - 1
        lo = mimic_features(s, r, p, b, legal, f)
        # The slots outside the card's block are zero, and adding ±0.0 leaves a sum as it
        # was: the block's terms alone, in the same order, give the same z to the bit.
        z = 0.0
        for j in range(lo, MIMIC_FOLLOW if lo == 0 else MIMIC_DISCARD if lo == MIMIC_FOLLOW
                       else MIMIC_NF):
            z += p.mimic[j] * f[j]
        cards[n] = b
        score[n] = z
        if z > top:
            top = z
        n += 1
    for j in range(n):
        score[j] = exp(score[j] - top)
    return n


cdef int mimic_card(const State* s, const RulesC* r, const PolicyC* p, u64* rng) noexcept nogil:
    """A card for the seat to move drawn from the learned policy: each legal card with chance
    proportional to exp(weights . `mimic_features`) (a multinomial logit; the weights are
    fitted to IS-MCTS's plays by ``benchmarks/fit_mimic.py``). One random number a play with
    a choice, from the rollout's stream."""
    cdef u64 legal = legal_moves(s, r)
    cdef int cards[64]
    cdef double score[64]
    cdef double total = 0.0, u
    cdef int n, j
    if not (legal & (legal - 1)):
        return ctz(legal)
    n = mimic_scores(s, r, p, legal, cards, score)
    for j in range(n):
        total += score[j]
    u = (next_random(rng) >> 11) * (1.0 / 9007199254740992.0) * total
    for j in range(n):
        u -= score[j]
        if u < 0:
            return cards[j]
    return cards[n - 1]


cdef double mimic_log_chance(const State* s, const RulesC* r, const PolicyC* p, u64 legal,
                             int c) noexcept nogil:
    """The natural log of the learned policy's chance of card `c` (legal) for the seat to
    move: what a play tells of the hand that made it (the inference's model)."""
    cdef int cards[64]
    cdef double score[64]
    cdef double total = 0.0, mine = 0.0
    cdef int n = mimic_scores(s, r, p, legal, cards, score), j
    for j in range(n):
        total += score[j]
        if cards[j] == c:
            mine = score[j]
    return log(mine / total)
