//! The file layout of a copy: a gzip-compressed tar holding `manifest.json` first (so a list
//! reads only the beginning) and then `klass.redb`, so `tar xzf` alone also gets the database.

use super::BackupError;
use super::manifest::Manifest;
use flate2::Compression;
use flate2::read::GzDecoder;
use flate2::write::GzEncoder;
use sha2::{Digest, Sha256};
use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::Path;

const MANIFEST_ENTRY: &str = "manifest.json";
const DB_ENTRY: &str = "klass.redb";

/// The ending of a copy's file name.
pub const EXTENSION: &str = ".tar.gz";

/// Bytes read or written at a time: enough for few system calls, small beside the server's
/// own memory (the copy streams through, never held whole).
const IO_BUFFER: usize = 256 * 1024;

/// SHA-256 of a file, lowercase hex, read in pieces.
pub fn sha256_of(path: &Path) -> io::Result<String> {
    let mut hasher = Sha256::new();
    io::copy(
        &mut BufReader::with_capacity(IO_BUFFER, File::open(path)?),
        &mut HashWriter(&mut hasher),
    )?;
    Ok(hex::encode(hasher.finalize()))
}

/// Writes the copy into `out`: the manifest, then the database file `db`; `progress(done,
/// total)` counts the database's bytes. The file is synced to disk before this returns.
pub fn pack(out: &File, manifest: &Manifest, db: &Path, progress: &mut dyn FnMut(u64, u64)) -> io::Result<()> {
    let gzip = GzEncoder::new(BufWriter::with_capacity(IO_BUFFER, out), Compression::fast());
    let mut tar = tar::Builder::new(gzip);
    let json = serde_json::to_vec_pretty(manifest).map_err(io::Error::other)?;
    tar.append_data(&mut header(json.len() as u64), MANIFEST_ENTRY, json.as_slice())?;
    let total = manifest.db_size;
    let reader = Counting {
        inner: BufReader::with_capacity(IO_BUFFER, File::open(db)?),
        done: 0,
        total,
        progress,
    };
    tar.append_data(&mut header(total), DB_ENTRY, reader)?;
    let mut buffered = tar.into_inner()?.finish()?;
    buffered.flush()?;
    out.sync_all()
}

/// Reads only the manifest at the beginning of the copy at `path`.
pub fn read_manifest(path: &Path) -> Result<Manifest, BackupError> {
    let mut archive = open(path)?;
    let mut entries = archive.entries().map_err(|err| BackupError::unreadable(path, &err))?;
    manifest_entry(path, &mut entries)
}

/// Reads the manifest and writes the database inside the copy into `dest`, then reads the
/// archive to its end (a damaged byte anywhere is an error); returns the manifest and the
/// SHA-256 of what was written. A failed write names `dest_dir` (a full disk).
pub fn unpack(path: &Path, dest: &mut File, dest_dir: &Path) -> Result<(Manifest, String), BackupError> {
    let mut archive = open(path)?;
    let mut entries = archive.entries().map_err(|err| BackupError::unreadable(path, &err))?;
    let manifest = manifest_entry(path, &mut entries)?;
    let mut entry = next_entry(path, &mut entries, DB_ENTRY)?;
    let mut hasher = Sha256::new();
    let mut writer = Tee {
        file: BufWriter::with_capacity(IO_BUFFER, &mut *dest),
        hasher: &mut hasher,
        failed: false,
    };
    if let Err(err) = io::copy(&mut entry, &mut writer) {
        return Err(match writer.failed {
            true => BackupError::writing(dest_dir, err),
            false => BackupError::read(path, damaged(err)),
        });
    }
    writer.file.flush().map_err(|err| BackupError::writing(dest_dir, err))?;
    drop(writer);
    drop((entry, entries));
    // The rest of the archive is read too, so gzip's checksum covers every byte of the file.
    io::copy(&mut archive.into_inner(), &mut io::sink()).map_err(|err| BackupError::read(path, damaged(err)))?;
    dest.sync_all().map_err(|err| BackupError::writing(dest_dir, err))?;
    Ok((manifest, hex::encode(hasher.finalize())))
}

type Entries<'a> = tar::Entries<'a, GzDecoder<BufReader<File>>>;

fn open(path: &Path) -> Result<tar::Archive<GzDecoder<BufReader<File>>>, BackupError> {
    let file = File::open(path).map_err(|err| BackupError::unreadable(path, &err))?;
    Ok(tar::Archive::new(GzDecoder::new(BufReader::with_capacity(
        IO_BUFFER, file,
    ))))
}

fn manifest_entry(path: &Path, entries: &mut Entries<'_>) -> Result<Manifest, BackupError> {
    let mut entry = next_entry(path, entries, MANIFEST_ENTRY)?;
    let mut json = Vec::new();
    entry
        .by_ref()
        .take(1 << 20)
        .read_to_end(&mut json)
        .map_err(|err| BackupError::read(path, damaged(err)))?;
    serde_json::from_slice(&json).map_err(|err| BackupError::read(path, format!("описание копии испорчено ({err})")))
}

fn next_entry<'a>(
    path: &Path,
    entries: &mut Entries<'a>,
    name: &str,
) -> Result<tar::Entry<'a, GzDecoder<BufReader<File>>>, BackupError> {
    let not_a_copy = || BackupError::read(path, format!("это не копия Klass: в архиве нет {name}"));
    let entry = entries
        .next()
        .ok_or_else(not_a_copy)?
        .map_err(|err| BackupError::read(path, damaged(err)))?;
    let found = entry.path().map(|p| p.as_os_str() == name).unwrap_or(false);
    if found { Ok(entry) } else { Err(not_a_copy()) }
}

/// Explains a read error of a damaged archive.
fn damaged(err: io::Error) -> String {
    format!("архив повреждён или обрезан ({err})")
}

fn header(size: u64) -> tar::Header {
    let mut header = tar::Header::new_gnu();
    header.set_size(size);
    header.set_mode(0o600);
    header.set_mtime(jiff::Timestamp::now().as_second().max(0) as u64);
    header
}

struct Counting<'a, R> {
    inner: R,
    done: u64,
    total: u64,
    progress: &'a mut dyn FnMut(u64, u64),
}

impl<R: Read> Read for Counting<'_, R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        let before = self.done >> 24;
        self.done += n as u64;
        if self.done >> 24 != before || n == 0 {
            (self.progress)(self.done, self.total);
        }
        Ok(n)
    }
}

struct HashWriter<'a>(&'a mut Sha256);

impl Write for HashWriter<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.update(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Writes to a file and hashes what was written; remembers whether the file refused a write.
struct Tee<'a, W> {
    file: W,
    hasher: &'a mut Sha256,
    failed: bool,
}

impl<W: Write> Write for Tee<'_, W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.file.write(buf).inspect_err(|_| self.failed = true)?;
        self.hasher.update(&buf[..n]);
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.file.flush()
    }
}
