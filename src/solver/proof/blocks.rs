//! A proof file read a block of whole lines at a time, so that a file larger than the
//! memory can be read, and each block's lines handled in parallel.

use super::check::CheckError;
use std::io::{self, Read};

/// Blocks of whole lines from a reader.
pub(super) struct Blocks {
    input: Box<dyn Read + Send>,
    /// Bytes read past the last whole line.
    carry: Vec<u8>,
    size: usize,
    ended: bool,
}

impl Blocks {
    /// Blocks of about `size` bytes from `input`.
    pub(super) fn new(input: Box<dyn Read + Send>, size: usize) -> Blocks {
        Blocks {
            input,
            carry: Vec::new(),
            size,
            ended: false,
        }
    }

    /// The next block: whole lines, each ended by a newline except the file's last; `None`
    /// at the end. Lines of a block are as `str::lines` splits the whole file's text.
    pub(super) fn next_block(&mut self) -> Result<Option<String>, CheckError> {
        if self.ended {
            return Ok(None);
        }
        let mut block = std::mem::take(&mut self.carry);
        loop {
            let had = block.len();
            let want = (had + self.size).max(had + 1);
            block.resize(want, 0);
            let got = read_some(&mut self.input, &mut block[had..]).map_err(io_error)?;
            block.truncate(had + got);
            if got == 0 {
                self.ended = true;
                break;
            }
            if let Some(last) = block[had..].iter().rposition(|&b| b == b'\n') {
                self.carry = block.split_off(had + last + 1);
                break;
            }
        }
        if block.is_empty() {
            return Ok(None);
        }
        String::from_utf8(block)
            .map(Some)
            .map_err(|_| CheckError::Io("stream did not contain valid UTF-8".to_string()))
    }
}

/// Reads into `buf` until it is full or the input ends; the bytes read.
fn read_some(input: &mut dyn Read, buf: &mut [u8]) -> io::Result<usize> {
    let mut got = 0;
    while got < buf.len() {
        match input.read(&mut buf[got..]) {
            Ok(0) => break,
            Ok(n) => got += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(got)
}

/// An I/O error as the checker reports it.
pub(super) fn io_error(e: io::Error) -> CheckError {
    CheckError::Io(e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_split_a_text_into_the_lines_str_lines_gives() {
        let texts = [
            "",
            "a",
            "a\n",
            "a\r\nbb\n\nccc",
            "root 1-/1-\nwinner Red\n1r1-/1-1- 1 1\nend 1\n\n",
        ];
        for text in texts {
            for size in [1, 2, 3, 7, 1000] {
                let mut blocks = Blocks::new(Box::new(text.as_bytes()), size);
                let mut lines = Vec::new();
                while let Some(block) = blocks.next_block().unwrap() {
                    lines.extend(block.lines().map(String::from));
                }
                let want: Vec<String> = text.lines().map(String::from).collect();
                assert_eq!(lines, want, "{text:?} in blocks of {size}");
            }
        }
        let mut bad = Blocks::new(Box::new(&b"ok\n\xff\n"[..]), 4);
        assert!(bad.next_block().is_ok());
        assert!(matches!(bad.next_block(), Err(CheckError::Io(_))));
    }
}
