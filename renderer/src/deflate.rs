//! A zlib compressor made for palette scanlines, used for the PNG's `IDAT`.
//!
//! Why not the `png` crate's own compression? At our frame size (900 × 1000, one byte a
//! pixel) its `Default` level (zlib level 6 through flate2) gives about 45 KB but takes
//! 12–15 ms, and its `Fast` level (fdeflate, which only codes runs of zero bytes) takes about a
//! millisecond but gives 90–120 KB: neither meets "≤ 60 KB and a few milliseconds".
//!
//! A board picture repeats itself in two obvious ways: along a row (flat areas: distance 1)
//! and from the row above (distance = one scanline). This compressor looks for exactly those
//! two matches, plus one hashed candidate for anything else (a repeated square or glyph), picks
//! the longest greedily, and writes one dynamic-Huffman deflate block. That is a single linear
//! pass with no hash chains, and the Huffman codes fit the skewed colour statistics. The
//! output is a standard zlib stream that any PNG decoder reads; the tests decode it back.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Longest match deflate allows.
const MAX_MATCH: usize = 258;
/// Farthest match deflate allows.
const MAX_DISTANCE: usize = 32_768;
const HASH_BITS: u32 = 15;

const LEN_BASE: [u16; 29] = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131,
    163, 195, 227, 258,
];
const LEN_EXTRA: [u8; 29] =
    [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
const DIST_BASE: [u16; 30] = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
    2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
];
const DIST_EXTRA: [u8; 30] = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13,
    13,
];
/// The order code-length code lengths are written in.
const CLEN_ORDER: [usize; 19] = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];

/// One LZ77 token: a literal byte (< 256) or `length << 16 | distance`.
type Token = u32;

fn floor_log2(v: u32) -> u32 {
    31 - v.leading_zeros()
}

/// The length symbol index (0..29, i.e. symbol − 257) of a match length 3..=258.
fn length_code(len: usize) -> usize {
    let l3 = (len - 3) as u32;
    if len == MAX_MATCH {
        28
    } else if l3 < 8 {
        l3 as usize
    } else {
        let n = floor_log2(l3);
        (4 * (n - 1) + ((l3 >> (n - 2)) & 3)) as usize
    }
}

/// The distance symbol (0..30) of a distance 1..=32768.
fn distance_code(dist: usize) -> usize {
    if dist <= 4 {
        dist - 1
    } else {
        let d1 = (dist - 1) as u32;
        let n = floor_log2(d1);
        (2 * n + ((d1 >> (n - 1)) & 1)) as usize
    }
}

/// How many bytes from `a` and `b` (a < b) agree, up to `limit`.
#[inline]
fn common_prefix(data: &[u8], a: usize, b: usize, limit: usize) -> usize {
    let mut n = 0;
    while n + 8 <= limit {
        let x = u64::from_le_bytes(data[a + n..a + n + 8].try_into().expect("8 bytes"));
        let y = u64::from_le_bytes(data[b + n..b + n + 8].try_into().expect("8 bytes"));
        let diff = x ^ y;
        if diff != 0 {
            return n + (diff.trailing_zeros() / 8) as usize;
        }
        n += 8;
    }
    while n < limit && data[a + n] == data[b + n] {
        n += 1;
    }
    n
}

#[inline]
fn hash4(data: &[u8], i: usize) -> usize {
    let v = u32::from_le_bytes(data[i..i + 4].try_into().expect("4 bytes"));
    (v.wrapping_mul(0x9E37_79B1) >> (32 - HASH_BITS)) as usize
}

/// Greedy LZ77 parse trying distance 1, distance `stride` and one hashed candidate.
fn parse(data: &[u8], stride: usize) -> Vec<Token> {
    let n = data.len();
    let mut tokens = Vec::with_capacity(n / 16);
    let mut table = vec![u32::MAX; 1 << HASH_BITS];
    let mut i = 0;
    while i < n {
        let limit = (n - i).min(MAX_MATCH);
        let (mut best_len, mut best_dist) = (0, 0);
        if limit >= 3 {
            if i >= 1 {
                best_len = common_prefix(data, i - 1, i, limit);
                best_dist = 1;
            }
            if i >= stride && stride <= MAX_DISTANCE && best_len < limit {
                let len = common_prefix(data, i - stride, i, limit);
                if len > best_len {
                    (best_len, best_dist) = (len, stride);
                }
            }
            if limit >= 4 && best_len < 16 {
                let h = hash4(data, i);
                let candidate = table[h] as usize;
                table[h] = i as u32;
                if candidate < i && i - candidate <= MAX_DISTANCE {
                    let len = common_prefix(data, candidate, i, limit);
                    if len >= 4 && len > best_len {
                        (best_len, best_dist) = (len, i - candidate);
                    }
                }
            }
        }
        if best_len >= 3 {
            tokens.push(((best_len as u32) << 16) | best_dist as u32);
            i += best_len;
        } else {
            tokens.push(u32::from(data[i]));
            i += 1;
        }
    }
    tokens
}

