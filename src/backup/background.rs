//! Copies run on a thread of their own at a lower CPU priority: a copy reads the whole
//! database, seconds of work, and on a busy core it should give way to the people using the
//! portal rather than take half the core from them.

use tokio::sync::oneshot;

/// How much nicer than the server a copy runs (`nice`: 0 is the server's, 19 the lowest).
const NICER_BY: i32 = 10;

/// Starts `work` on a new thread whose priority is lowered first; its result arrives on the
/// receiver, which ends without one if the thread could not start or panicked (both logged).
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

/// Lowers the calling thread's priority by `NICER_BY` (on Linux a thread has its own nice
/// value). Not being able to only costs the requests some speed, so it is logged, not fatal.
fn lower_priority() {
    let thread = Some(rustix::thread::gettid());
    let lowered = rustix::process::getpriority_process(thread)
        .and_then(|now| rustix::process::setpriority_process(thread, (now + NICER_BY).min(19)));
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
        assert_eq!(copy, (server + NICER_BY).min(19));
        assert_eq!(rustix::process::getpriority_process(None).expect("priority"), server);
    }

    #[tokio::test]
    async fn a_panic_ends_the_receiver_without_a_result() {
        let copy = spawn(|| -> u8 { panic!("a copy that fails badly") });
        assert!(copy.await.is_err());
    }
}
