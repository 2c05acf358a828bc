//! glibc's allocator, set up before the first thread starts: two arenas instead of eight per core.

/// How many arenas glibc's allocator keeps (its default is eight per core).
///
/// Each arena keeps the memory freed into it for reuse. With one per thread of the blocking pool,
/// the page cache's pages (allocated by whichever thread read or wrote them) and the short-lived
/// buffers of requests were spread over six arenas, each holding freed holes: after 10 s of
/// journal saves on the bench's school of 5,000,000 attendance records the server held 98–100
/// MB, of which ~56 MB was in use (heaptrack); with two arenas, 87–88 MB, and no fewer saves
/// a second.
const ARENAS: i32 = 2;

/// Keeps glibc to `ARENAS` arenas, unless `MALLOC_ARENA_MAX` is set (the operator's choice wins,
/// glibc having read it already). Call it first in `main`, while no other thread exists.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[allow(unsafe_code)]
pub fn keep_few_arenas() {
    if std::env::var_os("MALLOC_ARENA_MAX").is_some() {
        return;
    }
    // SAFETY: mallopt only changes a setting of glibc's allocator, and it is called before any
    // other thread exists; its answer (1 on success) needs no action either way.
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, ARENAS);
    }
}

/// Other C libraries (musl) have no arenas to limit.
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
pub fn keep_few_arenas() {}
