# The searches: paranoid alpha-beta (also used, with a 0/1 leaf, for moon
# feasibility) and max^n. All C-level, no Python objects, run without the GIL.

from posix.time cimport clock_gettime, timespec, CLOCK_MONOTONIC

cdef extern from *:
    # Cython's own macro (__builtin_expect under gcc and clang): the branch is rarely taken
    bint unlikely(bint x) noexcept nogil


cdef inline double now_ms() noexcept nogil:
    cdef timespec ts
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6


cdef extern from *:
    """
    #include <signal.h>
    #include <string.h>
    /* Ctrl-C during a search. Python's own SIGINT handler only sets a flag that the
       interpreter reads between bytecodes, which a search running without the GIL never
       reaches: a full-deal solve ignored Ctrl-C until it ended (minutes for max^n). So a
       search started on the main thread puts this handler in place of Python's, the
       searches stop at their next limit check (every 1,024 nodes), and the core hands
       the signal back to Python (PyErr_SetInterrupt) once the search has returned. */
    static volatile sig_atomic_t hd_interrupted = 0;
    static void hd_on_sigint(int sig) { (void)sig; hd_interrupted = 1; }
    /* 1 when our handler took the place of Python's (*old keeps Python's); not when
       SIGINT is ignored or left to the system (SIG_IGN, SIG_DFL): that is the program's
       own choice. */
    static int hd_catch_sigint(struct sigaction* old) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = hd_on_sigint;
        sigemptyset(&sa.sa_mask);
        if (sigaction(SIGINT, &sa, old) != 0) return 0;
        if (old->sa_handler == SIG_IGN || old->sa_handler == SIG_DFL) {
            sigaction(SIGINT, old, NULL);
            return 0;
        }
        return 1;
    }
    /* Python's handler back; 1 when a SIGINT came meanwhile (then cleared). */
    static int hd_release_sigint(const struct sigaction* old) {
        int hit;
        sigaction(SIGINT, old, NULL);
        hit = hd_interrupted;
        hd_interrupted = 0;
        return hit;
    }
    """
    ctypedef struct sigaction_t "struct sigaction":
        pass
    int catch_sigint "hd_catch_sigint"(sigaction_t* old) noexcept nogil
    int release_sigint "hd_release_sigint"(const sigaction_t* old) noexcept nogil
    int interrupted "hd_interrupted"


cdef inline void check_limits(Ctx* c) noexcept nogil:
    if c.nodes >= c.grow_at:
        tt_grow(c)
    if c.node_limit > 0 and c.nodes >= c.node_limit:
        c.abort = 1
    elif interrupted or stop_set(c.stop):
        c.abort = 1
    elif c.deadline_ms > 0 and now_ms() >= c.deadline_ms:
        c.abort = 1


cdef inline int search_size(const Ctx* c, int64_t nodes0) noexcept nogil:
    """1 + log2 of the nodes searched since `nodes0`: a table entry's worth."""
    return 1 + topbit(<u64>(c.nodes - nodes0) | 1)


cdef inline void widen(int* lo, int* hi, int a, int b) noexcept nogil:
    if a < lo[0]:
        lo[0] = a
    if b > hi[0]:
        hi[0] = b


cdef inline int never_wins(const State* s, int seat) noexcept nogil:
    """True at a trick start when `seat` can win no trick left: it is not on lead and in
    every suit its highest card is below every card the others hold there. Whatever is
    led, it follows low or discards, so it never gets the lead either."""
    cdef u64 mine = s.hand[seat]
    if s.ntrick or s.leader == seat:
        return 0
    return (mine & above_lowest(remaining(s) & ~mine)) == 0


cdef inline int leader_wins_all(const State* s) noexcept nogil:
    """The test of `leader_claims`, without playing the deal out."""
    cdef u64 mine = s.hand[s.leader]
    return s.ntrick == 0 and ((s.rem & ~mine) & above_lowest(mine)) == 0


cdef inline int leader_claims(const State* s, const RulesC* r, State* end) noexcept nogil:
    """At a trick start, can the leader claim every trick left? It can when in each suit
    it holds, its lowest card beats every card the others hold there: whatever it leads
    wins, and it keeps the lead. Then `end` is the finished deal (the leader took every
    card left) and the function returns 1."""
    cdef int L = s.leader, i, t, left
    cdef u64 rem = remaining(s), live
    if not leader_wins_all(s):
        return 0
    end[0] = s[0]
    if not rem:
        return 1
    live = rem | s.trick_mask               # and the kitty, if trick 1 is to come
    end.points[L] += s.live_points          # the values of `live`
    end.live_points = 0
    if live & r.moon:
        end.takers |= <i8>(1 << L)
    end.won |= <i8>(1 << L)
    left = popcount(rem) // r.n             # tricks
    for t in range(s.tricks_done, s.tricks_done + left):
        if t == 0:
            end.first_winner = <i8>L        # and every later trick: first_pos is moot
        if r.sun_mode == 1 or (r.sun_mode == 2 and t >= 1):
            if end.sunc == -1:
                end.sunc = <i8>L
            elif end.sunc != L:
                end.sunc = <i8>r.n
    end.tricks_done = s.tricks_done + left
    for i in range(r.n):
        end.hand[i] = 0
    end.rem = 0
    end.trick_mask = 0
    return 1


cdef inline int last_trick(const State* s, const RulesC* r, State* end) noexcept nogil:
    """At the start of the last trick every card is forced: play it out into `end`.

    The trick is put on the table at once (its winner holds the highest card of the suit
    led, whatever the order of play) and finished as `play_card` would."""
    cdef int i, x, w, ws = s.leader, pts = 0
    if s.ntrick or popcount(remaining(s)) != r.n:
        return 0
    end[0] = s[0]
    w = ctz(s.hand[ws])
    for i in range(r.n):
        x = ctz(s.hand[i])
        pts += r.value[x]
        if x > w and x <= (w | 15):         # the suit led, higher
            w = x
            ws = i
        end.hand[i] = 0
    end.rem = 0
    end.trick_mask |= s.rem
    end.trick_points += pts
    end.win = <i8>w
    end.win_seat = <i8>ws
    end.ntrick = <i8>r.n
    if s.rem & r.breaks:
        end.hb = 1
    finish_trick(end, r)
    return 1


cdef inline int other_can_shoot(const State* s, const RulesC* r, int seat,
                                int takers) noexcept nogil:
    """Might a seat other than `seat` still take every moon card left? Only a seat that
    took all moon cards so far (any, if none was taken) and can still win a trick."""
    cdef int x
    for x in range(r.n):
        if x != seat and (takers == 0 or takers == (1 << x)) and not never_wins(s, x):
            return 1
    return 0


cdef inline int sun_other_range(const RulesC* r, const State* s, int seat, int* plo,
                                int* phi) noexcept nogil:
    """What `seat` adds to its points when another seat shoots the sun: the award if
    it pays for every possible shooter, 0 if for none, else either."""
    cdef int x, pays = 0, free = 0
    for x in range(r.n):
        if x != seat and (s.sunc == -1 or s.sunc == x):
            if (r.sun_pay[x] >> seat) & 1:
                pays = 1
            else:
                free = 1
    plo[0] = phi[0] = r.sun_other_adj if pays else 0
    if pays and free:
        if r.sun_other_adj < 0:
            phi[0] = 0
        else:
            plo[0] = 0
    return pays


cdef inline int shooter_blocked(const State* s, const RulesC* r, int seat, int x,
                                u64 skip) noexcept nogil:
    """True at a trick start (trick 1 over) when `seat` can keep seat `x` from taking
    every moon card: `x` holds a moon card c of some suit (not in the lanes of `skip`) and
    `seat` holds at least as many cards of that suit above c as `x` holds of the suit.

    `x` takes c only if c wins its trick (the winner's own card is the winning one), so
    the suit must be led and c be its highest card there. `seat` plays its highest card
    of the suit on every trick of the suit, never leads it unless it leads its highest,
    and discards other cards while it has any. Each trick of the suit then takes one of
    `x`'s cards of the suit (it holds c, so it follows) and at most one of `seat`'s cards
    above c; a forced discard of one happens only when `seat` holds nothing else, and then
    it holds as many as there are tricks left, at least `x`'s count. So on the trick of c
    `seat` still holds a card above it and plays it. The club rule's card (a forced play)
    must lie outside the suit."""
    cdef u64 xm = s.hand[x] & r.moon & ~skip, lane
    cdef int su, c
    while xm:
        c = ctz(xm)
        su = c >> 4
        xm &= ~(LANE << (16 * su))
        lane = suit_lane(s.hand[x], su)
        if (popcount(suit_lane(s.hand[seat], su) >> ((c & 15) + 1)) >= popcount(lane)
                and not suit_lane(r.queen, su)):
            return 1
    return 0


cdef inline int moon_card_block(const State* s, const RulesC* r, int seat,
                                u64 shooters, u64 skip) noexcept nogil:
    """True at a trick start (trick 1 over) when `seat` holds a moon card q above every
    card of q's suit that each seat of `shooters` holds, and each of them holds a moon card
    of that suit. `seat` keeps q, plays it on the first trick of its suit and discards it
    only as its last card. A shooter x must take q, and it cannot win q's trick; so q
    can only come to it as `seat`'s last card, discarded on a last trick of another suit.
    But then no trick of the suit was played before, and x's own moon card c of the suit
    (which it must win, so c must win a trick of its suit) never wins. The same play
    stops every shooter at once. The club rule's card must lie outside the suit, and the
    suit outside the lanes of `skip` (mid-trick, `seat` having played: the suit led while
    a shooter is still to play, which might win this trick with c)."""
    cdef int su, top, x
    cdef u64 lane, sh
    for su in range(4):
        if suit_lane(r.queen | skip, su) or not suit_lane(s.hand[seat] & r.moon, su):
            continue
        top = -1
        sh = shooters
        while sh:
            x = ctz(sh)
            sh &= sh - 1
            lane = suit_lane(s.hand[x], su)
            if not (lane & suit_lane(r.moon, su)):
                top = 99
                break
            if topbit(lane) > top:
                top = topbit(lane)
        if top < 16 and suit_lane(s.hand[seat] & r.moon, su) >> (top + 1):
            return 1
    return 0


