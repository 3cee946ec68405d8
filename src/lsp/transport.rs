//! The server's stdin and stdout, as `lsp-server` frames them
//! (`Content-Length` headers and JSON), with a reader that survives what
//! a client may send wrong: bytes that are not UTF-8 are replaced (the
//! text keeps its length in characters as the client sent them), and a
//! message that is not JSON-RPC is reported on stderr and skipped. Only
//! the end of stdin (or a header that cannot be read) ends the server.

use crossbeam_channel::{Receiver, Sender};
use lsp_server::Message;
use std::io::{self, BufRead, Write};

/// The connection's ends and the threads that serve them.
pub(super) fn stdio() -> (
    Sender<Message>,
    Receiver<Message>,
    Vec<std::thread::JoinHandle<()>>,
) {
    let (to_client, outgoing) = crossbeam_channel::unbounded::<Message>();
    let (incoming, from_client) = crossbeam_channel::unbounded::<Message>();
    let writer = std::thread::spawn(move || {
        let stdout = io::stdout();
        let mut out = stdout.lock();
        for message in outgoing {
            if message.write(&mut out).and_then(|()| out.flush()).is_err() {
                return;
            }
        }
    });
    let reader = std::thread::spawn(move || {
        let stdin = io::stdin();
        let mut input = stdin.lock();
        while let Some(body) = frame(&mut input) {
            let text = String::from_utf8_lossy(&body);
            let framed = format!("Content-Length: {}\r\n\r\n{text}", text.len());
            match Message::read(&mut framed.as_bytes()) {
                Ok(Some(message)) => {
                    let exit = matches!(&message, Message::Notification(n) if n.method == "exit");
                    if incoming.send(message).is_err() || exit {
                        return;
                    }
                }
                Ok(None) => return,
                Err(e) => eprintln!("solve lsp: skipped a message that is not JSON-RPC: {e}"),
            }
        }
    });
    (to_client, from_client, vec![writer, reader])
}

/// The longest message read (256 MB).
const MOST_BYTES: usize = 1 << 28;

/// The body of the next message, or `None` at the end of the input or
/// when its header cannot be read.
fn frame(input: &mut impl BufRead) -> Option<Vec<u8>> {
    let mut length = None;
    loop {
        let mut line = Vec::new();
        if input.read_until(b'\n', &mut line).ok()? == 0 {
            return None;
        }
        let line = String::from_utf8_lossy(&line);
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some((name, value)) = line.split_once(':')
            && name.eq_ignore_ascii_case("content-length")
        {
            length = value.trim().parse::<usize>().ok();
        }
    }
    // A length no editor sends (a broken header) ends the input rather
    // than the memory.
    let mut body = vec![0; length.filter(|&n| n <= MOST_BYTES)?];
    input.read_exact(&mut body).ok()?;
    Some(body)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_are_read_whatever_their_bytes() {
        let mut input: &[u8] =
            b"Content-Length: 3\r\n\r\nab\xffContent-Type: x\r\ncontent-length: 2\r\n\r\n{}";
        assert_eq!(frame(&mut input), Some(b"ab\xff".to_vec()));
        assert_eq!(frame(&mut input), Some(b"{}".to_vec()));
        assert_eq!(frame(&mut input), None);
        let mut broken: &[u8] = b"Content-Length: nine\r\n\r\n{}";
        assert_eq!(frame(&mut broken), None);
    }
}