/// Huffman code lengths for `freqs`, none longer than `limit`. Unused symbols get 0; a lone
/// used symbol gets 1.
fn code_lengths(freqs: &[u32], limit: u8) -> Vec<u8> {
    let mut weights: Vec<u32> = freqs.to_vec();
    loop {
        let mut lengths = vec![0u8; freqs.len()];
        let used: Vec<usize> = (0..freqs.len()).filter(|&s| weights[s] > 0).collect();
        match used.len() {
            0 => return lengths,
            1 => {
                lengths[used[0]] = 1;
                return lengths;
            }
            _ => {}
        }
        // Nodes 0..len are leaves; parents are pushed after them.
        let mut parent: Vec<usize> = vec![usize::MAX; freqs.len()];
        let mut heap: BinaryHeap<Reverse<(u64, usize)>> =
            used.iter().map(|&s| Reverse((u64::from(weights[s]), s))).collect();
        while heap.len() > 1 {
            let Reverse((wa, a)) = heap.pop().expect("two nodes");
            let Reverse((wb, b)) = heap.pop().expect("two nodes");
            let node = parent.len();
            parent.push(usize::MAX);
            parent[a] = node;
            parent[b] = node;
            heap.push(Reverse((wa + wb, node)));
        }
        let mut depth = vec![0u8; parent.len()];
        for node in (0..parent.len()).rev() {
            if parent[node] != usize::MAX {
                depth[node] = depth[parent[node]] + 1;
            }
        }
        let longest = used.iter().map(|&s| depth[s]).max().unwrap_or(0);
        if longest <= limit {
            for &s in &used {
                lengths[s] = depth[s];
            }
            return lengths;
        }
        // Too deep: flatten the distribution and try again (ends, at worst, balanced).
        for w in weights.iter_mut().filter(|w| **w > 0) {
            *w = (*w >> 1) + 1;
        }
    }
}

/// Canonical codes for `lengths`, bit-reversed for deflate's LSB-first order.
fn canonical_codes(lengths: &[u8]) -> Vec<u16> {
    let mut count = [0u16; 16];
    for &l in lengths {
        count[usize::from(l)] += 1;
    }
    count[0] = 0;
    let mut next = [0u16; 16];
    let mut code = 0u16;
    for bits in 1..16 {
        code = (code + count[bits - 1]) << 1;
        next[bits] = code;
    }
    lengths
        .iter()
        .map(|&l| {
            if l == 0 {
                return 0;
            }
            let c = next[usize::from(l)];
            next[usize::from(l)] += 1;
            c.reverse_bits() >> (16 - l)
        })
        .collect()
}

/// LSB-first bit output.
struct Bits {
    out: Vec<u8>,
    buffer: u64,
    count: u32,
}

impl Bits {
    #[inline]
    fn put(&mut self, value: u32, bits: u32) {
        self.buffer |= u64::from(value) << self.count;
        self.count += bits;
        if self.count >= 32 {
            self.out.extend_from_slice(&(self.buffer as u32).to_le_bytes());
            self.buffer >>= 32;
            self.count -= 32;
        }
    }

    fn finish(mut self) -> Vec<u8> {
        while self.count > 0 {
            self.out.push(self.buffer as u8);
            self.buffer >>= 8;
            self.count = self.count.saturating_sub(8);
        }
        self.out
    }
}

fn adler32(data: &[u8]) -> u32 {
    let (mut a, mut b) = (1u32, 0u32);
    for chunk in data.chunks(5552) {
        for &byte in chunk {
            a += u32::from(byte);
            b += a;
        }
        a %= 65_521;
        b %= 65_521;
    }
    (b << 16) | a
}

