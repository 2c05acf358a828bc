//! The disk under the data directory, watched every minute: a database that refused writes
//! after a full disk is opened again once it can be, and the managers are told when free
//! space falls below `storage.min_free_mb` (once, until it rises above again).

use super::AppState;
use super::backups::tell_managers;
use crate::domain::activity::Action;
use std::path::Path;
use std::time::Duration;

/// Free space on the file system holding `dir`, in MiB (none if it cannot be asked).
pub fn free_mb(dir: &Path) -> Option<u64> {
    let stats = nix::sys::statvfs::statvfs(dir).ok()?;
    let bytes = (stats.blocks_available() as u64).saturating_mul(stats.fragment_size() as u64);
    Some(bytes / (1024 * 1024))
}

/// Whether to tell the managers now: free space just fell below the threshold.
pub fn newly_low(free: u64, threshold: u64, was_low: bool) -> bool {
    free < threshold && !was_low
}

/// Runs until the task is dropped.
pub async fn watch(state: AppState) {
    let threshold = state.config.storage.min_free_mb;
    let mut was_low = false;
    let mut every_minute = tokio::time::interval(Duration::from_secs(60));
    loop {
        every_minute.tick().await;
        if let Err(err) = state.database_usable().await {
            tracing::error!("the database cannot be written: {err}");
        }
        let Some(free) = free_mb(&state.config.data_dir) else {
            continue;
        };
        if newly_low(free, threshold, was_low) {
            let message = format!(
                "На диске сервера осталось {free} МБ свободного места (порог — {threshold} МБ). \
                 Освободите место: когда оно закончится, изменения перестанут сохраняться."
            );
            tracing::warn!("{message}");
            tell_managers(&state, Action::DiskSpaceLow, message).await;
        }
        was_low = free < threshold;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn managers_are_told_once_per_fall_below_the_threshold() {
        assert!(newly_low(150, 200, false));
        assert!(!newly_low(150, 200, true), "not again while it stays low");
        assert!(!newly_low(250, 200, false));
        assert!(free_mb(Path::new(".")).is_some());
    }
}
