//! `solve playground`: serves the browser playground (web/page, built into
//! the binary, the WebAssembly module included) on localhost. The server
//! only hands out files: all solving happens in the page's worker.

use super::Run;
use crate::diagnostic::Error;
use std::io::{BufRead as _, BufReader, Read as _, Write as _};
use std::net::{TcpListener, TcpStream};

#[derive(Debug, clap::Args)]
pub struct PlaygroundArgs {
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

pub fn run(args: &PlaygroundArgs) -> Run {
    let listener = TcpListener::bind(("127.0.0.1", args.port))
        .map_err(|e| super::usage(format!("cannot listen on 127.0.0.1:{}: {e}", args.port)))?;
    let address = listener.local_addr().map_err(|e| io_error(&e))?;
    println!("the playground is at http://{address}/ (Ctrl-C stops it)");
    // Ctrl-C (or SIGTERM, SIGHUP) only raises a flag that searches read:
    // the server has no search, so it watches the flag and ends.
    let _ = std::thread::spawn(|| {
        while !crate::engine::deadline::interrupted() {
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
        let _ = std::thread::spawn(move || serve(stream));
    }
    Ok(super::EXIT_FOUND)
}

fn io_error(e: &std::io::Error) -> Error {
    super::usage(format!("the playground's server failed: {e}"))
}

/// Answers the requests of one connection (GET and HEAD of the page's
/// files; anything else is 404 or 405 and ends the connection, whose body
/// is not read). A connection idle for 10 s, an HTTP/1.0 request or
/// `Connection: close` ends it too; a line is read up to 8 KiB.
fn serve(stream: TcpStream) -> std::io::Result<()> {
    stream.set_read_timeout(Some(std::time::Duration::from_secs(10)))?;
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut out = stream;
    loop {
        let Some(line) = read_line(&mut reader)? else {
            return Ok(());
        };
        let mut close = line.ends_with("HTTP/1.0");
        while let Some(header) = read_line(&mut reader)? {
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
        write!(
            out,
            "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\nCache-Control: no-cache\r\nConnection: {connection}\r\n\r\n",
            body.len()
        )?;
        if method != "HEAD" {
            out.write_all(body)?;
        }
        out.flush()?;
        if close {
            return Ok(());
        }
    }
}

/// One line of the request without its line end, at most 8 KiB; `None`
/// at the end of the connection (or past the limit, or not UTF-8).
fn read_line(reader: &mut BufReader<TcpStream>) -> std::io::Result<Option<String>> {
    let mut bytes = Vec::new();
    let n = reader
        .by_ref()
        .take(8 << 10)
        .read_until(b'\n', &mut bytes)?;
    if n == 0 || !bytes.ends_with(b"\n") {
        return Ok(None);
    }
    Ok(String::from_utf8(bytes)
        .ok()
        .map(|l| l.trim_end().to_string()))
}
