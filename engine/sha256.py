"""SHA-256 (FIPS 180-4) in pure Python, for boards whose firmware has no
``hashlib``.

``engine.fairdeal`` imports this module only when ``hashlib`` is missing,
for the few digests of a link's handshake, and drops it afterwards
(``fairdeal.release``) so that its code can be collected.

Every 32-bit word is kept as two 16-bit halves: on CircuitPython a small
int holds 31 bits, and a word as one int would be a long int, allocated
anew by almost every operation (under CircuitPython's interpreter that is
ten times slower than these halves, which allocate nothing per block).
Every intermediate stays below 2**30.
"""

# The round constants K0..K63 (the first 32 bits of the fractional parts of
# the cube roots of the first 64 primes), high and low halves.
_KH = (
    0x428A, 0x7137, 0xB5C0, 0xE9B5, 0x3956, 0x59F1, 0x923F, 0xAB1C,
    0xD807, 0x1283, 0x2431, 0x550C, 0x72BE, 0x80DE, 0x9BDC, 0xC19B,
    0xE49B, 0xEFBE, 0x0FC1, 0x240C, 0x2DE9, 0x4A74, 0x5CB0, 0x76F9,
    0x983E, 0xA831, 0xB003, 0xBF59, 0xC6E0, 0xD5A7, 0x06CA, 0x1429,
    0x27B7, 0x2E1B, 0x4D2C, 0x5338, 0x650A, 0x766A, 0x81C2, 0x9272,
    0xA2BF, 0xA81A, 0xC24B, 0xC76C, 0xD192, 0xD699, 0xF40E, 0x106A,
    0x19A4, 0x1E37, 0x2748, 0x34B0, 0x391C, 0x4ED8, 0x5B9C, 0x682E,
    0x748F, 0x78A5, 0x84C8, 0x8CC7, 0x90BE, 0xA450, 0xBEF9, 0xC671,
)
_KL = (
    0x2F98, 0x4491, 0xFBCF, 0xDBA5, 0xC25B, 0x11F1, 0x82A4, 0x5ED5,
    0xAA98, 0x5B01, 0x85BE, 0x7DC3, 0x5D74, 0xB1FE, 0x06A7, 0xF174,
    0x69C1, 0x4786, 0x9DC6, 0xA1CC, 0x2C6F, 0x84AA, 0xA9DC, 0x88DA,
    0x5152, 0xC66D, 0x27C8, 0x7FC7, 0x0BF3, 0x9147, 0x6351, 0x2967,
    0x0A85, 0x2138, 0x6DFC, 0x0D13, 0x7354, 0x0ABB, 0xC92E, 0x2C85,
    0xE8A1, 0x664B, 0x8B70, 0x51A3, 0xE819, 0x0624, 0x3585, 0xA070,
    0xC116, 0x6C08, 0x774C, 0xBCB5, 0x0CB3, 0xAA4A, 0xCA4F, 0x6FF3,
    0x82EE, 0x636F, 0x7814, 0x0208, 0xFFFA, 0x6CEB, 0xA3F7, 0x78F2,
)
# The initial hash value H0..H7 (the first 32 bits of the fractional parts
# of the square roots of the first 8 primes).
_HH = (0x6A09, 0xBB67, 0x3C6E, 0xA54F, 0x510E, 0x9B05, 0x1F83, 0x5BE0)
_HL = (0xE667, 0xAE85, 0xF372, 0xF53A, 0x527F, 0x688C, 0xD9AB, 0xCD19)


def digest(data):
    """The SHA-256 digest (32 bytes) of ``data`` (bytes-like)."""
    n = len(data)
    hs = list(_HH)
    ls = list(_HL)
    wh = [0] * 64
    wl = [0] * 64
    full = n - n % 64
    for at in range(0, full, 64):
        _block(hs, ls, wh, wl, data, at)
    # Padding: the last bytes, 0x80, zeros, the length in bits (64 bits,
    # big-endian), in one block or two.
    rest = n - full
    tail = bytearray(64 if rest < 56 else 128)
    for i in range(rest):
        tail[i] = data[full + i]
    tail[rest] = 0x80
    end = len(tail)
    tail[end - 1] = (n & 31) << 3
    for i in range(1, 8):
        tail[end - 1 - i] = n >> (8 * i - 3) & 255
    for at in range(0, end, 64):
        _block(hs, ls, wh, wl, tail, at)
    out = bytearray(32)
    for i in range(8):
        out[4 * i] = hs[i] >> 8
        out[4 * i + 1] = hs[i] & 255
        out[4 * i + 2] = ls[i] >> 8
        out[4 * i + 3] = ls[i] & 255
    return bytes(out)