/// Compresses `data` (PNG scanlines, `stride` bytes each including the filter byte) into a
/// zlib stream.
pub fn zlib(data: &[u8], stride: usize) -> Vec<u8> {
    let tokens = parse(data, stride);
    let mut lit_freq = [0u32; 286];
    let mut dist_freq = [0u32; 30];
    lit_freq[256] = 1;
    for &t in &tokens {
        if t < 256 {
            lit_freq[t as usize] += 1;
        } else {
            lit_freq[257 + length_code((t >> 16) as usize)] += 1;
            dist_freq[distance_code((t & 0xffff) as usize)] += 1;
        }
    }
    if dist_freq.iter().all(|&f| f == 0) {
        dist_freq[0] = 1;
    }
    let lit_len = code_lengths(&lit_freq, 15);
    let dist_len = code_lengths(&dist_freq, 15);
    let lit_codes = canonical_codes(&lit_len);
    let dist_codes = canonical_codes(&dist_len);
    let nlit = 257.max(lit_len.iter().rposition(|&l| l > 0).map_or(0, |p| p + 1));
    let ndist = 1.max(dist_len.iter().rposition(|&l| l > 0).map_or(0, |p| p + 1));

    // The code lengths themselves, sent with the code-length code (plain symbols 0..=15).
    let all_lengths: Vec<u8> = lit_len[..nlit].iter().chain(&dist_len[..ndist]).copied().collect();
    let mut clen_freq = [0u32; 19];
    for &l in &all_lengths {
        clen_freq[usize::from(l)] += 1;
    }
    // The code-length code must be complete: make sure two symbols are used.
    if clen_freq.iter().filter(|&&f| f > 0).count() < 2 {
        let spare = if clen_freq[0] == 0 { 0 } else { 1 };
        clen_freq[spare] = 1;
    }
    let clen_len = code_lengths(&clen_freq, 7);
    let clen_codes = canonical_codes(&clen_len);
    let nclen = 4.max(CLEN_ORDER.iter().rposition(|&s| clen_len[s] > 0).map_or(0, |p| p + 1));

    let mut bits = Bits { out: Vec::with_capacity(data.len() / 16 + 64), buffer: 0, count: 0 };
    bits.out.extend_from_slice(&[0x78, 0x01]);
    bits.put(1, 1); // final block
    bits.put(2, 2); // dynamic Huffman codes
    bits.put((nlit - 257) as u32, 5);
    bits.put((ndist - 1) as u32, 5);
    bits.put((nclen - 4) as u32, 4);
    for &s in &CLEN_ORDER[..nclen] {
        bits.put(u32::from(clen_len[s]), 3);
    }
    for &l in &all_lengths {
        let s = usize::from(l);
        bits.put(u32::from(clen_codes[s]), u32::from(clen_len[s]));
    }
    for &t in &tokens {
        if t < 256 {
            let s = t as usize;
            bits.put(u32::from(lit_codes[s]), u32::from(lit_len[s]));
        } else {
            let (len, dist) = ((t >> 16) as usize, (t & 0xffff) as usize);
            let lc = length_code(len);
            bits.put(u32::from(lit_codes[257 + lc]), u32::from(lit_len[257 + lc]));
            bits.put((len - usize::from(LEN_BASE[lc])) as u32, u32::from(LEN_EXTRA[lc]));
            let dc = distance_code(dist);
            bits.put(u32::from(dist_codes[dc]), u32::from(dist_len[dc]));
            bits.put((dist - usize::from(DIST_BASE[dc])) as u32, u32::from(DIST_EXTRA[dc]));
        }
    }
    bits.put(u32::from(lit_codes[256]), u32::from(lit_len[256]));
    let mut out = bits.finish();
    out.extend_from_slice(&adler32(data).to_be_bytes());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symbol_tables_agree_with_the_bases() {
        for len in 3..=MAX_MATCH {
            let c = length_code(len);
            let extra = len - usize::from(LEN_BASE[c]);
            assert!(extra < 1 << LEN_EXTRA[c], "length {len}");
        }
        for dist in 1..=MAX_DISTANCE {
            let c = distance_code(dist);
            let extra = dist - usize::from(DIST_BASE[c]);
            assert!(extra < 1 << DIST_EXTRA[c], "distance {dist}");
        }
    }

    #[test]
    fn code_lengths_respect_the_limit_and_are_complete() {
        let freqs: Vec<u32> =
            (0..286).map(|i| if i % 3 == 0 { 0 } else { 1 << (i % 24) }).collect();
        let lengths = code_lengths(&freqs, 15);
        assert!(lengths.iter().all(|&l| l <= 15));
        let kraft: f64 =
            lengths.iter().filter(|&&l| l > 0).map(|&l| 0.5f64.powi(i32::from(l))).sum();
        assert!((kraft - 1.0).abs() < 1e-9, "{kraft}");
    }
}
