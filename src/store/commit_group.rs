//! Changes that arrive together share one write transaction and one durable commit (a group
//! commit). When the bell rings, many teachers save their journals at once: the first change
//! writes and commits alone, and those that arrived while it waited for the disk go together in
//! the next commit, so each still returns only once its writes are on disk, without each paying
//! a whole commit of its own. A change that fails, or a commit that fails, sends each change of
//! that group through a transaction of its own, so one change's refusal never touches another's.

use super::{Store, StoreError, WriteTxn};
use std::any::Any;
use std::panic::{self, AssertUnwindSafe};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};

/// The changes waiting for a commit, and whether one of their threads is writing a group now.
#[derive(Default)]
pub struct CommitGroup {
    waiting: Mutex<Waiting>,
    turn: Condvar,
}

#[derive(Default)]
struct Waiting {
    changes: Vec<Arc<Mutex<dyn Change>>>,
    leading: bool,
}

/// One change as the group runs it, whatever its result's type.
trait Change: Send {
    /// Writes in `txn`, keeping the result; false when the change failed.
    fn write(&mut self, txn: &WriteTxn) -> bool;
    /// The result kept is final: its writes are on disk, or it failed.
    fn settle(&mut self);
    /// The commit meant to keep its writes failed with `err`.
    fn lost(&mut self, err: StoreError);
}

/// What a change's work gave.
enum Outcome<T, E> {
    Done(Result<T, E>),
    Panicked(Box<dyn Any + Send>),
}

struct Work<T, E, F> {
    work: F,
    outcome: Option<Outcome<T, E>>,
    settled: bool,
}

impl<T, E, F> Change for Work<T, E, F>
where
    T: Send,
    E: From<StoreError> + Send,
    F: FnMut(&WriteTxn) -> Result<T, E> + Send,
{
    fn write(&mut self, txn: &WriteTxn) -> bool {
        let outcome = match panic::catch_unwind(AssertUnwindSafe(|| (self.work)(txn))) {
            Ok(result) => Outcome::Done(result),
            Err(payload) => Outcome::Panicked(payload),
        };
        let wrote = matches!(outcome, Outcome::Done(Ok(_)));
        self.outcome = Some(outcome);
        wrote
    }

    fn settle(&mut self) {
        self.settled = true;
    }

    fn lost(&mut self, err: StoreError) {
        self.outcome = Some(Outcome::Done(Err(err.into())));
        self.settled = true;
    }
}

fn locked<T: ?Sized>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl CommitGroup {
    /// Runs `work` in a write transaction of `store`, maybe shared with changes that arrived at
    /// the same moment, and gives its result once the commit that keeps it is on disk (or its
    /// failure). `work` may run more than once, each time in a new transaction (when another
    /// change of its group failed), so it must write only through `txn`. A panic in `work` is
    /// passed on to the caller.
    pub fn run<T, E, F>(&self, store: &Store, work: F) -> Result<T, E>
    where
        T: Send + 'static,
        E: From<StoreError> + Send + 'static,
        F: FnMut(&WriteTxn) -> Result<T, E> + Send + 'static,
    {
        let change = Arc::new(Mutex::new(Work {
            work,
            outcome: None,
            settled: false,
        }));
        let mut waiting = locked(&self.waiting);
        waiting.changes.push(change.clone() as Arc<Mutex<dyn Change>>);
        loop {
            if let Some(outcome) = Self::settled(&change) {
                drop(waiting);
                return match outcome {
                    Outcome::Done(result) => result,
                    Outcome::Panicked(payload) => panic::resume_unwind(payload),
                };
            }
            if waiting.leading {
                waiting = self.turn.wait(waiting).unwrap_or_else(PoisonError::into_inner);
                continue;
            }
            waiting.leading = true;
            let group = std::mem::take(&mut waiting.changes);
            drop(waiting);
            lead(store, &group);
            drop(group);
            waiting = locked(&self.waiting);
            waiting.leading = false;
            self.turn.notify_all();
        }
    }

    fn settled<T, E, F>(change: &Mutex<Work<T, E, F>>) -> Option<Outcome<T, E>> {
        let mut change = locked(change);
        if change.settled { change.outcome.take() } else { None }
    }
}

/// Writes `group` in one transaction and commits it; when a change or the commit fails, each
/// change goes again alone. Every change is settled on return.
fn lead(store: &Store, group: &[Arc<Mutex<dyn Change>>]) {
    if group.len() > 1 && together(store, group) {
        return;
    }
    for change in group {
        alone(store, &mut *locked(change));
    }
}

/// Whether every change of `group` wrote and their one commit succeeded (then each is settled).
fn together(store: &Store, group: &[Arc<Mutex<dyn Change>>]) -> bool {
    let Ok(txn) = store.write() else {
        return false;
    };
    for change in group {
        if !locked(change).write(&txn) {
            return false;
        }
    }
    if txn.commit().is_err() {
        return false;
    }
    for change in group {
        locked(change).settle();
    }
    true
}

/// `change` in a transaction of its own; a failed change leaves nothing written.
fn alone(store: &Store, change: &mut dyn Change) {
    let txn = match store.write() {
        Ok(txn) => txn,
        Err(err) => return change.lost(err),
    };
    if !change.write(&txn) {
        return change.settle();
    }
    match txn.commit() {
        Ok(()) => change.settle(),
        Err(err) => change.lost(err),
    }
}

#[cfg(test)]
mod tests;
