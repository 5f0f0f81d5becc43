//! A GIF reader written for the replay tests from the GIF89a specification alone, sharing no
//! code with the encoder the renderer uses (the `gif` crate): an animation is checked by a
//! second, independent reading of the format, not by the library that wrote it.

/// One picture of an animation as a viewer sees it: the whole canvas after the frame was laid
/// over the ones before.
#[derive(Debug)]
pub struct Picture {
    /// Palette indices, row by row.
    pub canvas: Vec<u8>,
    /// Hundredths of a second.
    pub delay: u16,
}

#[derive(Debug)]
pub struct Animation {
    pub width: usize,
    pub height: usize,
    /// The global colour table, RGB.
    pub palette: Vec<[u8; 3]>,
    /// Whether the animation loops (a NETSCAPE2.0 application block).
    pub loops: bool,
    pub pictures: Vec<Picture>,
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn byte(&mut self) -> Result<u8, String> {
        let b = *self.bytes.get(self.at).ok_or("the file ends early")?;
        self.at += 1;
        Ok(b)
    }
    fn u16(&mut self) -> Result<u16, String> {
        Ok(u16::from(self.byte()?) | u16::from(self.byte()?) << 8)
    }
    fn take(&mut self, n: usize) -> Result<&[u8], String> {
        let slice = self.bytes.get(self.at..self.at + n).ok_or("the file ends early")?;
        self.at += n;
        Ok(slice)
    }
    /// A run of data sub-blocks, joined.
    fn sub_blocks(&mut self) -> Result<Vec<u8>, String> {
        let mut data = Vec::new();
        loop {
            let len = usize::from(self.byte()?);
            if len == 0 {
                return Ok(data);
            }
            data.extend_from_slice(self.take(len)?);
        }
    }
}

/// Reads a whole animation, or says what is wrong with it.
pub fn read(bytes: &[u8]) -> Result<Animation, String> {
    let mut r = Reader { bytes, at: 0 };
    if r.take(6)? != b"GIF89a" {
        return Err("not a GIF89a file".into());
    }
    let (width, height) = (usize::from(r.u16()?), usize::from(r.u16()?));
    let packed = r.byte()?;
    let background = r.byte()?;
    r.byte()?;
    if packed & 0x80 == 0 {
        return Err("no global colour table".into());
    }
    let entries = 2usize << (packed & 7);
    let palette = r.take(3 * entries)?.chunks(3).map(|c| [c[0], c[1], c[2]]).collect();
    let mut canvas = vec![background; width * height];
    let (mut loops, mut pictures) = (false, Vec::new());
    let (mut delay, mut transparent) = (0u16, None::<u8>);
    loop {
        match r.byte()? {
            0x3B => break,
            0x21 => {
                let label = r.byte()?;
                let data = r.sub_blocks()?;
                match label {
                    0xF9 if data.len() == 4 => {
                        let disposal = (data[0] >> 2) & 7;
                        if disposal > 1 {
                            return Err(format!("disposal {disposal}: replays keep each picture"));
                        }
                        delay = u16::from(data[1]) | u16::from(data[2]) << 8;
                        transparent = (data[0] & 1 == 1).then_some(data[3]);
                    }
                    0xFF if data.starts_with(b"NETSCAPE2.0") => loops = true,
                    _ => {}
                }
            }
            0x2C => {
                let (left, top) = (usize::from(r.u16()?), usize::from(r.u16()?));
                let (w, h) = (usize::from(r.u16()?), usize::from(r.u16()?));
                let flags = r.byte()?;
                if flags & 0xC0 != 0 {
                    return Err("a local colour table or interlacing: replays use neither".into());
                }
                if left + w > width || top + h > height {
                    return Err("a frame outside the canvas".into());
                }
                let min = r.byte()?;
                let data = r.sub_blocks()?;
                let pixels = lzw(&data, min, w * h)?;
                for (i, &p) in pixels.iter().enumerate() {
                    if Some(p) != transparent {
                        canvas[(top + i / w) * width + left + i % w] = p;
                    }
                }
                pictures.push(Picture { canvas: canvas.clone(), delay });
                (delay, transparent) = (0, None);
            }
            other => return Err(format!("unknown block 0x{other:02X}")),
        }
    }
    Ok(Animation { width, height, palette, loops, pictures })
}

/// The GIF variant of LZW: codes least significant bit first, growing from `min + 1` bits up
/// to 12, with a clear code and an end code.
fn lzw(data: &[u8], min: u8, expected: usize) -> Result<Vec<u8>, String> {
    if !(2..=8).contains(&min) {
        return Err(format!("LZW code size {min}"));
    }
    let clear = 1usize << min;
    let end = clear + 1;
    let mut table: Vec<(Option<usize>, u8)> = Vec::new();
    let reset = |table: &mut Vec<(Option<usize>, u8)>| {
        table.clear();
        table.extend((0..clear).map(|i| (None, i as u8)));
        table.extend([(None, 0), (None, 0)]);
    };
    reset(&mut table);
    let string = |table: &[(Option<usize>, u8)], mut code: usize| {
        let mut s = Vec::new();
        loop {
            let (prefix, last) = table[code];
            s.push(last);
            match prefix {
                Some(p) => code = p,
                None => break,
            }
        }
        s.reverse();
        s
    };
    let (mut out, mut size, mut previous) =
        (Vec::with_capacity(expected), u32::from(min) + 1, None);
    let (mut bits, mut held, mut at) = (0u32, 0u32, 0usize);
    loop {
        while held < size {
            let byte = *data.get(at).ok_or("the image data ends without an end code")?;
            bits |= u32::from(byte) << held;
            held += 8;
            at += 1;
        }
        let code = (bits & ((1 << size) - 1)) as usize;
        bits >>= size;
        held -= size;
        if code == clear {
            reset(&mut table);
            size = u32::from(min) + 1;
            previous = None;
            continue;
        }
        if code == end {
            break;
        }
        let entry = if code < table.len() {
            let s = string(&table, code);
            if let (Some(p), true) = (previous, table.len() < 4096) {
                table.push((Some(p), s[0]));
            }
            s
        } else if code == table.len() {
            let p = previous.ok_or("a new code with nothing before it")?;
            let mut s = string(&table, p);
            s.push(s[0]);
            table.push((Some(p), s[0]));
            s
        } else {
            return Err(format!("code {code} beyond the table ({})", table.len()));
        };
        out.extend_from_slice(&entry);
        previous = Some(code);
        if table.len() == 1 << size && size < 12 {
            size += 1;
        }
    }
    if out.len() != expected {
        return Err(format!("{} pixels where the frame has {expected}", out.len()));
    }
    Ok(out)
}
