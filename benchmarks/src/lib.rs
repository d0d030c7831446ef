//! What the benchmark programs share.

/// The 32-byte ChaCha key that seeds proptest's RNG for a seed: splitmix64
/// of the seed, four words. proptest takes a key rather than a number, and
/// both programs seed it from the numbers the other libraries take.
pub fn chacha_key(seed: u64) -> [u8; 32] {
    let mut state = seed;
    let mut key = [0; 32];
    for chunk in key.chunks_exact_mut(8) {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        chunk.copy_from_slice(&(z ^ (z >> 31)).to_le_bytes());
    }
    key
}
