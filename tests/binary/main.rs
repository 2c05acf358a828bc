//! Tests of the real `klass` binary: the command line, start-up, locking and shutdown.

mod cli;
mod process;
mod serve;
