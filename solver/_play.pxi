# Card play in C: legal cards, playing a card, finishing a trick, final scores.
# This mirrors solver/position.py (the readable reference); tests check the two agree
# on random positions and against brute force.


cdef inline u64 suit_lane(u64 m, int s) noexcept nogil:
    return (m >> (16 * s)) & LANE


cdef inline u64 remaining(const State* s) noexcept nogil:
    return s.rem


cdef inline int sum_values(const RulesC* r, u64 m) noexcept nogil:
    cdef int i, t = 0
    for i in range(r.nvals):
        t += r.vals[i] * popcount(m & r.vmask[i])
    return t


cdef inline int sum_positive(const RulesC* r, u64 m) noexcept nogil:
    # vals[] is sorted: the positive values are the last nvals - nneg (no test per value)
    cdef int i, t = 0
    for i in range(r.nneg, r.nvals):
        t += r.vals[i] * popcount(m & r.vmask[i])
    return t


cdef inline int sum_negative(const RulesC* r, u64 m) noexcept nogil:
    cdef int i, t = 0
    for i in range(r.nneg):
        t += r.vals[i] * popcount(m & r.vmask[i])
    return t


cdef inline u64 legal_moves(const State* s, const RulesC* r) noexcept nogil:
    """Mask of the cards the seat to move may play (rules as in position.py)."""
    cdef u64 h = s.hand[s.turn]
    cdef u64 f
    cdef int led
    if s.ntrick:
        led = s.win >> 4                    # the winning card follows the suit led
        f = h & (LANE << (16 * led))
        if f:
            if f & r.queen:
                return f & r.queen
            return f
        if s.tricks_done == 0 and r.no_first:
            f = h & ~r.first_forbidden
            if f:
                if f & r.queen:
                    return f & r.queen
                return f
        if h & r.queen:
            return h & r.queen
        return h
    if s.tricks_done == 0:
        if r.first_lead == 0:
            # the lowest club in play: 2♣, or the next club up when 2♣ is removed or in
            # the kitty (position.py; Morehead 2001, Culbertson 1950)
            f = s.rem & LANE
            f &= (~f) + 1
            if h & f:
                return f
        elif r.first_lead == 1:
            f = h & LANE
            if f:
                return f
        elif r.no_first:
            f = h & ~r.first_forbidden
            if not s.hb:
                f &= ~r.hearts
            if f:
                return f
    if not s.hb:
        f = h & ~r.hearts
        if f:
            if r.relief_on and (f & ~r.relief) == 0:
                return h
            return f
    return h


cdef void finish_trick(State* s, const RulesC* r) noexcept nogil:
    """The winner takes the trick's cards (on trick 1 with the kitty, which
    `trick_mask` holds until then) and leads the next."""
    cdef int w = s.win_seat
    s.points[w] += s.trick_points
    s.live_points -= s.trick_points
    if s.tricks_done == 0:
        s.points[w] += r.kitty_points
        s.live_points -= r.kitty_points
        s.first_winner = <i8>w
        s.first_pos = <i16>sum_positive(r, s.trick_mask)
    if s.trick_mask & r.moon:
        s.takers |= <i8>(1 << w)
    s.won |= <i8>(1 << w)
    if s.tricks_done >= r.sun_from:
        if s.sunc == -1:
            s.sunc = <i8>w
        elif s.sunc != w:
            s.sunc = <i8>r.n                # dead
    s.tricks_done += 1
    s.leader = <i8>w
    s.turn = <i8>w
    s.ntrick = 0
    s.trick_mask = 0
    s.trick_points = 0
    s.win = -1
    s.win_top = 63


cdef inline void play_fields(State* d, const State* s, int c, const RulesC* r) noexcept nogil:
    """Write into `d` the fields that playing card `c` changes in `s`, reading `s`'s values
    (each field is read before it is written, so `d` may be `s`)."""
    cdef u64 m = (<u64>1) << c
    cdef int t = s.turn
    d.hand[t] = s.hand[t] & ~m
    d.rem = s.rem & ~m
    # the same suit and higher: above the winner and within its lane (any card on an
    # empty trick, see State.win_top)
    if c > s.win and c <= s.win_top:
        d.win = <i8>c
        d.win_top = <i8>(c | 15)
        d.win_seat = <i8>t
    d.ntrick = s.ntrick + 1
    d.trick_points = s.trick_points + r.value[c]
    d.trick_mask = s.trick_mask | m
    d.hb = s.hb | ((m & r.breaks) != 0)
    if d.ntrick == r.n:
        finish_trick(d, r)
    else:
        d.turn = r.next_seat[t]             # clockwise


