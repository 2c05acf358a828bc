//! The school's money: payments, charges, reversals and refunds in an append-only ledger, balances,
//! debtors, the school's ledger and its export, and the recount that checks every balance.

pub mod alerts;
pub mod charges;
pub mod debtors;
pub mod entry_view;
pub mod export;
pub mod ledger_texts;
pub mod packages;
pub mod payments;
pub mod refunds;
pub mod retries;
pub mod reversal;
pub mod school_ledger;
pub mod verify;
