//! HTTPS by the portal itself (`[server.tls]`): the certificate from files, or one the server
//! makes for its own names and addresses at first start and keeps in `<data_dir>/tls/`.

use crate::config::{Config, TlsMode};
use anyhow::Context;
use sha2::{Digest, Sha256};
use std::path::Path;
use std::sync::Arc;
use tokio_rustls::rustls::ServerConfig;
use tokio_rustls::rustls::crypto::ring;
use tokio_rustls::rustls::pki_types::pem::PemObject;
use tokio_rustls::rustls::pki_types::{CertificateDer, PrivateKeyDer};

/// Where the self-signed certificate and its key are kept, inside the data directory.
pub const SELF_SIGNED_DIR: &str = "tls";

/// The TLS settings of the server, or none for plain HTTP.
pub fn server_config(config: &Config) -> anyhow::Result<Option<Arc<ServerConfig>>> {
    let (cert, key) = match config.server.tls.mode {
        TlsMode::Off => return Ok(None),
        TlsMode::Files => (config.server.tls.cert.clone(), config.server.tls.key.clone()),
        TlsMode::SelfSigned => self_signed(&config.data_dir.join(SELF_SIGNED_DIR), config)?,
    };
    let chain = CertificateDer::pem_file_iter(&cert)
        .and_then(|certs| certs.collect::<Result<Vec<_>, _>>())
        .with_context(|| format!("не удалось прочитать сертификат {}", cert.display()))?;
    let key =
        PrivateKeyDer::from_pem_file(&key).with_context(|| format!("не удалось прочитать ключ {}", key.display()))?;
    if let Some(first) = chain.first() {
        tracing::info!(fingerprint = %fingerprint(first), "HTTPS certificate (SHA-256)");
    }
    let tls = ServerConfig::builder_with_provider(Arc::new(ring::default_provider()))
        .with_safe_default_protocol_versions()?
        .with_no_client_auth()
        .with_single_cert(chain, key)
        .context("сертификат и ключ не подходят друг к другу")?;
    let mut tls = tls;
    tls.alpn_protocols = vec![b"http/1.1".to_vec()];
    Ok(Some(Arc::new(tls)))
}

/// The SHA-256 of a certificate as browsers show it: `AB:CD:…`.
pub fn fingerprint(cert: &[u8]) -> String {
    let digest = Sha256::digest(cert);
    digest.iter().map(|b| format!("{b:02X}")).collect::<Vec<_>>().join(":")
}

/// The self-signed certificate's files in `dir`, made first if they are not there yet.
fn self_signed(dir: &Path, config: &Config) -> anyhow::Result<(std::path::PathBuf, std::path::PathBuf)> {
    let (cert, key) = (dir.join("cert.pem"), dir.join("key.pem"));
    if cert.exists() && key.exists() {
        return Ok((cert, key));
    }
    let names = server_names(config);
    tracing::info!(?names, "making a self-signed HTTPS certificate");
    let made = rcgen::generate_simple_self_signed(names).context("не удалось создать сертификат")?;
    std::fs::create_dir_all(dir).with_context(|| format!("не удалось создать каталог {}", dir.display()))?;
    write_private(&key, made.signing_key.serialize_pem().as_bytes())?;
    std::fs::write(&cert, made.cert.pem()).with_context(|| format!("не удалось записать {}", cert.display()))?;
    Ok((cert, key))
}

/// The key file, readable by the owner only.
fn write_private(path: &Path, contents: &[u8]) -> anyhow::Result<()> {
    use std::io::Write;
    use std::os::unix::fs::OpenOptionsExt;
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .mode(0o600)
        .open(path)
        .with_context(|| format!("не удалось записать {}", path.display()))?;
    file.write_all(contents)?;
    Ok(())
}

/// The names and addresses the server is reached by: `localhost`, its host name, the host in
/// `public_url`, the listen address and every address of its network interfaces.
fn server_names(config: &Config) -> Vec<String> {
    let mut names = vec!["localhost".to_owned(), "127.0.0.1".to_owned(), "::1".to_owned()];
    if let Ok(host) = nix::unistd::gethostname() {
        names.extend(host.into_string().ok());
    }
    let public = config.server.public_url.split("://").nth(1).unwrap_or("");
    let host = public.split(['/', ':']).next().unwrap_or("");
    if !host.is_empty() && !host.starts_with('[') {
        names.push(host.to_owned());
    }
    let listen = config.server.listen.ip();
    if !listen.is_unspecified() {
        names.push(listen.to_string());
    }
    if let Ok(interfaces) = nix::ifaddrs::getifaddrs() {
        for interface in interfaces {
            let address = interface.address.as_ref();
            if let Some(v4) = address.and_then(|a| a.as_sockaddr_in()) {
                names.push(v4.ip().to_string());
            }
            if let Some(v6) = address.and_then(|a| a.as_sockaddr_in6()) {
                names.push(v6.ip().to_string());
            }
        }
    }
    names.sort();
    names.dedup();
    names
}
