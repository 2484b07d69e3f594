# Transposition table: entries only at trick starts, keyed on relative ranks
# (DDS): with the cards of completed tricks removed, 8-7-6 with the 5 gone is the
# same position as 7-6-5 with the 8 gone. The key also holds the point layout (which
# relative cards carry odd values), the leader, hearts broken, and the score state
# that makes the future non-additive (moon takers, won-a-trick flags, sun candidate).
# Values stored are *future* values: final points minus points already taken,
# which are independent of the points taken so far given that state.

from libc.string cimport memset, memcpy

cdef extern from *:
    """
    #include <stdlib.h>
    #include <string.h>
    #include <sys/mman.h>
    /* The table's memory. A big table (64 MiB and up) is anonymous memory aligned to
       2 MiB and, where the kernel allows, backed by huge pages: its probes are random
       and would otherwise miss the TLB as well as the cache. Tables from 16 MiB (the
       9-trick size) come from calloc, so that they can be kept as spares, but aligned to
       2 MiB and rounded up to it, with huge pages asked for too: their first 2 MiB, the
       part in use first (`tt_grow`), and the near-leaf table at their end then take one
       TLB entry each (docs/experiments.md "The table in use"). Small tables come from
       calloc, aligned to a cache line. All are zero-filled lazily by the kernel. */
    static void* hd_table_alloc(size_t size, void** raw, size_t* raw_size) {
        size_t align = (size_t)2 << 20;
        void* p;
    #ifdef __SANITIZE_ADDRESS__
        /* The HEARTS_ASAN=1 build: the table exactly, from malloc, so that AddressSanitizer
           sees an access past its end (the padding and mappings below would hide one). */
        p = aligned_alloc(64, size);
        if (p != NULL) memset(p, 0, size);
        *raw = p;
        *raw_size = 0;
        return p;
    #endif
        if (size >= ((size_t)64 << 20)) {
            p = mmap(NULL, size + align, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
            if (p != MAP_FAILED) {
                char* a = (char*)(((size_t)p + align - 1) & ~(align - 1));
    #ifdef MADV_HUGEPAGE
                madvise(a, size, MADV_HUGEPAGE);
    #endif
                *raw = p;
                *raw_size = size + align;
                return a;
            }
        }
        if (size >= ((size_t)16 << 20)) {
            /* whole 2 MiB blocks only: THP backs a block that the advice covers whole */
            size_t whole = (size + align - 1) & ~(align - 1);
            p = calloc(whole + align, 1);
            if (p == NULL) return NULL;
            *raw = p;
            *raw_size = 0;
            {
                char* a = (char*)(((size_t)p + align - 1) & ~(align - 1));
    #ifdef MADV_HUGEPAGE
                madvise(a, whole, MADV_HUGEPAGE);
    #endif
                return a;
            }
        }
        p = calloc(size + 64, 1);
        if (p == NULL) return NULL;
        *raw = p;
        *raw_size = 0;
        return (void*)(((size_t)p + 63) & ~(size_t)63);
    }
    static void hd_table_free(void* raw, size_t raw_size) {
        if (raw == NULL) return;
        if (raw_size) munmap(raw, raw_size); else free(raw);
    }
    /* Entries of a table of 2**bits: past 2 MiB (beyond the L2 cache) a near-leaf table of
       2**HD_NEAR_BITS entries (512 KiB) follows the main one, for the trick starts of at
       most NEAR_CARDS cards left (see `tt_bucket`). */
    #define HD_NEAR_BITS 14
    #define HD_NEAR_FROM_BITS 16
    static size_t hd_table_entries(int bits) {
        return ((size_t)1 << bits)
               + (bits >= HD_NEAR_FROM_BITS ? ((size_t)1 << HD_NEAR_BITS) : 0);
    }
    /* Spare tables: the tables of dead cores, kept for the next core of the same size.
       A fresh solver per position (as a user solving one position, or the benchmarks)
       would otherwise have calloc zero its table every time (256 KiB at 6 tricks, 16 MiB
       at 9: longer than many a solve); a spare is emptied in O(1) by a new generation instead.
       Only calloc'ed tables (under 64 MiB) and at most HD_SPARE_BYTES in all: big mapped
       tables go back to the kernel. Called from Core.__cinit__/__dealloc__, which hold
       the GIL: that serialises the threads. */
    #define HD_SPARES 4
    #define HD_SPARE_BYTES ((size_t)48 << 20)
    typedef struct { void* tt; void* raw; int bits; short gen; } hd_spare_t;
    static hd_spare_t hd_spare[HD_SPARES];
    static int hd_nspare = 0;
    static size_t hd_spare_bytes = 0;
    static int hd_spare_take(int bits, void** tt, void** raw, size_t* raw_size, short* gen) {
        int i;
        for (i = hd_nspare - 1; i >= 0; i--) {
            if (hd_spare[i].bits == bits) {
                *tt = hd_spare[i].tt;
                *raw = hd_spare[i].raw;
                *raw_size = 0;
                *gen = hd_spare[i].gen;
                hd_spare_bytes -= 32 * hd_table_entries(bits);
                hd_spare[i] = hd_spare[--hd_nspare];
                return 1;
            }
        }
        return 0;
    }
    static int hd_spare_give(int bits, void* tt, void* raw, size_t raw_size, short gen) {
        size_t size = 32 * hd_table_entries(bits);
        if (raw_size != 0 || hd_nspare == HD_SPARES || hd_spare_bytes + size > HD_SPARE_BYTES)
            return 0;
        hd_spare[hd_nspare].tt = tt;
        hd_spare[hd_nspare].raw = raw;
        hd_spare[hd_nspare].bits = bits;
        hd_spare[hd_nspare].gen = gen;
        hd_nspare++;
        hd_spare_bytes += size;
        return 1;
    }
    """
    int NEAR_BITS "HD_NEAR_BITS"
    int NEAR_FROM_BITS "HD_NEAR_FROM_BITS"
    size_t table_entries "hd_table_entries"(int bits) noexcept nogil
    void* table_alloc "hd_table_alloc"(size_t size, void** raw, size_t* raw_size) noexcept nogil
    void table_free "hd_table_free"(void* raw, size_t raw_size) noexcept nogil
    bint spare_take "hd_spare_take"(int bits, void** tt, void** raw, size_t* raw_size,
                                    i16* gen) noexcept
    bint spare_give "hd_spare_give"(int bits, void* tt, void* raw, size_t raw_size,
                                    i16 gen) noexcept


