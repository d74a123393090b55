//! TLS for the hub, on both ends, with rustls and the ring provider only. Every config is
//! built with its provider named (`builder_with_provider`), never the process default,
//! which rustls cannot choose when two providers are compiled in.
//!
//! - The hub's side: [`acceptor`], for the server's own accept loop.
//! - A kiosk's side: [`pinned_client`], a reqwest client that trusts exactly one
//!   certificate, by its SHA-256 fingerprint (or, to enrol after an mDNS search, by the
//!   fingerprint's prefix that the search gave: [`Pin::Prefix`]). Names and dates are not checked: the hub's
//!   certificate is self-signed and its address may change; the pin is its identity. The
//!   handshake's signatures are checked, so only the holder of the pinned certificate's
//!   key can answer.

use std::sync::Arc;
use std::time::Duration;

use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::crypto::{CryptoProvider, verify_tls12_signature, verify_tls13_signature};
use rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer, ServerName, UnixTime};
use rustls::{CertificateError, DigitallySignedStruct, SignatureScheme};
use sha2::Digest as _;

use super::Identity;
use crate::error::{Error, Result};

fn provider() -> Arc<CryptoProvider> {
    Arc::new(rustls::crypto::ring::default_provider())
}

/// The hub's TLS acceptor: its certificate and key, TLS 1.2 and 1.3, HTTP/1.1.
pub fn acceptor(identity: &Identity) -> Result<tokio_rustls::TlsAcceptor> {
    let key = PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(identity.key_der.to_vec()));
    let mut config = rustls::ServerConfig::builder_with_provider(provider())
        .with_safe_default_protocol_versions()
        .map_err(|e| Error::internal(format!("TLS versions: {e}")))?
        .with_no_client_auth()
        .with_single_cert(vec![CertificateDer::from(identity.cert_der.clone())], key)
        .map_err(|e| Error::internal(format!("the hub's certificate: {e}")))?;
    config.alpn_protocols = vec![b"http/1.1".to_vec()];
    Ok(tokio_rustls::TlsAcceptor::from(Arc::new(config)))
}

/// Which certificate a kiosk trusts.
#[derive(Debug, Clone)]
pub enum Pin {
    /// Exactly this SHA-256: from a pairing card, or stored when the kiosk joined.
    Full([u8; 32]),
    /// A certificate whose SHA-256, in lower-case hex, starts with these digits: what a
    /// hub's mDNS record says. Used only to enrol, where the proof then authenticates.
    Prefix(String),
}

/// The fingerprint of the certificate a connection was shown (its last handshake).
pub type Seen = Arc<std::sync::Mutex<Option<[u8; 32]>>>;

/// Trusts the certificate the [`Pin`] names, and notes what it saw.
#[derive(Debug)]
struct Pinned {
    pin: Pin,
    seen: Seen,
    provider: Arc<CryptoProvider>,
}