cdef int sweep_blocked(const State* s, const RulesC* r, int seat, int x) noexcept nogil:
    """True at a trick start (trick 1 over) when `seat` can make `x` lose more tricks than
    `x` may lose and still shoot. Some seat y other than `x` holds k moon cards, each on its
    own trick, so `x` must win at least k of the h tricks left.

    k < h: in a suit where `x` holds m cards, `seat` makes `x` lose the trick of each card
    c of `x` below which `seat` holds at least m cards of the suit, by playing as in
    `shooter_blocked` for that suit: on c's trick it still holds a card above c and plays
    it (c is led or discarded: either way not the winning card). If those tricks number
    more than h - k, `x` cannot shoot.

    k = h: `x` must win every trick, so it leads every trick after this one, and `seat`
    plays after it. On lead now, `seat` stops it with a legal lead `x` cannot beat (the top
    of a suit where `x` holds nothing higher). Else take a suit where `seat` holds t >= m
    cards (m: `x`'s), its top card u above `x`'s lowest c1 there. `seat` beats `x`'s card
    with u whenever it can, else plays its lowest card of the suit, and discards it only
    when it holds nothing else (then it holds h cards, `x` at most h - 1 of the suit, as
    `x` must follow to win). So it holds at least as many cards of the suit as `x` on
    every trick, keeps u while it holds any, and beats c1 when `x` leads it. Only on this
    trick, led by another seat, may `seat` play before `x` (its lowest card then) and
    `x` win with c1: then u must be above `x`'s second card c2 too. And any seat other
    than `x` that holds one suit only, every card above `x`'s lowest there, must follow
    with a higher card on that card's trick (seeds 2-5 at 9 tricks -0.55% nodes)."""
    cdef int y, su, c, m, k = 0, j, h = popcount(s.hand[x]), after
    cdef u64 lane, mine, legal
    for y in range(r.n):
        if y != x:
            c = popcount(s.hand[y] & r.moon)
            if c > k:
                k = c
    if not k:
        return 0
    if k == h:
        if s.leader == seat:
            legal = legal_moves(s, r)
            for su in range(4):
                mine = suit_lane(legal, su)
                if mine and suit_lane(s.hand[x], su) >> (topbit(mine) + 1) == 0:
                    return 1
        # a seat holding one suit only, every card above `x`'s lowest there, must beat it
        for y in range(r.n):
            if y != x and s.hand[y]:
                su = ctz(s.hand[y]) >> 4
                lane = suit_lane(s.hand[x], su)
                if (s.hand[y] == suit_lane(s.hand[y], su) << (16 * su) and lane
                        and ctz(s.hand[y]) - 16 * su > ctz(lane)):
                    return 1
        # `seat` plays after `x` on this trick
        after = (seat - s.leader + r.n) % r.n > (x - s.leader + r.n) % r.n
        for su in range(4):
            lane = suit_lane(s.hand[x], su)
            mine = suit_lane(s.hand[seat], su)
            if lane and mine and not suit_lane(r.queen, su) and popcount(mine) >= popcount(lane):
                if not after:
                    lane &= lane - 1        # `x` may win with c1 on this trick
                if lane and topbit(mine) > ctz(lane):
                    return 1
        return 0
    for su in range(4):
        lane = suit_lane(s.hand[x], su)
        if lane and not suit_lane(r.queen, su):
            m = popcount(lane)
            mine = suit_lane(s.hand[seat], su)
            j = 0
            while lane:
                c = ctz(lane)
                lane &= lane - 1
                if popcount(mine >> (c + 1)) < m:
                    break
                j += 1
            if j > h - k:
                return 1
    return 0


cdef inline u64 moon_hopefuls(const RulesC* r, int seat, int takers) noexcept nogil:
    """The seats other than `seat` that took every moon card taken so far (`takers`, a
    seat mask; every other seat when none was taken): the only ones that may still shoot,
    before asking whether they can win a trick."""
    if takers == 0:
        return ((<u64>1 << r.n) - 1) & ~(<u64>1 << seat)
    if takers & (takers - 1) or takers == (1 << seat):
        return 0
    return <u64>takers


cdef inline int shooters_blocked(const State* s, const RulesC* r, int seat,
                                 u64 shooters) noexcept nogil:
    """At a trick start (trick 1 over), can `seat` keep every seat of `shooters` (not
    empty) from shooting? One seat by `shooter_blocked`, `moon_card_block` or
    `sweep_blocked`; two or more by `moon_card_block` only (one way of play stops them
    all; the ways that stop each need not go together)."""
    cdef int x
    if shooters & (shooters - 1):
        return moon_card_block(s, r, seat, shooters, 0)
    x = ctz(shooters)
    return (shooter_blocked(s, r, seat, x, 0) or moon_card_block(s, r, seat, shooters, 0)
            or sweep_blocked(s, r, seat, x))


cdef inline u64 suit_led_if_to_play(const State* s, const RulesC* r, u64 shooters) noexcept nogil:
    """Mid-trick: the lane of the suit led when a seat of `shooters` is still to play to
    the trick (it might win it with its moon card of that suit), else 0."""
    cdef int x, pos
    while shooters:
        x = ctz(shooters)
        shooters &= shooters - 1
        pos = x - s.leader
        if pos < 0:
            pos += r.n
        if pos >= s.ntrick:
            return LANE << (16 * (s.win >> 4))
    return 0


cdef inline int other_moon_dead(const RulesC* r, const State* s, int seat) noexcept nogil:
    """No seat but `seat` can shoot the moon any more: no moon rule, two seats took moon
    cards, or `seat` took one."""
    return (not r.moon_on or not r.moon or popcount(<u64>(s.takers & 127)) >= 2
            or (s.takers >> seat) & 1)


cdef inline int moon_stoppable(const State* s, const RulesC* r, int seat, int takers) noexcept nogil:
    """True at a trick start when `seat` has a way to play that keeps every other seat
    from shooting the moon (whatever they play): one seat x that might (see
    `other_can_shoot`) is blocked by `shooter_blocked`, `sweep_blocked` or
    `moon_card_block`; several by `moon_card_block` (one way of play for all: the ways
    that stop each need not go together). Only an upper bound may use it: `seat` need
    not play that way."""
    cdef int x
    cdef u64 sh, hope
    if s.tricks_done == 0 or s.ntrick:
        return 0
    hope = moon_hopefuls(r, seat, takers)
    sh = hope
    while hope:
        x = ctz(hope)
        hope &= hope - 1
        if never_wins(s, x):
            sh &= ~(<u64>1 << x)
    return not sh or shooters_blocked(s, r, seat, sh)


cdef void idle_bounds(const RulesC* r, const State* s, int seat, int* plo, int* phi) noexcept nogil:
    """Bounds on `seat`'s final points over every way the deal can end in which `seat`
    takes nothing more: no sun or moon of its own, the no-trick bonus if still due, a
    moon or sun by another seat that can still make one (judged on `s`: a seat that
    can win no trick now never can, so the judgement holds for every later state)."""
    cdef u64 live = remaining(s) | s.trick_mask
    cdef u64 moonrem = live & r.moon
    cdef int pts = s.points[seat]
    cdef int takers = s.takers & 127
    cdef int nt = popcount(<u64>takers)
    cdef int lo = INF, hi = -INF, blo, slo, shi
    if r.sun_mode and s.sunc != r.n and s.sunc != seat:
        sun_other_range(r, s, seat, &slo, &shi)
        widen(&lo, &hi, pts + slo, pts + shi)
    blo = r.bonus if (r.bonus and not ((s.won >> seat) & 1)) else 0
    if r.moon_on and r.moon and nt <= 1 and takers != (1 << seat):
        if (moonrem and other_can_shoot(s, r, seat, takers)) or (not moonrem and nt == 1):
            widen(&lo, &hi, pts + r.moon_other_adj, pts + r.moon_other_adj)
    if not (r.moon_on and r.moon and nt == 1 and moonrem == 0):
        widen(&lo, &hi, pts + blo, pts + blo)
    elif takers == (1 << seat):
        widen(&lo, &hi, pts + r.moon_shooter_adj, pts + r.moon_shooter_adj)
    plo[0] = lo
    phi[0] = hi


cdef inline int lead_loses(const State* s, const RulesC* r, int seat, int card) noexcept nogil:
    """True when `card`, led by `seat`, surely loses the trick: some other seat holds its
    suit, every card of it higher, and must follow with one."""
    cdef int x
    cdef u64 lane
    for x in range(r.n):
        if x != seat:
            lane = suit_lane(s.hand[x], card >> 4)
            if lane and ctz(lane) > (card & 15):
                return 1
    return 0


cdef inline int leads_out(const State* s, const RulesC* r, int seat) noexcept nogil:
    """True at a trick start when `seat`, on lead, can lose this trick and then win no
    trick left: it has a legal lead that some other seat must beat (that seat holds the
    suit, every card of it higher), and every other card of `seat` is below every card
    the others hold in its suit (`never_wins` once the lead is gone; the others' cards
    only get fewer, which keeps it true)."""
    cdef u64 mine = s.hand[seat], theirs, can_win, leads
    cdef int t
    if s.ntrick or s.leader != seat:
        return 0
    theirs = s.rem & ~mine
    can_win = mine & above_lowest(theirs)
    leads = legal_moves(s, r)
    if can_win:
        if (can_win & (can_win - 1)) or not (can_win & leads):
            return 0
        leads = can_win                     # the one card that could win must go now
    while leads:
        t = ctz(leads)
        leads &= leads - 1
        if lead_loses(s, r, seat, t):
            return 1
    return 0


cdef extern from *:
    """
    /* For `lane_ducks`: entry x | 1 << L says whether a seat holding, of the L cards of a
       suit held by it and the others, those whose places from the lowest are the set bits
       of x, has its i-th lowest card below the others' i-th lowest for every i up to the
       smaller count: at the others' j-th card (j up to its own count) it has at least j
       cards below. Filled once per process (16 KiB). */
    static unsigned char hd_duck_ok[1 << 14];
    static void hd_duck_init(void) {
        int len, x, j, mine, theirs, k, ok;
        for (len = 0; len <= 13; len++) {
            for (x = 0; x < (1 << len); x++) {
                mine = theirs = 0;
                ok = 1;
                k = __builtin_popcount(x);
                for (j = 0; j < len && ok; j++) {
                    if ((x >> j) & 1) mine++;
                    else if (++theirs <= k && mine < theirs) ok = 0;
                }
                hd_duck_ok[x | (1 << len)] = (unsigned char)ok;
            }
        }
    }
    """
    const unsigned char* duck_ok "hd_duck_ok"
    void duck_init "hd_duck_init"() noexcept nogil


cdef inline int lane_ducks(const RulesC* r, u64 a, u64 b) noexcept nogil:
    """`ducks_hold` in one suit: `a` and `b` are the seat's and the others' cards of it."""
    cdef u64 u = a | b
    return duck_ok[pext(r, a, u) | ((<u64>1) << popcount(u))]


cdef inline u64 duck_failures(const RulesC* r, u64 mine, u64 theirs) noexcept nogil:
    """The lanes of the suits where `ducks_hold`'s condition fails (0: it holds), up to
    the second such suit (one card played mends at most one)."""
    cdef u64 above = above_lowest(theirs), bad = mine & above, lane, out = 0, x
    if not bad:
        return 0
    x = mine | LANE_TOPS
    x = (x ^ (x - LANE_ONES)) & bad         # the seat's lowest card of a suit, above theirs
    if x & (x - 1):
        return DECK                         # two suits fail at their first pair
    while bad:
        lane = LANE << (16 * (ctz(bad) >> 4))
        bad &= ~lane
        if not lane_ducks(r, mine & lane, theirs & lane):
            if out:
                return out | lane
            out = lane
    return out


cdef inline int ducks_hold(const RulesC* r, u64 mine, u64 theirs) noexcept nogil:
    """True when a seat holding `mine`, never on lead, can lose every trick whatever the
    seats holding `theirs` play: in each suit, its i-th lowest card is below the i-th
    lowest card of `theirs` there (for i up to the smaller count).

    Only the others lead, so a trick of suit s is led with one of their cards, c; the seat
    then holds a card below c (by the condition, its lowest is below their lowest) and
    plays its highest card below c, losing the trick. Afterwards the condition still holds:
    with c the l-th lowest of theirs and the card played the j-th lowest of mine (j >= l
    where it holds l cards or more, as l of them are below c; else it plays its highest,
    which drops no pair), dropping both shifts the pairs above them in step, and the
    others' further cards on the trick only raise their i-th lowest. A
    discard (void in the suit led) of its highest card of any suit keeps the condition
    too. The others' choices never help them: fewer cards of theirs only raise their
    i-th lowest. This widens `never_wins` (every card of `mine` below all of theirs in its
    suit), which it tests first; a suit past that test is looked up whole (`lane_ducks`)."""
    cdef u64 above = above_lowest(theirs), bad = mine & above, lane, x
    if not bad:
        return 1
    # the first pair first, in every suit at once: the seat's lowest card of each suit
    # must be below the others' lowest
    x = mine | LANE_TOPS
    if (x ^ (x - LANE_ONES)) & mine & above:
        return 0
    while bad:
        lane = LANE << (16 * (ctz(bad) >> 4))
        bad &= ~lane
        if not lane_ducks(r, mine & lane, theirs & lane):
            return 0
    return 1