cdef inline void play_card(State* s, int c, const RulesC* r) noexcept nogil:
    play_fields(s, s, c, r)


cdef inline void play_into(State* d, const State* s, int c, const RulesC* r) noexcept nogil:
    """`d` = `s` with card `c` played. The search's children: the changed fields are
    written from `s`'s values rather than read back from the copy just stored
    (docs/experiments.md "Figures from the code")."""
    d[0] = s[0]
    play_fields(d, s, c, r)


cdef inline int moon_shooter(const State* s, const RulesC* r) noexcept nogil:
    """The seat that took every moon card, once none is left in play; else -1."""
    if not r.moon or popcount(<u64><unsigned char>s.takers) != 1:
        return -1
    if (remaining(s) | s.trick_mask) & r.moon:
        return -1
    return ctz(<u64><unsigned char>s.takers)


cdef inline int sun_shooter_adj(const State* s, const RulesC* r, int seat) noexcept nogil:
    """A sun shooter scores its raw points less the positive points it took: all of the
    deal's, except trick 1's when a last-twelve sun left that trick to another seat."""
    if s.first_winner >= 0 and s.first_winner != seat:
        return r.sun_shooter_adj + s.first_pos
    return r.sun_shooter_adj


cdef inline int final_score(const State* s, const RulesC* r, int seat) noexcept nogil:
    """Deal points of `seat` once no card left can change the outcome."""
    cdef int raw = s.points[seat]
    cdef int x
    if r.sun_mode and 0 <= s.sunc < r.n:
        if s.sunc == seat:
            return raw + sun_shooter_adj(s, r, seat)
        if (r.sun_pay[s.sunc] >> seat) & 1:
            return raw + r.sun_other_adj
        return raw
    if r.moon_on:
        x = moon_shooter(s, r)
        if x >= 0:
            if x == seat:
                return raw + r.moon_shooter_adj
            return raw + r.moon_other_adj
    if r.bonus and not ((s.won >> seat) & 1):
        raw += r.bonus
    return raw


cdef inline int moon_value(const State* s, const RulesC* r, int seat) noexcept nogil:
    """Moon model leaf: 0 when `seat` took every moon card, else 1."""
    if r.moon and s.takers == (1 << seat):
        return 0
    return 1


cdef inline u64 follows_run(u64 start, u64 holes) noexcept nogil:
    """The cards reached from a card of `start` by stepping up one rank, then over any
    run of `holes` (per lane). One addition does every lane: a bit landing on a hole
    carries through the run of holes to the first non-hole, and the unused bits atop
    each lane (never holes) stop a carry there."""
    return (holes + (start << 1)) & ~holes


cdef inline u64 reduce_equivalent(u64 legal, u64 mine, u64 live, const RulesC* r) noexcept nogil:
    """Keep the lowest card of each run of interchangeable cards.

    Two cards of one hand and suit are interchangeable when no live card of another
    seat (in a hand or on the current trick) lies between them and they share
    points, moon membership and rule class. Cards of completed tricks are gone, so
    they separate nothing (DDS's relative ranks).

    A legal card goes when the next lower card among the legal cards and the others'
    live cards is a legal card of its class. In suits of at most two classes that is
    `follows_run` once per class; suits of more classes take the loop.
    """
    cdef u64 theirs = live & ~mine
    cdef u64 holes = ~(legal | theirs) & DECK
    cdef u64 plain = legal & ~r.cls_odd & ~r.cls_multi
    cdef u64 odd = legal & r.cls_odd
    cdef u64 out = legal & ~((plain & follows_run(plain, holes)) | (odd & follows_run(odd, holes)))
    cdef u64 x, between
    cdef int s, b, prev
    if not (legal & r.cls_multi):
        return out
    out &= ~r.cls_multi
    for s in range(4):                      # the suits
        x = suit_lane(legal & r.cls_multi, s)
        if not x:
            continue
        prev = -1
        while x:
            b = ctz(x)
            x &= x - 1
            if prev >= 0:
                between = ((<u64>1 << b) - 1) & ~((<u64>1 << (prev + 1)) - 1)
                if (suit_lane(theirs, s) & between) == 0 and r.cls[16 * s + b] == r.cls[16 * s + prev]:
                    prev = b
                    continue
            out |= (<u64>1) << (16 * s + b)
            prev = b
    return out