/// Whether an error (of reqwest, hyper or rustls, however deep) is a pinned client
/// refusing the certificate it was shown.
pub fn is_pin_mismatch(error: &(dyn std::error::Error + 'static)) -> bool {
    fn is_ours(e: &(dyn std::error::Error + 'static)) -> bool {
        match e.downcast_ref::<rustls::Error>() {
            Some(rustls::Error::InvalidCertificate(CertificateError::Other(other))) => {
                other.0.downcast_ref::<PinMismatch>().is_some()
            }
            _ => false,
        }
    }
    let mut next = Some(error);
    while let Some(e) = next {
        if is_ours(e) {
            return true;
        }
        // io::Error's `source` skips the error it wraps (hyper wraps tokio-rustls's
        // io::Error in another): look inside.
        next = match e
            .downcast_ref::<std::io::Error>()
            .and_then(|io| io.get_ref())
        {
            Some(inner) => Some(inner),
            None => e.source(),
        };
    }
    false
}

impl ServerCertVerifier for Pinned {
    fn verify_server_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        _intermediates: &[CertificateDer<'_>],
        _server_name: &ServerName<'_>,
        _ocsp_response: &[u8],
        _now: UnixTime,
    ) -> std::result::Result<ServerCertVerified, rustls::Error> {
        let got: [u8; 32] = sha2::Sha256::digest(end_entity.as_ref()).into();
        let trusted = match &self.pin {
            Pin::Full(sha256) => got == *sha256,
            Pin::Prefix(prefix) => !prefix.is_empty() && hex::encode(got).starts_with(prefix),
        };
        if trusted {
            *self
                .seen
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(got);
            Ok(ServerCertVerified::assertion())
        } else {
            Err(rustls::Error::InvalidCertificate(CertificateError::Other(
                rustls::OtherError(Arc::new(PinMismatch)),
            )))
        }
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> std::result::Result<HandshakeSignatureValid, rustls::Error> {
        verify_tls12_signature(
            message,
            cert,
            dss,
            &self.provider.signature_verification_algorithms,
        )
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> std::result::Result<HandshakeSignatureValid, rustls::Error> {
        verify_tls13_signature(
            message,
            cert,
            dss,
            &self.provider.signature_verification_algorithms,
        )
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.provider
            .signature_verification_algorithms
            .supported_schemes()
    }
}

/// The error of a certificate that is not the pinned one.
#[derive(Debug)]
struct PinMismatch;

impl std::fmt::Display for PinMismatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("not the pinned certificate of the venue hub")
    }
}

impl std::error::Error for PinMismatch {}

/// A client builder that talks to the hub the pin names, and to no one else; `seen`
/// notes the fingerprint of the certificate shown.
pub fn pinned_builder(pin: Pin) -> Result<(reqwest::ClientBuilder, Seen)> {
    let provider = provider();
    let seen = Seen::default();
    let tls = rustls::ClientConfig::builder_with_provider(provider.clone())
        .with_safe_default_protocol_versions()
        .map_err(|e| Error::internal(format!("TLS versions: {e}")))?
        .dangerous()
        .with_custom_certificate_verifier(Arc::new(Pinned {
            pin,
            seen: seen.clone(),
            provider,
        }))
        .with_no_client_auth();
    Ok((
        reqwest::Client::builder()
            .use_preconfigured_tls(tls)
            .connect_timeout(Duration::from_secs(5)),
        seen,
    ))
}

/// A client that talks to the hub whose certificate has this fingerprint, and to no one
/// else.
pub fn pinned_client(sha256: [u8; 32]) -> Result<reqwest::Client> {
    pinned_builder(Pin::Full(sha256))?
        .0
        .build()
        .map_err(|e| Error::internal(format!("cannot build the hub's client: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A pinned client shown another certificate says so, in a way the sync can tell
    /// from a network failure.
    #[tokio::test]
    async fn a_pin_mismatch_is_known_as_such() {
        let identity = Identity::generate().expect("identity");
        let acceptor = acceptor(&identity).expect("acceptor");
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let addr = listener.local_addr().expect("addr");
        tokio::spawn(async move {
            while let Ok((tcp, _)) = listener.accept().await {
                let _ = acceptor.accept(tcp).await;
            }
        });
        let mut other = identity.fingerprint_bytes();
        other[0] ^= 1;
        let refused = pinned_client(other)
            .expect("client")
            .get(format!("https://{addr}/"))
            .send()
            .await
            .expect_err("another certificate is refused");
        let mut chain = vec![];
        let mut next: Option<&(dyn std::error::Error + 'static)> = Some(&refused);
        while let Some(e) = next {
            chain.push(format!("{e:?}"));
            next = e.source();
        }
        assert!(is_pin_mismatch(&refused), "{chain:#?}");
        let unreachable = pinned_client(other)
            .expect("client")
            .get("https://127.0.0.1:1/")
            .send()
            .await
            .expect_err("nothing listens");
        assert!(!is_pin_mismatch(&unreachable));
    }
}
