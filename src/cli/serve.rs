//! `klass serve`: opens the database, optionally seeds the demo school, and serves.

use crate::config::Config;
use crate::domain::activity::Origin;
use crate::mail::Mailer;
use crate::service::calendar_feed;
use crate::service::demo::{self, Seeded};
use crate::service::journal::Journal;
use crate::startup::{App, shutdown_signal};
use clap::Args;
use std::net::SocketAddr;
use std::process::ExitCode;
use std::sync::Arc;

/// Options of the server.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// On an empty database, create a demo school (people with Russian names) to look around.
    #[arg(long)]
    pub demo: bool,
    /// With --demo: about how many people the demo school has (staff, parents, children). Its
    /// eight groups hold 12 children at most: in a school of more than ~170 people, the
    /// children after the first 96 are in no group (a school to measure people, not lessons).
    #[arg(long, value_name = "N", default_value_t = demo::DEFAULT_PEOPLE as u32, value_parser = clap::value_parser!(u32).range(5..=200_000))]
    pub demo_people: u32,
    /// Address to listen on (overrides `server.listen`).
    #[arg(long, value_name = "ADDR")]
    pub listen: Option<SocketAddr>,
}

pub async fn run(args: &ServeArgs, mut config: Config) -> anyhow::Result<ExitCode> {
    if let Some(listen) = args.listen {
        config.server.listen = listen;
    }
    if let Some(warning) = unreachable_links(&config) {
        tracing::warn!("{warning}");
    }
    let data_dir = config.data_dir.clone();
    // The demo is seeded by nobody in particular: its log entry names no person.
    let journal = Journal::new(Arc::new(config.clone()), Mailer::new(), Origin::default());
    let shutdown = shutdown_signal();
    let app = App::build(config).await?;
    if args.demo {
        let store = app.store().clone();
        let people = args.demo_people as usize;
        let seeded = tokio::task::spawn_blocking(move || demo::seed(&store, &journal, people)).await??;
        match seeded {
            Seeded::Created(people) => println!("Демо-школа создана: {people} человек."),
            Seeded::AlreadyPopulated => {
                println!("В базе уже есть люди: демо-данные не добавлялись.")
            }
        }
        println!(
            "Вход для менеджера: {} / {} (если пароль не меняли)",
            demo::MANAGER_EMAIL,
            demo::PASSWORD
        );
    }
    println!("Данные: {}", data_dir.join(crate::store::DB_FILE_NAME).display());
    // Tests and scripts read the address from this line (port 0 picks a free port).
    println!("Klass слушает {}", app.url());
    app.run_until(shutdown).await?;
    println!("Klass остановлен.");
    Ok(ExitCode::SUCCESS)
}

/// Why the links the server gives out (a phone's calendar, mail) would lead nowhere, if they
/// would: `server.public_url` names this computer only while others are served.
fn unreachable_links(config: &Config) -> Option<String> {
    let (public_url, listen) = (&config.server.public_url, config.server.listen);
    (!listen.ip().is_loopback() && calendar_feed::is_loopback(public_url)).then(|| {
        format!(
            "Сервер слушает {listen}, но server.public_url = {public_url} ведёт на этот же компьютер: \
             ссылки на календарь и из писем не откроются на телефонах и других компьютерах. \
             Укажите в server.public_url адрес, по которому открывают портал, например http://192.168.1.10:8080"
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(public_url: &str, listen: &str) -> Config {
        let mut config = Config::default();
        config.server.public_url = public_url.into();
        config.server.listen = listen.parse().expect("address");
        config
    }

    #[test]
    fn a_public_url_on_this_computer_is_warned_of_when_others_are_served() {
        let warning = unreachable_links(&config("http://127.0.0.1:8080", "0.0.0.0:8080")).expect("a warning");
        assert!(warning.contains("server.public_url"), "{warning}");
        assert!(unreachable_links(&config("http://localhost:8080", "[::]:8080")).is_some());
        assert!(unreachable_links(&config("http://127.0.0.1:8080", "127.0.0.1:8080")).is_none());
        assert!(unreachable_links(&config("http://192.168.1.10:8080", "0.0.0.0:8080")).is_none());
    }
}
