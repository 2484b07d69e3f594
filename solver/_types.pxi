# Fixed-width types, bit helpers and the plain C structs shared by the search core.
# Included by _core.pyx (one extension module: .pxd lookup does not work under
# package-dir mapping, Cython issue 2452).

from libc.stdint cimport uint64_t, int16_t, int8_t, int32_t, int64_t, INT64_MAX

ctypedef uint64_t u64
ctypedef int16_t i16
ctypedef int8_t i8

cdef extern from *:
    """
    static inline int hd_popcount(unsigned long long x) { return __builtin_popcountll(x); }
    static inline int hd_ctz(unsigned long long x) { return __builtin_ctzll(x); }
    static inline int hd_top(unsigned long long x) { return 63 - __builtin_clzll(x); }
    """
    int popcount "hd_popcount"(u64 x) noexcept nogil
    int ctz "hd_ctz"(u64 x) noexcept nogil
    int topbit "hd_top"(u64 x) noexcept nogil

cdef extern from *:
    """
    #include <stdint.h>
    /* Parallel bit extract: the bits of x under mask m, packed to the bottom (x86 PEXT).
       The hardware instruction is one cycle on Intel since Haswell and on AMD since Zen 3,
       but microcoded (hundreds of cycles) on earlier AMD cores, so it is used only when
       the CPU is known to do it fast; elsewhere a loop over the set bits of x & m. */
    static inline uint64_t hd_pext_soft(uint64_t x, uint64_t m) {
        uint64_t out = 0, b;
        x &= m;
        while (x) {
            b = x & (0 - x);
            out |= (uint64_t)1 << __builtin_popcountll(m & (b - 1));
            x ^= b;
        }
        return out;
    }
    #if defined(__x86_64__) && defined(__GNUC__)
    #include <cpuid.h>
    /* The instruction in inline assembly: a target("bmi2") function is never inlined
       into the others, so each extract was a call (the table key takes three). The
       assembler knows PEXT whatever the -m flags; it runs only where hd_pext_is_fast. */
    static inline uint64_t hd_pext_hw(uint64_t x, uint64_t m) {
        uint64_t out;
        __asm__("pextq %2, %1, %0" : "=r"(out) : "r"(x), "r"(m));
        return out;
    }
    static int hd_pext_probe(void) {
        unsigned a, b, c, d, family;
        if (!__builtin_cpu_supports("bmi2") || !__get_cpuid(0, &a, &b, &c, &d)) return 0;
        if (b == 0x756e6547) return 1;                      /* "GenuineIntel" */
        if (b == 0x68747541 && __get_cpuid(1, &a, &b, &c, &d)) {   /* "AuthenticAMD" */
            family = ((a >> 8) & 15) + ((a >> 20) & 255);
            return family >= 0x19;                          /* Zen 3 and later */
        }
        return 0;
    }
    /* Asked once per process: CPUID traps to the hypervisor in a virtual machine, and a
       new core asking it each time took 15 us, more than the rest of a 6-trick solve's
       setup. Called from Core.__cinit__, with the GIL held. */
    static int hd_pext_is_fast(void) {
        static int known = -1;
        if (known < 0) known = hd_pext_probe();
        return known;
    }
    #else
    static inline uint64_t hd_pext_hw(uint64_t x, uint64_t m) { return hd_pext_soft(x, m); }
    static int hd_pext_is_fast(void) { return 0; }
    #endif
    """
    u64 pext_soft "hd_pext_soft"(u64 x, u64 m) noexcept nogil
    u64 pext_hw "hd_pext_hw"(u64 x, u64 m) noexcept nogil
    int pext_is_fast "hd_pext_is_fast"() noexcept nogil

cdef enum:
    MODEL_PARANOID = 0
    MODEL_MOON = 1
    MODEL_MAXN = 2
    MODEL_GAME = 3          # paranoid on the game standing (`GameC`) instead of the deal's points
    GAME_K = 2048           # game value = result * GAME_K + margin (see `game_scalar`)
    GAME_MARGIN = 1000      # margins are clamped to +-GAME_MARGIN to stay inside one result
    INF = 30000
    MAXVALS = 16
    KILLER_LEADS = 53 * 8 * 64  # `Ctx.killer`: the mid-trick slots, then the leads' (see `kslot`)
    KILLER_SLOTS = KILLER_LEADS + 14 * 8 * 256
    MAXSEATS = 7            # tables of 3 to 7 players (rules.md "Players and deck")
    MAXHAND = 20            # legal cards of one hand: 17 at a table of 3, with room
    GROW_BITS = 16          # a bigger table uses its first 2**16 entries (2 MiB), then
    GROW_MID_BITS = 17      # its first 2**17 (4 MiB) after a third of `Core.grow_nodes`,
    GROW_NODES = 3000000    # the whole after all of them (`tt_grow`)
    NEAR_CARDS = 12         # trick starts of at most this many cards use the near-leaf table
    TT_MIN_CARDS = 5        # the last trick is cheaper to search than to look up
    SHED_MIN_CARDS = 12     # `shed_bound` from 3 tricks left at 4 seats (measured)

