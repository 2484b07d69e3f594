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
include "_policy.pxi"
include "_mcts.pxi"

from cpython.exc cimport PyErr_SetInterrupt
from cpython.pythread cimport PyThread_get_thread_ident
from libc.stdlib cimport malloc, free
from libc.math cimport exp, log
import threading

# signal handlers are the main thread's business (see hd_catch_sigint); unsigned long as
# PyThread_get_thread_ident returns it (as a long, an ident above LONG_MAX would fail the
# import with OverflowError, and the comparison in `analyse` mixed signedness)
cdef unsigned long _MAIN_THREAD = threading.main_thread().ident


cdef int sigint_take(sigaction_t* python_sigint):
    """Before a search: on the main thread, Ctrl-C stops the search at its next limit
    check (`hd_catch_sigint`); 1 when the core's handler took Python's place."""
    if PyThread_get_thread_ident() == _MAIN_THREAD:
        return catch_sigint(python_sigint)
    return 0


cdef void sigint_give(int caught, const sigaction_t* python_sigint):
    """After a search: Python's handler back. A Ctrl-C during the search stopped it (an
    unfinished result); Python then raises KeyboardInterrupt as if the signal had come
    just now."""
    if caught and release_sigint(python_sigint):
        PyErr_SetInterrupt()


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
POLICIES = {"rule": POLICY_RULE, "lookahead": POLICY_LOOKAHEAD, "smoke": POLICY_SMOKE,
            "unload": POLICY_UNLOAD, "mimic": POLICY_MIMIC,
            "lookahead-model": POLICY_LOOKAHEAD_MODEL, "lookahead-guess": POLICY_LOOKAHEAD_GUESS}
#: the policies of the target's own plays only (they look ahead over the others' policies)
OWN_ONLY = ("lookahead-model", "lookahead-guess")

cdef int _check_range(str name, int value, int lo, int hi) except -1:
    """Raise ValueError unless ``lo <= value <= hi`` (a field of a state, `Core._load`)."""
    if not lo <= value <= hi:
        raise ValueError(f"the state's {name} is {value}, not in {lo}..{hi}")
    return 0


cdef int _check_packed(object packed) except -1:
    """Raise ValueError unless ``packed`` looks like C rules made by ``pack_rules`` where the
    search indexes its arrays by them (`Core.set_rules` copies them as they are): the size
    of RulesC (a shorter buffer would be read past its end), 3..7 seats, each seat's next
    seat a seat, at most MAXVALS card values."""
    cdef RulesC r
    cdef int i
    if not isinstance(packed, bytes) or len(packed) != sizeof(RulesC):
        raise ValueError(f"packed rules must be the {sizeof(RulesC)} bytes pack_rules makes")
    memcpy(&r, <const char*>packed, sizeof(RulesC))
    ok = 3 <= r.n <= MAXSEATS and 0 <= r.nneg <= r.nvals <= MAXVALS
    for i in range(r.n if ok else 0):
        ok = ok and 0 <= r.next_seat[i] < r.n
    if not ok:
        raise ValueError("packed rules that pack_rules did not make (seats or card values)")
    return 0