def _block(hs, ls, wh, wl, buf, at):
    # One 64-byte block ``buf[at:at + 64]`` into the hash value (high halves
    # ``hs``, low ``ls``); ``wh``, ``wl``: room for the message schedule.
    # ROTR n of a word (h, l), n < 16: (h >> n | l << 16 - n, l >> n |
    # h << 16 - n), each cut to 16 bits; n >= 16 swaps the halves first.
    for i in range(16):
        j = at + 4 * i
        wh[i] = buf[j] << 8 | buf[j + 1]
        wl[i] = buf[j + 2] << 8 | buf[j + 3]
    for t in range(16, 64):
        xh = wh[t - 15]
        xl = wl[t - 15]
        yh = wh[t - 2]
        yl = wl[t - 2]
        # W[t] = sigma1(W[t-2]) + W[t-7] + sigma0(W[t-15]) + W[t-16], with
        # sigma0 = ROTR7 ^ ROTR18 ^ SHR3 and sigma1 = ROTR17 ^ ROTR19 ^ SHR10.
        lo = ((((xl >> 7 | xh << 9) ^ (xh >> 2 | xl << 14) ^ (xl >> 3 | xh << 13)) & 0xFFFF)
              + (((yh >> 1 | (yl & 1) << 15) ^ (yh >> 3 | yl << 13) ^ (yl >> 10 | yh << 6)) & 0xFFFF)
              + wl[t - 7] + wl[t - 16])
        wl[t] = lo & 0xFFFF
        wh[t] = ((((xh >> 7 | xl << 9) ^ (xl >> 2 | xh << 14) ^ xh >> 3) & 0xFFFF)
                 + (((yl >> 1 | (yh & 1) << 15) ^ (yl >> 3 | yh << 13) ^ yh >> 10) & 0xFFFF)
                 + wh[t - 7] + wh[t - 16] + (lo >> 16)) & 0xFFFF
    ah, bh, ch, dh, eh, fh, gh, hh = hs
    al, bl, cl, dl, el, fl, gl, hl = ls
    kh = _KH
    kl = _KL
    for t in range(64):
        # T1 = h + SIGMA1(e) + Ch(e, f, g) + K[t] + W[t], with SIGMA1 =
        # ROTR6 ^ ROTR11 ^ ROTR25 and Ch = (e & f) ^ (~e & g) = g ^ (e & (f ^ g)).
        lo = (hl + (((el >> 6 | eh << 10) ^ (el >> 11 | eh << 5) ^ (eh >> 9 | el << 7)) & 0xFFFF)
              + (gl ^ (el & (fl ^ gl))) + kl[t] + wl[t])
        hi = (hh + (((eh >> 6 | el << 10) ^ (eh >> 11 | el << 5) ^ (el >> 9 | eh << 7)) & 0xFFFF)
              + (gh ^ (eh & (fh ^ gh))) + kh[t] + wh[t] + (lo >> 16))
        lo &= 0xFFFF
        # T2 = SIGMA0(a) + Maj(a, b, c), with SIGMA0 = ROTR2 ^ ROTR13 ^ ROTR22
        # and Maj = (a & b) ^ (a & c) ^ (b & c) = (a & (b | c)) | (b & c).
        l2 = ((((al >> 2 | ah << 14) ^ (al >> 13 | ah << 3) ^ (ah >> 6 | al << 10)) & 0xFFFF)
              + ((al & (bl | cl)) | (bl & cl)))
        h2 = ((((ah >> 2 | al << 14) ^ (ah >> 13 | al << 3) ^ (al >> 6 | ah << 10)) & 0xFFFF)
              + ((ah & (bh | ch)) | (bh & ch)))
        hh = gh
        hl = gl
        gh = fh
        gl = fl
        fh = eh
        fl = el
        el = dl + lo  # e = d + T1
        eh = (dh + hi + (el >> 16)) & 0xFFFF
        el &= 0xFFFF
        dh = ch
        dl = cl
        ch = bh
        cl = bl
        bh = ah
        bl = al
        al = lo + l2  # a = T1 + T2
        ah = (hi + h2 + (al >> 16)) & 0xFFFF
        al &= 0xFFFF
    _add(hs, ls, 0, ah, al)
    _add(hs, ls, 1, bh, bl)
    _add(hs, ls, 2, ch, cl)
    _add(hs, ls, 3, dh, dl)
    _add(hs, ls, 4, eh, el)
    _add(hs, ls, 5, fh, fl)
    _add(hs, ls, 6, gh, gl)
    _add(hs, ls, 7, hh, hl)


def _add(hs, ls, i, h, l):  # noqa: E741
    # Word i of the hash value += (h, l), modulo 2**32.
    l += ls[i]  # noqa: E741
    ls[i] = l & 0xFFFF
    hs[i] = (hs[i] + h + (l >> 16)) & 0xFFFF