cdef int can_duck_all(const State* s, const RulesC* r, int seat) noexcept nogil:
    """True at a trick start (trick 1 over, no club rule) when `seat` can lose every trick
    left, whatever the others play: off lead when `ducks_hold`; on lead when it has a
    legal lead that surely loses (`lead_loses`) after which `ducks_hold` (the others'
    cards on that trick only help). `never_wins` is the case where it cannot do otherwise.
    On lead the lead must mend the one suit that fails, if any (two cannot be)."""
    cdef u64 mine = s.hand[seat], theirs = s.rem & ~s.hand[seat], leads, fail, lane
    cdef int x
    if s.tricks_done == 0 or r.queen or s.ntrick:
        return 0
    if s.leader != seat:
        return ducks_hold(r, mine, theirs)
    fail = duck_failures(r, mine, theirs)
    leads = legal_moves(s, r)
    if fail:
        if popcount(fail) > 13:
            return 0                        # two suits fail: one lead mends one
        leads &= fail
    while leads:
        x = ctz(leads)
        leads &= leads - 1
        if lead_loses(s, r, seat, x):
            lane = LANE << (16 * (x >> 4))
            if lane_ducks(r, mine & lane & ~((<u64>1) << x), theirs & lane):
                return 1
    return 0


cdef inline void score_bounds(const RulesC* r, const State* s, int seat, int* plo,
                              int* phi, int own, int cut) noexcept nogil:
    """Cheap bounds on `seat`'s final deal points: the union of what each way the
    deal can still end allows (no moon, a moon by `seat` or by another, a sun).
    `own`: `seat` is the paranoid target, which minimises these points, so the upper
    bound may assume it plays to stop another seat's moon (`moon_stoppable`). `cut`: in
    the common moon case the stop tests run only where the moon-free upper bound is at
    most `cut` (the search's alpha: elsewhere a stopped moon would not cut the node, and
    the higher bound changes nothing the search reads; INF: always. The 9-trick pair
    347.6 M -> 342.8 M instructions, the same nodes).

    The common case (below) is inline; plain scoring with a moon still live at a trick
    start where `seat` can win a trick is `score_bounds_moon` (at 9 tricks most of the
    rest); the rest is `score_bounds_full`, whose frame (it saves every register) cost
    more than the common case's work."""
    cdef int pts
    if r.plain and (popcount(<u64>(s.takers & 127)) >= 2 or not r.moon_on or not r.moon):
        # no sun, bonus, negative card or moon left to change the score: points only
        pts = s.points[seat]
        plo[0] = pts
        # (no negative card: the positive points left are all the points left)
        phi[0] = pts if (never_wins(s, seat) or (own and pts <= cut < pts + s.live_points
                                                 and can_duck_all(s, r, seat))) \
            else pts + s.live_points
        return
    if (r.plain and s.ntrick == 0 and r.moon_on and (s.rem | s.trick_mask) & r.moon
            and (s.leader == seat or (s.hand[seat] & above_lowest(s.rem & ~s.hand[seat])))):
        score_bounds_moon(r, s, seat, plo, phi, own, cut)
        return
    score_bounds_full(r, s, seat, plo, phi, own)


cdef void score_bounds_moon(const RulesC* r, const State* s, int seat, int* plo,
                            int* phi, int own, int cut) noexcept nogil:
    """`score_bounds_full` for plain scoring at a trick start, with a moon still live
    (and at most one seat that took moon cards) and `seat` able to win a trick. No
    negative card (the live points are all positive), and the seats that might shoot
    found in one pass, which `other_can_shoot` and `moon_stoppable` each make, and
    with one taker only that seat's (measured: the 9-trick pair of positions 1 and 21
    526.5 M -> 501.1 M instructions; 248 a call of `score_bounds_full` before, 91 now
    plus the tests inline). `test_score_bounds_paths` checks it against the general
    code."""
    cdef u64 live = s.rem | s.trick_mask, nm, h, shm
    cdef int pts = s.points[seat], lo, hi, x, xs, full
    cdef int takers = s.takers & 127
    full = pts + s.live_points
    lo = pts
    hi = full
    shm = 0                                 # the seats that might shoot
    if takers:
        # one seat took moon cards (nt <= 1 here): it alone may shoot
        xs = ctz(<u64>takers)
        if xs == seat:
            # without a moon `seat` misses a moon card: taking them all is its own moon
            hi = full - min_value(r, live & r.moon)
            if own and pts <= cut and can_duck_all(s, r, seat):
                hi = pts                    # it takes nothing more: no moon at all
            widen(&lo, &hi, pts + r.moon_shooter_adj, full + r.moon_shooter_adj)
        else:
            h = s.hand[xs]
            shm = <u64>(s.leader == xs or (h & above_lowest(s.rem & ~h)) != 0) << xs
    else:
        hi = full - min_value(r, live & r.moon)     # (as above)
        widen(&lo, &hi, pts + r.moon_shooter_adj, full + r.moon_shooter_adj)
        for x in range(r.n):
            if x != seat:
                h = s.hand[x]
                if s.leader == x or (h & above_lowest(s.rem & ~h)):
                    shm |= <u64>1 << x
    if shm:
        nm = live & ~r.moon
        if own and s.tricks_done and hi <= cut and shooters_blocked(s, r, seat, shm):
            # `seat` may let the moon happen, but it can stop it: no upper bound
            widen(&lo, &hi, pts + r.moon_other_adj, -INF)
        else:
            widen(&lo, &hi, pts + r.moon_other_adj,
                  pts + r.moon_other_adj + (sum_positive(r, nm) if nm & ~r.zero else 0))
    plo[0] = lo
    phi[0] = hi


cdef void score_bounds_full(const RulesC* r, const State* s, int seat, int* plo,
                            int* phi, int own) noexcept nogil:
    """`score_bounds` past its common case."""
    cdef u64 live = remaining(s) | s.trick_mask
    cdef int pts = s.points[seat]
    cdef int pos, neg, lo = INF, hi = -INF
    cdef int takers = s.takers & 127
    cdef int nt = popcount(<u64>takers)
    cdef u64 moonrem, nm
    cdef int x, blo = 0, bhi = 0, slo, shi
    if not live:
        plo[0] = phi[0] = final_score(s, r, seat)
        return
    if never_wins(s, seat):
        idle_bounds(r, s, seat, plo, phi)
        return
    neg = sum_negative(r, live)
    pos = s.live_points - neg               # the values of `live`: pos + neg
    if r.sun_mode and s.sunc != r.n:
        if s.sunc == -1 or s.sunc == seat:
            x = sun_shooter_adj(s, r, seat)
            widen(&lo, &hi, pts + neg + r.sun_shooter_adj, pts + pos + x)
        if s.sunc != seat:
            sun_other_range(r, s, seat, &slo, &shi)
            widen(&lo, &hi, pts + neg + slo, pts + pos + shi)
    if r.bonus and not ((s.won >> seat) & 1):
        if r.bonus < 0:
            blo = r.bonus
        else:
            bhi = r.bonus
    moonrem = live & r.moon
    if r.moon_on and r.moon and nt <= 1:
        if moonrem == 0:
            if nt == 1:
                x = ctz(<u64>takers)
                if x == seat:
                    widen(&lo, &hi, pts + neg + r.moon_shooter_adj, pts + pos + r.moon_shooter_adj)
                else:
                    widen(&lo, &hi, pts + neg + r.moon_other_adj, pts + pos + r.moon_other_adj)
                plo[0] = lo
                phi[0] = hi
                return
        else:
            if takers == 0 or takers == (1 << seat):
                widen(&lo, &hi, pts + neg + r.moon_shooter_adj, pts + pos + r.moon_shooter_adj)
            if takers != (1 << seat) and other_can_shoot(s, r, seat, takers):
                nm = live & ~r.moon
                x = pts + sum_negative(r, nm) + r.moon_other_adj
                if own and moon_stoppable(s, r, seat, takers):
                    # `seat` may let the moon happen, but it can stop it: no upper bound
                    widen(&lo, &hi, x, -INF)
                else:
                    widen(&lo, &hi, x, pts + sum_positive(r, nm) + r.moon_other_adj)
    x = 0
    if r.plain and r.moon_on and moonrem and (takers & ~(1 << seat)) == 0:
        # no other seat took a moon card: `seat` taking every one left would be its own
        # moon, so without a moon it misses at least the cheapest of them
        x = min_value(r, moonrem)
        if own and takers and can_duck_all(s, r, seat):
            x = pos                         # it took one and can lose every trick left
    widen(&lo, &hi, pts + neg + blo, pts + pos + bhi - x)
    plo[0] = lo
    phi[0] = hi


cdef inline int game_scalar(const GameC* g, const int* totals, int n, int seat,
                            int* pace) noexcept nogil:
    """``seat``'s standing for game totals ``totals`` as one number, lower better:
    result * GAME_K + margin (``game.standing``: result 0 a total reached the target and
    ``seat`` is lowest, 1 the game goes on, 2 it ended and ``seat`` is not lowest; margin its
    total minus the lowest other, clamped to +-GAME_MARGIN). ``pace`` gets the third part
    of the standing, which only the moon choice reads."""
    cdef int i, own = totals[seat], low = INF, high = -INF, result, margin
    for i in range(n):
        if totals[i] > high:
            high = totals[i]
        if i != seat and totals[i] < low:
            low = totals[i]
    if high < g.target:
        result = 1
    else:
        result = 0 if own <= low else 2
    margin = own - low
    pace[0] = -high if margin <= 0 else high
    if margin > GAME_MARGIN:
        margin = GAME_MARGIN
    elif margin < -GAME_MARGIN:
        margin = -GAME_MARGIN
    return result * GAME_K + margin


cdef inline void game_advance(const GameC* g, const int* pts, int n, int sun_shooter,
                              int* after) noexcept nogil:
    """The totals after adding a deal's points (``game._advance``): a sun that clears the
    board sets the shooter to 0, then a total of exactly the target drops to 0."""
    cdef int i
    for i in range(n):
        after[i] = g.totals[i] + pts[i]
    if sun_shooter >= 0 and g.sun_clears:
        after[sun_shooter] = 0
    if g.reset:
        for i in range(n):
            if after[i] == g.target:
                after[i] = 0


