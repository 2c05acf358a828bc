//! Tests of the real `klass` binary: the command line, start-up, locking and shutdown.

mod backup;
mod backup_care;
mod body_limits;
mod cli;
mod crash;
mod disk;
mod http;
mod mail_stop;
mod money;
mod process;
mod serve;
mod sign_ins;
mod tls;
mod upgrade;
