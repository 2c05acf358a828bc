//! `klass backup create|verify|list|restore`: copies of the whole school, made by the running
//! server over its admin socket, or from the file itself when no server holds it.

use crate::backup::{self, BackupError, Created, Progress, socket};
use crate::config::Config;
use crate::service::files::size_ru;
use crate::store::{DB_FILE_NAME, Store};
use clap::Subcommand;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Backup commands.
#[derive(Debug, Subcommand)]
pub enum BackupCommand {
    /// Make a copy of the database (the server may keep running).
    Create {
        /// The copy's file; by default a new file in `backup.dir`.
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
    },
    /// Check a copy: checksum, integrity, schema version, record counts.
    Verify { file: PathBuf },
    /// List the copies in `backup.dir`.
    List,
    /// Put a copy in place of the database (the server must be stopped).
    Restore { file: PathBuf },
}

pub fn run(command: &BackupCommand, config: &Config) -> anyhow::Result<ExitCode> {
    let outcome = match command {
        BackupCommand::Create { out } => create(out.as_deref(), config),
        BackupCommand::Verify { file } => verify(file),
        BackupCommand::List => list(config),
        BackupCommand::Restore { file } => restore(file, config),
    };
    match outcome {
        Ok(()) => Ok(ExitCode::SUCCESS),
        Err(err) if matches!(command, BackupCommand::Create { .. }) => {
            eprintln!("{}", err.not_made("Копия"));
            Ok(ExitCode::FAILURE)
        }
        Err(err) => {
            eprintln!("Ошибка: {err}");
            Ok(ExitCode::FAILURE)
        }
    }
}

fn create(out: Option<&Path>, config: &Config) -> Result<(), BackupError> {
    let target = match out {
        Some(path) => std::path::absolute(path).map_err(|err| BackupError::writing(path, err))?,
        None => std::path::absolute(config.backup_dir())
            .map_err(|err| BackupError::writing(&config.backup_dir(), err))?
            .join(backup::file_name(&jiff::Timestamp::now().to_zoned(config.time_zone()))),
    };
    let mut bar = Bar::new();
    let created = match socket::ask_create(&config.data_dir, &target, &mut |step| bar.show(step))? {
        Some(created) => {
            bar.finish();
            println!("Копию сделал работающий сервер.");
            created
        }
        None => {
            let db = Store::open_for_copy(&config.data_dir.join(DB_FILE_NAME))?;
            let txn = db.begin_read().map_err(|err| BackupError::Store(err.into()))?;
            let created = backup::create(&txn, &target, &mut |step| bar.show(step))?;
            bar.finish();
            created
        }
    };
    print_created(&created);
    Ok(())
}

fn print_created(created: &Created) {
    let manifest = &created.manifest;
    println!("Копия готова: {}", created.path.display());
    println!(
        "Размер: {}, записей: {}, версия Klass {}, схема {}",
        size_ru(created.size),
        manifest.records(),
        manifest.klass_version,
        manifest.schema_version
    );
    println!("SHA-256 базы: {}", manifest.sha256);
}

fn verify(file: &Path) -> Result<(), BackupError> {
    let verified = backup::verify(file)?;
    if !verified.problems.is_empty() {
        return Err(BackupError::Invalid {
            path: file.to_owned(),
            problems: verified.problems,
        });
    }
    let manifest = &verified.manifest;
    println!("Копия исправна: {}", file.display());
    println!(
        "Сделана {} версией Klass {} (схема {}), записей: {}",
        local(manifest.created_at),
        manifest.klass_version,
        manifest.schema_version,
        manifest.records()
    );
    Ok(())
}

fn list(config: &Config) -> Result<(), BackupError> {
    let dir = config.backup_dir();
    let copies = backup::list(&dir)?;
    if copies.is_empty() {
        println!("В каталоге {} копий нет.", dir.display());
        return Ok(());
    }
    println!("Копии в {}:", dir.display());
    for copy in copies {
        let check = match &copy.check {
            None => "не проверялась".to_owned(),
            Some(check) if check.ok => format!("проверена {}", local(check.at)),
            Some(check) => format!("ОШИБКА при проверке {}", local(check.at)),
        };
        let about = match &copy.manifest {
            Ok(m) => format!(
                "{}\tKlass {}, схема {}",
                local(m.created_at),
                m.klass_version,
                m.schema_version
            ),
            Err(err) => format!("не читается: {err}"),
        };
        println!("{}\t{about}\t{}\t{check}", copy.name(), size_ru(copy.size));
    }
    Ok(())
}

fn restore(file: &Path, config: &Config) -> Result<(), BackupError> {
    println!("Проверка копии {} …", file.display());
    let restored = backup::restore(file, &config.data_dir)?;
    println!(
        "База восстановлена из копии от {} (записей: {}).",
        local(restored.manifest.created_at),
        restored.manifest.records()
    );
    if let Some(kept) = restored.kept {
        println!("Прежняя база сохранена как {}", kept.display());
    }
    if restored.settled_mails > 0 {
        println!(
            "Писем, отправленных после создания копии: {}; повторно они не отправятся.",
            restored.settled_mails
        );
    }
    if restored.manifest.schema_version < crate::store::SCHEMA_VERSION {
        println!("Копия сделана прежней версией: база обновится при следующем запуске сервера.");
    }
    Ok(())
}

/// A moment as the server's local date and time, «23.11.2026 03:00».
fn local(at: jiff::Timestamp) -> String {
    at.to_zoned(jiff::tz::TimeZone::system())
        .strftime("%d.%m.%Y %H:%M")
        .to_string()
}

/// A progress bar on a terminal; otherwise one line per step.
struct Bar {
    terminal: bool,
    stage: Option<backup::Stage>,
}

impl Bar {
    fn new() -> Self {
        Self {
            terminal: std::io::stdout().is_terminal(),
            stage: None,
        }
    }

    fn show(&mut self, step: Progress) {
        let new_stage = self.stage != Some(step.stage);
        if new_stage && self.terminal && self.stage.is_some() {
            println!();
        }
        if new_stage && !self.terminal {
            println!("{} …", step.stage.describe());
        }
        self.stage = Some(step.stage);
        if self.terminal {
            let share = if step.total == 0 {
                1.0
            } else {
                step.done as f64 / step.total as f64
            };
            let filled = (share * 30.0).round().clamp(0.0, 30.0) as usize;
            print!(
                "\r{:<24} [{}{}] {:>3}%",
                step.stage.describe(),
                "#".repeat(filled),
                " ".repeat(30 - filled),
                (share * 100.0).round() as u32
            );
            let _ = std::io::stdout().flush();
        }
    }

    fn finish(&self) {
        if self.terminal && self.stage.is_some() {
            println!();
        }
    }
}