cdef inline u64 pext(const RulesC* r, u64 x, u64 m) noexcept nogil:
    if r.fast_pext:
        return pext_hw(x, m)
    return pext_soft(x, m)


cdef inline u64 pack52(u64 x) noexcept nogil:
    """The 13 card bits of each suit lane side by side: 52 bits, the top 12 free."""
    return ((x & LANE) | (((x >> 16) & LANE) << 13) | (((x >> 32) & LANE) << 26)
            | (((x >> 48) & LANE) << 39))


cdef void make_key_wide(const Ctx* c, const State* s, u64* k) noexcept nogil:
    """The table key at a table of 5 to 7 seats: 3 bits of owner per card.

    Each card holds its owner's seat + 1 (0: not in a hand), one bit per key word, in
    absolute ranks: three owner planes of relative ranks, their suit lengths and the point
    layout do not fit 3 words, and hands of 7 to 10 cards gain little from relative ranks.
    Absolute cards also fix the point layout. The 12 free bits atop each word (`pack52`)
    hold the rest of the state, as in `make_key`, with 3 bits per seat and 7-bit masks.
    Not inline (see `key_wide`): `make_key` stays as small as at 4 seats.
    """
    cdef const RulesC* r = c.r
    cdef u64 p0 = 0, p1 = 0, p2 = 0
    cdef int x, code, hb, takers, won, sunc
    for x in range(r.n):
        code = x + 1
        if code & 1:
            p0 |= s.hand[x]
        if code & 2:
            p1 |= s.hand[x]
        if code & 4:
            p2 |= s.hand[x]
    hb = 1 if (s.hb or not (s.rem & r.hearts)) else 0
    takers = s.takers & 127
    if popcount(<u64>takers) >= 2 or not r.moon:
        takers = 127
    won = 0
    if r.bonus:
        won = (s.won & 127) if c.model >= MODEL_MAXN else ((s.won >> c.target) & 1)
    sunc = (s.sunc + 1) if r.sun_mode else 0     # 0..8
    k[0] = (pack52(p0) | (<u64>s.leader << 52) | (<u64>hb << 55)
            | (<u64>(s.tricks_done == 0) << 56) | (<u64>c.target << 57) | (<u64>c.model << 60))
    k[1] = pack52(p1) | (<u64>takers << 52) | (<u64>sunc << 59)
    k[2] = pack52(p2) | (<u64>won << 52)


