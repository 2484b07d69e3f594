# Transposition table: entries only at trick starts, keyed on relative ranks
# (DDS): with the cards of completed tricks removed, 8-7-6 with the 5 gone is the
# same position as 7-6-5 with the 8 gone. The key also holds the point layout (which
# relative cards carry odd values), the leader, hearts broken, and the score state
# that makes the future non-additive (moon takers, won-a-trick flags, sun candidate).
# Values stored are *future* values: final points minus points already taken,
# which are independent of the points taken so far given that state.

from libc.string cimport memset

cdef extern from *:
    """
    #include <stdlib.h>
    #include <sys/mman.h>
    /* The table's memory. A big table (64 MiB and up) is anonymous memory aligned to
       2 MiB and, where the kernel allows, backed by huge pages: its probes are random
       and would otherwise miss the TLB as well as the cache. Small tables come from
       calloc, aligned to a cache line. Both are zero-filled lazily by the kernel. */
    static void* hd_table_alloc(size_t size, void** raw, size_t* raw_size) {
        size_t align = (size_t)2 << 20;
        void* p;
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
    """
    void* table_alloc "hd_table_alloc"(size_t size, void** raw, size_t* raw_size) noexcept nogil
    void table_free "hd_table_free"(void* raw, size_t raw_size) noexcept nogil


cdef inline u64 compress_lane(u64 x, u64 rem) noexcept nogil:
    """Relative-rank form of `x` within the suit's remaining cards `rem` (both lanes)."""
    cdef u64 out = 0
    cdef int b
    while x:
        b = ctz(x)
        x &= x - 1
        out |= (<u64>1) << popcount(rem & ((<u64>1 << b) - 1))
    return out


cdef inline u64 owners_of_suit(const State* s, int suit, u64 rem) noexcept nogil:
    """2 bits per remaining card of the suit, in rank order: the seat holding it."""
    cdef u64 out = 0, x
    cdef int seat, b
    for seat in range(1, 4):
        x = suit_lane(s.hand[seat], suit)
        while x:
            b = ctz(x)
            x &= x - 1
            out |= (<u64>seat) << (2 * popcount(rem & ((<u64>1 << b) - 1)))
    return out


cdef inline void make_key(const Ctx* c, const State* s, u64* k) noexcept nogil:
    cdef const RulesC* r = c.r
    cdef u64 rem = remaining(s)
    cdef u64 lanes[4]
    cdef u64 owners[4]
    cdef u64 spec = 0, sp
    cdef int i, hb, takers, won, sunc
    for i in range(4):
        lanes[i] = suit_lane(rem, i)
        owners[i] = owners_of_suit(s, i, lanes[i])
        if r.spec_kind[i] == 1:
            sp = compress_lane(lanes[i] & r.spec_mask[i], lanes[i])
        elif r.spec_kind[i] == 2:
            sp = lanes[i]
        else:
            sp = 0
        spec |= sp << (13 * i)
    hb = 1 if (s.hb or not (rem & r.hearts)) else 0
    takers = s.takers & 15
    if popcount(<u64>takers) >= 2 or not r.moon:
        takers = 15
    won = 0
    if r.bonus:
        won = (s.won & 15) if c.model == MODEL_MAXN else ((s.won >> c.target) & 1)
    sunc = 0
    if r.sun_mode:
        sunc = s.sunc + 1            # 0..5
    k[0] = (owners[0] | (owners[1] << 26) | (<u64>popcount(lanes[0]) << 52)
            | (<u64>popcount(lanes[1]) << 56) | (<u64>s.leader << 60) | (<u64>hb << 62)
            | (<u64>(s.tricks_done == 0) << 63))
    k[1] = (owners[2] | (owners[3] << 26) | (<u64>popcount(lanes[2]) << 52)
            | (<u64>popcount(lanes[3]) << 56) | (<u64>c.target << 60) | (<u64>c.model << 62))
    k[2] = (spec | (<u64>takers << 52) | (<u64>won << 56) | (<u64>sunc << 60))


cdef inline u64 hash_key(const u64* k) noexcept nogil:
    cdef u64 h = k[0] * <u64>0x9E3779B97F4A7C15ULL
    h ^= (h >> 29) ^ (k[1] * <u64>0xBF58476D1CE4E5B9ULL)
    h ^= (h >> 31) ^ (k[2] * <u64>0x94D049BB133111EBULL)
    h ^= h >> 32
    return h


cdef inline TTEntry* tt_probe(Ctx* c, const u64* k) noexcept nogil:
    cdef TTEntry* e = &c.tt[hash_key(k) & c.tt_mask & ~(<u64>1)]
    if e.gen == c.gen and e.k0 == k[0] and e.k1 == k[1] and e.k2 == k[2]:
        return e
    e += 1
    if e.gen == c.gen and e.k0 == k[0] and e.k1 == k[1] and e.k2 == k[2]:
        return e
    return NULL


cdef inline TTEntry* tt_slot(Ctx* c, const u64* k, int cards_left) noexcept nogil:
    """The entry to write `k` into. A bucket is one cache line of two entries: the first
    keeps the deepest position seen, the second takes whatever comes (two-tier)."""
    cdef TTEntry* a = &c.tt[hash_key(k) & c.tt_mask & ~(<u64>1)]
    cdef TTEntry* b = a + 1
    if a.gen == c.gen and a.k0 == k[0] and a.k1 == k[1] and a.k2 == k[2]:
        return a
    if b.gen == c.gen and b.k0 == k[0] and b.k1 == k[1] and b.k2 == k[2]:
        return b
    if a.gen != c.gen or cards_left >= a.depth:
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
    b.depth = <i8>cards_left
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