# One 16-bit lane per suit (clubs, diamonds, hearts, spades), 13 bits used. C constants,
# not module variables: a `cdef u64` global is loaded from memory at every use and
# cannot be folded into the expressions around it.
cdef extern from *:
    """
    #define HD_LANE ((uint64_t)0x1FFF)
    #define HD_DECK ((uint64_t)0x1FFF1FFF1FFF1FFFULL)
    #define HD_LANE_TOPS ((uint64_t)0x8000800080008000ULL)
    #define HD_LANE_ONES ((uint64_t)0x0001000100010001ULL)
    """
    const u64 LANE "HD_LANE"
    const u64 DECK "HD_DECK"
    const u64 LANE_TOPS "HD_LANE_TOPS"      # an unused bit atop each lane
    const u64 LANE_ONES "HD_LANE_ONES"


cdef inline u64 above_lowest(u64 t) noexcept nogil:
    """In each suit, the ranks above the lowest card of `t` (none where `t` has no card).

    One subtraction per lane at once: the bit atop each lane stops the borrow there, and
    x ^ (x - 1) is a lane's bits up to its lowest set bit."""
    cdef u64 x = t | LANE_TOPS
    return ~(x ^ (x - LANE_ONES)) & DECK


cdef struct RulesC:
    int n                  # seats at the table (3..7); a trick has n cards
    u64 kitty              # cards that go to the winner of trick 1 (0 at 4 players)
    int kitty_points       # and their points
    i16 value[64]          # points per card bit
    i16 cls[64]            # equivalence class: cards of one suit with equal cls are interchangeable
    u64 cls_odd            # suits of two classes: the cards not of the class of the suit's 2
    u64 cls_multi          # the lanes of the suits of three classes or more
    int nvals              # distinct nonzero values, for fast sums
    int nneg               # of which negative: vals[] is sorted, so they come first
    i16 vals[MAXVALS]
    u64 vmask[MAXVALS]
    u64 zero               # the cards of no points
    u64 moon               # cards a shooter must take
    u64 breaks             # cards whose play breaks hearts
    u64 hearts
    u64 relief             # non-heart cards a leader may hold and still lead a heart
    u64 first_forbidden    # cards a void player may not discard on trick 1
    u64 queen              # the card of the club rule (Morehead), 0 when off
    int first_lead         # 0 two of clubs, 1 any club, 2 any card
    int no_first           # no points on the first trick
    int relief_on          # can_lead_hearts_instead_of_qs
    int moon_on            # a moon changes the score
    int moon_shooter_adj   # added to the shooter's raw points on a moon
    int moon_other_adj     # added to every other seat's raw points on a moon
    int sun_mode           # 0 none, 1 all thirteen tricks, 2 the last twelve
    int sun_from           # the first trick (tricks done) a sun counts: 0, 1, or 127 (none)
    i8 next_seat[MAXSEATS] # the seat after each (clockwise): one load instead of a wrap
    int sun_shooter_adj     # minus the positive points of the deal
    int sun_other_adj       # added to each paying seat's raw points on a sun
    int sun_pay[MAXSEATS]   # per shooter: the seats that pay (all others, or its passer)
    int bonus              # no-trick bonus (points, usually negative)
    int maxn_tt            # max^n vectors fit the table's 4 bytes (n <= 4, |future| <= 127)
    u64 spec_odd           # suits of two values (kind 1): the cards with the odd value
    u64 spec1_lanes        # the lanes of the kind-1 suits
    u64 spec2_lanes        # the lanes of the suits of three values or more (kind 2)
    int spec2_shift        # 13 bits per kind-1 suit: where the kind-2 lanes go in the key
    int fast_pext          # the CPU has a fast PEXT instruction (hd_pext_is_fast)
    int key_fast           # `make_key`'s common case: fast PEXT, 3 or 4 seats, a moon card, no
                           # suit of three values, no sun, no no-trick bonus (set per search)
    int plain              # no sun, no no-trick bonus, no negative card: see score_bounds
    int spec_bits          # key bits the point layout takes in the third word (MODEL_GAME
                           # puts the points taken above them)