cdef int game_leaf(const Ctx* c, const State* end) noexcept nogil:
    """MODEL_GAME's value of a deal whose score is settled: the target's standing
    (`game_scalar`) after the deal, the moon scored old or new as ``game.moon_choice``
    decides (new moon from some total, shooter's choice by standing, new when the old
    would lose, Berns)."""
    cdef const RulesC* r = c.r
    cdef const GameC* g = c.g
    cdef int n = r.n, i, x = -1, sun = -1, use_new, pace_old, pace_new, so, sn
    cdef int pts[MAXSEATS]
    cdef int old[MAXSEATS]
    cdef int new[MAXSEATS]
    cdef int after[MAXSEATS]
    for i in range(n):
        pts[i] = final_score(end, r, i)
    if r.sun_mode and 0 <= end.sunc < n:
        sun = end.sunc
    elif r.moon_on:
        x = moon_shooter(end, r)
    if x >= 0 and g.choice:
        # the two ways to score the moon differ by the award at every seat
        for i in range(n):
            old[i] = pts[i] + (g.award if g.rules_new else 0)
            new[i] = old[i] - g.award
        if g.has_new_from and g.totals[x] < g.new_from:
            use_new = 0
        elif g.choice == 4:
            use_new = 1                         # moon="new" above new_moon_from
        elif g.choice == 1:
            game_advance(g, old, n, -1, after)
            so = game_scalar(g, after, n, x, &pace_old)
            game_advance(g, new, n, -1, after)
            sn = game_scalar(g, after, n, x, &pace_new)
            use_new = sn < so or (sn == so and pace_new < pace_old)
        else:
            game_advance(g, old, n, -1, after)
            so = game_scalar(g, after, n, x, &pace_old)
            if g.choice == 2:
                use_new = so >= 2 * GAME_K
            else:
                use_new = 0                     # Berns: new unless strictly lowest
                for i in range(n):
                    if i != x and after[i] <= after[x]:
                        use_new = 1
        for i in range(n):
            pts[i] = new[i] if use_new else old[i]
    game_advance(g, pts, n, sun, after)
    return game_scalar(g, after, n, c.target, &pace_old)


cdef void game_bounds(const Ctx* c, const State* s, int* plo, int* phi) noexcept nogil:
    """Bounds on MODEL_GAME's value: each seat's deal points bounded by `score_bounds`,
    widened by the award where the moon may still be scored the other way, and by 0 where
    a reset at the target or a sun clearing the board may set the total to 0; the standing
    is then bounded over that box of totals (result and margin each)."""
    cdef const RulesC* r = c.r
    cdef const GameC* g = c.g
    cdef int n = r.n, T = c.target, i, lo, hi, decided = 1, moon_open, sun_open
    cdef int tlo[MAXSEATS]
    cdef int thi[MAXSEATS]
    cdef int own_lo, own_hi, olo = INF, ohi = INF, max_lo = -INF, max_hi = -INF
    cdef int m_lo, m_hi, rmin, rmax, can_on, can_end
    moon_open = g.choice and r.moon_on and r.moon and popcount(<u64>(s.takers & 127)) <= 1
    sun_open = g.sun_clears and r.sun_mode and s.sunc != n
    for i in range(n):
        score_bounds(r, s, i, &lo, &hi, 0, INF)
        if lo != hi:
            decided = 0
        if moon_open:
            if g.rules_new:
                hi += g.award
            else:
                lo -= g.award
        lo += g.totals[i]
        hi += g.totals[i]
        if (g.reset and lo <= g.target <= hi) or (sun_open and (s.sunc == -1 or s.sunc == i)):
            if lo == hi and not sun_open:
                lo = hi = 0
            elif lo > 0:
                lo = 0
        tlo[i] = lo
        thi[i] = hi
    if decided and not sun_open:
        plo[0] = phi[0] = game_leaf(c, s)
        return
    own_lo = tlo[T]
    own_hi = thi[T]
    for i in range(n):
        if tlo[i] > max_lo:
            max_lo = tlo[i]
        if thi[i] > max_hi:
            max_hi = thi[i]
        if i != T:
            if tlo[i] < olo:
                olo = tlo[i]
            if thi[i] < ohi:
                ohi = thi[i]
    m_lo = own_lo - ohi
    m_hi = own_hi - olo
    can_on = max_lo < g.target
    can_end = max_hi >= g.target
    if can_end and own_lo <= ohi:
        rmin = 0                            # the target may end the game lowest
    else:
        rmin = 1 if can_on else 2
    if can_end and own_hi > olo:
        rmax = 2                            # it may end the game behind
    else:
        rmax = 1 if can_on else 0
    # a win has margin <= 0 and a loss margin >= 1 (`game_scalar`)
    if rmin == 2 and m_lo < 1:
        m_lo = 1
    if rmax == 0 and m_hi > 0:
        m_hi = 0
    plo[0] = rmin * GAME_K + max(m_lo, -GAME_MARGIN)
    phi[0] = rmax * GAME_K + min(m_hi, GAME_MARGIN)


cdef inline int game_key(const Ctx* c, const State* s, u64* k) noexcept nogil:
    """Add the points taken to a MODEL_GAME table key (the value is not additive in them):
    seats 0..n-2, `pbits` each, above the point layout of the third word; the last seat's
    points follow from the cards gone, which the key holds. 0 when they do not fit."""
    cdef int i, shift = c.r.spec_bits
    if not c.g.pbits:
        return 0
    for i in range(c.r.n - 1):
        k[2] |= (<u64>(s.points[i] - c.g.pmin)) << shift
        shift += c.g.pbits
    return 1


cdef void settled_value(const Ctx* c, const State* s, int* plo, int* phi) noexcept nogil:
    """The value of a deal that plays itself out: the leader claims, or the last trick.

    Paranoid without a sun or a no-trick bonus, after trick 1 (no kitty), the target's
    score needs only the seat that takes the cards left and whether they complete a
    moon: no end State is played out (about 150 instructions to 40)."""
    cdef const RulesC* r = c.r
    cdef int T = c.target, w, v, takers, i, x, top
    cdef State end
    if c.model == MODEL_PARANOID and s.tricks_done > 0 and not r.sun_mode and not r.bonus:
        w = s.leader
        if not leader_wins_all(s):
            # the last trick: the highest card of the suit led takes it (as last_trick)
            top = ctz(s.hand[w])
            for i in range(r.n):
                x = ctz(s.hand[i])
                if x > top and x <= (top | 15):
                    top = x
                    w = i
        v = s.points[T]
        if w == T:
            v += s.live_points
        takers = s.takers & 127
        if s.rem & r.moon:
            takers |= 1 << w
        if r.moon_on and r.moon and popcount(<u64>takers) == 1:
            v += r.moon_shooter_adj if takers == (1 << T) else r.moon_other_adj
        plo[0] = phi[0] = v
        return
    if not leader_claims(s, r, &end):
        last_trick(s, c.r, &end)
    if c.model == MODEL_MOON:
        plo[0] = phi[0] = moon_value(&end, c.r, c.target)
    elif c.model == MODEL_GAME:
        plo[0] = phi[0] = game_leaf(c, &end)
    else:
        plo[0] = phi[0] = final_score(&end, c.r, c.target)


cdef void moon_bounds(const Ctx* c, const State* s, int* plo, int* phi) noexcept nogil:
    """`node_bounds` of the moon model (out of line: it keeps node_bounds small enough to
    be inlined into alphabeta)."""
    cdef int t = c.target
    cdef int takers = s.takers & 127
    cdef u64 live = remaining(s) | s.trick_mask
    if takers & ~(1 << t) or not c.r.moon:
        plo[0] = phi[0] = 1
    elif (live & c.r.moon) and never_wins(s, t):
        plo[0] = phi[0] = 1
    elif not (live & c.r.moon):
        plo[0] = phi[0] = moon_value(s, c.r, t)
    else:
        plo[0] = 0
        phi[0] = 1


# Inlining forced where gcc declined (alphabeta is too big for its growth limits): C
# prototypes with always_inline, by the names Cython gives the functions (should a name
# change, the prototype declares an unused function and gcc decides as before). gcc's
# choices shifted with every change; forced, the search keeps one shape. Measured on the
# 9-trick pair (positions 1, 21) / the workload, instructions: `node_bounds` 501.1 M ->
# 497.9 M / 462.0 M -> 459.2 M (its call cost about 10 a trick start); after the
# `order_moves` steps, `make_key` 489.2 M -> 483.1 M / 454.7 M -> 448.1 M, `score_bounds`
# (into node_bounds) -> 481.1 M / 447.9 M, `order_moves` (into alphabeta, the root and
# the PV) with `order_rest` -> 473.8 M / 441.7 M (`order_moves` alone 475.3 M / 443.5 M,
# `insert_move` too 473.9 M / 442.8 M); `kslot` once it read the target's suit lengths
# (merged with the killer slots of branch `order3`: 431.7 M -> 426.6 M / 415.2 M ->
# 410.6 M). `finish_trick` stays out of line (+2.2% inline, branch `cost2`).
cdef extern from *:
    """
    struct __pyx_t_6hearts_6solver_5_core_Ctx;
    struct __pyx_t_6hearts_6solver_5_core_State;
    struct __pyx_t_6hearts_6solver_5_core_RulesC;
    static CYTHON_INLINE void __pyx_f_6hearts_6solver_5_core_node_bounds(
        struct __pyx_t_6hearts_6solver_5_core_Ctx const *,
        struct __pyx_t_6hearts_6solver_5_core_State const *, int *, int *, int)
        __attribute__((always_inline));
    static CYTHON_INLINE void __pyx_f_6hearts_6solver_5_core_score_bounds(
        struct __pyx_t_6hearts_6solver_5_core_RulesC const *,
        struct __pyx_t_6hearts_6solver_5_core_State const *, int, int *, int *, int, int)
        __attribute__((always_inline));
    static CYTHON_INLINE void __pyx_f_6hearts_6solver_5_core_make_key(
        struct __pyx_t_6hearts_6solver_5_core_Ctx const *,
        struct __pyx_t_6hearts_6solver_5_core_State const *, uint64_t *)
        __attribute__((always_inline));
    static int __pyx_f_6hearts_6solver_5_core_order_moves(
        struct __pyx_t_6hearts_6solver_5_core_Ctx const *,
        struct __pyx_t_6hearts_6solver_5_core_State const *, uint64_t, int, int *)
        __attribute__((always_inline));
    static CYTHON_INLINE int __pyx_f_6hearts_6solver_5_core_kslot(
        struct __pyx_t_6hearts_6solver_5_core_State const *, int, int)
        __attribute__((always_inline));
    static CYTHON_INLINE int __pyx_f_6hearts_6solver_5_core_order_rest(
        struct __pyx_t_6hearts_6solver_5_core_Ctx const *,
        struct __pyx_t_6hearts_6solver_5_core_State const *, uint64_t, int, int, int *)
        __attribute__((always_inline));
    """


cdef inline void node_bounds(const Ctx* c, const State* s, int* plo, int* phi,
                             int cut) noexcept nogil:
    if s.ntrick == 0 and (popcount(s.rem) == c.r.n or leader_wins_all(s)):
        # (the State the play-out needs lives in settled_value, off this hot path)
        settled_value(c, s, plo, phi)
        return
    if c.model == MODEL_PARANOID:
        score_bounds(c.r, s, c.target, plo, phi, 1, cut)
    elif c.model == MODEL_GAME:
        game_bounds(c, s, plo, phi)
    else:
        moon_bounds(c, s, plo, phi)


cdef inline int top_value(const RulesC* r, u64 m) noexcept nogil:
    """The highest point value among the cards of `m` (0 if none is positive)."""
    cdef int i
    if not (m & ~r.zero):                   # (most lanes: no card of points)
        return 0
    for i in range(r.nvals - 1, -1, -1):
        if r.vals[i] <= 0:
            return 0
        if m & r.vmask[i]:
            return r.vals[i]
    return 0


cdef inline int forced_points(const State* s, const RulesC* r, int seat, int card) noexcept nogil:
    """Points the others can make `seat` take on the trick it leads with `card` when none
    must beat it: each ducks with its dearest card below or discards its dearest card."""
    cdef int x, t = r.value[card]
    cdef u64 lane, h
    for x in range(r.n):
        if x != seat:
            h = s.hand[x]
            lane = h & (LANE << (16 * (card >> 4)))
            if lane:
                h = lane & ((<u64>1 << card) - 1)
            t += top_value(r, h)
    return t


