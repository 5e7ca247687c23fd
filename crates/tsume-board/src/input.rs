//! Reading an input within a byte cap (docs/limits.md, "Input"): the cap is checked
//! against a file's size before reading where the size is known, and enforced while
//! the bytes stream by ([`Capped`]), so that `/dev/zero`, a pipe or a file that grows
//! is refused after `cap` bytes, never held whole.
//!
//! Every reader of ours that takes a whole input (SGF and graph files, standard input,
//! DIMACS, GTP lines and `loadsgf` files, `answers.tsv`) goes through here.

use std::fmt;
use std::io::{self, BufRead, Read};
use std::path::Path;

/// The most bytes of an SGF file (and of GTP's `loadsgf`): 16 MiB, some 14 times a
/// file of `MAX_FILE_NODES` moves; the parser holds about 7 bytes a byte of it.
pub const MAX_SGF_BYTES: u64 = 16 << 20;
/// The most bytes of a `tsume-graph` file (and of standard input, before its kind is
/// known): 128 MiB, twice what `tsume reduce` writes at its DIMACS limits (56.7 MB for
/// 200,000 clauses); loading holds about 6.4 bytes a byte of it.
pub const MAX_GRAPH_BYTES: u64 = 128 << 20;
/// The most bytes of a DIMACS file: 64 MiB (200,000 clauses of 3 literals take some
/// 4 MB; the rest is room for comments).
pub const MAX_DIMACS_BYTES: u64 = 64 << 20;
/// The most bytes of one GTP command line: 1 MiB (a command is a few words).
pub const MAX_GTP_LINE_BYTES: u64 = 1 << 20;
/// The most bytes of a table of answers (`answers.tsv`): 64 MiB.
pub const MAX_TABLE_BYTES: u64 = 64 << 20;

/// Why an input was not read.
#[derive(Debug)]
#[non_exhaustive]
pub enum InputError {
    /// More bytes than the cap: the size when it was known before reading.
    TooLarge {
        /// The cap, in bytes.
        cap: u64,
        /// The file's size, when known before reading.
        bytes: Option<u64>,
    },
    /// The input could not be read (or is not UTF-8).
    Io(io::Error),
}

/// The cap in words: `16 MiB`, or bytes when it is no whole number of MiB.
pub fn cap_words(cap: u64) -> String {
    if cap >= 1 << 20 && cap.is_multiple_of(1 << 20) {
        format!("{} MiB", cap >> 20)
    } else {
        format!("{cap} bytes")
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InputError::TooLarge {
                cap,
                bytes: Some(b),
            } => write!(
                f,
                "{b} bytes, more than the {} read (docs/limits.md)",
                cap_words(*cap)
            ),
            InputError::TooLarge { cap, bytes: None } => {
                write!(f, "more than the {} read (docs/limits.md)", cap_words(*cap))
            }
            InputError::Io(e) => write!(f, "cannot read the file: {e}"),
        }
    }
}

impl std::error::Error for InputError {}

/// A reader that yields at most `cap` bytes of `inner` and then, if `inner` has more,
/// an error of kind [`io::ErrorKind::FileTooLarge`] whose inner error is
/// [`InputError::TooLarge`] ([`too_large`] finds it again).
pub struct Capped<R> {
    inner: R,
    cap: u64,
    left: u64,
}

impl<R: Read> Capped<R> {
    /// `inner`, cut at `cap` bytes.
    pub fn new(inner: R, cap: u64) -> Capped<R> {
        Capped {
            inner,
            cap,
            left: cap,
        }
    }
}

impl<R: Read> Read for Capped<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if buf.is_empty() {
            return Ok(0);
        }
        if self.left == 0 {
            // At the cap: one byte more says whether the input goes on.
            let mut one = [0u8; 1];
            return match self.inner.read(&mut one)? {
                0 => Ok(0),
                _ => Err(too_large_error(self.cap)),
            };
        }
        let want = buf
            .len()
            .min(usize::try_from(self.left).unwrap_or(usize::MAX));
        let n = self.inner.read(&mut buf[..want])?;
        self.left -= n as u64;
        Ok(n)
    }
}

fn too_large_error(cap: u64) -> io::Error {
    io::Error::new(
        io::ErrorKind::FileTooLarge,
        InputError::TooLarge { cap, bytes: None },
    )
}

/// The cap an error of [`Capped`] reports, if it is one.
pub fn too_large(e: &io::Error) -> Option<u64> {
    match e.get_ref()?.downcast_ref::<InputError>()? {
        InputError::TooLarge { cap, .. } => Some(*cap),
        InputError::Io(_) => None,
    }
}

fn from_io(e: io::Error) -> InputError {
    match too_large(&e) {
        Some(cap) => InputError::TooLarge { cap, bytes: None },
        None => InputError::Io(e),
    }
}

/// All of `input` as text, refused past `cap` bytes (having read `cap + 1`).
///
/// # Errors
/// [`InputError::TooLarge`] past the cap; [`InputError::Io`] when it cannot be read
/// or is not UTF-8.
pub fn read_text(input: &mut dyn Read, cap: u64) -> Result<String, InputError> {
    let mut text = String::new();
    Capped::new(input, cap)
        .read_to_string(&mut text)
        .map_err(from_io)?;
    Ok(text)
}

