//! Zobrist keys of (configuration, player to move): one key per (point, colour) and
//! one for "White to move", combined with XOR and updated incrementally by φ.

/// SplitMix64: a fixed, well-mixed sequence, so that keys (and so node counts of a
/// search that orders by hash) are the same on every run and every machine.
#[inline]
pub fn splitmix64(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The keys of a black and of a white stone on the point with this index.
pub(crate) fn point_keys(index: usize) -> [u64; 2] {
    let i = index as u64;
    [splitmix64(2 * i + 1), splitmix64(2 * i + 2)]
}

/// The key XORed in when White is to move.
pub const WHITE_TO_MOVE: u64 = 0x6A09_E667_F3BC_C909;

/// The key XORed in while a ko rule forbids the point with this index (the
/// ko recapture the player to move may not make): [`crate::Position::ko_ban`].
pub(crate) fn ban_key(index: usize) -> u64 {
    splitmix64(0x4B4F_0000_0000_0000 ^ index as u64)
}

/// The key XORed in while `c` has `n` external ko threats left (none for 0):
/// [`crate::Position::ko_threats`].
pub(crate) fn threats_key(c: crate::Color, n: u8) -> u64 {
    if n == 0 {
        return 0;
    }
    splitmix64(0x5448_5245_0000_0000 ^ ((c.index() as u64) << 8) ^ u64::from(n))
}