cdef inline void insert_move(int* scores, int* moves, int n, int sc, int x) noexcept nogil:
    """Insert card `x` with score `sc` into the `n` cards ordered so far (descending
    score; a card after the cards of its score, which came in card order)."""
    cdef int j = n
    while j > 0 and scores[j - 1] < sc:
        scores[j] = scores[j - 1]
        moves[j] = moves[j - 1]
        j -= 1
    scores[j] = sc
    moves[j] = x


cdef inline int feed_score(const RulesC* r, int x, int tt_move, int killer,
                           int wcard, int k2) noexcept nogil:
    """`order_moves`' score of card `x` for an opponent following while the target wins the
    trick: the table's move, the killer, the second killer (`kslot`), else below the
    winning card (a duck) its points and rank, above it the lowest first."""
    if x == tt_move:
        return 10000
    if x == killer:
        return 9000
    if x == k2:
        return 8999
    if x < wcard:
        return 200 + (x & 15) + 8 * r.value[x]
    return -(x & 15)


cdef inline int follow_score(const RulesC* r, int x, int tt_move, int wcard) noexcept nogil:
    """`order_moves`' score of card `x` for the target following: the table's move, else
    above the winning card 400 + rank - 300 * points, below it (a duck) 200 + rank."""
    if x == tt_move:
        return 10000
    if x > wcard:
        return 400 + (x & 15) - 300 * r.value[x]
    return 200 + (x & 15)


cdef inline int discard_score(const RulesC* r, int x, int tt_move, int killer, int base,
                              int kv, int k2) noexcept nogil:
    """`order_moves`' score of card `x` discarded: the table's move, the killer, the second
    killer (`kslot`), else `base + rank + kv * points` (one weight set per node)."""
    if x == tt_move:
        return 10000
    if x == killer:
        return 9000
    if x == k2:
        return 8999
    return base + (x & 15) + kv * r.value[x]


cdef inline int put_first(int* moves, int n, u64* cand, int x) noexcept nogil:
    """Append card `x` to `moves` (`n` so far) and take it out of `cand` when it is a
    candidate (the table's move or a killer ahead of a fixed order); return the count."""
    if x >= 0 and (cand[0] >> x) & 1:
        moves[n] = x
        cand[0] &= ~((<u64>1) << x)
        return n + 1
    return n


cdef inline int kslot(const State* s, int seat, int T) noexcept nogil:
    """The killer slot of `seat` at `s`: per cards left, seat and the card winning the
    trick so far, or on lead (256 + 8 bits) the target `T`'s number of cards in each
    suit, up to 3.
    Per suit led instead of no trick information (measured: seed 1, 6 tricks -1.1%,
    8 -0.9%, 9 -3.1% nodes; seeds 2-5 -1.0% / -2.5% / -1.9%): a card that cut off in one
    suit is seldom the one to try first on a trick of another. Per winning card (which,
    the deal fixed, also tells whose card it is, and with the cards left, how many are
    on the trick) instead of per suit led: alone seed 1 +0.3% / +0.5% / +0.8% at 6 / 8 /
    9 tricks, seeds 2-5 -0.05% / -0.04% / -1.4%; with the killer also read while the
    target wins the trick (see `first_move`) -0.65% / -0.23% / -0.39% and -0.43% /
    -1.19% / -1.95%. On lead per the suits the target can follow (a lead's effect turns
    on them): seed 1 0.0% / -1.6% / -0.7%, seeds 2-5 -0.45% / -1.7% / -1.2%; per its
    suit lengths up to 3 instead: seed 1 +0.2% / +3.2% / -1.7%, seeds 2-5 -0.1% / -0.8% /
    -2.75%, seeds 6-8 -0.2% / -1.1% / -2.4% (up to 2: about the same, -2.25% at 9 tricks
    on seeds 1-5).
    The opponents keep two killers a slot (`Ctx.killer2`: the one the last cut-off
    displaced, tried second; branch `kslot2`): seed 1, 6 tricks 620,795 -> 619,202,
    8 tricks 5,074,758 -> 5,029,305, 9 tricks 21,867,299 -> 21,668,839 nodes (-0.3% /
    -0.9% / -0.9%); seeds 2-5 3,166,643 -> 3,156,700, 19,653,638 -> 19,605,532,
    63,922,061 -> 63,462,737 (-0.3% / -0.25% / -0.7%); callgrind, the 9-trick pair
    475.95 M -> 473.89 M instructions, the workload 446.71 M -> 446.12 M. The target's
    own leads keep a second killer too (tried after the first, in `first_move`): seed 1
    619,202 -> 617,999 / 5,029,305 -> 5,119,482 / 21,668,839 -> 21,479,778 (-0.2% /
    +1.8% / -0.9%), seeds 2-5 3,156,700 -> 3,159,222 / 19,605,532 -> 19,527,465 /
    63,462,737 -> 63,312,448 (+0.1% / -0.4% / -0.2%), seeds 6-8 1,845,593 -> 1,844,898 /
    21,693,143 -> 21,529,537 / 86,933,609 -> 86,022,876 (0.0% / -0.75% / -1.05%);
    callgrind, the whole 9-trick set 7,341.2 M -> 7,298.8 M instructions (-0.6%), but
    the 9-trick pair 473.89 M -> 476.18 M (1,496,733 -> 1,498,301 nodes) and the
    workload 446.12 M -> 446.81 M (1,343,474 -> 1,342,063 nodes): +0.3% a node.
    Mid-trick the opponents also keep a killer per suit led (the coarser context of
    before, in the slot of the led suit's rank 15, which no card has), read in
    `order_moves` where the slot's second killer is not a candidate: seed 1 617,999 ->
    614,113 / 5,119,482 -> 5,132,958 / 21,479,778 -> 21,342,916 (-0.6% / +0.3% /
    -0.6%), seeds 2-5 3,159,222 -> 3,154,385 / 19,527,465 -> 19,417,706 / 63,312,448 ->
    62,970,851 (-0.15% / -0.6% / -0.5%), seeds 6-8 1,844,898 -> 1,822,362 / 21,529,537
    -> 21,443,324 / 86,022,876 -> 86,373,388 (-1.2% / -0.4% / +0.4%); callgrind, the
    9-trick pair 476.18 M -> 473.49 M (1,498,301 -> 1,497,001 nodes), the workload
    446.81 M -> 444.28 M (1,342,063 -> 1,339,100 nodes)."""
    cdef u64 a, v
    cdef int x
    if s.ntrick:
        return (((popcount(s.rem) << 3) + seat) << 6) + s.win
    else:
        # per suit min(cards of the target, 3), in 2 bits: each step below takes the
        # lowest card off every lane at once (the lane's top bit kept as a sentinel)
        a = s.hand[T] | LANE_TOPS
        v = (a - LANE_ONES) & LANE_TOPS
        a = (a & (a - LANE_ONES)) | LANE_TOPS
        v = (v >> 15) + ((((a - LANE_ONES) & LANE_TOPS)) >> 15)
        a = (a & (a - LANE_ONES)) | LANE_TOPS
        v += ((a - LANE_ONES) & LANE_TOPS) >> 15
        x = <int>((v | (v >> 14) | (v >> 28) | (v >> 42)) & 255)
        # by tricks left (cards left / 4: at 3 seats two counts may share a row)
        return KILLER_LEADS + ((((popcount(s.rem) >> 2) << 3) + seat) << 8) + x


cdef int order_leads(const Ctx* c, const State* s, u64 cand, int tt_move, int* moves) noexcept nogil:
    """`order_moves` for the target on lead and for the moon model (out of line: their
    scoring reads the other hands per card, and the common cases stay small)."""
    cdef const RulesC* r = c.r
    cdef int T = c.target
    cdef int m = s.turn
    cdef int n = 0, x, sx, rx, val, sc, led = -1, wcard = -1, wseat = -1
    cdef int scores[16]
    cdef u64 others = remaining(s) & ~s.hand[m], lane
    cdef int killer = -1
    if not (s.ntrick and s.win_seat == T):     # see first_move
        killer = c.killer[kslot(s, m, c.target)]
    if s.ntrick:
        led = s.win >> 4
        wcard = s.win
        wseat = s.win_seat
    while cand:
        x = ctz(cand)
        cand &= cand - 1
        sx = x >> 4
        rx = x & 15
        val = r.value[x]
        if x == tt_move:
            sc = 10000
        elif m != T and x == killer:
            sc = 9000
        elif c.model == MODEL_MOON:
            if m == T:
                sc = rx + 4 * val
                if s.ntrick and sx == led and x > wcard:
                    sc += 100
            elif s.ntrick and wseat == T and sx == led and x > wcard:
                sc = 200 + rx
            else:
                sc = 50 - rx - 4 * val
        else:
            lane = suit_lane(others, sx)
            if (lane >> rx) and lead_loses(s, r, T, x):
                # a lead that surely loses: shed the most points, then the highest
                # card (measured: 16% fewer nodes on 9-trick endgames)
                sc = 150 + 24 * val + 4 * rx
            else:
                # the others can make it win: fewest points they can add; then low cards
                # where another seat holds a higher one, else high cards (the target
                # wins anyway: a high card gone is one it cannot be made to win later)
                sc = -32 * forced_points(s, r, T, x)
                if lane >> rx:
                    sc += 100 - 2 * rx
                elif sc == 0:
                    # a free trick (no seat can beat it or add points): first of all,
                    # the highest (measured: seeds 1-5, 9 tricks -6.4% nodes, 8 -1.8%,
                    # 6 -1.5%)
                    sc = 1000 + 2 * rx
                else:
                    sc += 2 * rx
        insert_move(scores, moves, n, sc, x)
        n += 1
    return n


ctypedef int (*OrderFn)(const Ctx* c, const State* s, u64 cand, int tt_move,
                       int* moves) noexcept nogil
# Called through a pointer so that gcc cannot inline it into `order_moves` (called once,
# it would be), whose common cases then save fewer registers.
cdef OrderFn order_leads_p = order_leads


cdef inline int min_value(const RulesC* r, u64 m) noexcept nogil:
    """The lowest point value among the cards of `m` (nonempty), with no negative card."""
    cdef int i
    if m & r.zero:
        return 0
    for i in range(r.nvals):
        if m & r.vmask[i]:
            return r.vals[i]
    return 0


cdef inline u64 lanes_held(u64 t) noexcept nogil:
    """The whole lane of each suit in which `t` has a card."""
    return (((((t | LANE_TOPS) - LANE_ONES) & LANE_TOPS) >> 15) * LANE)


cdef inline u64 below_lowest(u64 t) noexcept nogil:
    """In each suit where `t` has a card, the ranks below its lowest one."""
    cdef u64 x = t | LANE_TOPS
    return (x ^ (x - LANE_ONES)) & ~x & lanes_held(t)


