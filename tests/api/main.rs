//! HTTP API tests: the real application on port 0 with a temporary data directory.

mod activity;
mod authorization;
mod backups;
mod calendar;
mod courses;
mod day_one;
mod files;
mod health;
mod helpers;
mod hygiene;
mod impersonation;
mod import;
mod lessons;
mod limits;
mod mail;
mod mail_history;
mod notifications;
mod passwords;
mod people;
mod people_list;
mod sign_in;
mod smtp_fake;
mod subjects;
mod throttling;
mod tokens;
mod verification;
