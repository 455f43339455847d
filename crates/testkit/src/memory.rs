//! The memory bound: a counting global allocator (stats_alloc, no unsafe code here) and
//! the most a read may allocate.
//!
//! A test binary that measures installs the counter with [`count_allocations!`](crate::count_allocations!) and has
//! exactly one `#[test]`, so that no other test allocates while it measures.

use std::alloc::System;

use gridnote_board::{Cell, MAX_SIDE};
use stats_alloc::Region;
#[doc(hidden)]
pub use stats_alloc::{INSTRUMENTED_SYSTEM, StatsAlloc};

/// Installs the counting allocator as the test binary's global allocator. Call it once,
/// at the top of the test file (a binary with one `#[test]`).
///
/// ```
/// gridnote_testkit::count_allocations!();
///
/// fn main() {
///     let (bytes, _) = gridnote_testkit::memory::allocated(|| vec![0u8; 100]);
///     assert!(bytes >= 100);
/// }
/// ```
#[macro_export]
macro_rules! count_allocations {
    () => {
        #[global_allocator]
        static GRIDNOTE_TESTKIT_COUNTER: &$crate::memory::StatsAlloc<::std::alloc::System> =
            &$crate::memory::INSTRUMENTED_SYSTEM;
    };
}

/// The bytes `f` allocates (fresh allocations plus growth by reallocation).
///
/// # Panics
/// When the counting allocator is not installed ([`count_allocations!`](crate::count_allocations!)).
///
/// ```
/// gridnote_testkit::count_allocations!();
///
/// fn main() {
///     let (bytes, v) = gridnote_testkit::memory::allocated(|| vec![0u8; 100]);
///     assert!(bytes >= 100 && v.len() == 100);
///     let (nothing, _) = gridnote_testkit::memory::allocated(|| 2 + 2);
///     assert_eq!(nothing, 0);
/// }
/// ```
pub fn allocated<T>(f: impl FnOnce() -> T) -> (usize, T) {
    assert_counting();
    let region = Region::new(counter());
    let value = f();
    let change = region.change();
    let grown = usize::try_from(change.bytes_reallocated).unwrap_or(0);
    (change.bytes_allocated + grown, value)
}

fn counter() -> &'static StatsAlloc<System> {
    &INSTRUMENTED_SYSTEM
}

/// Panics unless the counting allocator sees allocations.
fn assert_counting() {
    let region = Region::new(counter());
    let probe = std::hint::black_box(vec![0u8; 16]);
    drop(probe);
    assert!(
        region.change().allocations > 0,
        "no counting allocator: put gridnote_testkit::count_allocations!(); in this test file"
    );
}

/// The most a read may allocate for a board of `cells` cells from `input_len` bytes of
/// text: a small multiple of the board, plus what the text itself may be copied into
/// (TEN's extension, an error's quoted text), plus a little.
///
/// ```
/// use gridnote_testkit::memory::bound;
/// assert!(bound(9, 10) >= 9 * size_of::<gridnote_board::Cell>());
/// ```
#[must_use]
pub const fn bound(cells: usize, input_len: usize) -> usize {
    4 * cells * size_of::<Cell>() + 2 * input_len + 256
}

/// The largest board any input can describe.
///
/// ```
/// assert_eq!(gridnote_testkit::memory::MAX_CELLS, 255 * 255);
/// ```
pub const MAX_CELLS: usize = MAX_SIDE * MAX_SIDE;

/// Asserts a read of `input` allocated at most [`bound`] for `cells` cells.
///
/// # Panics
/// When `bytes` is over the bound, naming `what`.
///
/// ```
/// gridnote_testkit::memory::assert_within("a small read", "523", 9, 0);
/// ```
pub fn assert_within(what: &str, input: &str, cells: usize, bytes: usize) {
    let limit = bound(cells, input.len());
    let shown: String = input.chars().take(40).collect();
    assert!(
        bytes <= limit,
        "{what}: reading {} bytes ({shown:?}…) allocated {bytes} bytes, more than {limit} for {cells} cells",
        input.len(),
    );
}

/// Writes `value` through `Display` (`write!` into a `String` with room) and asserts
/// that nothing was allocated and the text is `value.to_string()`; returns the text.
///
/// # Panics
/// When `Display` allocated, naming how much.
///
/// ```
/// gridnote_testkit::count_allocations!();
///
/// fn main() {
///     assert_eq!(gridnote_testkit::memory::display_allocates_nothing(&42), "42");
/// }
/// ```
pub fn display_allocates_nothing(value: &impl std::fmt::Display) -> String {
    use std::fmt::Write as _;
    let mut text = String::with_capacity(1 << 17);
    let (bytes, _) = allocated(|| write!(text, "{value}"));
    assert_eq!(bytes, 0, "Display of {} bytes allocated {bytes}", text.len());
    assert_eq!(text, value.to_string());
    text
}

/// Serializes `value` with serde_json (into a `Vec<u8>` with room) and asserts that
/// nothing was allocated and the JSON is the string `text`.
///
/// # Panics
/// When serde allocated, naming how much, or wrote other JSON.
///
/// ```
/// gridnote_testkit::count_allocations!();
///
/// fn main() {
///     gridnote_testkit::memory::serde_allocates_nothing(&"3_/3_/3_ x", "3_/3_/3_ x");
/// }
/// ```
pub fn serde_allocates_nothing(value: &impl serde::Serialize, text: &str) {
    let mut json = Vec::with_capacity(1 << 17);
    let (bytes, _) = allocated(|| serde_json::to_writer(&mut json, value));
    assert_eq!(bytes, 0, "serde of {} bytes allocated {bytes}", text.len());
    assert_eq!(json, serde_json::to_vec(text).expect("a string serializes"));
}