cdef int lead_shed(const State* s, const RulesC* r, int seat) noexcept nogil:
    """Points of this trick that `seat`, on lead, can surely leave to another seat: the
    most, over its legal leads that surely lose (some other seat holds the suit, every
    card higher: `lead_loses`), of the lead's points and the cheapest card each other seat
    may play to it (its cheapest of the suit, or if void its cheapest card). At a trick
    start from trick 2 on, with no negative card and no club rule (whose forced card
    this ignores); else 0."""
    cdef u64 lane, lose = 0, m, h
    cdef int v, out = 0, su, z
    if s.tricks_done == 0 or r.queen:
        return 0
    for z in range(r.n):
        if z != seat:
            lose |= below_lowest(s.hand[z])
    lose &= legal_moves(s, r)
    while lose:
        su = ctz(lose) >> 4
        m = LANE << (16 * su)
        lane = lose & m
        lose &= ~lane
        v = top_value(r, lane)
        for z in range(r.n):
            if z != seat:
                h = s.hand[z] & m
                v += min_value(r, h if h else s.hand[z])
        if v > out:
            out = v
    return out


cdef int follow_shed(const State* s, const RulesC* r, int seat) noexcept nogil:
    """Points of this trick that `seat`, not on lead, surely leaves to another seat when
    it can beat no legal lead (in each suit the leader may lead, every card of `seat`'s
    is below the leader's lowest lead there): the fewest, over those suits, of the
    leader's cheapest lead, `seat`'s dearest card of the suit (else its dearest card)
    and the cheapest card each other seat may play to it. At a trick start from trick
    2 on, with no negative card and no club rule; else 0."""
    cdef u64 lead, m, h, mine = s.hand[seat]
    cdef int v, out = INF, su, z, L = s.leader
    if s.tricks_done == 0 or r.queen:
        return 0
    lead = legal_moves(s, r)
    if mine & above_lowest(lead):
        return 0
    while lead:
        su = ctz(lead) >> 4
        m = LANE << (16 * su)
        h = mine & m
        v = min_value(r, lead & m) + top_value(r, h if h else mine)
        lead &= ~m
        for z in range(r.n):
            if z != seat and z != L:
                h = s.hand[z] & m
                v += min_value(r, h if h else s.hand[z])
        if v < out:
            out = v
    return out


ctypedef int (*ShedFn)(const State* s, const RulesC* r, int seat) noexcept nogil
# Called through a pointer so that gcc cannot inline it into `alphabeta` (inlined, it
# pushed `candidate_moves` out of line there: more instructions in all).
cdef ShedFn lead_shed_fn = lead_shed
cdef ShedFn follow_shed_fn = follow_shed


cdef inline int shed_bound(const RulesC* r, const State* s, int seat) noexcept nogil:
    """An upper bound on `seat`'s final points at a trick start where no other seat's moon
    is left to score (and no sun, bonus or negative card, as in `score_bounds`' common
    case; a moon of `seat`'s own scores less): the live points less those of this trick
    it can surely leave to others (`lead_shed` on lead, else `follow_shed`). INF when it
    does not apply."""
    if not (r.plain and other_moon_dead(r, s, seat)):
        return INF
    # (no negative card: the live points are all positive)
    return s.points[seat] + s.live_points - (lead_shed_fn(s, r, seat) if s.leader == seat
                                             else follow_shed_fn(s, r, seat))


cdef int order_moves(const Ctx* c, const State* s, u64 cand, int tt_move, int* moves) noexcept nogil:
    """Fill `moves` with the cards of `cand`, most promising first; return the count.

    Paranoid: the target overtakes with a card of no points, else ducks, and
    sheds points (on lead, a free trick first, then a card that surely loses, the most
    points and the highest; then the leads on which the others can add the fewest
    points), the others feed it points and make it win tricks. Moon model: the shooter
    wins tricks, the others try to.
    The table's move comes first, then, for the others, the killer: the card that
    last cut off for that seat with as many cards left and the same card winning the
    trick (measured: 4-5% fewer nodes on 8- and 9-trick endgames, 2% more on 6, with
    the first slots); for the target only on lead (see `first_move`: at all its nodes
    it costs a third more).

    Mid-trick a node's cards all follow suit or all discard, and the tests that pick
    the order are made once per node, not per card. Following suit (one suit: no ties),
    the target plays its cards above the winning one from the highest down, then its
    ducks from the highest down (cards above with points after the ducks while no
    other seat can shoot: then scored, `follow_score`). Where the order is fixed it is
    emitted without scores (measured: the 9-trick pair 497.9 M -> 490.7 M
    instructions). The target discarding scores each card `200 + rank + 16 * points`
    (`discard_score`). The target's leads and the moon model are `order_leads`.

    An opponent mid-trick, after the table's move and the killers, takes its cards in
    card order, unscored (it had ducked under the target's winning card with the
    dearest one, else overtaken low, `feed_score`, and discarded by one weight set
    per node, `discard_score`). Counted on the 9-trick set, 99.6% of its nodes in
    the fail-low probes and 98-99% in the fail-high ones that order more than one
    card search every candidate (no cut), and where the first card (the table's move or
    a killer, `first_move`) failed, a later one cut off at 0.3-0.8%: the order
    changes the node count only through what the table and the killers learn from the
    siblings. Measured (branch `allnode7`): seed 1, 6/8/9 tricks 582,688 / 4,407,292 /
    19,024,198 -> 598,511 / 4,850,790 / 18,559,858 nodes; seeds 2-5 2,979,008 /
    17,290,766 / 49,903,299 -> 3,070,960 / 17,303,248 / 49,924,520; the 9-trick pair
    338.51 M -> 325.20 M instructions (1,013,257 -> 997,233 nodes), the workload
    404.88 M -> 387.69 M; side by side (`ab_builds.py`, 40 nine-trick positions) median
    28.33 -> 26.42 ms and 29.28 -> 26.30 ms (the builds' order reversed).
    """
    cdef const RulesC* r = c.r
    cdef int T = c.target
    cdef int m = s.turn
    cdef int n = 0, x, y, rx, sc, wcard = -1, killer = -1, b0, v0, k2 = -1, ks
    cdef int scores[16]         # 16, not MAXHAND: measured 8% fewer instructions here
    cdef u64 lane, th, rest
    if (cand & (cand - 1)) == 0:            # one card: nothing to order
        moves[0] = ctz(cand)
        return 1
    if popcount(cand) > 16:
        # 17 cards (a void follower on trick 1 at 3 players): more than `scores` holds;
        # rare enough to take them in card order
        while cand:
            moves[n] = ctz(cand)
            cand &= cand - 1
            n += 1
        return n
    if c.model == MODEL_MOON or (m == T and not s.ntrick):
        return order_leads_p(c, s, cand, tt_move, moves)
    if m != T:                              # see first_move
        ks = kslot(s, m, c.target)
        killer = c.killer[ks]
        k2 = c.killer2[ks]
        if s.ntrick and (k2 < 0 or not (cand >> k2) & 1):
            # the suit led's killer (`kslot`), in the slot of rank 15 (no card has it)
            k2 = c.killer[ks | 15]
        if s.ntrick:
            # mid-trick: after the table's move and the killers, the cards in card order
            # (an all-node nearly always: see the docstring)
            n = put_first(moves, 0, &cand, tt_move)
            n = put_first(moves, n, &cand, killer)
            n = put_first(moves, n, &cand, k2)
            while cand:
                moves[n] = ctz(cand)
                cand &= cand - 1
                n += 1
            return n
    if not s.ntrick:
        # an opponent's lead: a suit the target holds, low cards and few points, better
        # one it can win; else the lowest
        th = s.hand[T]
        while cand:
            x = ctz(cand)
            cand &= cand - 1
            rx = x & 15
            lane = suit_lane(th, x >> 4)
            if x == tt_move:
                sc = 10000
            elif x == killer:
                sc = 9000
            elif x == k2:
                sc = 8999
            elif lane:
                sc = 100 - rx - 4 * r.value[x]
                if (lane >> rx) != 0:
                    sc += 50
            else:
                sc = -50 - rx
            insert_move(scores, moves, n, sc, x)
            n += 1
        return n
    if cand & (LANE << (16 * (s.win >> 4))):
        wcard = s.win                       # following: the cards below it duck
    if m == T and wcard >= 0:
        # following: first a card above the winning one, the highest (a high card gone
        # is one the others cannot make it win later; measured: seeds 1-5, 9 tricks
        # -7.6% nodes, 8 -4.9%, 6 -2.2% against doing so only where it surely won a
        # trick free of points), then duck, the highest card below; while no other
        # seat can shoot, a card above with points after the ducks (while one can,
        # taking one stops every other moon: measured, seeds 1-5, 9 tricks -0.7%
        # nodes, 8 -0.5%, 6 -0.3%). The scores: 400 + rank - 300 * points above the
        # winning card (no weight on points while another moon is live), 200 + rank
        # below.
        if (cand & ~r.zero) == 0 or not other_moon_dead(r, s, T):
            # the points weigh nothing: the scores' order after the table's move,
            # emitted without them
            n = put_first(moves, 0, &cand, tt_move)
            rest = cand & (((<u64>1) << wcard) - 1)     # the ducks
            cand &= ~(((<u64>1) << wcard) - 1)          # the cards above
            while cand:
                x = topbit(cand)
                cand &= ~((<u64>1) << x)
                moves[n] = x
                n += 1
            while rest:
                x = topbit(rest)
                rest &= ~((<u64>1) << x)
                moves[n] = x
                n += 1
            return n
        while cand:
            x = ctz(cand)
            cand &= cand - 1
            insert_move(scores, moves, n, follow_score(r, x, tt_move, wcard), x)
            n += 1
        return n
    # the target discarding: points first, then the highest
    b0 = 200
    v0 = 16
    # discarding: one weight set, rank weight 1
    rest = cand & (cand - 1)
    if (rest & (rest - 1)) == 0:
        x = ctz(cand)
        y = ctz(rest)
        if discard_score(r, y, tt_move, killer, b0, v0, k2) > \
                discard_score(r, x, tt_move, killer, b0, v0, k2):
            moves[0] = y
            moves[1] = x
        else:
            moves[0] = x
            moves[1] = y
        return 2
    while cand:
        x = ctz(cand)
        cand &= cand - 1
        insert_move(scores, moves, n, discard_score(r, x, tt_move, killer, b0, v0, k2), x)
        n += 1
    return n


cdef inline int top_feed(const RulesC* r, const State* s, u64 cand) noexcept nogil:
    """The card an opponent of the target tries first while the target wins the trick
    (paranoid and game models) when neither the table's move nor a killer is a
    candidate, by the scores `order_moves` once sorted all its cards by (`feed_score`,
    and `discard_score` with the feeding weights): the dearest card below the winning
    one (points, then rank), else the lowest; discarding, the dearest card; ties to the
    lowest card. Found without the general scoring, as the first card cuts off at most
    such cut nodes (measured: 0.8-1.2% fewer instructions on 6- and 9-trick solves, the
    same nodes); the cards after it come in card order (see `order_moves`)."""
    cdef int x, sc, best = -INF, bx = -1, led = s.win >> 4, w = s.win
    while cand:
        x = ctz(cand)
        cand &= cand - 1
        if (x >> 4) == led:
            sc = feed_score(r, x, -1, -1, w, -1)
        else:
            sc = discard_score(r, x, -1, -1, 200, 8, -1)
        if sc > best:
            best = sc
            bx = x
    return bx


cdef inline int has_free_lead(const RulesC* r, const State* s, u64 cand) noexcept nogil:
    """True when one of the leads `cand` of the seat on lead takes a free trick: no other
    seat holds a higher card of its suit, and none can add points (`forced_points` 0)."""
    cdef int x
    cdef u64 others = s.rem & ~s.hand[s.turn]
    while cand:
        x = ctz(cand)
        cand &= cand - 1
        if not (suit_lane(others, x >> 4) >> (x & 15)) and forced_points(s, r, s.turn, x) == 0:
            return 1
    return 0


