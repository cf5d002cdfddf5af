"""The early-claim proof of the classic and expert variants.

``threat`` is its heart.  Given the cards nobody has placed yet (the
*unseen* cards: hands and pile count as available to the opponent), it asks
category by category, strongest first, whether the opponent can still
complete a formation that beats the claimant's, and returns the cards that
would do it.  It never enumerates completions: each category is a few mask
tests over at most 7 runs, 9 values or 6 colours.  Loaded with the classic
round (``engine.classic``): a tactics match does without it.
"""

from engine.formation import COLOUR, COLOUR_RUN, RUN, THREE, category


def _top_tables():
    # _TOP[n][mask]: sum of the n highest values (1..9) in a 9-bit value
    # mask, or 0 when the mask holds fewer than n values.
    tables = (bytearray(512), bytearray(512), bytearray(512))
    for mask in range(512):
        total = 0
        n = 0
        v = 8
        while v >= 0 and n < 3:
            if mask >> v & 1:
                total += v + 1
                tables[n][mask] = total
                n += 1
            v -= 1
    return tables


_TOP = _top_tables()


def threat(unseen, unseen_n, k, a, b, rank):
    """The opponent's best way to beat ``rank`` at one stone.

    ``unseen``: per colour, a 9-bit mask of the values nobody has placed;
    ``unseen_n``: per value (0..8), how many of them are unseen.  The
    opponent holds ``k`` cards there (0..2): ``a`` and ``b`` (NO_CARD where
    absent).  A tie goes to the claimant, who completed first, so only a
    strictly higher rank beats it.

    Returns 0 when no completion beats ``rank`` (the claim is proved), else
    the missing cards of one completion that does, packed 6 bits a card
    (card + 1) for ``unpack``.
    """
    cat = category(rank)
    total = rank & 31
    need = 3 - k
    # What the opponent's side already fixes.
    same = True  # one colour so far
    col = 0
    pm = 0  # value mask of the side
    present = 0  # sum of values (1..9)
    lo = 8
    hi = 0
    distinct = True
    if k:
        col = a // 9
        va = a % 9
        pm = 1 << va
        present = va + 1
        lo = hi = va
        if k == 2:
            vb = b % 9
            same = b // 9 == col
            distinct = vb != va
            pm |= 1 << vb
            present += vb + 1
            if vb < lo:
                lo = vb
            else:
                hi = vb
    span_ok = distinct and hi - lo <= 2 if k else True

    # Colour run.
    if same and span_ok:
        s = 6 if lo > 6 else lo
        end = hi - 2 if hi > 2 else 0
        if not k:
            end = 0
        while s >= end:
            if cat < COLOUR_RUN or 3 * s + 6 > total:
                m = 7 << s
                miss = m & ~pm
                if k:
                    if unseen[col] & miss == miss:
                        return _pack_colour(col, miss)
                else:
                    c = 0
                    while c < 6:
                        if unseen[c] & m == m:
                            return _pack_colour(c, m)
                        c += 1
            else:
                break
            s -= 1
    if cat == COLOUR_RUN:
        return 0

    # Three of a kind.
    if k:
        if (k == 1 or not distinct) and unseen_n[lo] >= need:
            if cat < THREE or 3 * lo + 3 > total:
                return _pack_value(unseen, lo, need)
    else:
        v = 8
        while v >= 0:
            if cat == THREE and 3 * v + 3 <= total:
                break
            if unseen_n[v] >= 3:
                return _pack_value(unseen, v, 3)
            v -= 1
    if cat == THREE:
        return 0

    # Colour.
    top = _TOP[need - 1]
    if k:
        if same:
            t = top[unseen[col]]
            if t and (cat < COLOUR or present + t > total):
                return _pack_top(col, unseen[col], need)
    else:
        best = -1
        t = 0
        c = 0
        while c < 6:
            if top[unseen[c]] > t:
                t = top[unseen[c]]
                best = c
            c += 1
        if t and (cat < COLOUR or t > total):
            return _pack_top(best, unseen[best], 3)
    if cat == COLOUR:
        return 0

    # Run.
    if span_ok:
        s = 6 if lo > 6 else lo
        end = hi - 2 if hi > 2 else 0
        if not k:
            end = 0
        while s >= end:
            if cat == RUN and 3 * s + 6 <= total:
                break
            m = 7 << s
            miss = m & ~pm
            if ((not miss & 1 << s or unseen_n[s])
                    and (not miss & 2 << s or unseen_n[s + 1])
                    and (not miss & 4 << s or unseen_n[s + 2])):
                return _pack_run(unseen, miss)
            s -= 1
    if cat == RUN:
        return 0

    # Sum: the highest unseen values.
    t = present
    left = need
    v = 8
    while v >= 0 and left:
        n = unseen_n[v]
        if n > left:
            n = left
        t += n * (v + 1)
        left -= n
        v -= 1
    if not left and t > total:
        return _pack_highest(unseen, need)
    return 0


def best_completion(unseen, unseen_n, k, a, b):
    """The completion of a side (``k`` cards ``a``, ``b``) into its strongest
    formation, from the cards in ``unseen``/``unseen_n``, packed as by
    ``threat``; 0 when too few cards are left.  Every formation beats rank
    0, and ``threat`` tries the categories strongest first and, within one,
    the highest sum first."""
    return threat(unseen, unseen_n, k, a, b, 0)


def unpack(packed):
    """The cards of a ``threat`` answer, as a list."""
    cards = []
    while packed:
        cards.append((packed & 63) - 1)
        packed >>= 6
    return cards


def _pack_colour(col, miss):
    packed = 0
    v = 0
    while v < 9:
        if miss >> v & 1:
            packed = packed << 6 | (col * 9 + v + 1)
        v += 1
    return packed


def _pack_value(unseen, v, n):
    packed = 0
    c = 0
    while n:
        if unseen[c] >> v & 1:
            packed = packed << 6 | (c * 9 + v + 1)
            n -= 1
        c += 1
    return packed


def _pack_top(col, mask, n):
    packed = 0
    v = 8
    while n:
        if mask >> v & 1:
            packed = packed << 6 | (col * 9 + v + 1)
            n -= 1
        v -= 1
    return packed


def _pack_run(unseen, miss):
    packed = 0
    v = 0
    while v < 9:
        if miss >> v & 1:
            c = 0
            while not unseen[c] >> v & 1:
                c += 1
            packed = packed << 6 | (c * 9 + v + 1)
        v += 1
    return packed


def _pack_highest(unseen, n):
    packed = 0
    v = 8
    while n:
        c = 0
        while c < 6 and n:
            if unseen[c] >> v & 1:
                packed = packed << 6 | (c * 9 + v + 1)
                n -= 1
            c += 1
        v -= 1
    return packed