ctypedef void (*KeyFn)(const Ctx* c, const State* s, u64* k) noexcept nogil
# Called through a pointer so that gcc cannot inline it (called once, it would be) and
# `make_key`'s 4-seat path stays small enough to be inlined into the searches.
cdef KeyFn key_wide = make_key_wide


cdef inline void make_key(const Ctx* c, const State* s, u64* k) noexcept nogil:
    """The table key: 3 words that determine the future of a trick-start position.

    Cards are in relative ranks: PEXT by the remaining cards packs them suit after suit,
    each suit taking as many bits as it has cards left (the suit lengths are in the key,
    so the packing is unambiguous). Seat 0 holds a card unless a mask says otherwise:
    `own13` marks seats 1 and 3, `own23` seats 2 and 3. Tables of 3 and 4 seats: 2 bits
    of owner per card; 5 to 7 seats take `make_key_wide`.
    """
    cdef const RulesC* r = c.r
    cdef u64 rem = remaining(s)
    cdef u64 own13, own23, spec
    cdef u64 lengths = (<u64>popcount(rem & LANE) | (<u64>popcount(rem & (LANE << 16)) << 4)
                        | (<u64>popcount(rem & (LANE << 32)) << 8)
                        | (<u64>popcount(rem & (LANE << 48)) << 12))
    cdef int hb, takers, won, sunc
    if r.key_fast:
        # the common case (`RulesC.key_fast`) with one test: the same bits as below
        own13 = pext_hw(s.hand[1] | s.hand[3], rem)
        own23 = pext_hw(s.hand[2] | s.hand[3], rem)
        spec = pext_hw(rem & r.spec_odd, rem & r.spec1_lanes)
        hb = (s.hb != 0) | ((rem & r.hearts) == 0)
        takers = s.takers & 15
        if popcount(<u64>takers) >= 2:
            takers = 15
        k[0] = own13 | ((lengths & 0xFFF) << 52)
        k[1] = (own23 | ((lengths >> 12) << 52) | (<u64>s.leader << 56) | (<u64>hb << 58)
                | (<u64>(s.tricks_done == 0) << 59) | c.key_tm)
        k[2] = spec | (<u64>takers << 52)
        return
    if r.n > 4:
        key_wide(c, s, k)
        return
    # the owner planes and the kind-1 point layout (0 when no suit is of kind 1)
    if r.fast_pext:
        own13 = pext_hw(s.hand[1] | s.hand[3], rem)
        own23 = pext_hw(s.hand[2] | s.hand[3], rem)
        spec = pext_hw(rem & r.spec_odd, rem & r.spec1_lanes)
    else:
        own13 = pext_soft(s.hand[1] | s.hand[3], rem)
        own23 = pext_soft(s.hand[2] | s.hand[3], rem)
        spec = pext_soft(rem & r.spec_odd, rem & r.spec1_lanes)
    if r.spec2_lanes:
        spec |= pext(r, rem, r.spec2_lanes) << r.spec2_shift
    hb = 1 if (s.hb or not (rem & r.hearts)) else 0
    takers = s.takers & 15
    if popcount(<u64>takers) >= 2 or not r.moon:
        takers = 15
    won = 0
    if r.bonus:
        won = (s.won & 15) if c.model >= MODEL_MAXN else ((s.won >> c.target) & 1)
    sunc = 0
    if r.sun_mode:
        sunc = s.sunc + 1            # 0..5
    k[0] = own13 | ((lengths & 0xFFF) << 52)
    k[1] = (own23 | ((lengths >> 12) << 52) | (<u64>s.leader << 56) | (<u64>hb << 58)
            | (<u64>(s.tricks_done == 0) << 59) | c.key_tm)
    k[2] = spec | (<u64>takers << 52) | (<u64>won << 56) | (<u64>sunc << 60)


cdef inline u64 hash_key(const u64* k) noexcept nogil:
    # One layer of multiplies, then two xor-shift folds: every key bit reaches the low bits
    # that index the table (the key's top bits, the suit lengths, the leader and the
    # takers, through the fold by 32 and then by 15). The hash is on the path from a
    # trick start to its probe, and the probe's cache miss is the dearest step of a node,
    # so it is shorter than splitmix64's finalizer (two more multiplies). Folds by 29
    # alone left the top bits out (docs/experiments.md "The table in use").
    cdef u64 h = ((k[0] * <u64>0xBF58476D1CE4E5B9ULL) ^ (k[1] * <u64>0x9E3779B97F4A7C15ULL)
                  ^ (k[2] * <u64>0xC2B2AE3D27D4EB4FULL))
    h ^= h >> 32
    return h ^ (h >> 15)