cdef inline int first_move(const Ctx* c, const State* s, u64 cand, int tt_move) noexcept nogil:
    """The card `order_moves` puts first when it is known without scoring the others: the
    table's move, else the killer (for the target's opponents, and for the target on lead:
    the slot of its leads is written when a lead cuts off); -1 when neither is a
    candidate (or there are more candidates than `order_moves` scores).

    The killer also while the target is winning the trick, now that its slot is per
    winning card (`kslot`): it cut off on this very trick before, in another line of the
    earlier tricks (with the slot per suit led, the rules of thumb there, duck under it
    with the dearest card and dump points on it, had beaten the killer: 3-4% fewer
    nodes); in the moon model not there."""
    cdef int kl, ks
    if tt_move >= 0 and (cand >> tt_move) & 1:
        return tt_move if popcount(cand) <= 16 else -1
    if s.turn == c.target and not s.ntrick:
        # the target on lead: the lead that last held it to its bound with as many cards
        # left (measured: seeds 2-5, 6 tricks -5.3%, 8 tricks -7.1%, 9 tricks -8.4% nodes;
        # a killer at every target node instead: +17% to +40%), else the one before it
        ks = kslot(s, s.turn, c.target)
        kl = c.killer[ks]
        if not (kl >= 0 and (cand >> kl) & 1):
            kl = c.killer2[ks]
        if kl >= 0 and (cand >> kl) & 1:
            if c.model != MODEL_MOON and has_free_lead(c.r, s, cand):
                # a free trick comes before the killer, as in `order_leads` (measured:
                # seeds 1-5, 9 tricks -1.9% nodes, 8 +0.2%, 6 -0.4%; 0.3% more
                # instructions a node)
                return -1
            return kl if popcount(cand) <= 16 else -1
        return -1
    if s.turn != c.target:
        if s.ntrick and s.win_seat == c.target and c.model == MODEL_MOON:
            return -1
        ks = kslot(s, s.turn, c.target)
        kl = c.killer[ks]
        if kl >= 0 and (cand >> kl) & 1:
            return kl if popcount(cand) <= 16 else -1
        kl = c.killer2[ks]
        if kl >= 0 and (cand >> kl) & 1:
            return kl if popcount(cand) <= 16 else -1
        if s.ntrick and s.win_seat == c.target:
            # the rules of thumb's first card is cheap to find
            return top_feed(c.r, s, cand) if popcount(cand) <= 16 else -1
    return -1


cdef inline int order_rest(const Ctx* c, const State* s, u64 cand, int first, int tt_move,
                           int* moves) noexcept nogil:
    """The candidates after `first` (see `first_move`) in `order_moves`' order. The
    killer slot read is the same as before `first` was searched: only nodes with as many
    cards left write it, and none is below this one."""
    cdef u64 rest = cand & ~((<u64>1) << first)
    if not rest:
        return 0
    return order_moves(c, s, rest, tt_move, moves)


cdef inline u64 winning_card(const State* s) noexcept nogil:
    """The card that wins the current trick so far, as a mask (0 at a trick start)."""
    if not s.ntrick:
        return 0
    return (<u64>1) << s.win


cdef inline u64 candidate_moves(const State* s, const RulesC* r) noexcept nogil:
    """The legal cards less all but one of each run of interchangeable cards.

    Of the cards on the trick only the one winning it so far separates two cards of the
    mover: two cards with nothing else between them both lose to it or both beat it (and
    then every later card beats both or neither), so the trick goes the same way and,
    the trick's cards gone, they are next to each other afterwards. (The root keeps the
    stricter grouping of ``reduce_equivalent`` with the whole trick, for the reported
    ``equals``.)"""
    cdef u64 legal = legal_moves(s, r)
    if not (legal & (legal - 1)):
        return legal                        # one legal card (most forced plays)
    return reduce_equivalent(legal, s.hand[s.turn], remaining(s) | winning_card(s), r)


cdef inline u64 play_forced(Ctx* c, State* s, u64 cand, int64_t* nodes0) noexcept nogil:
    """Play the forced card `cand` mid-trick, and every forced card after it, in `s`.

    Each card played leads to a node of the search, counted and limit-checked as when
    `alphabeta` is called on it (a forced node's value is its child's), so the tree and
    its node count are those of the recursion, without a call and a State copy per
    forced card (about 40% of the mid-trick nodes). Returns the candidates of the first
    node with a choice mid-trick, 0 at a trick start or on abort; `nodes0` is the node
    count before the last node."""
    while True:
        play_card(s, ctz(cand), c.r)
        nodes0[0] = c.nodes
        c.nodes += 1
        if unlikely((c.nodes & 1023) == 0):
            check_limits(c)
            if c.abort:
                return 0
        if not s.ntrick:
            return 0
        cand = candidate_moves(s, c.r)
        if cand & (cand - 1):
            return cand


cdef int moon_blocked_mid(const State* s, const RulesC* r, int T) noexcept nogil:
    """Mid-trick, the target `T` having played to the trick: can it keep every other seat
    that might still shoot from taking every moon card? One such seat x by
    `shooter_blocked`'s test with its count of `x`'s cards taken now, except the suit led
    while `x` is still to play (`x` might win this trick with its moon card); one or more
    by `moon_card_block` (the same suit left out while any of them is still to play).
    Two or more only so: as in `moon_stoppable`, the ways of play that stop each need not
    go together."""
    cdef u64 skip, sh
    if s.tricks_done == 0:
        return 0
    sh = moon_hopefuls(r, T, s.takers & 127)
    if not sh:
        return 1
    skip = suit_led_if_to_play(s, r, sh)
    if sh & (sh - 1):
        return moon_card_block(s, r, T, sh, skip)
    return shooter_blocked(s, r, T, ctz(sh), skip) or moon_card_block(s, r, T, sh, skip)


cdef int moon_unplayed_block(const State* s, const RulesC* r, int T) noexcept nogil:
    """Mid-trick, the target `T` still to play: `moon_card_block` for every other seat that
    might shoot, the suit led left out (the target plays a card of it, or discards one of
    another suit: not its moon card q, outside that suit, unless q is its last card)."""
    cdef u64 sh
    if s.tricks_done == 0:
        return 0
    sh = moon_hopefuls(r, T, s.takers & 127)
    return not sh or moon_card_block(s, r, T, sh, LANE << (16 * (s.win >> 4)))


cdef int own_moon_blocked(const State* s, const RulesC* r, int T) noexcept nogil:
    """True at a trick start (trick 1 over) when some seat y other than the target `T`
    can keep `T` from taking every moon card, whatever the others play: `shooter_blocked`,
    `moon_card_block` or `sweep_blocked` with y as the stopping seat and `T` as the
    shooter (each argument is about y's own way of play alone). In the paranoid model
    the other seats play together to raise `T`'s points, so y may play that way, and
    `T`'s value is at least what it gets without a moon of its own."""
    cdef int y
    if s.tricks_done == 0:
        return 0
    for y in range(r.n):
        if y != T and shooters_blocked(s, r, y, (<u64>1) << T):
            return 1
    return 0


cdef int idle_after_trick(const State* s, const RulesC* r, int T, int pos) noexcept nogil:
    """Mid-trick (trick 1 over, no club rule), the target `T` surely losing this trick
    (see `beaten_target`; `pos` its place in the trick): can it then lose every trick
    left (`ducks_hold`)? Having played, with the hand it holds; still to play, after its
    highest card of the suit led below the winning one, or if void its highest card of
    the one suit that fails, if any (a discard)."""
    cdef u64 mine = s.hand[T], theirs = s.rem & ~s.hand[T], low, fail
    cdef int led = s.win >> 4
    if s.tricks_done == 0 or r.queen:
        return 0
    if pos < s.ntrick:
        return ducks_hold(r, mine, theirs)
    low = mine & (LANE << (16 * led))
    if low:
        low &= ((<u64>1) << s.win) - 1
        return low != 0 and ducks_hold(r, mine & ~((<u64>1) << topbit(low)), theirs)
    fail = duck_failures(r, mine, theirs)
    if not fail:
        return 1
    if popcount(fail) > 13:
        return 0                            # two suits fail: one discard mends one
    mine &= ~((<u64>1) << topbit(mine & fail))
    return lane_ducks(r, mine & fail, theirs & fail)


cdef inline int beaten_target(const Ctx* c, const State* s, int alpha, int* v) noexcept nogil:
    """Mid-trick, paranoid, plain scoring (no sun, bonus or negative card) and no other seat
    able to shoot: when the target surely loses this trick (it played and is beaten, or it
    is still to play and holds no card of the suit led above the winning one), the trick's
    cards go to another seat (and when it still holds a card of the suit led below the
    winning one, its value is at most that of the duck). Then the target ends with at most
    its points plus the points left in the hands, and with exactly its points when it can
    win no trick left either (`never_wins` after this trick holds when it holds now: the
    others' cards only get fewer). Where that bound does not cut and no other seat can
    shoot, a target able to lose every trick left (`idle_after_trick`) keeps its points:
    exact, or a bound if it alone took moon cards (it might shoot instead; with the trick
    starts' `can_duck_all`, seed 1, 6/8/9 tricks 594,849 / 4,751,417 / 18,340,833 ->
    444,428 / 4,075,982 / 16,256,136 nodes: docs/internals.md "Losing every trick").
    Returns 1 with the value in `v` when that cuts (the bound <= alpha, or exact)."""
    cdef const RulesC* r = c.r
    cdef int T = c.target, pos, duck = 0
    cdef u64 mine = s.hand[T]
    if s.win_seat == T or not r.plain:
        return 0
    pos = T - s.leader
    if pos < 0:
        pos += r.n
    if pos >= s.ntrick and (suit_lane(mine, s.win >> 4) >> (s.win & 15)) != 0:
        # still to play, and it may beat the winner: only with a lower card of the suit to
        # duck with, below whatever wins when its turn comes (the value is at most the
        # duck's; not under the club rule, whose forced card may be the higher one)
        if r.queen or not (suit_lane(mine, s.win >> 4) & (((<u64>1) << (s.win & 15)) - 1)):
            return 0
        duck = 1
    if (mine & above_lowest(s.rem & ~mine)) == 0 and (
            s.takers != (1 << T) or (s.rem | s.trick_mask) & r.moon):
        v[0] = s.points[T]                  # (not when its moon is already made)
        if duck and s.takers == (1 << T) and r.moon_on and r.moon:
            return v[0] <= alpha            # winning instead, it might still shoot (the
                                            # target took a moon card: no other moon)
    else:
        # the points left in the hands: plain scoring has no negative card
        v[0] = s.points[T] + s.live_points - s.trick_points
        if s.tricks_done == 0:
            v[0] -= r.kitty_points
        if v[0] > alpha:
            # Able to lose every trick left (`idle_after_trick`), the target keeps its
            # points. Only where no other seat can shoot: ducking stops no moon, and the
            # moon stops below need the target to win tricks. Exact unless it is the one
            # seat that took moon cards (winning instead, it might shoot): then a bound.
            if not (other_moon_dead(r, s, T) and idle_after_trick(s, r, T, pos)):
                return 0
            v[0] = s.points[T]
            if s.takers == (1 << T) and r.moon_on and r.moon:
                return v[0] <= alpha
            return 1
    # the moon tests last, only where the bound would cut (they cost more than the rest)
    return other_moon_dead(r, s, T) or (moon_blocked_mid(s, r, T) if pos < s.ntrick
                                        else moon_unplayed_block(s, r, T))


