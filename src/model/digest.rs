//! A file's content hash. The data records the hash of every image file it names, so a changed scan
//! rebuilds its modules; the build cache keys what it stores the same way.

/// A 128-bit content hash (XXH3), as 32 hex digits.
pub fn hash(bytes: &[u8]) -> String {
    format!("{:032x}", xxhash_rust::xxh3::xxh3_128(bytes))
}
