# cython: language_level=3
"""The double-dummy search core of hearts-dd (one extension module).

C-level, GIL-free searches over bitmask hands; see ``solve.py`` for the Python API.
A :class:`Core` owns its transposition table, so two cores in one process (or two
threads, each with its own core) never interfere (cf. DDS issue 122); a search stops only
for its own limits, its core's :class:`StopToken` and Ctrl-C on the main thread.
"""

include "_types.pxi"
include "_play.pxi"
include "_tt.pxi"
include "_search.pxi"

from cpython.exc cimport PyErr_SetInterrupt
from cpython.pythread cimport PyThread_get_thread_ident
import threading

# signal handlers are the main thread's business (see hd_catch_sigint)
cdef long _MAIN_THREAD = threading.main_thread().ident


cdef class StopToken:
    """A stop for the searches of the cores that hold it (``Core.stop``): :meth:`stop` ends
    each at its next limit check (every 1,024 nodes) and every later one at once; their
    results say ``complete=False``. A token stays stopped. Searches of other tokens go on:
    a thread pool's workers hold their pool's token (``analysis.parallel.executor``), so
    an error or Ctrl-C in one pool stops its searches only.

    Args:
        parent: a token whose stop stops this one too (the pool of a job of another pool).
    """
    cdef StopC c
    cdef readonly StopToken parent

    def __cinit__(self, StopToken parent=None):
        self.c.flag = 0
        self.parent = parent
        self.c.parent = NULL if parent is None else &parent.c

    def stop(self):
        """Stop the searches holding this token, or a token made from it."""
        self.c.flag = 1

    @property
    def stopped(self):
        """Whether this token or an ancestor was stopped."""
        return bool(stop_set(&self.c))

    def __repr__(self):
        return f"<StopToken {'stopped' if self.stopped else 'running'}>"

duck_init()                 # the lookup table of `lane_ducks`, once per process

MODELS = {"paranoid": MODEL_PARANOID, "moon": MODEL_MOON, "maxn": MODEL_MAXN,
          "game": MODEL_GAME}