cdef class Core:
    """A search engine with its own transposition table and rollout policy.

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
    cdef PolicyC pol                # the rollout policy's view of the rules (set_policy)
    cdef object policy_spec         # the spec dict last loaded (None: no policy yet)
    cdef StopToken _stop            # the searches' stop (None: only limits and Ctrl-C)
    cdef const StopC* stop_c        # its C part, read by the searches without the GIL

    def __cinit__(self, int tt_bits=20):
        if not 10 <= tt_bits <= 28:
            raise ValueError(f"tt_bits must be in 10..28, got {tt_bits}")
        self.tt_bits = tt_bits
        self.rules_key = None
        self.game_key = None
        self.rules_spec = None
        self.policy_spec = None
        memset(&self.r, 0, sizeof(RulesC))
        memset(&self.pol, 0, sizeof(PolicyC))
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
        position would otherwise spend more on building them than a 6-trick search takes),
        or packed here for a spec without one."""
        if spec is self.rules_spec:
            return
        packed = spec.get("packed")
        if packed is None:
            packed = pack_rules(spec)
        if packed != self.rules_key:
            _check_packed(packed)
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

    cdef int _check_seat(self, int seat) except -1:
        """Raise ValueError unless `seat` is a seat of the rules loaded: the search indexes
        its per-seat arrays (MAXSEATS long) by the target and puts it in the table keys."""
        if not 0 <= seat < self.r.n:
            raise ValueError(f"seat {seat} is not a seat of the rules (0..{self.r.n - 1})")
        return 0

    cdef void _load(self, State* s, tuple st, int seat=0) except *:
        """Fill `s` from a state tuple (see `analyse`), checked so that no search reads or
        writes outside its arrays whatever the tuple holds (docs/internals.md "Memory
        safety"); `seat`, where the caller has a target, must be a seat of the rules.

        Raises:
            ValueError: a hand with a card outside the deck, another hand's card or more
                than MAXHAND cards; a trick card that is not a card of the deck, or is held,
                in the kitty or on the trick twice; a full trick; a seat, seat mask or count
                out of range for the rules' seats.
            OverflowError: a number too big for its field.
        """
        hands, trick, leader, hb, tricks_done, points, takers, won, sunc, first_winner, first_pos = st
        cdef int i, b, n = self.r.n
        cdef u64 m
        if len(hands) != n or len(points) != n:
            raise ValueError(f"the rules are for {n} seats, the state has {len(hands)} hands")
        self._check_seat(seat)
        if len(trick) >= n:
            raise ValueError(f"the state has {len(trick)} cards on the trick at a table of {n}")
        memset(s, 0, sizeof(State))
        for i in range(n):
            m = hands[i]
            # the unused bits atop each suit's lane carry `above_lowest`'s borrows, and the
            # killer slots and `moves` arrays are sized for 52 cards and MAXHAND a hand
            if m & ~DECK or m & s.rem or popcount(m) > MAXHAND:
                raise ValueError(f"hand {i} of the state holds a card outside the deck or "
                                 f"another hand's, or more than {MAXHAND} cards")
            s.hand[i] = m
            s.rem |= m
            s.points[i] = points[i]
        if tricks_done == 0:
            s.trick_mask = self.r.kitty         # goes with trick 1 (see State)
        s.ntrick = len(trick)
        s.win = -1                              # see State.win_top
        s.win_top = 63
        for i in range(s.ntrick):
            b = trick[i]
            if not (0 <= b < 64 and (DECK >> b) & 1) or ((s.rem | s.trick_mask) >> b) & 1:
                raise ValueError(f"trick card {b} of the state is not a card of the deck, "
                                 f"or is held, in the kitty or on the trick already")
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
        # seats index per-seat arrays, the takers' lowest bit is the moon shooter's seat
        # (`moon_shooter`), and the key holds each in a few bits
        _check_range("leader", s.leader, 0, n - 1)
        _check_range("tricks done", s.tricks_done, 0, 52 // n)
        _check_range("moon takers mask", s.takers, 0, (1 << n) - 1)
        _check_range("trick winners mask", s.won, 0, (1 << n) - 1)
        _check_range("sun candidate", s.sunc, -1, n)
        _check_range("trick-1 winner", s.first_winner, -1, n - 1)

    cdef void _game_for(self, str model, dict game) except *:
        """Model ``"game"`` needs the game (``solve.game_spec``): load it."""
        if model == "game":
            if game is None:
                raise ValueError("model 'game' needs the game (solve.game_spec)")
            self._load_game(game)

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
        self._check_seat(target)
        cdef sigaction_t python_sigint
        cdef int caught = sigint_take(&python_sigint)
        try:
            return self._analyse(state, target, model, node_limit, time_ms, want_pv, guess,
                                 game)
        finally:
            sigint_give(caught, &python_sigint)

    cdef double _begin(self, Ctx* c, const State* s, int target, int model,
                       int64_t node_limit, double time_ms) noexcept nogil:
        """Set up `c` for one solve of `s` on this core's table and rules (`model` a
        MODEL_* number); returns the start time (ms, monotonic)."""
        self.r.fast_pext = self.fast_pext
        self.r.key_fast = (self.fast_pext and self.r.n <= 4 and not self.r.spec2_lanes
                           and not self.r.bonus and not self.r.sun_mode and self.r.moon != 0)
        c.r = &self.r
        c.g = &self.game
        c.tt = self.tt
        c.tt_mask = self.tt_used
        c.tt_full_mask = self.tt_mask
        c.grow_base = -self.nodes_used
        c.grow_nodes = self.grow_nodes if self.grow_nodes > 0 else 0
        grow_plan(c)
        c.near = self.tt
        c.near_mask = 0
        c.near_cards = 0
        if self.tt_bits >= NEAR_FROM_BITS:
            c.near = self.tt + ((<size_t>1) << self.tt_bits)
            c.near_mask = ((<u64>1) << NEAR_BITS) - 1
            c.near_cards = NEAR_CARDS
        c.target = target
        c.model = model
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
        return t0

    cdef void _end(self, const Ctx* c) noexcept nogil:
        """After a solve: the table's part in use and the nodes it has taken (`tt_grow`)."""
        self.tt_used = c.tt_mask
        self.nodes_used += c.nodes

    cdef int _default_guess(self, const Ctx* c, const State* s) noexcept nogil:
        """The first probe's guess when none is given: the points the target has taken
        (paranoid), its standing if the deal ended now (game), else 0."""
        cdef int i, pace
        cdef int taken[MAXSEATS]
        cdef int after[MAXSEATS]
        memset(after, 0, sizeof(after))
        if c.model == MODEL_PARANOID:
            return s.points[c.target]
        if c.model == MODEL_GAME:
            for i in range(self.r.n):
                taken[i] = s.points[i]
            game_advance(&self.game, taken, self.r.n, -1, after)
            return game_scalar(&self.game, after, self.r.n, c.target, &pace)
        return 0

    cdef u64 _root_start(self, Ctx* c, Root* R, const State* s, bint has_guess,
                         int guess) noexcept nogil:
        """Start the root search of `s` (`root_start`), the first guess `guess` (without
        `has_guess`: the default) clamped to the cheap bounds; returns its cards, one per
        class."""
        cdef int lo, hi
        # the kitty separates no cards: it is never played
        cdef u64 reps = reduce_equivalent(legal_moves(s, &self.r), s.hand[s.turn],
                                          remaining(s) | (s.trick_mask & ~self.r.kitty), &self.r)
        node_bounds(c, s, &lo, &hi, INF)
        # a first guess inside the bounds near the points already taken
        if not has_guess:
            guess = self._default_guess(c, s)
        root_start(c, R, s, reps, min(max(lo, guess), hi))
        return reps

    cdef object _analyse(self, tuple state, int target, str model, long long node_limit,
                         double time_ms, bint want_pv, object guess, dict game):
        """`analyse` without the Ctrl-C handling."""
        if model not in MODELS:
            raise ValueError(f"unknown model {model!r}")
        self._game_for(model, game)
        cdef State s
        cdef Ctx c
        cdef Root R
        self._load(&s, state, target)
        cdef double t0 = self._begin(&c, &s, target, MODELS[model], node_limit, time_ms)
        # Later cards start at the best value found so far (for the mover: the lowest
        # when it is the target, else the highest), and after a first probe that fails
        # low climb from the first card's guess (`mtdf_probe`): 5-8% fewer nodes on the
        # fixed sets (seeds 1-8) than starting at the previous card's value.
        cdef u64 reps = self._root_start(&c, &R, &s, guess is not None,
                                         0 if guess is None else <int>guess)
        cdef u64 legal = legal_moves(&s, &self.r)
        cdef int i, j, b, rep = -1
        groups = {}
        cdef u64 x = legal
        while x:
            b = ctz(x)
            x &= x - 1
            if (reps >> b) & 1:
                rep = b
                groups[rep] = [b]
            else:
                groups[rep].append(b)
        lines = [None] * R.n            # per card: its pv once valued (None: not yet)
        values = [None] * R.n
        while True:
            with nogil:
                i = root_next(&c, &R)
            if i < 0:
                break
            if c.model == MODEL_MAXN:
                values[i] = [R.vec[i][j] for j in range(self.r.n)]
            else:
                values[i] = R.value[i]
            lines[i] = self._line(&c, &R.kids[i], R.moves[i], values[i], want_pv)
            if lines[i] is None:
                break
        self._end(&c)
        results = []
        for i in range(R.n):
            if lines[i] is not None:
                results.append((R.moves[i], groups[R.moves[i]], values[i], lines[i]))
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

    # -- rollouts: the rule bot's play-out, then an exact solve ---------------------------

    def set_policy(self, dict spec):
        """Load the rollout policy's view of the rules' point table (a dict made by
        ``hearts.analysis.policy.policy_spec``): ``big`` (card bits of the big penalty
        cards, most points first), ``high`` (per big card, the mask of the cards of its
        suit above it), ``bonus`` (card bits of the bonus cards, most negative first),
        ``penalty`` (the mask of the cards of positive value) and ``deck`` (the mask of
        the cards dealt, kitty included). Kept until another spec is loaded.

        Raises:
            ValueError: a missing key, a card bit outside the deck's lanes, more than 64
                big or bonus cards, or ``high`` not one mask per big card.
        """
        if spec is self.policy_spec:
            return
        cdef PolicyC p
        cdef int i
        memset(&p, 0, sizeof(PolicyC))
        try:
            big, high, bonus = list(spec["big"]), list(spec["high"]), list(spec["bonus"])
            penalty, deck = int(spec["penalty"]), int(spec["deck"])
        except KeyError as err:
            raise ValueError(f"policy spec: no {err.args[0]!r}") from None
        if len(big) > MAXPOLICY or len(bonus) > MAXPOLICY or len(high) != len(big):
            raise ValueError(f"policy spec: {len(big)} big cards with {len(high)} masks of "
                             f"higher cards and {len(bonus)} bonus cards (at most "
                             f"{MAXPOLICY} each, one mask per big card)")
        for b in big + bonus:
            if not (0 <= b < 64 and (DECK >> b) & 1):
                raise ValueError(f"policy spec: {b} is not a card bit")
        for m in high + [penalty, deck]:
            if not 0 <= m <= DECK or m & ~DECK:
                raise ValueError(f"policy spec: {m:#x} is not a card mask")
        p.nbig = len(big)
        p.nbonus = len(bonus)
        for i in range(p.nbig):
            p.big[i] = big[i]
            p.high[i] = high[i]
            p.big_mask |= (<u64>1) << p.big[i]
        for i in range(p.nbonus):
            p.bonus[i] = bonus[i]
            p.bonus_mask |= (<u64>1) << p.bonus[i]
        p.penalty = penalty
        p.deck = deck
        mimic = spec.get("mimic")
        if mimic is not None:
            mimic = [float(w) for w in mimic]
            if len(mimic) != MIMIC_NF:
                raise ValueError(f"policy spec: {len(mimic)} weights for the learned policy, "
                                 f"expected {MIMIC_NF}")
            p.has_mimic = 1
            for i in range(MIMIC_NF):
                p.mimic[i] = mimic[i]
        self.pol = p
        self.policy_spec = spec

    cdef void _need_mimic(self, str policy) except *:
        if policy == "mimic" and not self.pol.has_mimic:
            raise ValueError("the learned rollout policy (mimic) needs its weights in the "
                             "policy spec (Core.set_policy)")

    cdef int _discard_policy(self, str policy) except -2:
        """The code of the discards' policy ``policy`` (-1 for None: the seat's own policy),
        checked: a known policy, not a target's own look-ahead, its weights loaded."""
        if policy is None:
            return -1
        if policy not in POLICIES or policy in OWN_ONLY:
            raise ValueError(f"unknown rollout policy {policy!r} for discards: "
                             f"expected rule, lookahead, smoke, unload or mimic")
        self._need_mimic(policy)
        return POLICIES[policy]

    cdef void _need_policy(self) except *:
        if self.policy_spec is None:
            raise ValueError("no rollout policy loaded (Core.set_policy)")

    def policy_card(self, tuple state, bint smoke=False, bint unload=False):
        """The rule bot's card (a card bit) for the seat to move in ``state`` (the policy
        of ``set_policy``; ``hearts.analysis.policy.rule_play`` is the reference), with
        ``smoke`` the one that leads to smoke out a big card (`smoke_card`), with
        ``unload`` the one that also unloads high cards early (`unload_card`).

        Raises:
            ValueError: no policy loaded, or the deal is over.
        """
        cdef State s
        self._need_policy()
        self._load(&s, state)
        if not s.rem:
            raise ValueError("the deal is over: no card to play")
        if unload:
            return unload_card(&s, &self.r, &self.pol)
        if smoke:
            return smoke_card(&s, &self.r, &self.pol)
        return rule_card(&s, &self.r, &self.pol)

    def mimic_card(self, tuple state, unsigned long long seed):
        """A card (bit) for the seat to move in ``state`` drawn from the learned policy of
        ``set_policy``'s weights (`mimic_card`, one draw from the random stream ``seed``,
        as a rollout draws it).

        Raises:
            ValueError: no policy or no learned weights loaded, or the deal is over.
        """
        cdef State s
        cdef u64 rng = seed
        self._need_policy()
        self._need_mimic("mimic")
        self._load(&s, state)
        if not s.rem:
            raise ValueError("the deal is over: no card to play")
        return mimic_card(&s, &self.r, &self.pol, &rng)

    def mimic_features(self, tuple state):
        """The learned policy's view of ``state``: for each legal card of the seat to move
        (lowest bit first), ``(card bit, features)``, the MIMIC_NF (32) features of
        `mimic_features` (``hearts.analysis.mimic.FEATURES`` names them). The policy of
        ``set_policy`` gives the big card; its weights are not needed.

        Raises:
            ValueError: no policy loaded, or the deal is over.
        """
        cdef State s
        cdef double f[MIMIC_NF]
        cdef u64 legal, x
        cdef int b
        self._need_policy()
        self._load(&s, state)
        if not s.rem:
            raise ValueError("the deal is over: no card to play")
        legal = legal_moves(&s, &self.r)
        x = legal
        out = []
        while x:
            b = ctz(x)
            x &= x - 1
            memset(f, 0, MIMIC_NF * sizeof(double))
            mimic_features(&s, &self.r, &self.pol, b, legal, f)
            out.append((b, tuple(f[i] for i in range(MIMIC_NF))))
        return out

    def policy_line(self, tuple state, int tricks_left):
        """The cards (bits, in play order) the rule bot plays from ``state`` until at
        most ``tricks_left`` tricks are left at a trick start, or the deal is over
        (``hearts.analysis.policy.play_out``).

        Raises:
            ValueError: no policy loaded.
        """
        cdef State s
        cdef int b
        self._need_policy()
        self._load(&s, state)
        line = []
        while play_goes_on(&s, &self.r, tricks_left):
            b = rule_card(&s, &self.r, &self.pol)
            play_card(&s, b, &self.r)
            line.append(b)
        return line

    def policy_likelihood(self, tuple state, object plays, int observer, object noise):
        """The log-likelihood (natural log) of ``plays`` (card bits, in order, legal from
        ``state``) under a play model of every seat but ``observer``. ``noise`` five numbers:
        a noisy rule bot; in each kind of play, with chance ``1 - noise[kind]`` the seat
        plays the rule bot's card (the policy of ``set_policy``), else a uniformly random
        legal card. Kinds: 0 lead, 1 follow above the winning card (no card ducks, not
        last), 2 duck (a card below the winning one is legal), 3 follow as last to play, 4
        discard; a noise of 1 adds nothing. ``noise`` ``"mimic"``: the learned policy's
        chance of each play (`mimic_log_chance`; its weights in the policy). Forced plays
        add nothing, nor do the observer's own plays (they are known, not evidence about
        hidden cards).

        Raises:
            ValueError: no policy loaded, ``noise`` neither five numbers in 0..1 nor
                ``"mimic"`` (or no learned weights loaded), or a play that is not legal
                where it falls.
        """
        cdef State s
        cdef double e[5]
        cdef double ll = 0.0, p
        cdef u64 legal, below
        cdef int b, kind, k, count
        cdef bint mimic = isinstance(noise, str) and noise == "mimic"
        self._need_policy()
        if mimic:
            self._need_mimic("mimic")
        elif not isinstance(noise, tuple) or len(noise) != 5:
            raise ValueError(f"noise: five numbers (lead, over, duck, last, discard) or "
                             f"'mimic', got {noise!r}")
        else:
            for k in range(5):
                e[k] = noise[k]
                if not 0.0 <= e[k] <= 1.0:
                    raise ValueError(f"noise {k}: {e[k]} is outside 0..1")
        self._load(&s, state)
        for item in plays:
            b = item
            if not (0 <= b < 64 and s.rem):
                raise ValueError(f"play {b}: not a card bit, or the deal is over")
            legal = legal_moves(&s, &self.r)
            if not (legal >> b) & 1:
                raise ValueError(f"play {b} is not legal where it falls")
            if s.turn != observer and legal & (legal - 1):
                if mimic:
                    ll += mimic_log_chance(&s, &self.r, &self.pol, legal, b)
                else:
                    if s.ntrick == 0:
                        kind = 0
                    elif legal & (LANE << (16 * (s.win >> 4))):
                        below = legal & ((((<u64>1) << s.win)) - 1)
                        kind = 2 if below else (3 if s.ntrick == self.r.n - 1 else 1)
                    else:
                        kind = 4
                    if e[kind] < 1.0:
                        count = popcount(legal)
                        p = e[kind] / count
                        if rule_card(&s, &self.r, &self.pol) == b:
                            p += 1.0 - e[kind]
                        ll += log(p)
            play_card(&s, b, &self.r)
        return ll

    def ismcts(self, tuple state, object hands, int iterations, double c=0.7,
               unsigned long long seed=0, str policy="rule", double epsilon=0.0,
               str discard_policy=None, bint model_others=False):
        """Information-set MCTS for the seat to move in ``state`` (``_mcts.pxi``: one tree
        over the sampled deals ``hands``, UCB1 on availability counts, each seat maximising
        minus its own final points / 26, play-outs by the rollout policy to the end of the
        deal, moon and sun scored); all of it without the GIL. With ``model_others`` only
        the seat to move searches: the other seats' cards in the tree are the rollout
        policy's too (a best response to that model).

        Args:
            state: as ``analyse``; only its public part is read, and the hand of the seat to
                move.
            hands: the sampled deals, each ``n`` hand masks (seat 0 first): the seat to
                move's hand as in ``state``, every hand of the size in ``state``, the hands
                together the cards still out. Iteration ``i`` plays in deal ``i % len``.
            iterations: tree iterations (1..50,000,000; one node each).
            c: the UCB1 exploration constant (rewards are in -1..0 at standard rules).
            seed: the random stream of ``epsilon`` and of a drawing policy (``mimic``).
            policy, epsilon, discard_policy: the play-out policy, as ``rollout``.
            model_others: the other seats play ``policy`` in the tree as well.

        Returns:
            A list of ``(card bit, visits, mean final points of the seat to move)``, one per
            legal card of the seat to move that the search tried, most visited first.

        Raises:
            ValueError: no policy loaded, the deal over, no deals, a deal whose hands do
                not fit ``state``, iterations out of range, an unknown policy, epsilon
                outside 0..1.
        """
        cdef State s
        cdef RolloutC how
        cdef int i, j, n = self.r.n, seat, discards
        cdef i32 used = 1, k
        cdef int64_t it, count
        cdef double cc = c
        self._need_policy()
        self._load(&s, state)
        if not s.rem:
            raise ValueError("the deal is over: no card to play")
        if not 1 <= iterations <= 50_000_000:
            raise ValueError(f"iterations must be 1..50,000,000, got {iterations}")
        if (policy not in POLICIES or policy in OWN_ONLY
                or not 0.0 <= epsilon <= 1.0):
            raise ValueError(f"policy must be one of {sorted(POLICIES)} (not "
                             f"{' or '.join(OWN_ONLY)}, a target's own policy) and epsilon "
                             f"0..1, got {policy!r} and {epsilon}")
        self._need_mimic(policy)
        discards = self._discard_policy(discard_policy)
        seat = s.turn
        deals = [tuple(int(m) for m in h) for h in hands]
        count = len(deals)
        if not count:
            raise ValueError("no sampled deals")
        cdef State* worlds = <State*>malloc(count * sizeof(State))
        cdef MNode* pool = <MNode*>malloc((<size_t>iterations + 1) * sizeof(MNode))
        cdef i32 path[64]
        cdef State t
        cdef u64 union_
        try:
            if worlds == NULL or pool == NULL:
                raise MemoryError("ismcts tree")
            for j in range(count):
                h = deals[j]
                if len(h) != n or h[seat] != s.hand[seat]:
                    raise ValueError(f"deal {j}: not {n} hands, or the seat to move's hand "
                                     f"is not the state's")
                worlds[j] = s
                union_ = 0
                for i in range(n):
                    m = h[i]
                    if m & union_ or popcount(m) != popcount(s.hand[i]):
                        raise ValueError(f"deal {j}: hand {i} overlaps another or is not "
                                         f"of the state's size")
                    union_ |= m
                    worlds[j].hand[i] = m
                if union_ != s.rem:
                    raise ValueError(f"deal {j}: the hands are not the cards still out")
            how.policy = POLICIES[policy]
            how.runs = 1
            how.epsilon = epsilon
            how.lead_epsilon = epsilon
            how.discard_epsilon = epsilon
            how.rng = seed
            how.shooter = -1
            how.defender = -1
            how.steady = -1
            how.own_policy = -1
            how.discard_policy = discards
            how.guesses = 0
            pool[0].first = -1
            pool[0].sibling = -1
            pool[0].card = -1
            pool[0].seat = -1
            pool[0].visits = 0
            pool[0].avail = 0
            pool[0].reward = 0.0
            with nogil:
                for it in range(iterations):
                    t = worlds[it % count]
                    mcts_iterate(pool, &used, &t, &self.r, &self.pol, &how, cc, path, seat,
                                 model_others)
            out = []
            k = pool[0].first
            while k >= 0:
                out.append((pool[k].card, pool[k].visits,
                            -26.0 * pool[k].reward / pool[k].visits))
                k = pool[k].sibling
            out.sort(key=lambda x: (-x[1], x[2], x[0]))
            return out
        finally:
            free(worlds)
            free(pool)

    def rollout(self, tuple state, int target, str model, int horizon, object cards=None,
                long long node_limit=0, double time_ms=0, bint retry=False, bint whole=False,
                dict game=None,
                str policy="rule", int runs=1, double epsilon=0.0, unsigned long long seed=0,
                int shooter=-1, bint steady=False, double lead_epsilon=-1.0,
                str own_policy=None, int defender=-1, double discard_epsilon=-1.0,
                str discard_policy=None, tuple facts=None, int guesses=1):
        """Rollouts: for each of ``cards`` (card bits legal in ``state``; None: one rollout
        from ``state`` itself), play the card, let every seat play the rollout policy (the
        rule bot of ``set_policy`` by default) until ``horizon`` tricks are left at a trick
        start, then solve that position exactly under ``model`` with this core's table;
        all of it without the GIL.

        Args:
            state: as ``analyse``.
            target: the seat whose value is returned (paranoid, game); max^n returns
                every seat's points.
            model: ``"paranoid"``, ``"maxn"`` or ``"game"``.
            horizon: tricks left (0..) at which the exact solve takes over; 0 plays the
                deal to its end.
            node_limit: stop one solve after this many nodes (0: none).
            time_ms: stop one solve after this many milliseconds (0: none).
            retry: a solve stopped by a limit is redone after one more trick of the
                rule bot (so every card is valued); without it the card has no value.
            whole: solve for the position's value alone (one MTD(f) climb, or one max^n
                search), not every card of its seat to move as ``analyse`` does: the same
                value in less time (paranoid at 6-7 tricks left 1.5-1.9 times less, max^n
                10-20%), but a node limit then counts other nodes than ``analyse``'s.
            game: model ``"game"`` only (and required there), as ``analyse``.
            policy: ``"rule"`` (the rule bot), ``"lookahead"`` (each seat plays the card
                after which the rule bot's play-out to the end leaves it the fewest
                points: `lookahead_card`), ``"smoke"`` (the rule bot, leading the suit
                of a big card still out below it when it holds no card above it:
                `smoke_card`), ``"unload"`` (the smoking rule bot, which otherwise leads
                its highest club or diamond in the suit's first two rounds: `unload_card`)
                or ``"mimic"`` (a card drawn from the learned policy whose weights
                ``set_policy`` loaded: `mimic_card`).
            runs: rollouts per card (1..64); with more than one, each card's value is the
                list of the runs' values.
            epsilon: the chance (0..1) that a seat plays a uniformly random legal card
                instead of the policy's, at every play of the rollout.
            seed: the random stream of ``epsilon`` (the same seed, the same rollouts).
            shooter: a seat that tries to shoot the moon while no other seat has taken a
                moon card (`shoot_card`; the others defend, `moon_defence`), or -1: an
                experiment (``docs/experiments.md``, "Moon plan").
            steady: ``target`` never plays the random card of ``epsilon`` (only the
                other seats do), and draws no random number for its plays.
            lead_epsilon: the chance of a random card for a lead (a trick's first card),
                0..1; below 0 (the default): ``epsilon``.
            discard_epsilon: the same for a discard (a card off the suit led), 0..1; below
                0 (the default): ``epsilon``.
            discard_policy: the policy of the discards of every seat that plays ``policy``
                (a name as ``policy``); None (the default): ``policy``.
            own_policy: the policy of ``target``'s own plays (a name as ``policy``, or
                ``"lookahead-model"``: `lookahead_card` whose play-outs play the other
                seats as this rollout does, `lookahead_model_card`; or
                ``"lookahead-guess"``: that look-ahead over ``guesses`` guesses of the
                hands ``target`` cannot see, not over the true ones,
                `lookahead_guess_card`), the other seats playing ``policy``; None (the
                default): ``policy`` for all.
            facts: for ``"lookahead-guess"``, what ``target`` knows of the other hands:
                ``(excluded, known)``, per seat (n card masks each) the cards it cannot
                hold (its voids) and the cards it is known to hold (the cards ``target``
                passed it); None: nothing known. The voids the rollout's discards show
                are added as it plays.
            guesses: for ``"lookahead-guess"``, the guesses of the hidden hands a
                decision (1..8; each card played out on every one).
            defender: with ``shooter``, the one seat that defends against it
                (`moon_defence`), the others playing their policy as if no moon were on;
                -1 (the default): every other seat defends.

        Returns:
            dict with ``values``: per card (or one), the value of the position at the
            horizon for its seat to move, as ``analyse`` values that seat's best card:
            paranoid the target's final points (int), game its standing
            (``result * 2048 + margin``), max^n the final points of the n seats (list; the
            seat to move there plays its lowest-valued card, the lowest card on ties), the
            final score when the deal ended first; None when a limit, the core's ``stop``
            or Ctrl-C stopped the solve. ``nodes``: search nodes in all; ``complete``:
            every card valued; ``stopped``: the solves at the horizon that a limit, the
            ``stop`` or Ctrl-C cut short (each redone one trick later with ``retry``).

        Raises:
            ValueError: no policy loaded, an unknown model or rollout policy, a negative
                horizon, a card not legal in ``state`` (or a deal that is over, with
                cards), more than 64 cards, a state or game not for the rules' seats, model
                ``"game"`` without ``game``, ``guesses`` outside 1..8, ``facts`` not two
                masks per seat or a seat both holding and not holding a card.
        """
        cdef sigaction_t python_sigint
        cdef int caught
        cdef RolloutC how
        self._need_policy()
        if model not in ("paranoid", "maxn", "game"):
            raise ValueError(f"unknown model {model!r} for rollouts: expected paranoid, "
                             f"maxn or game")
        if horizon < 0:
            raise ValueError(f"horizon must be at least 0 tricks, got {horizon}")
        self._game_for(model, game)
        cdef State s
        self._load(&s, state, target)
        bits = [-1] if cards is None else [int(b) for b in cards]
        if len(bits) > 64:
            raise ValueError(f"at most 64 cards a call, got {len(bits)}")
        cdef u64 legal = legal_moves(&s, &self.r) if s.rem else 0
        for b in bits:
            if b >= 0 and not (0 <= b < 64 and (legal >> b) & 1):
                raise ValueError(f"card bit {b} is not a legal card in the state")
        how.target = target
        how.model = MODELS[model]
        how.horizon = horizon
        how.node_limit = node_limit
        how.time_ms = time_ms
        how.retry = retry
        how.whole = whole
        if policy not in POLICIES or policy in OWN_ONLY:
            raise ValueError(f"unknown rollout policy {policy!r}: expected rule, lookahead, "
                             f"smoke, unload or mimic ({' and '.join(OWN_ONLY)}: "
                             f"own_policy only)")
        if (not 1 <= runs <= 64 or not 0.0 <= epsilon <= 1.0 or lead_epsilon > 1.0
                or discard_epsilon > 1.0):
            raise ValueError(f"runs must be 1..64 and epsilon, lead_epsilon and "
                             f"discard_epsilon 0..1, got {runs}, {epsilon}, {lead_epsilon} "
                             f"and {discard_epsilon}")
        if own_policy is not None and own_policy not in POLICIES:
            raise ValueError(f"unknown rollout policy {own_policy!r} for the target's own "
                             f"plays: expected rule, lookahead, lookahead-model, "
                             f"lookahead-guess, smoke, unload or mimic")
        self._need_mimic(policy)
        self._need_mimic(own_policy)
        how.discard_policy = self._discard_policy(discard_policy)
        how.policy = POLICIES[policy]
        how.own_policy = -1 if own_policy is None else POLICIES[own_policy]
        how.runs = runs
        how.epsilon = epsilon
        how.lead_epsilon = epsilon if lead_epsilon < 0 else lead_epsilon
        how.discard_epsilon = epsilon if discard_epsilon < 0 else discard_epsilon
        how.rng = seed
        if not -1 <= shooter < self.r.n:
            raise ValueError(f"shooter must be a seat or -1, got {shooter}")
        how.shooter = shooter
        if not -1 <= defender < self.r.n or (defender >= 0 and defender == shooter):
            raise ValueError(f"defender must be a seat other than the shooter or -1, got "
                             f"{defender}")
        how.defender = defender
        how.steady = target if steady else -1
        how.stopped = 0
        if not 1 <= guesses <= 8:
            raise ValueError(f"guesses must be 1..8, got {guesses}")
        self._facts(&how, facts, guesses if own_policy == "lookahead-guess" else 0)
        caught = sigint_take(&python_sigint)
        try:
            return self._rollouts(&s, &how, bits)
        finally:
            sigint_give(caught, &python_sigint)

    cdef int _facts(self, RolloutC* how, tuple facts, int guesses) except -1:
        """`rollout`'s ``facts`` and ``guesses`` into `how` (0 guesses: none tracked)."""
        cdef int j, n = self.r.n
        how.guesses = guesses
        for j in range(MAXSEATS):
            how.excluded[j] = 0
            how.known[j] = 0
        if facts is None:
            return 0
        if len(facts) != 2 or any(len(f) != n for f in facts):
            raise ValueError(f"facts must be (excluded, known), {n} card masks each")
        for j in range(n):
            how.excluded[j] = <u64>int(facts[0][j])
            how.known[j] = <u64>int(facts[1][j])
            if how.excluded[j] & how.known[j]:
                raise ValueError(f"facts: seat {j} both holds and cannot hold a card")
        return 0

    cdef dict _rollouts(self, const State* s, const RolloutC* how, list bits):
        """`rollout` after its checks."""
        cdef Ctx c
        cdef Root R
        cdef State t
        cdef int k, j, run, i, n = len(bits), seats = self.r.n, runs = how.runs
        cdef int card[64]
        cdef int* ok = <int*>malloc(n * runs * sizeof(int))
        cdef int* out = <int*>malloc(n * runs * MAXSEATS * sizeof(int))
        cdef int64_t nodes = 0, stopped = 0
        cdef RolloutC mine = how[0]
        if n == 0:
            free(ok)
            free(out)
            return {"values": [], "nodes": 0, "complete": True, "stopped": 0}
        if ok == NULL or out == NULL:
            free(ok)
            free(out)
            raise MemoryError("rollout results")
        for k in range(n):
            card[k] = bits[k]
        try:
            with nogil:
                for k in range(n):
                    for run in range(runs):
                        i = k * runs + run
                        # run r of every card draws the same stream (paired cards)
                        mine.rng = how.rng + <u64>run * 0xD1B54A32D192ED03ULL
                        mine.stopped = 0
                        t = s[0]
                        if card[k] >= 0:
                            play_card(&t, card[k], &self.r)
                        ok[i] = self._rollout_one(&c, &R, &t, &mine, &out[i * MAXSEATS],
                                                  &nodes)
                        stopped += mine.stopped
            values = []
            for k in range(n):
                per_run = []
                for run in range(runs):
                    i = k * runs + run
                    if not ok[i]:
                        per_run.append(None)
                    elif how.model == MODEL_MAXN:
                        per_run.append([out[i * MAXSEATS + j] for j in range(seats)])
                    else:
                        per_run.append(out[i * MAXSEATS])
                values.append(per_run if runs > 1 else per_run[0])
            complete = all(ok[i] for i in range(n * runs))
        finally:
            free(ok)
            free(out)
        return {"values": values, "nodes": nodes, "complete": complete, "stopped": stopped}

    cdef int _rollout_one(self, Ctx* c, Root* R, State* s, RolloutC* how, int* out,
                          int64_t* nodes) noexcept nogil:
        """One rollout of `s` (changed): the rule bot to `how.horizon` tricks left, then the
        exact value (`_solve_value`) into `out`, or the final score if the deal ended;
        with `how.retry` a solve stopped by the limit is redone one bot trick later.
        Returns 1 when `out` holds the value."""
        cdef int left = how.horizon, i
        while True:
            rollout_play(s, &self.r, &self.pol, how, left)
            if not s.rem:
                if how.model == MODEL_MAXN:
                    for i in range(self.r.n):
                        out[i] = final_score(s, &self.r, i)
                elif how.model == MODEL_GAME:
                    c.r = &self.r
                    c.g = &self.game
                    c.target = how.target
                    out[0] = game_leaf(c, s)
                else:
                    out[0] = final_score(s, &self.r, how.target)
                return 1
            if self._solve_value(c, R, s, how, out, nodes):
                return 1
            how.stopped += 1
            if not how.retry:
                return 0
            left = popcount(s.rem) // self.r.n - 1

    cdef int _solve_value(self, Ctx* c, Root* R, const State* s, const RolloutC* how,
                          int* out, int64_t* nodes) noexcept nogil:
        """The exact value of `s` into `out`: max^n the points vector of the best card of
        the seat to move (its own points lowest, then the lowest card), the other models
        the best value for the seat to move (the lowest when it is the target, else the
        highest). As `analyse` finds it (every root card, the same nodes), or with
        `how.whole` by one search of `s` (the same value). Adds the nodes to `nodes`;
        returns 0 when a limit stopped the search."""
        cdef int i, j, best = -1, mover = s.turn
        cdef int target = mover if how.model == MODEL_MAXN else how.target
        cdef Climb m
        # max^n: the target is the mover, as Solver.solve_position sets it (table keys)
        self._begin(c, s, target, how.model, how.node_limit, how.time_ms)
        if how.whole:
            if how.model == MODEL_MAXN:
                maxn(c, s, out)
            else:
                mtdf_start(c, s, &m, self._default_guess(c, s))
                mtdf(c, s, &m, m.g)
                out[0] = m.lo
            self._end(c)
            nodes[0] += c.nodes
            return not c.abort
        self._root_start(c, R, s, 0, 0)
        while root_next(c, R) >= 0:
            pass
        self._end(c)
        nodes[0] += c.nodes
        if c.abort:
            return 0
        for i in range(R.n):
            if best < 0:
                best = i
            elif how.model == MODEL_MAXN:
                if (R.vec[i][mover] < R.vec[best][mover]
                        or (R.vec[i][mover] == R.vec[best][mover] and R.moves[i] < R.moves[best])):
                    best = i
            elif (R.value[i] < R.value[best]) if mover == target else (R.value[i] > R.value[best]):
                best = i
        if how.model == MODEL_MAXN:
            for j in range(self.r.n):
                out[j] = R.vec[best][j]
        else:
            out[0] = R.value[best]
        return 1

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
        self._load(&s, state, target)
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
        self._load(&s, state, target)
        score_bounds(&self.r, &s, target, &lo, &hi, own, INF)
        score_bounds_full(&self.r, &s, target, &flo, &fhi, own)
        return (lo, hi), (flo, fhi)

    def moon_stoppable(self, tuple state, int target):
        """Whether ``target`` can keep every other seat from shooting the moon by the test
        of ``moon_stoppable`` (for tests): False also where no other seat could shoot."""
        cdef State s
        cdef int takers
        self._load(&s, state, target)
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
        self._load(&s, state, target)
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
        self._load(&s, state, target)
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
        self._load(&s, state, target)
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
        self._load(&s, state, target)
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
        self._load(&s, state, target)
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
        self._load(&s, state, target)
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
        self._load(&s, state, seat)
        return final_score(&s, &self.r, seat)

    def grow_stopped(self, long long moved):
        """Take the table's next growth step now (`tt_grow`) as a limit would stop it after
        moving the entries of the first ``moved`` entries of the part in use (for tests):
        the part is widened, the entries not moved are lost. Nothing happens when the
        whole table is in use already."""
        cdef Ctx c
        memset(&c, 0, sizeof(Ctx))
        c.tt = self.tt
        c.tt_mask = self.tt_used
        c.tt_full_mask = self.tt_mask
        c.gen = self.gen
        grow_plan(&c)
        if c.grow_at != INT64_MAX:
            tt_move(&c, <u64>max(moved, 0))
            self.tt_used = c.tt_mask


def pack_rules(dict spec):
    """The rules spec (``solve.rules_spec``) as the core's C rules, the bytes
    ``Core.set_rules`` loads; equal rules give equal bytes.

    Raises:
        ValueError: a spec the core cannot play (seats outside 3..7, too many card values).
    """
    cdef RulesC r
    Core._build_rules(&r, spec)
    return (<char*>&r)[:sizeof(RulesC)]
