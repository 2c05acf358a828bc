//! Klass: the administration portal of one school, as a library so tests link it.

pub mod api;
pub mod auth;
pub mod backup;
pub mod cli;
pub mod config;
pub mod domain;
pub mod error;
pub mod mail;
pub mod policy;
pub mod rejection;
pub mod service;
pub mod startup;
pub mod store;
pub mod web;

/// The release of this build.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