cdef inline TTEntry* tt_bucket(const Ctx* c, const u64* k, int ncards) noexcept nogil:
    """The bucket (two entries) of key `k`, a trick start of `ncards` cards left: found once
    per node, for the probe and the store.

    Past 2 MiB a table misses the L2 cache on nearly every probe, and most probes are near
    the leaves, whose entries are many, cheap to redo and soon dead: those of at most
    `near_cards` cards (3 tricks) go to a near-leaf table of 512 KiB that stays in L2, the
    deeper ones keep the big table to themselves (docs/experiments.md "Near-leaf table").
    """
    if ncards <= c.near_cards:
        return &c.near[hash_key(k) & c.near_mask & ~(<u64>1)]
    return &c.tt[hash_key(k) & c.tt_mask & ~(<u64>1)]


cdef inline void grow_plan(Ctx* c) noexcept nogil:
    """The next growth of the table's part in use (`c.tt_mask`): to its first 2**GROW_MID_BITS
    entries once the searches since it was emptied have taken a third of `c.grow_nodes`
    nodes, to the whole once they have taken all; never when it is whole."""
    cdef u64 mid = (<u64>1 << GROW_MID_BITS) - 1
    if c.tt_mask >= c.tt_full_mask:
        c.grow_at = INT64_MAX
    elif c.tt_mask < mid and mid < c.tt_full_mask:
        c.grow_mask = mid
        c.grow_at = c.grow_base + c.grow_nodes // 3
    else:
        c.grow_mask = c.tt_full_mask
        c.grow_at = c.grow_base + c.grow_nodes


cdef extern from *:
    """
    /* Fault in the pages of [p, end) without changing a byte: one volatile read and
       write back per 4 KiB (where pages are bigger, some touches are spare). */
    static void hd_touch_pages(char* p, const char* end) {
        for (; p < end; p += 4096) {
            volatile char* q = p;
            *q = *q;
        }
    }
    """
    void touch_pages "hd_touch_pages"(char* p, const char* end) noexcept nogil

cdef enum:
    GROW_TOUCH_ENTRIES = 1 << 16    # 2 MiB of the new part faulted in between two limit checks
    GROW_MOVE_BUCKETS = 1 << 12     # buckets moved between two limit checks


cdef bint tt_grow(Ctx* c) noexcept nogil:
    """Widen the part of the main table in use (`c.tt_mask`) to `c.grow_mask`, moving each
    entry to its bucket under the new mask; 0 when a limit (`limit_reached`) stopped it,
    and then the search must stop. Called from `check_limits` (`grow_plan` says when).

    Why: a table of 16 MiB misses the cache on nearly every probe, and the probe's miss
    is the dearest step of a node, while most solves of 9 tricks fill only a part of it.
    The first 2**GROW_BITS entries (2 MiB) of a bigger table fit the L2 cache of the
    machine measured, the first 2**GROW_MID_BITS (4 MiB) its last-level cache; the
    searches that outgrow them get more (docs/experiments.md "The table in use").

    The time it takes is the kernel's more than the move's: the new part is memory the
    process has not touched yet, and the move writes all over it, so every page of it is
    faulted in (and zeroed) at once; a big table's huge pages may also wait for the
    kernel to compact memory: growing a full deal's 128 MiB table took 44 to 814 ms, of
    which the move 2 to 8 ms. So the new part is first faulted in 2 MiB at a time, in
    order, the limits checked after each 2 MiB (one huge page: 0.4 to 40 ms): a limit
    reached there leaves the table as it was, its pages in for the next growth. The move
    then checks them every GROW_MOVE_BUCKETS buckets; stopped there, the mask is widened
    all the same (the entries not moved yet are only lost). docs/internals.md "The table
    in use".

    Sound in the middle of a search: every entry holds its whole key, so an entry where a
    probe does not look is only lost, never misread; a search that found its bucket
    before the growth stores there, and that entry is only lost too. The move itself
    loses no entry that sits where a probe looks: a bucket under the new mask takes
    entries from one old bucket only (the old mask's bits name it), and the new buckets
    beyond the old part are empty (not of this generation); an entry out of place (stored
    by a search in flight at the step before) may take another's slot, again a lost
    entry, never a wrong one. Slot 0's entry moves first and keeps slot 0 when both go to
    the same bucket. A moved entry's old slot gets generation 0, which is never live."""
    cdef u64 t = c.tt_mask + 1
    while t <= c.grow_mask:
        touch_pages(<char*>(c.tt + t),
                    <const char*>(c.tt + min(t + GROW_TOUCH_ENTRIES, c.grow_mask + 1)))
        t += GROW_TOUCH_ENTRIES
        if limit_reached(c):
            return 0
    tt_move(c, c.tt_mask + 1)
    return not limit_reached(c)