cdef class Core:
    """A search engine with its own transposition table.

    A new core takes the table of a dead one of the same size when there is one (a few are
    kept, under 48 MiB in all): it is emptied by a new generation, not zeroed, and no two
    live cores ever share a table.

    A table of more than ``2**16`` entries uses only its first ``2**16`` (2 MiB, which stay
    in the cache) until its searches since it was emptied have taken a third of
    ``grow_nodes`` nodes (default 3,000,000; a settable attribute, the tests set 0), then
    its first ``2**17`` (4 MiB) until they have taken all, then the whole (``tt_in_use``).

    Args:
        tt_bits: the table holds ``2**tt_bits`` entries of 32 bytes (20 → 32 MiB); from 16 up
            a near-leaf table of ``2**14`` entries (512 KiB) follows it (see ``tt_bytes``).

    Raises:
        ValueError: ``tt_bits`` outside 10..28.
        MemoryError: the table could not be allocated.
    """

    cdef RulesC r
    cdef GameC game
    cdef object game_key            # the game the table's MODEL_GAME entries are for
    cdef TTEntry* tt
    cdef void* tt_raw
    cdef size_t tt_raw_size
    cdef u64 tt_mask
    cdef u64 tt_used                # the mask of the table's part in use (`tt_grow`)
    cdef int64_t nodes_used         # nodes searched since the table was last emptied
    cdef public long long grow_nodes
    cdef object rules_key
    cdef object rules_spec          # the spec dict last loaded (see set_rules)
    cdef i16 gen
    cdef readonly int tt_bits
    cdef public bint fast_pext      # use the CPU's PEXT for table keys (off: the portable loop)
    cdef StopToken _stop            # the searches' stop (None: only limits and Ctrl-C)
    cdef const StopC* stop_c        # its C part, read by the searches without the GIL

    def __cinit__(self, int tt_bits=20):
        if not 10 <= tt_bits <= 28:
            raise ValueError(f"tt_bits must be in 10..28, got {tt_bits}")
        self.tt_bits = tt_bits
        self.rules_key = None
        self.game_key = None
        self.rules_spec = None
        memset(&self.r, 0, sizeof(RulesC))
        self.fast_pext = pext_is_fast()
        self.tt_mask = ((<u64>1) << tt_bits) - 1
        self.grow_nodes = GROW_NODES
        self._use_small()
        if spare_take(tt_bits, <void**>&self.tt, &self.tt_raw, &self.tt_raw_size, &self.gen):
            self.clear()                    # a dead core's table: a new generation empties it
            return
        # Lazily zeroed memory, aligned so that a bucket of two entries is one cache line.
        self.tt = <TTEntry*>table_alloc(table_entries(tt_bits) * sizeof(TTEntry),
                                        &self.tt_raw, &self.tt_raw_size)
        if self.tt == NULL:
            raise MemoryError("cannot allocate the transposition table")
        self.gen = 1

    def __dealloc__(self):
        if self.tt != NULL and not spare_give(self.tt_bits, self.tt, self.tt_raw,
                                              self.tt_raw_size, self.gen):
            table_free(self.tt_raw, self.tt_raw_size)
        self.tt_raw = NULL
        self.tt = NULL

    @property
    def stop(self):
        """The :class:`StopToken` whose stop ends this core's searches, or None (set it
        before a search; ``Solver`` sets its own or the context's, ``solver/stopping.py``)."""
        return self._stop

    @stop.setter
    def stop(self, StopToken token):
        self._stop = token
        self.stop_c = NULL if token is None else &token.c

    @property
    def tt_in_use(self):
        """Entries of the main table in use: ``2**16`` (2 MiB) of a bigger table until its
        searches since it was emptied have taken ``grow_nodes // 3`` nodes, ``2**17`` until
        they have taken ``grow_nodes``, then all ``2**tt_bits`` (`tt_grow` in ``_tt.pxi``)."""
        return self.tt_used + 1

    @property
    def tt_bytes(self):
        """Memory held by the transposition table, in bytes."""
        return table_entries(self.tt_bits) * sizeof(TTEntry)

    def clear(self):
        """Forget every stored position (O(1): entries of an older generation count as empty)."""
        if self.gen == 32767:
            memset(self.tt, 0, table_entries(self.tt_bits) * sizeof(TTEntry))
            self.gen = 0
        self.gen += 1
        self._use_small()

    cdef void _use_small(self):
        """The table is empty: only its first 2**GROW_BITS entries are in use (`tt_grow`)."""
        self.nodes_used = 0
        self.tt_used = self.tt_mask
        if self.tt_bits > GROW_BITS:
            self.tt_used = ((<u64>1) << GROW_BITS) - 1

    def set_rules(self, dict spec):
        """Load the rules (a dict made by ``solve.rules_spec``); clears the table if they
        changed. The C rules are the spec's ``packed`` entry (:func:`pack_rules` of it,
        made once with the spec, which ``solve.rules_spec`` caches: a fresh solver per
        position would otherwise spend more on building them than a 6-trick search takes,
        measured 11 us), or packed here for a spec without one."""
        if spec is self.rules_spec:
            return
        packed = spec.get("packed")
        if packed is None:
            packed = pack_rules(spec)
        if packed != self.rules_key:
            self.clear()
            self.game_key = None
            memcpy(&self.r, <const char*>packed, sizeof(RulesC))
            self.rules_key = packed
        self.rules_spec = spec

    @staticmethod
    cdef void _build_rules(RulesC* r, dict spec) except *:
        """Fill ``r`` from ``spec`` (see ``pack_rules``)."""
        memset(r, 0, sizeof(RulesC))
        n = spec.get("players", 4)
        if not 3 <= n <= MAXSEATS:
            raise ValueError(f"the core plays 3 to {MAXSEATS} seats, got {n}")
        r.n = n
        # the kitty belongs to the deal, but set here: a new kitty clears the table, so
        # trick-1 positions of two deals never share an entry
        r.kitty = spec.get("kitty", 0)
        values = spec["values"]
        r.kitty_points = sum(values[b] for b in range(64) if r.kitty >> b & 1)
        classes = spec["classes"]
        distinct = sorted({v for v in values if v != 0})
        if len(distinct) > MAXVALS:
            raise ValueError("too many distinct card values")
        cdef int i
        for i in range(64):
            r.value[i] = values[i]
            r.cls[i] = classes[i]
        r.nvals = len(distinct)
        r.nneg = sum(1 for v in distinct if v < 0)
        for i in range(4):
            lane_classes = {classes[16 * i + b] for b in range(13)}
            if len(lane_classes) > 2:
                r.cls_multi |= LANE << (16 * i)
            else:
                r.cls_odd |= sum(1 << (16 * i + b) for b in range(13)
                                 if classes[16 * i + b] != classes[16 * i])
        for i, v in enumerate(distinct):
            r.vals[i] = v
            r.vmask[i] = sum(1 << b for b in range(64) if values[b] == v)
        r.moon = spec["moon"]
        r.breaks = spec["breaks"]
        r.hearts = spec["hearts"]
        r.relief = spec["relief"]
        r.first_forbidden = spec["first_forbidden"]
        r.queen = spec["queen"]
        r.first_lead = spec["first_lead"]
        r.no_first = spec["no_first"]
        r.relief_on = spec["relief_on"]
        r.moon_on = spec["moon_on"]
        r.moon_shooter_adj = spec["moon_shooter_adj"]
        r.moon_other_adj = spec["moon_other_adj"]
        r.sun_mode = spec["sun_mode"]
        r.sun_from = 0 if r.sun_mode == 1 else (1 if r.sun_mode == 2 else 127)
        for i in range(n):
            r.next_seat[i] = (i + 1) % n
        r.sun_shooter_adj = spec["sun_shooter_adj"]
        r.sun_other_adj = spec["sun_other_adj"]
        for i in range(n):
            r.sun_pay[i] = spec["sun_pay"][i]
        r.bonus = spec["bonus"]
        r.zero = sum(1 << b for b in range(64) if values[b] == 0)
        r.plain = r.sun_mode == 0 and r.bonus == 0 and min(values) >= 0
        # the largest future points any seat can get: every positive card, a moon or sun award
        span = (sum(v for v in values if v > 0) - sum(v for v in values if v < 0)
                + abs(r.moon_shooter_adj) + abs(r.moon_other_adj) + abs(r.sun_other_adj)
                + abs(r.sun_shooter_adj) + abs(r.bonus))
        r.maxn_tt = span <= 127 and n <= 4      # a vector of n i8 in the entry's 4 bytes
        # the point layout of the table key: in a suit of two values, which relative
        # cards hold the odd value; in a suit of more, which absolute cards remain
        for i in range(4):
            lane_vals = {values[16 * i + b] for b in range(13)}
            if len(lane_vals) == 2:
                base = values[16 * i]
                r.spec1_lanes |= LANE << (16 * i)
                r.spec_odd |= sum(1 << (16 * i + b) for b in range(13) if values[16 * i + b] != base)
                r.spec2_shift += 13
            elif len(lane_vals) > 2:
                r.spec2_lanes |= LANE << (16 * i)
        r.spec_bits = r.spec2_shift + popcount(r.spec2_lanes)     # 13 bits a lane

    cdef void _load(self, State* s, tuple st) except *:
        hands, trick, leader, hb, tricks_done, points, takers, won, sunc, first_winner, first_pos = st
        cdef int i, b, n = self.r.n
        if len(hands) != n or len(points) != n:
            raise ValueError(f"the rules are for {n} seats, the state has {len(hands)} hands")
        memset(s, 0, sizeof(State))
        for i in range(n):
            s.hand[i] = hands[i]
            s.rem |= s.hand[i]
            s.points[i] = points[i]
        if tricks_done == 0:
            s.trick_mask = self.r.kitty         # goes with trick 1 (see State)
        s.ntrick = len(trick)
        s.win = -1                              # see State.win_top
        s.win_top = 63
        for i in range(s.ntrick):
            b = trick[i]
            s.trick_mask |= (<u64>1) << b
            s.trick_points += self.r.value[b]
            if i == 0 or ((b >> 4) == (s.win >> 4) and b > s.win):
                s.win = <i8>b
                s.win_top = <i8>(b | 15)
                s.win_seat = (leader + i) % n
        s.live_points = sum_values(&self.r, s.rem | s.trick_mask)
        s.leader = leader
        s.turn = (leader + s.ntrick) % n
        s.hb = hb
        s.tricks_done = tricks_done
        s.takers = takers
        s.won = won
        s.sunc = sunc
        s.first_winner = first_winner
        s.first_pos = first_pos

    cdef void _load_game(self, dict game) except *:
        """Load the game around the deal (``solve.game_spec``); a new game clears the table,
        as MODEL_GAME entries hold standings for one game's totals."""
        key = tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in game.items()))
        if key == self.game_key:
            return
        cdef GameC* g = &self.game
        cdef int i
        totals = game["totals"]
        if len(totals) != self.r.n:
            raise ValueError(f"the rules are for {self.r.n} seats, the game has {len(totals)} totals")
        memset(g, 0, sizeof(GameC))
        for i in range(self.r.n):
            g.totals[i] = totals[i]
        g.target = game["target"]
        g.reset = game["reset"]
        g.sun_clears = game["sun_clears"]
        g.choice = game["choice"]
        g.has_new_from = game["new_from"] is not None
        g.new_from = game["new_from"] or 0
        g.rules_new = game["rules_new"]
        g.award = game["award"]
        g.pbits = game["pbits"]
        g.pmin = game["pmin"]
        if g.pbits and (self.r.n > 4 or self.r.spec_bits + (self.r.n - 1) * g.pbits > 52):
            g.pbits = 0                         # the points do not fit the key: no table
        self.clear()
        self.game_key = key

    def analyse(self, tuple state, int target, str model="paranoid", long long node_limit=0,
                double time_ms=0, bint want_pv=True, object guess=None, dict game=None):
        """Value every legal card of the seat to move.

        Args:
            state: ``(hands[n] masks, trick card bits, leader, hearts_broken, tricks_done,
                points[n], takers mask, won mask, sun candidate (n: dead), trick-1 winner
                or -1, trick-1 positive points)`` with ``n`` the rules' seats (see
                ``solve.core_state``).
            target: the seat whose points are valued (paranoid) or who tries to shoot (moon).
            model: ``"paranoid"``, ``"moon"`` or ``"maxn"``.
            node_limit: stop after this many nodes (0: none).
            time_ms: stop after this many milliseconds (0: none).
            guess: paranoid only, the expected value (points) where the zero-window probes
                start (default: the points the target has taken).
            game: model ``"game"`` only (and required there), the game around the deal
                (``solve.game_spec``).

        Returns:
            dict with ``moves``: list of ``(card bit, [equal card bits], value, pv bits)``
            (pv empty when ``want_pv`` is false)
            (value: the target's points; moon: 0 = shoots, 1 = cannot; maxn: the
            points list of the n seats; game: the target's standing after the deal,
            result * 2048 + margin, see ``game_scalar``), ``nodes``, ``complete`` and ``ms``.

        Raises:
            ValueError: an unknown model, a state or game not for the rules' seats, or
                model ``"game"`` without ``game``.
        """
        cdef sigaction_t python_sigint
        cdef int caught = 0
        if PyThread_get_thread_ident() == _MAIN_THREAD:
            caught = catch_sigint(&python_sigint)
        try:
            return self._analyse(state, target, model, node_limit, time_ms, want_pv, guess,
                                 game)
        finally:
            # a Ctrl-C during the search stopped it (an unfinished result); Python then
            # raises KeyboardInterrupt as if the signal had come just now
            if caught and release_sigint(&python_sigint):
                PyErr_SetInterrupt()

    cdef object _analyse(self, tuple state, int target, str model, long long node_limit,
                         double time_ms, bint want_pv, object guess, dict game):
        """`analyse` without the Ctrl-C handling."""
        if model not in MODELS:
            raise ValueError(f"unknown model {model!r}")
        if model == "game":
            if game is None:
                raise ValueError("model 'game' needs the game (solve.game_spec)")
            self._load_game(game)
        cdef State s, child
        cdef Ctx c
        self._load(&s, state)
        self.r.fast_pext = self.fast_pext
        self.r.key_fast = (self.fast_pext and self.r.n <= 4 and not self.r.spec2_lanes
                           and not self.r.bonus and not self.r.sun_mode and self.r.moon != 0)
        c.r = &self.r
        c.g = &self.game
        c.tt = self.tt
        c.tt_mask = self.tt_used
        c.tt_full_mask = self.tt_mask
        c.grow_base = -self.nodes_used
        c.grow_nodes = max(0, self.grow_nodes)
        grow_plan(&c)
        c.near = self.tt
        c.near_mask = 0
        c.near_cards = 0
        if self.tt_bits >= NEAR_FROM_BITS:
            c.near = self.tt + ((<size_t>1) << self.tt_bits)
            c.near_mask = ((<u64>1) << NEAR_BITS) - 1
            c.near_cards = NEAR_CARDS
        c.target = target
        c.model = MODELS[model]
        c.key_tm = (<u64>c.target << 60) | (<u64>c.model << 62)
        c.nodes = 0
        c.probes = 0
        # only the slots of as many cards left as the root's or fewer can be read: a
        # 6-trick solve clears 9% of the table (the whole is 55 KB)
        memset(c.killer, -1, (popcount(s.rem) + 1) * 8 * 64)
        memset(&c.killer[KILLER_LEADS], -1, ((popcount(s.rem) >> 2) + 1) * 8 * 256)
        memset(c.killer2, -1, (popcount(s.rem) + 1) * 8 * 64)
        memset(&c.killer2[KILLER_LEADS], -1, ((popcount(s.rem) >> 2) + 1) * 8 * 256)
        c.node_limit = node_limit
        c.stop = self.stop_c
        c.abort = 0
        c.gen = self.gen
        cdef double t0 = now_ms()
        c.deadline_ms = t0 + time_ms if time_ms > 0 else 0
        cdef u64 legal = legal_moves(&s, &self.r)
        # the kitty separates no cards: it is never played
        cdef u64 reps = reduce_equivalent(legal, s.hand[s.turn],
                                          remaining(&s) | (s.trick_mask & ~self.r.kitty), &self.r)
        groups = {}
        cdef int b, rep = -1
        cdef u64 x = legal
        while x:
            b = ctz(x)
            x &= x - 1
            if (reps >> b) & 1:
                rep = b
                groups[rep] = [b]
            else:
                groups[rep].append(b)
        cdef int lo, hi, g0, v = 0
        cdef int vec[MAXSEATS]
        cdef int moves[MAXHAND]
        cdef int n, i, j
        n = order_moves(&c, &s, reps, -1, moves)
        results = []
        node_bounds(&c, &s, &lo, &hi, INF)
        # a first guess inside the bounds near the points already taken
        cdef int pace
        cdef int taken[MAXSEATS]
        cdef int after[MAXSEATS]
        if guess is None:
            guess = s.points[target] if c.model == MODEL_PARANOID else 0
            if c.model == MODEL_GAME:
                # the standing if the deal ended with the points taken so far
                for i in range(self.r.n):
                    taken[i] = s.points[i]
                game_advance(&self.game, taken, self.r.n, -1, after)
                guess = game_scalar(&self.game, after, self.r.n, target, &pace)
        g0 = min(max(lo, <int>guess), hi)
        # Later cards start at the best value found so far (for the mover: the lowest
        # when it is the target, else the highest), and after a first probe that fails
        # low climb from the first card's guess (`mtdf_probe`): 5-8% fewer nodes on the
        # fixed sets (seeds 1-8) than starting at the previous card's value.
        cdef int floor = g0, vbest = 0, mover_min = s.turn == target, left
        cdef State kids[MAXHAND]
        cdef Climb climbs[MAXHAND]
        lines = [None] * n              # per card: its pv once valued (None: not yet)
        values = [None] * n
        if c.model == MODEL_MAXN:
            for i in range(n):
                child = s
                play_card(&child, moves[i], &self.r)
                with nogil:
                    maxn(&c, &child, vec)
                if c.abort:
                    break
                values[i] = [vec[j] for j in range(self.r.n)]
                lines[i] = self._line(&c, &child, moves[i], values[i], want_pv)
                if lines[i] is None:
                    break
        else:
            # The first card and every card whose first probe fails low climb to their
            # value at once (with the target on move such a card is a new best, so the
            # guess changes; with another seat on move it is a worse card, which only
            # leaves the guess as it was: the values are exact either way, the benchmarks
            # measure the target on move); the other cards then take one
            # probe each in turn, so that a card's last probes, the fail-low ones above
            # all (the dearest), come after the other cards' fail-high probes and find
            # their lower bounds in the table (within one card, a fail-high probe at the
            # value before the fail-low one above it costs 4-10% fewer nodes than the
            # other order). Seed 1, 6/8/9 tricks: 582,688 / 4,407,292 / 19,024,198 ->
            # 580,479 / 4,211,822 / 18,860,532 nodes; seeds 2-5 2,979,008 / 17,290,766 /
            # 49,903,299 -> 2,964,657 / 17,201,475 / 49,346,791.
            for i in range(n):
                kids[i] = s
                play_card(&kids[i], moves[i], &self.r)
                mtdf_start(&c, &kids[i], &climbs[i], g0)
                with nogil:
                    if i > 0 and climbs[i].lo < climbs[i].hi:
                        mtdf_probe(&c, &kids[i], &climbs[i], floor)
                    if i == 0 or climbs[i].low or climbs[i].lo == climbs[i].hi:
                        mtdf(&c, &kids[i], &climbs[i], floor)
                if c.abort:
                    break
                if climbs[i].lo < climbs[i].hi:
                    continue                # to the rounds below
                v = climbs[i].lo
                if i == 0 or (v < vbest if mover_min else v > vbest):
                    vbest = v
                g0 = vbest
                values[i] = v
                lines[i] = self._line(&c, &kids[i], moves[i], v, want_pv)
                if lines[i] is None:
                    break
            left = not c.abort
            while left:
                left = 0
                for i in range(1, n):
                    if values[i] is not None:
                        continue
                    with nogil:
                        mtdf_probe(&c, &kids[i], &climbs[i], floor)
                    if c.abort:
                        break
                    if climbs[i].lo < climbs[i].hi:
                        left = 1
                        continue
                    values[i] = climbs[i].lo
                    lines[i] = self._line(&c, &kids[i], moves[i], values[i], want_pv)
                    if lines[i] is None:
                        left = 0
                        break
        self.tt_used = c.tt_mask
        self.nodes_used += c.nodes
        for i in range(n):
            if lines[i] is not None:
                results.append((moves[i], groups[moves[i]], values[i], lines[i]))
        return {
            "moves": results,
            "nodes": c.nodes,
            "probes": c.probes,
            "complete": not c.abort,
            "ms": now_ms() - t0,
        }

    cdef object _line(self, Ctx* c, State* kid, int move, object value, bint want_pv):
        """A valued root card's pv (the card first; empty without `want_pv`), or None
        when a limit stopped its search."""
        if not want_pv:
            return []
        line = [move] + self._pv(c, kid, value)
        return None if c.abort else line

    cdef list _pv(self, Ctx* c, State* start, object value):
        """The line after a root card: at each turn the first card keeping the value."""
        cdef State s = start[0], child, probe
        cdef int moves[MAXHAND]
        cdef int n, i, lo, hi, v, b, chosen, best_own, target_v = 0
        cdef int vec[MAXSEATS]
        cdef u64 x
        line = []
        if c.model != MODEL_MAXN:
            target_v = value
        while remaining(&s):
            if s.ntrick == 0:
                if c.model == MODEL_MAXN:
                    if deal_decided(c.r, &s):
                        break
                else:
                    node_bounds(c, &s, &lo, &hi, INF)
                    if lo == hi:
                        break
            if c.model == MODEL_MAXN:
                x = candidate_moves(&s, c.r)
                chosen = -1
                best_own = INF
                while x:
                    b = ctz(x)
                    x &= x - 1
                    child = s
                    play_card(&child, b, c.r)
                    maxn(c, &child, vec)
                    if vec[s.turn] < best_own:
                        best_own = vec[s.turn]
                        chosen = b
                if c.abort:
                    break
                line.append(chosen)
                play_card(&s, chosen, c.r)
                continue
            n = order_moves(c, &s, candidate_moves(&s, c.r), -1, moves)
            found = False
            for i in range(n):
                child = s
                play_card(&child, moves[i], c.r)
                probe = child                   # alphabeta may change its State
                v = alphabeta(c, &probe, target_v - 1, target_v + 1)
                if c.abort:
                    return line
                if v == target_v:
                    line.append(moves[i])
                    s = child
                    found = True
                    break
            if not found:
                break
        return line

    def legal_mask(self, tuple state):
        """Mask of the legal cards in ``state`` (for cross-checks with ``Position``)."""
        cdef State s
        self._load(&s, state)
        return legal_moves(&s, &self.r)

    def bounds(self, tuple state, int target):
        """The paranoid model's cheap bounds on ``target``'s final points in ``state`` (for
        tests): ``(lo, hi, lead_out)``, where ``lead_out`` is the most the target scores
        by leading out and taking nothing more, or None when it cannot (``leads_out``)."""
        cdef State s
        cdef Ctx c
        cdef int lo, hi, ilo, ihi
        self._load(&s, state)
        memset(&c, 0, sizeof(Ctx))
        c.r = &self.r
        c.target = target
        c.model = MODEL_PARANOID
        node_bounds(&c, &s, &lo, &hi, INF)
        lead_out = None
        if s.ntrick == 0 and s.leader == target and leads_out(&s, &self.r, target):
            idle_bounds(&self.r, &s, target, &ilo, &ihi)
            lead_out = ihi
        return lo, hi, lead_out

    def score_bounds_pair(self, tuple state, int target, bint own):
        """``score_bounds`` of ``target`` in ``state`` and the general code's answer
        (``score_bounds_full``, past the fast paths), each ``(lo, hi)`` (for tests)."""
        cdef State s
        cdef int lo, hi, flo, fhi
        self._load(&s, state)
        score_bounds(&self.r, &s, target, &lo, &hi, own, INF)
        score_bounds_full(&self.r, &s, target, &flo, &fhi, own)
        return (lo, hi), (flo, fhi)

    def moon_stoppable(self, tuple state, int target):
        """Whether ``target`` can keep every other seat from shooting the moon by the test
        of ``moon_stoppable`` (for tests): False also where no other seat could shoot."""
        cdef State s
        cdef int takers
        self._load(&s, state)
        takers = s.takers & 127
        if (not (self.r.moon_on and self.r.moon) or popcount(<u64>takers) > 1
                or takers == (1 << target) or not ((s.rem | s.trick_mask) & self.r.moon)
                or not other_can_shoot(&s, &self.r, target, takers)):
            return False
        return bool(moon_stoppable(&s, &self.r, target, takers))

    def moon_stop_rules(self, tuple state, int target):
        """Which of ``moon_stoppable``'s tests fire for ``target`` at the trick start
        ``state`` (for tests): ``(shooter_blocked, sweep_blocked, moon_card_block, seats
        that might shoot)``, each test False where it does not apply (two or more seats
        that might shoot: only the last), or None where no other seat can shoot."""
        cdef State s
        cdef int takers, x, xs = -1
        cdef u64 sh = 0, hope
        self._load(&s, state)
        takers = s.takers & 127
        if (not (self.r.moon_on and self.r.moon) or popcount(<u64>takers) > 1
                or takers == (1 << target) or not ((s.rem | s.trick_mask) & self.r.moon)
                or s.ntrick or s.tricks_done == 0):
            return None
        hope = moon_hopefuls(&self.r, target, takers)
        for x in range(self.r.n):
            if (hope >> x) & 1 and not never_wins(&s, x):
                sh |= (<u64>1) << x
                xs = x
        if not sh:
            return None
        if sh & (sh - 1):
            return (False, False, bool(moon_card_block(&s, &self.r, target, sh, 0)),
                    popcount(sh))
        return (bool(shooter_blocked(&s, &self.r, target, xs, 0)),
                bool(sweep_blocked(&s, &self.r, target, xs)),
                bool(moon_card_block(&s, &self.r, target, sh, 0)), 1)

    def own_moon_blocked(self, tuple state, int target):
        """Whether some other seat can keep ``target`` from taking every moon card, by
        the test of ``own_moon_blocked`` (for tests); None where it does not apply (no
        moon rule, a trick in play, trick 1, or another seat took a moon card)."""
        cdef State s
        cdef int takers
        self._load(&s, state)
        takers = s.takers & 127
        if (not (self.r.moon_on and self.r.moon) or s.ntrick or s.tricks_done == 0
                or takers & ~(1 << target)):
            return None
        return bool(own_moon_blocked(&s, &self.r, target))

    def plain(self):
        """Whether the loaded rules score plainly: no sun, no-trick bonus or negative
        card (``RulesC.plain``; for tests)."""
        return bool(self.r.plain)

    def moon_blocked_mid(self, tuple state, int target):
        """``moon_blocked_mid``'s answer mid-trick for ``target`` (having played to the
        trick) and whether ``moon_card_block`` alone gives it (for tests): ``(blocked,
        by_moon_card)``, or None where it does not apply."""
        cdef State s
        cdef int takers, pos
        cdef u64 sh, skip
        self._load(&s, state)
        takers = s.takers & 127
        pos = (target - s.leader + self.r.n) % self.r.n
        if (not s.ntrick or pos >= s.ntrick or s.tricks_done == 0
                or not (self.r.moon_on and self.r.moon) or popcount(<u64>takers) > 1
                or takers == (1 << target)):
            return None
        sh = moon_hopefuls(&self.r, target, takers)
        skip = suit_led_if_to_play(&s, &self.r, sh)
        return (bool(moon_blocked_mid(&s, &self.r, target)),
                bool(moon_card_block(&s, &self.r, target, sh, skip)))

    def moon_unplayed_block(self, tuple state, int target):
        """``moon_unplayed_block`` mid-trick for ``target`` still to play to the trick (for
        tests), or None where it does not apply."""
        cdef State s
        cdef int takers, pos
        self._load(&s, state)
        takers = s.takers & 127
        pos = (target - s.leader + self.r.n) % self.r.n
        if (not s.ntrick or pos < s.ntrick or not (self.r.moon_on and self.r.moon)
                or popcount(<u64>takers) > 1 or takers == (1 << target)):
            return None
        return bool(moon_unplayed_block(&s, &self.r, target))

    def shed_bound(self, tuple state, int target):
        """``shed_bound``'s upper bound on ``target``'s final points at a trick start (for
        tests; on lead by `lead_shed`, else by `follow_shed`), or None where it does not
        apply."""
        cdef State s
        cdef int v
        self._load(&s, state)
        if s.ntrick:
            return None
        v = shed_bound(&self.r, &s, target)
        return None if v == INF else v

    def can_duck_all(self, tuple state, int target):
        """Whether ``target`` can lose every trick left by the search's static tests (for
        tests): at a trick start ``can_duck_all``; mid-trick, where it surely loses the
        trick in play (it played and is beaten, or it is still to play with no card of the
        suit led above the winning one, or with one below it to duck with), ``idle_after_trick``;
        None where neither applies (a trick it may win, trick 1, the club rule)."""
        cdef State s
        cdef int pos
        self._load(&s, state)
        if s.tricks_done == 0 or self.r.queen:
            return None
        if not s.ntrick:
            return bool(can_duck_all(&s, &self.r, target))
        if s.win_seat == target:
            return None
        pos = (target - s.leader + self.r.n) % self.r.n
        if pos >= s.ntrick and (suit_lane(s.hand[target], s.win >> 4) >> (s.win & 15)):
            if not (suit_lane(s.hand[target], s.win >> 4) & (((<u64>1) << (s.win & 15)) - 1)):
                return None
        return bool(idle_after_trick(&s, &self.r, target, pos))

    def score(self, tuple state, int seat):
        """``seat``'s final points in a finished ``state`` (for cross-checks)."""
        cdef State s
        self._load(&s, state)
        return final_score(&s, &self.r, seat)


def pack_rules(dict spec):
    """The rules spec (``solve.rules_spec``) as the core's C rules, the bytes
    ``Core.set_rules`` loads; equal rules give equal bytes.

    Raises:
        ValueError: a spec the core cannot play (seats outside 3..7, too many card values).
    """
    cdef RulesC r
    Core._build_rules(&r, spec)
    return (<char*>&r)[:sizeof(RulesC)]