/// The file at `path` as text: refused before reading when its size is over `cap`,
/// and while reading when it turns out longer (a device, a pipe, a growing file).
///
/// # Errors
/// As [`read_text`], and [`InputError::TooLarge`] with the size when it is known.
pub fn read_file(path: &Path, cap: u64) -> Result<String, InputError> {
    if let Ok(m) = std::fs::metadata(path) {
        if m.is_file() && m.len() > cap {
            return Err(InputError::TooLarge {
                cap,
                bytes: Some(m.len()),
            });
        }
    }
    let mut file = std::fs::File::open(path).map_err(InputError::Io)?;
    read_text(&mut file, cap)
}

/// One line of `input` (up to and including `\n`, or the end) into `line`, at most
/// `cap` bytes of it: `Ok(None)` at the end of the input, `Ok(Some(true))` for a line
/// read whole, `Ok(Some(false))` for a longer one, whose first `cap` bytes are in
/// `line` and the rest skipped without being held.
///
/// # Errors
/// When `input` cannot be read.
pub fn read_line(
    input: &mut dyn BufRead,
    line: &mut Vec<u8>,
    cap: u64,
) -> io::Result<Option<bool>> {
    line.clear();
    let cap = usize::try_from(cap).unwrap_or(usize::MAX);
    let mut whole = true;
    let mut any = false;
    loop {
        let buf = match input.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            return Ok(any.then_some(whole));
        }
        any = true;
        let (used, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (buf.len(), false),
        };
        let room = cap.saturating_sub(line.len());
        if used > room {
            whole = false;
        }
        line.extend_from_slice(&buf[..used.min(room)]);
        input.consume(used);
        if done {
            return Ok(Some(whole));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stream_at_the_cap_is_read_and_one_byte_more_is_refused() {
        let text = read_text(&mut io::repeat(b'a').take(100), 100).unwrap();
        assert_eq!(text.len(), 100);
        let e = read_text(&mut io::repeat(b'a').take(101), 100).unwrap_err();
        assert!(
            matches!(
                e,
                InputError::TooLarge {
                    cap: 100,
                    bytes: None
                }
            ),
            "{e}"
        );
        // An endless stream ends too, after cap + 1 bytes.
        let e = read_text(&mut io::repeat(0), 1000).unwrap_err();
        assert_eq!(
            e.to_string(),
            "more than the 1000 bytes read (docs/limits.md)"
        );
    }

    #[test]
    fn a_file_over_the_cap_is_refused_by_its_size() {
        let dir = std::env::temp_dir().join(format!("tsume-input-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let f = dir.join("big.txt");
        std::fs::write(&f, vec![b'x'; 3000]).unwrap();
        let e = read_file(&f, 2 << 10).unwrap_err();
        assert!(
            matches!(
                e,
                InputError::TooLarge {
                    cap: 2048,
                    bytes: Some(3000)
                }
            ),
            "{e}"
        );
        assert_eq!(read_file(&f, 3000).unwrap().len(), 3000);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn dev_zero_is_refused_while_streaming() {
        let e = read_file(Path::new("/dev/zero"), 1 << 20).unwrap_err();
        assert_eq!(e.to_string(), "more than the 1 MiB read (docs/limits.md)");
    }

    #[test]
    fn a_long_line_is_cut_and_the_next_read_whole() {
        let mut input = io::Cursor::new(b"ab\nabcdefgh\ncd".to_vec());
        let mut line = Vec::new();
        assert_eq!(read_line(&mut input, &mut line, 4).unwrap(), Some(true));
        assert_eq!(line, b"ab\n");
        assert_eq!(read_line(&mut input, &mut line, 4).unwrap(), Some(false));
        assert_eq!(line, b"abcd");
        assert_eq!(read_line(&mut input, &mut line, 4).unwrap(), Some(true));
        assert_eq!(line, b"cd");
        assert_eq!(read_line(&mut input, &mut line, 4).unwrap(), None);
    }

    #[test]
    fn a_line_of_the_cap_with_its_newline_is_whole_and_one_byte_more_is_not() {
        let mut line = Vec::new();
        let mut input = io::Cursor::new(b"abc\n".to_vec());
        assert_eq!(read_line(&mut input, &mut line, 4).unwrap(), Some(true));
        let mut input = io::Cursor::new(b"abcd\n".to_vec());
        assert_eq!(read_line(&mut input, &mut line, 4).unwrap(), Some(false));
        // A long line streamed in small pieces holds no more than the cap.
        let mut input =
            io::BufReader::with_capacity(7, io::repeat(b'z').take(10_000).chain(&b"\nok\n"[..]));
        assert_eq!(read_line(&mut input, &mut line, 64).unwrap(), Some(false));
        assert_eq!(line.len(), 64);
        assert_eq!(read_line(&mut input, &mut line, 64).unwrap(), Some(true));
        assert_eq!(line, b"ok\n");
    }
}