cdef void tt_move(Ctx* c, u64 upto) noexcept nogil:
    """`tt_grow`'s move: the entries of the first `upto` entries of the part in use (all
    of it, but for tests) to their buckets under `c.grow_mask`, the limits checked every
    GROW_MOVE_BUCKETS buckets; then the mask is widened, the move finished or not."""
    cdef u64 b, d
    cdef u64 k[3]
    cdef TTEntry* e
    cdef TTEntry* dst
    cdef int j
    for b in range(0, min(upto, c.tt_mask + 1), 2):
        if b and (b & (2 * GROW_MOVE_BUCKETS - 1)) == 0 and limit_reached(c):
            break
        for j in range(2):
            e = c.tt + b + j
            if e.gen != c.gen:
                continue
            k[0] = e.k0
            k[1] = e.k1
            k[2] = e.k2
            d = hash_key(k) & c.grow_mask & ~(<u64>1)
            if d == b:
                continue
            dst = c.tt + d
            if dst.gen == c.gen:
                dst += 1
            dst[0] = e[0]
            e.gen = 0                       # never a live generation (`Core.clear`)
    c.tt_mask = c.grow_mask
    grow_plan(c)


cdef inline TTEntry* tt_probe(Ctx* c, TTEntry* e, const u64* k) noexcept nogil:
    """The entry of `k` in its bucket `e` (`tt_bucket`), or NULL. Both slots are compared
    before either is chosen: a branch on the first slot's match waited for the probe's
    cache miss and then was mispredicted about as often as not
    (docs/experiments.md "The table in use")."""
    cdef int m0 = ((e[0].gen == c.gen) & (e[0].k0 == k[0]) & (e[0].k1 == k[1])
                   & (e[0].k2 == k[2]))
    cdef int m1 = ((e[1].gen == c.gen) & (e[1].k0 == k[0]) & (e[1].k1 == k[1])
                   & (e[1].k2 == k[2]))
    cdef TTEntry* hit = e + 1 if m1 else NULL
    return e if m0 else hit


cdef inline TTEntry* tt_slot(Ctx* c, TTEntry* a, const u64* k, int size) noexcept nogil:
    """The entry to write `k` into. A bucket is one cache line of two entries: the first
    keeps the position whose search took the most nodes (`size`, see `search_size`),
    the second takes whatever comes (two-tier). Measured against keeping the one with
    the most cards left: 1% fewer nodes on 9-trick endgames. `a` is the bucket."""
    cdef TTEntry* b = a + 1
    if a.gen == c.gen and a.k0 == k[0] and a.k1 == k[1] and a.k2 == k[2]:
        return a
    if b.gen == c.gen and b.k0 == k[0] and b.k1 == k[1] and b.k2 == k[2]:
        return b
    if a.gen != c.gen or size >= a.depth:
        if a.gen == c.gen:
            b[0] = a[0]
        b = a
    b.gen = c.gen
    b.k0 = k[0]
    b.k1 = k[1]
    b.k2 = k[2]
    b.lo = -INF
    b.hi = INF
    b.best = -1
    b.depth = <i8>size
    return b


cdef inline int relative_move(const State* s, int card) noexcept nogil:
    cdef int suit = card >> 4
    cdef u64 lane = suit_lane(remaining(s), suit)
    return suit * 16 + popcount(lane & ((<u64>1 << (card & 15)) - 1))


cdef inline int absolute_move(const State* s, int rel) noexcept nogil:
    cdef int suit = rel >> 4
    cdef int k = rel & 15
    cdef u64 lane = suit_lane(remaining(s), suit)
    while k > 0 and lane:
        lane &= lane - 1
        k -= 1
    if not lane:
        return -1
    return suit * 16 + ctz(lane)
