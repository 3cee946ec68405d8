//! `solve playground`: serves the browser playground (web/page, built into
//! the binary, the WebAssembly module included) on localhost. The server
//! only hands out files: all solving happens in the page's worker.

use super::Run;
use solve::diagnostic::Error;
use solve::stop::Cancel;
use std::io::{BufRead as _, BufReader, Write as _};
use std::net::{TcpListener, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// The longest request line or header read (8 KiB).
const LONGEST_LINE: usize = 8 << 10;

#[derive(Debug, clap::Args)]
pub(crate) struct PlaygroundArgs {
    /// The port to listen on, on 127.0.0.1 (0: any free port; the address
    /// is printed).
    #[arg(long, default_value_t = 8484)]
    pub port: u16,
}

/// The page's files, as built by scripts/build-playground.sh.
const FILES: &[(&str, &str, &[u8])] = &[
    (
        "/",
        "text/html; charset=utf-8",
        include_bytes!("../../web/page/index.html"),
    ),
    (
        "/index.html",
        "text/html; charset=utf-8",
        include_bytes!("../../web/page/index.html"),
    ),
    (
        "/app.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../web/page/app.js"),
    ),
    (
        "/worker.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../web/page/worker.js"),
    ),
    (
        "/solve.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../web/page/solve.js"),
    ),
    (
        "/panels.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../web/page/panels.js"),
    ),
    (
        "/steps.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../web/page/steps.js"),
    ),
    (
        "/grids.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../web/page/grids.js"),
    ),
    (
        "/setter.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../web/page/setter.js"),
    ),
    (
        "/play.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../web/page/play.js"),
    ),
    (
        "/play-draw.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../web/page/play-draw.js"),
    ),
    (
        "/play-givens.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../web/page/play-givens.js"),
    ),
    (
        "/play-clock.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../web/page/play-clock.js"),
    ),
    (
        "/editor.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../web/page/editor.js"),
    ),
    (
        "/chart.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../web/page/chart.js"),
    ),
    (
        "/examples.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../web/page/examples.js"),
    ),
    (
        "/style.css",
        "text/css; charset=utf-8",
        include_bytes!("../../web/page/style.css"),
    ),
    (
        "/solve.wasm",
        "application/wasm",
        include_bytes!("../../web/page/solve.wasm"),
    ),
];

