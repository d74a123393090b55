//! Connections whose peer stops reading are ended, and what the kernel keeps for each is
//! bounded.
//!
//! Why: a response is written only as fast as the peer reads it. A listener of the
//! check-in stream that never reads (a crashed display, a hostile script) leaves the
//! server's writes pending forever, and the kernel's send buffer of its socket grows to
//! its autotuned maximum (several MiB): 200 such listeners pinned 754 MB of kernel memory
//! in issue 36's probe, and the server could not notice, since hyper stops asking a body
//! for more while the socket is full. The one place that sees a write that cannot go out
//! is the connection's IO itself: [`Stalled`] wraps it, and a write that has been pending
//! for [`WRITE_STALL`] fails with `TimedOut`, which ends the connection (and so the
//! stream, whose listener resumes with `Last-Event-ID` if it ever comes back). The socket
//! is then reset rather than closed ([`Abort`]): a close would leave the kernel holding
//! the unsent bytes for minutes, trying to deliver them to a peer that does not read.
//! [`bound_send_buffer`] caps the socket's send buffer, which also turns off its
//! autotuning, so a stalled peer holds at most that much until it is dropped.

use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::time::{Instant, Sleep};

/// How long a write may wait for the peer to read before the connection is ended.
pub const WRITE_STALL: Duration = Duration::from_secs(15);

/// The send buffer asked of the kernel per connection (Linux doubles it for its own
/// bookkeeping): room for a large page of answers, far below the autotuned maximum.
pub const SEND_BUFFER: usize = 128 * 1024;

/// Caps a connection's kernel send buffer at [`SEND_BUFFER`]. A failure only costs the
/// bound, so it is logged, not returned.
pub fn bound_send_buffer(stream: &tokio::net::TcpStream) {
    if let Err(e) = socket2::SockRef::from(stream).set_send_buffer_size(SEND_BUFFER) {
        tracing::debug!(error = %e, "cannot bound a connection's send buffer");
    }
}

/// What a stalled connection does to its socket before it fails: drop whatever the
/// kernel still holds for the peer.
pub trait Abort {
    fn abort(&self);
}

impl Abort for tokio::net::TcpStream {
    /// `SO_LINGER` of zero: the close that follows resets the connection and frees its
    /// buffers at once.
    fn abort(&self) {
        if let Err(e) = socket2::SockRef::from(self).set_linger(Some(Duration::ZERO)) {
            tracing::debug!(error = %e, "cannot reset a stalled connection");
        }
    }
}

/// An IO whose writes fail once one has been pending for longer than the limit.
pub struct Stalled<T: Abort> {
    inner: T,
    limit: Duration,
    /// Armed while a write is pending; cleared by any write that makes progress.
    deadline: Option<Pin<Box<Sleep>>>,
}

impl<T: Abort> Stalled<T> {
    pub fn new(inner: T) -> Stalled<T> {
        Stalled::with_limit(inner, WRITE_STALL)
    }

    pub fn with_limit(inner: T, limit: Duration) -> Stalled<T> {
        Stalled {
            inner,
            limit,
            deadline: None,
        }
    }

    /// After a pending write: Ready(error) once the write has waited past the limit.
    /// Polling the timer registers this task to be woken when it fires, so a connection
    /// whose peer never reads is ended even though the socket never wakes it.
    fn check_stall(&mut self, cx: &mut Context<'_>) -> Poll<io::Error> {
        let limit = self.limit;
        let deadline = self
            .deadline
            .get_or_insert_with(|| Box::pin(tokio::time::sleep_until(Instant::now() + limit)));
        match deadline.as_mut().poll(cx) {
            Poll::Ready(()) => {
                self.inner.abort();
                Poll::Ready(io::Error::new(
                    io::ErrorKind::TimedOut,
                    "the peer stopped reading",
                ))
            }
            Poll::Pending => Poll::Pending,
        }
    }

    fn gate<R>(
        &mut self,
        cx: &mut Context<'_>,
        polled: Poll<io::Result<R>>,
    ) -> Poll<io::Result<R>> {
        match polled {
            Poll::Pending => match self.check_stall(cx) {
                Poll::Ready(e) => Poll::Ready(Err(e)),
                Poll::Pending => Poll::Pending,
            },
            done => {
                self.deadline = None;
                done
            }
        }
    }
}

impl<T: Abort + AsyncRead + Unpin> AsyncRead for Stalled<T> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<T: Abort + AsyncWrite + Unpin> AsyncWrite for Stalled<T> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = &mut *self;
        let polled = Pin::new(&mut this.inner).poll_write(cx, buf);
        this.gate(cx, polled)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = &mut *self;
        let polled = Pin::new(&mut this.inner).poll_write_vectored(cx, bufs);
        this.gate(cx, polled)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = &mut *self;
        let polled = Pin::new(&mut this.inner).poll_flush(cx);
        this.gate(cx, polled)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};

    impl Abort for tokio::io::DuplexStream {
        fn abort(&self) {}
    }

    /// A peer that never reads: the writer fails after the limit, not before; a peer
    /// that reads slowly but steadily is never cut off. (The limit is the state waited
    /// on here; it is short so the test is quick.)
    #[tokio::test]
    async fn a_write_the_peer_never_reads_fails_after_the_limit_and_a_slow_reader_does_not() {
        let limit = Duration::from_millis(300);
        let (near, _far) = tokio::io::duplex(1024);
        let mut io = Stalled::with_limit(near, limit);
        let started = Instant::now();
        let chunk = vec![7u8; 4096];
        let err = loop {
            if let Err(e) = io.write_all(&chunk).await {
                break e;
            }
        };
        assert_eq!(err.kind(), io::ErrorKind::TimedOut);
        assert!(started.elapsed() >= limit);

        let (near, mut far) = tokio::io::duplex(1024);
        let mut io = Stalled::with_limit(near, limit);
        let total = 16 * chunk.len();
        let reader = tokio::spawn(async move {
            let mut sink = vec![0u8; 1024];
            let mut read = 0;
            while read < total {
                tokio::time::sleep(Duration::from_millis(20)).await;
                read += far.read(&mut sink).await.expect("read");
            }
        });
        for _ in 0..16 {
            io.write_all(&chunk)
                .await
                .expect("a slow reader is not a stalled one");
        }
        reader.await.expect("reader");
    }
}