cdef struct State:
    # The hands last (measured: CPU time of the 40 nine-trick positions 2904 / 2926 ->
    # 2813 / 2884 ms, 0.45% fewer instructions; copying only the 80 bytes up to hand[4]
    # at 4 seats then cost time, docs/internals.md "Cost per node, fourth round")
    u64 rem                 # the cards still in the hands (the union of hand[])
    u64 trick_mask          # cards on the current trick, and during trick 1 the kitty:
                            # it goes to the trick's winner, so it is live until then
    # (the 2-byte fields first, then the bytes: no padding, 104 bytes in all)
    i16 trick_points        # the points of the cards on the trick (summed as they are played:
                            # cheaper than summing the trick's mask by value)
    i16 live_points         # the points of the live cards (`rem | trick_mask`, kitty
                            # included), less each trick as it is taken: the bounds read it
                            # instead of summing the cards by value
    i16 first_pos           # positive points of trick 1
    i16 points[MAXSEATS]    # raw points taken so far
    i8 ntrick               # cards on the current trick (no list of them: only the led suit
                            # matters, and it is the suit of the winning card)
    i8 win                  # the card winning the trick so far; -1 at a trick start
    i8 win_top              # the top of its suit (win | 15); 63 at a trick start: then
                            # every card beats the `win`..`win_top` test in play_card
    i8 win_seat             # and the seat that played it
    i8 leader
    i8 turn
    i8 hb                   # hearts broken (or no need to break)
    i8 tricks_done
    i8 takers               # seats that took a moon card (bit mask, 7 bits)
    i8 won                  # seats that won a trick (bit mask)
    i8 sunc                 # sun candidate: -1 none yet, 0..n-1 the seat, n dead
    i8 first_winner         # winner of trick 1 (-1 before): a last-twelve sun keeps its points
    u64 hand[MAXSEATS]      # seats 0..n-1 (the others empty)


cdef struct TTEntry:        # 32 bytes: two to a 64-byte cache line
    u64 k0
    u64 k1
    u64 k2
    i16 lo                  # bounds on the future value (final minus points so far);
    i16 hi                  # max^n keeps its future vector (n <= 4) in these 4 bytes
    i8 best                 # relative move: suit*16 + rank among the suit's remaining cards
    i8 depth                # 1 + log2 of the nodes its search took: bigger is worth more
    i16 gen                 # table generation: an entry of an older one is empty


cdef struct GameC:
    # The game around the deal, for MODEL_GAME (solve.game_spec; rules.md "Game end").
    int totals[MAXSEATS]    # game totals before the deal
    int target              # the game ends when a total reaches it
    int reset               # a total of exactly `target` drops to 0 (reset_at_target)
    int sun_clears          # a sun sets the shooter's total to 0 (sun_clears_board)
    int choice              # how a moon is scored: 0 as the rules' deal score, 1 shooter's
                            # choice by standing, 2 new only when the old would lose, 3 Berns,
                            # 4 new (moon="new") but old below `new_from`
    int new_from            # new moon only once the shooter's total is this much (has_new_from)
    int has_new_from
    int rules_new           # the deal score (RulesC's moon adjustments) is the new moon
    int award               # the moon award: new moon = old moon - award for every seat
    int pbits               # key bits per seat for the points taken (0: no table)
    int pmin                # the fewest raw points a seat can hold (the key's offset)


cdef extern from *:
    """
    /* A stop that some searches share (`StopToken`): they stop at their next limit check
       once its flag or an ancestor's is set. Set from another thread while they run, so
       every read goes to memory (volatile). */
    typedef struct hd_stop { volatile int flag; const struct hd_stop* parent; } hd_stop;
    static inline int hd_stopped(const hd_stop* s) {
        for (; s != NULL; s = s->parent)
            if (s->flag) return 1;
        return 0;
    }
    """
    ctypedef struct StopC "hd_stop":
        int flag
        const StopC* parent
    bint stop_set "hd_stopped"(const StopC* s) noexcept nogil


cdef struct Ctx:
    RulesC* r
    const GameC* g          # MODEL_GAME only
    TTEntry* tt
    u64 tt_mask             # the part of the table in use (see `tt_grow`)
    u64 tt_full_mask        # the whole table
    int64_t grow_at         # `c.nodes` at which `check_limits` grows the table (`tt_grow`)
    u64 grow_mask           # to this mask
    int64_t grow_base       # `c.nodes` when the table was last emptied (0 or negative)
    int64_t grow_nodes      # `Core.grow_nodes`
    TTEntry* near           # the near-leaf table (see Core): trick starts of at most
    u64 near_mask           # `near_cards` cards left
    int near_cards
    int target
    int model
    u64 key_tm              # target << 60 | model << 62: the table key's bits for them
    int64_t nodes
    int64_t probes          # zero-window searches started by MTD(f)
    int64_t node_limit
    double deadline_ms      # monotonic ms; 0 = none
    const StopC* stop       # the search's stop (`StopToken`), NULL for none
    int abort
    i16 gen
    i8 killer[KILLER_SLOTS] # per (cards left, seat < 8, winning card or on lead the target's
                            # suit lengths: `kslot`): the card that last cut off
    i8 killer2[KILLER_SLOTS] # the killer before it (the opponents' slots and the
                             # target's leads; `kslot`)
