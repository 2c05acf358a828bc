//! `klass serve`: opens the database, optionally seeds the demo school, and serves.

use crate::config::Config;
use crate::service::demo::{self, Seeded};
use crate::startup::{App, shutdown_signal};
use clap::Args;
use std::net::SocketAddr;
use std::process::ExitCode;

/// Options of the server.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// On an empty database, create a demo school (people with Russian names) to look around.
    #[arg(long)]
    pub demo: bool,
    /// Address to listen on (overrides `server.listen`).
    #[arg(long, value_name = "ADDR")]
    pub listen: Option<SocketAddr>,
}

pub async fn run(args: &ServeArgs, mut config: Config) -> anyhow::Result<ExitCode> {
    if let Some(listen) = args.listen {
        config.server.listen = listen;
    }
    let data_dir = config.data_dir.clone();
    let app = App::build(config).await?;
    if args.demo {
        let store = app.store().clone();
        let seeded = tokio::task::spawn_blocking(move || demo::seed(&store)).await??;
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
    println!("Klass слушает http://{}", app.addr());
    app.run_until(shutdown_signal()).await?;
    println!("Klass остановлен.");
    Ok(ExitCode::SUCCESS)
}