cdef int alphabeta(Ctx* c, State* s, int alpha, int beta) noexcept nogil:
    """Fail-soft alpha-beta on the target's final points (target minimises).

    Returns v: v <= alpha means value <= v, v >= beta means value >= v, else exact.
    `s` is the caller's copy, which the search may change (it plays forced cards in it:
    each caller copies the State per child anyway, and a second copy here cost 14
    instructions per forced line).
    """
    cdef int T = c.target
    cdef int lo, hi, base = 0, v, best, i, n, bm = -1, tt_move = -1, first
    cdef int a0 = alpha, b0 = beta, use_tt = 0, ilo, ihi, ks, ncards = 0
    cdef u64 cand
    cdef int64_t nodes0 = c.nodes
    cdef u64 k[3]
    cdef TTEntry* e = NULL
    cdef TTEntry* bucket = NULL
    cdef int moves[MAXHAND]
    cdef State child
    c.nodes += 1
    if unlikely((c.nodes & 1023) == 0):
        # the only place the limits are checked: a search that returns on abort is
        # never resumed, so the test stays off the path of the other nodes
        check_limits(c)
        if c.abort:
            return 0
    if s.ntrick:
        cand = candidate_moves(s, c.r)
        if (cand & (cand - 1)) == 0:
            # one card to play mid-trick (no table entry here): the node's value is the
            # child's, and so on down the forced cards, played out here in `s`
            cand = play_forced(c, s, cand, &nodes0)
            if unlikely(c.abort):
                return 0
    if s.ntrick and c.model == MODEL_PARANOID and beaten_target(c, s, alpha, &v):
        return v
    if s.ntrick == 0:
        node_bounds(c, s, &lo, &hi, alpha)
        if lo >= beta or lo == hi:
            return lo
        if hi <= alpha:
            return hi
        if (c.model == MODEL_PARANOID and s.points[T] >= beta and c.r.plain
                and s.takers == (1 << T) and c.r.moon_other_adj >= 0
                and own_moon_blocked(s, c.r, T)):
            # plain scoring, the target the only seat that took moon cards: its value is
            # below its points only by a moon of its own (another seat's moon adds to
            # them), which the others can stop; so it is at least its points. Asked only
            # where that cuts (a fail-high probe's line once the target has taken beta):
            # 6/8/9 tricks, seeds 1-13, -0.47/-0.15/-0.08% nodes
            return s.points[T]
        ncards = popcount(remaining(s))
        use_tt = ncards >= TT_MIN_CARDS
        if use_tt:
            make_key(c, s, k)
            if c.model == MODEL_GAME:
                use_tt = game_key(c, s, k)
            if use_tt:
                bucket = tt_bucket(c, k, ncards)
                e = tt_probe(c, bucket, k)
        if c.model == MODEL_PARANOID:
            base = s.points[T]
        if e != NULL:
            if e.lo + base > lo:
                lo = e.lo + base
            if e.hi + base < hi:
                hi = e.hi + base
            if lo >= beta or lo == hi:
                return lo
            if hi <= alpha:
                return hi
            if e.best >= 0:
                tt_move = absolute_move(s, e.best)
        if c.model == MODEL_PARANOID and popcount(s.rem) >= SHED_MIN_CARDS:
            # the points of a trick the target surely leaves to others are not its own: on
            # lead, a lead that surely loses; not on lead, when it can beat no legal lead
            # (from 3 tricks left: below, the search itself costs less than the test)
            v = shed_bound(c.r, s, T)
            if v <= alpha:
                return v
        if c.model == MODEL_PARANOID and s.leader == T:
            # on lead, the target may lose this trick and take nothing more: its value
            # is at most what that line gives (checked only when that would fail low)
            idle_bounds(c.r, s, T, &ilo, &ihi)
            if ihi <= alpha and ihi < hi and leads_out(s, c.r, T):
                return ihi
        cand = candidate_moves(s, c.r)
    # The table's move or the killer, when a candidate, is searched before the rest are
    # scored: it comes first in order_moves' order anyway, and when it cuts off (most cut
    # nodes) the scoring is never needed. Not in the last two tricks (8 cards at the
    # trick's start at 4 seats): with one or two cards a hand, scoring them all costs
    # less than first_move's tests (the same order but for a few ties; the 9-trick pair
    # 338.51 M -> 336.70 M instructions, the workload 404.88 M -> 401.03 M, CPU time of
    # the 40 nine-trick positions about -1%, docs/internals.md "Near the leaves")
    first = first_move(c, s, cand, tt_move) if popcount(s.rem) + s.ntrick > 8 else -1
    if first >= 0:
        moves[0] = first
        n = 1
    else:
        n = order_moves(c, s, cand, tt_move, moves)
    i = 0
    if s.turn == T:
        best = INF
        while i < n:
            play_into(&child, s, moves[i], c.r)
            v = alphabeta(c, &child, alpha, beta)
            if unlikely(c.abort):
                return 0
            if v < best:
                best = v
                bm = moves[i]
                if best <= alpha:
                    if not s.ntrick:
                        ks = kslot(s, T, c.target)
                        if c.killer[ks] != bm:
                            c.killer2[ks] = c.killer[ks]
                            c.killer[ks] = <i8>bm
                    break
                if best < beta:
                    beta = best
            i += 1
            if i == 1 and first >= 0:
                n = 1 + order_rest(c, s, cand, first, tt_move, &moves[1])
    else:
        best = -INF
        while i < n:
            play_into(&child, s, moves[i], c.r)
            v = alphabeta(c, &child, alpha, beta)
            if unlikely(c.abort):
                return 0
            if v > best:
                best = v
                bm = moves[i]
                if best >= beta:
                    ks = kslot(s, s.turn, c.target)
                    if s.ntrick:
                        c.killer[ks | 15] = <i8>bm
                    if c.killer[ks] != bm:
                        c.killer2[ks] = c.killer[ks]
                        c.killer[ks] = <i8>bm
                    break
                if best > alpha:
                    alpha = best
            i += 1
            if i == 1 and first >= 0:
                n = 1 + order_rest(c, s, cand, first, tt_move, &moves[1])
    if use_tt:
        e = tt_slot(c, bucket, k, search_size(c, nodes0))
        if best <= a0:
            if best - base < e.hi:
                e.hi = <i16>(best - base)
        elif best >= b0:
            if best - base > e.lo:
                e.lo = <i16>(best - base)
        else:
            e.lo = <i16>(best - base)
            e.hi = <i16>(best - base)
        e.best = <i8>relative_move(s, bm)
    return best


cdef struct Climb:
    # one root card's MTD(f) (Plaat 1996) between its probes: lo <= value <= hi, the next
    # probe's guess g, and whether the first probe is still to come or failed low
    int lo, hi, g, first, low


cdef void mtdf_start(Ctx* c, const State* s, Climb* m, int guess) noexcept nogil:
    """A climb to the exact value of `s` from `guess` (points), inside the cheap bounds."""
    node_bounds(c, s, &m.lo, &m.hi, INF)
    m.g = min(max(guess, m.lo), m.hi)
    m.first = 1
    m.low = 0


cdef void mtdf_probe(Ctx* c, const State* s, Climb* m, int floor) noexcept nogil:
    """One zero-window probe of MTD(f); the climb moves to the bound it returned.

    When the first probe fails low the next starts at `floor` (a low estimate, e.g. the
    points already taken) and climbs: a probe that fails low (the target keeps to less)
    costs about as much at every threshold above the value, while one that fails high
    far below it is cheap, so stepping down one point at a time from a guess far too
    high cost more than climbing from the bottom (measured with `Core.analyse`'s guesses:
    5-8% fewer nodes on the 6-, 8- and 9-trick sets, seeds 1-8). Unchanged on abort."""
    cdef int b = m.g if m.g > m.lo else m.lo + 1, g
    cdef State t = s[0]                     # alphabeta may change its State
    c.probes += 1
    g = alphabeta(c, &t, b - 1, b)
    if c.abort:
        return
    m.low = g < b
    if m.low:
        m.hi = g
        if m.first and floor < g:
            g = floor                   # the next probe: max(floor, lo + 1)
    else:
        m.lo = g
    m.g = g
    m.first = 0


cdef void mtdf(Ctx* c, const State* s, Climb* m, int floor) noexcept nogil:
    """The climb `m` (from `mtdf_start`) to the end: m.lo == m.hi is the value, unless
    a limit stopped it (c.abort)."""
    while m.lo < m.hi and not c.abort:
        mtdf_probe(c, s, m, floor)


cdef inline int deal_decided(const RulesC* r, const State* s) noexcept nogil:
    """True when no card left can change any seat's score (max^n leaf)."""
    cdef u64 live = remaining(s) | s.trick_mask
    cdef int lo, hi, seat
    if not live:
        return 1
    for seat in range(r.n):
        score_bounds(r, s, seat, &lo, &hi, 0, INF)
        if lo != hi:
            return 0
    return 1


cdef inline char* maxn_bytes(TTEntry* e) noexcept nogil:
    """The 4 bytes of `e.lo` and `e.hi` (after the three key words), where max^n keeps its
    vector (n <= 4): addressed from the entry, since a pointer taken from the 2-byte `lo`
    may not reach `hi` in C."""
    return (<char*>e) + 3 * sizeof(u64)


cdef void maxn(Ctx* c, const State* s, int* out) noexcept nogil:
    """Max^n: every seat minimises its own final points. Ties between cards with the
    same own points go to the lowest card (clubs < diamonds < hearts < spades, then
    rank), which makes the value unique and independent of search order."""
    cdef int i, n, mover = s.turn, best_own = INF, own_lo, own_hi, bm = -1
    cdef int v[MAXSEATS]
    cdef u64 k[3]
    cdef u64 cand
    cdef TTEntry* e = NULL
    cdef TTEntry* bucket = NULL
    cdef i8 vec[4]                # the vector in the entry's lo and hi (r.maxn_tt: n <= 4)
    cdef State child, end
    cdef int x
    cdef int64_t nodes0 = c.nodes
    c.nodes += 1
    if (c.nodes & 1023) == 0:
        check_limits(c)
    if c.abort:
        return
    if s.ntrick == 0:
        if deal_decided(c.r, s):
            for i in range(c.r.n):
                out[i] = final_score(s, c.r, i)
            return
        if leader_claims(s, c.r, &end) or last_trick(s, c.r, &end):
            for i in range(c.r.n):
                out[i] = final_score(&end, c.r, i)
            return
        if c.r.maxn_tt:
            make_key(c, s, k)
            bucket = tt_bucket(c, k, popcount(remaining(s)))
            e = tt_probe(c, bucket, k)
            if e != NULL and e.best >= 0:
                memcpy(vec, maxn_bytes(e), 4)
                for i in range(c.r.n):
                    out[i] = vec[i] + s.points[i]
                return
    score_bounds(c.r, s, mover, &own_lo, &own_hi, 0, INF)
    cand = candidate_moves(s, c.r)
    while cand:
        x = ctz(cand)
        cand &= cand - 1
        child = s[0]
        play_card(&child, x, c.r)
        maxn(c, &child, v)
        if c.abort:
            return
        if v[mover] < best_own:
            best_own = v[mover]
            bm = x
            for i in range(c.r.n):
                out[i] = v[i]
            if best_own <= own_lo:
                break
    if s.ntrick == 0 and c.r.maxn_tt:
        e = tt_slot(c, bucket, k, search_size(c, nodes0))
        for i in range(c.r.n):
            vec[i] = <i8>(out[i] - s.points[i])
        memcpy(maxn_bytes(e), vec, 4)
        e.best = <i8>relative_move(s, bm)
