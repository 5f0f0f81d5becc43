//! HTTPS for the emulator's REST API, as `discord.com`.
//!
//! serenity's rate limiter builds every request for `https://discord.com/api/v10/…` whatever
//! proxy is configured, so a bot that keeps its limiter on can only be pointed at the emulator by
//! resolving `discord.com` to it and trusting a certificate for that name. `tls/` holds one,
//! valid for a century, issued by a throwaway authority whose private key was deleted after
//! signing it (it can sign nothing else); only processes told to trust `tls/ca.pem`
//! (`DISCORD_API_CA`) accept it.

use std::net::SocketAddr;
use std::sync::Arc;

use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;
use tokio_rustls::TlsAcceptor;
use tokio_rustls::rustls::ServerConfig;
use tokio_rustls::rustls::crypto::ring;
use tokio_rustls::rustls::pki_types::pem::PemObject;
use tokio_rustls::rustls::pki_types::{CertificateDer, PrivateKeyDer};
use tokio_rustls::server::TlsStream;

/// The authority the bot must trust (a file path, for `DISCORD_API_CA`).
pub const CA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/support/discord/tls/ca.pem");
const CERT: &[u8] = include_bytes!("tls/discord.com.pem");
const KEY: &[u8] = include_bytes!("tls/discord.com.key");

/// Accepts TCP connections and completes their TLS handshakes in the background, handing
/// established streams to axum.
pub struct TlsListener {
    streams: mpsc::Receiver<(TlsStream<TcpStream>, SocketAddr)>,
    addr: SocketAddr,
}

impl TlsListener {
    /// Must be called inside the emulator's runtime.
    pub fn new(tcp: TcpListener) -> TlsListener {
        let addr = tcp.local_addr().expect("a bound listener");
        let certs = vec![CertificateDer::from_pem_slice(CERT).expect("the test certificate")];
        let key = PrivateKeyDer::from_pem_slice(KEY).expect("the test key");
        let mut config = ServerConfig::builder_with_provider(Arc::new(ring::default_provider()))
            .with_safe_default_protocol_versions()
            .expect("TLS versions")
            .with_no_client_auth()
            .with_single_cert(certs, key)
            .expect("a usable certificate");
        config.alpn_protocols = vec![b"http/1.1".to_vec()];
        let acceptor = TlsAcceptor::from(Arc::new(config));
        let (tx, streams) = mpsc::channel(64);
        tokio::spawn(async move {
            while let Ok((tcp, peer)) = tcp.accept().await {
                let (acceptor, tx) = (acceptor.clone(), tx.clone());
                tokio::spawn(async move {
                    let _ = tcp.set_nodelay(true);
                    if let Ok(tls) = acceptor.accept(tcp).await {
                        let _ = tx.send((tls, peer)).await;
                    }
                });
            }
        });
        TlsListener { streams, addr }
    }
}

impl axum::serve::Listener for TlsListener {
    type Io = TlsStream<TcpStream>;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (Self::Io, Self::Addr) {
        match self.streams.recv().await {
            Some(stream) => stream,
            None => std::future::pending().await,
        }
    }

    fn local_addr(&self) -> std::io::Result<Self::Addr> {
        Ok(self.addr)
    }
}