pub(super) fn run(args: &PlaygroundArgs, cancel: &Arc<Cancel>) -> Run {
    let listener = TcpListener::bind(("127.0.0.1", args.port))
        .map_err(|e| super::usage(format!("cannot listen on 127.0.0.1:{}: {e}", args.port)))?;
    let address = listener.local_addr().map_err(|e| io_error(&e))?;
    println!("the playground is at http://{address}/ (Ctrl-C stops it)");
    // Ctrl-C (or SIGTERM, SIGHUP) only raises a flag that searches read:
    // the server has no search, so it watches the flag and ends.
    let cancel = Arc::clone(cancel);
    let _ = std::thread::spawn(move || {
        while !cancel.cancelled() {
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
        std::process::exit(i32::from(super::EXIT_FOUND));
    });
    let _ = std::io::stdout().flush();
    for stream in listener.incoming() {
        // A connection that failed to open costs nothing more.
        let Ok(stream) = stream else {
            // Out of descriptors, say: wait a little rather than spin.
            std::thread::sleep(std::time::Duration::from_millis(10));
            continue;
        };
        // At most MOST_CONNECTIONS at once, each on a thread of its own;
        // past them, or when the machine refuses a thread, the connection
        // is closed at once and the server goes on.
        if OPEN.load(Ordering::Relaxed) >= MOST_CONNECTIONS {
            continue;
        }
        let _ = OPEN.fetch_add(1, Ordering::Relaxed);
        let spawned = std::thread::Builder::new()
            .stack_size(CONNECTION_STACK_BYTES)
            .spawn(move || {
                let _ = serve(stream);
                let _ = OPEN.fetch_sub(1, Ordering::Relaxed);
            });
        if spawned.is_err() {
            let _ = OPEN.fetch_sub(1, Ordering::Relaxed);
        }
    }
    Ok(super::EXIT_FOUND)
}

/// Connections served at once (a browser opens a handful).
const MOST_CONNECTIONS: usize = 256;
static OPEN: AtomicUsize = AtomicUsize::new(0);
/// A connection's thread only reads lines and writes files.
const CONNECTION_STACK_BYTES: usize = 256 << 10;
/// How long a request's head (its line and headers) may take to arrive,
/// and a response to be taken: a client that sends or reads no faster
/// (a slow or stalled one) loses its connection.
const PATIENCE: Duration = Duration::from_secs(10);

fn io_error(e: &std::io::Error) -> Error {
    super::usage(format!("the playground's server failed: {e}"))
}

/// Answers the requests of one connection (GET and HEAD of the page's
/// files; anything else is 404 or 405 and ends the connection, whose body
/// is not read). A request whose head has not all come 10 s after the
/// connection was ready for it, a response not taken within 10 s, an
/// HTTP/1.0 request or `Connection: close` end it too; a line is read up
/// to 8 KiB.
fn serve(stream: TcpStream) -> std::io::Result<()> {
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut out = stream;
    loop {
        let head_by = Instant::now() + PATIENCE;
        let Some(line) = read_line(&mut reader, head_by)? else {
            return Ok(());
        };
        let mut close = line.ends_with("HTTP/1.0");
        while let Some(header) = read_line(&mut reader, head_by)? {
            if header.is_empty() {
                break;
            }
            let header = header.to_ascii_lowercase();
            close |= header.starts_with("connection:") && header.contains("close");
        }
        let mut words = line.split_whitespace();
        let (method, target) = (words.next().unwrap_or(""), words.next().unwrap_or(""));
        let path = target.split(['?', '#']).next().unwrap_or("");
        let found = FILES.iter().find(|(p, _, _)| *p == path);
        let (status, kind, body): (&str, &str, &[u8]) = match (method, found) {
            ("GET" | "HEAD", Some((_, kind, body))) => ("200 OK", kind, body),
            ("GET" | "HEAD", None) => ("404 Not Found", "text/plain", b"not found\n"),
            _ => {
                close = true;
                ("405 Method Not Allowed", "text/plain", b"only GET\n")
            }
        };
        let connection = if close { "close" } else { "keep-alive" };
        let mut response = format!(
            "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\nCache-Control: no-cache\r\nConnection: {connection}\r\n\r\n",
            body.len()
        )
        .into_bytes();
        if method != "HEAD" {
            response.extend_from_slice(body);
        }
        write_by(&mut out, &response, Instant::now() + PATIENCE)?;
        if close {
            return Ok(());
        }
    }
}

/// Writes `bytes` by `by` (a client that takes a response slower than
/// that, or not at all, loses its connection).
fn write_by(out: &mut TcpStream, mut bytes: &[u8], by: Instant) -> std::io::Result<()> {
    while !bytes.is_empty() {
        let left = by.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(std::io::ErrorKind::TimedOut.into());
        }
        out.set_write_timeout(Some(left))?;
        let n = out.write(&bytes[..bytes.len().min(64 << 10)])?;
        if n == 0 {
            return Err(std::io::ErrorKind::WriteZero.into());
        }
        bytes = &bytes[n..];
    }
    Ok(())
}

/// One line of the request without its line end, at most 8 KiB, by
/// `by`; `None` at the end of the connection (or past the limit, or not
/// UTF-8).
fn read_line(reader: &mut BufReader<TcpStream>, by: Instant) -> std::io::Result<Option<String>> {
    let mut bytes = Vec::new();
    loop {
        // Each read waits only until `by`: a line sent a byte at a time
        // does not stretch it.
        let left = by.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(std::io::ErrorKind::TimedOut.into());
        }
        reader.get_ref().set_read_timeout(Some(left))?;
        let available = reader.fill_buf()?;
        if available.is_empty() {
            return Ok(None);
        }
        let end = available.iter().position(|&b| b == b'\n');
        let taken = end.map_or(available.len(), |e| e + 1);
        bytes.extend_from_slice(&available[..taken]);
        reader.consume(taken);
        if bytes.len() > LONGEST_LINE {
            return Ok(None);
        }
        if end.is_some() {
            break;
        }
    }
    Ok(String::from_utf8(bytes)
        .ok()
        .map(|l| l.trim_end().to_string()))
}
