# Information-set Monte Carlo tree search (single-observer IS-MCTS: Cowling, Powley &
# Whitehouse 2012, "Information Set Monte Carlo Tree Search", IEEE TCIAIG 4(2)) over the
# deals a seat cannot tell apart. Included by _core.pyx after _policy.pxi: the play-outs
# are the rollout policy's (`rollout_card`), all in C without the GIL.
#
# One tree for the observing seat: a node is a sequence of cards played since the root,
# the same node whichever sampled deal the iteration plays in (every seat's turn follows
# from the cards played, so a node's seat to move is the same in every deal). Each
# iteration takes the next sampled deal, walks down choosing among the children whose card
# is legal in that deal (UCB1 on availability counts, the seat to move maximising its own
# reward: the max^n reading of the multiplayer tree), adds one child, plays out to the end
# and backs each seat's final score up the path.
#
# With `model_others`, only the observing seat chooses by UCB1: every other seat's card in
# the tree is drawn from the rollout policy, as in the play-outs. The other seats are then
# chance nodes of a known stochastic policy and the search a best response to that model,
# free of PIMC's strategy fusion for the seat's own later cards: a node still holds one
# sequence of cards, so the seat's own nodes are its information sets.

from libc.math cimport sqrt, log

ctypedef int32_t i32

cdef struct MNode:
    i32 first               # the first child, -1 none
    i32 sibling             # the next child of the same parent, -1 none
    i8 card                 # the card played into this node (-1 at the root)
    i8 seat                 # the seat that played it
    i32 visits
    i32 avail               # iterations in which the card was legal on reaching the parent
    double reward           # the sum of `seat`'s rewards (minus final points / 26)


cdef i32 mcts_child(MNode* pool, i32* used, i32 parent, int card, int seat) noexcept nogil:
    """A new child of `parent` for `card` (the pool has room: one node an iteration)."""
    cdef i32 k = used[0]
    used[0] += 1
    pool[k].first = -1
    pool[k].sibling = pool[parent].first
    pool[k].card = card
    pool[k].seat = seat
    pool[k].visits = 0
    pool[k].avail = 0
    pool[k].reward = 0.0
    pool[parent].first = k
    return k


cdef i32 mcts_find(const MNode* pool, i32 parent, int card) noexcept nogil:
    """The child of `parent` for `card`, or -1."""
    cdef i32 k = pool[parent].first
    while k >= 0 and pool[k].card != card:
        k = pool[k].sibling
    return k


cdef void mcts_iterate(MNode* pool, i32* used, State* s, const RulesC* r, const PolicyC* p,
                       RolloutC* how, double c, i32* path, int observer,
                       bint model_others) noexcept nogil:
    """One iteration in the sampled deal `s` (changed): select, expand one node, play out,
    back up. `path` has room for the nodes of one deal (53 at most). With `model_others`
    the seats other than `observer` play the rollout policy's card in the tree too."""
    cdef i32 node = 0, k, best
    cdef int depth = 0, seat, i
    cdef bint expand
    cdef u64 legal, tried
    cdef double score, top, logn
    cdef int pts[MAXSEATS]
    path[depth] = 0
    depth += 1
    while s.rem:
        seat = s.turn
        if model_others and seat != observer:
            i = rollout_card(s, r, p, how)
            k = mcts_find(pool, node, i)
            expand = k < 0
            node = mcts_child(pool, used, node, i, seat) if expand else k
            path[depth] = node
            depth += 1
            play_card(s, i, r)
            if expand:
                break
            continue
        legal = legal_moves(s, r)
        tried = 0
        k = pool[node].first
        while k >= 0:
            if (legal >> pool[k].card) & 1:
                tried |= (<u64>1) << pool[k].card
                pool[k].avail += 1
            k = pool[k].sibling
        if legal & ~tried:
            # expand: the rollout policy's card when untried (its play-out then starts
            # from the line it would play anyway), else the lowest untried card
            i = rollout_card(s, r, p, how)
            if (tried >> i) & 1:
                i = ctz(legal & ~tried)
            node = mcts_child(pool, used, node, i, seat)
            pool[node].avail = 1
            path[depth] = node
            depth += 1
            play_card(s, i, r)
            break
        best = -1
        top = -1e300
        k = pool[node].first
        while k >= 0:
            if (legal >> pool[k].card) & 1:
                logn = log(<double>pool[k].avail)
                score = pool[k].reward / pool[k].visits + c * sqrt(logn / pool[k].visits)
                if score > top:
                    top = score
                    best = k
            k = pool[k].sibling
        node = best
        path[depth] = node
        depth += 1
        play_card(s, pool[node].card, r)
    rollout_play(s, r, p, how, 0)
    for i in range(r.n):
        pts[i] = final_score(s, r, i)
    for i in range(depth):
        k = path[i]
        pool[k].visits += 1
        if k:
            pool[k].reward -= pts[pool[k].seat] / 26.0
