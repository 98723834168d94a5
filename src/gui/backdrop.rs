//! The track's background picture (a photo of a real board to trace over). It is read and
//! decoded on a thread of its own, so a large photo never stalls the window, and within limits
//! on the file's size, its type and its sides, so a hostile or mistaken file is reported, not
//! decoded into gigabytes.

use std::path::{Path, PathBuf};

use super::job::Job;

use image::{ImageDecoder, ImageFormat, ImageReader};

/// The largest picture file read: a board photographed at 8K is well under this.
pub const MAX_PICTURE_BYTES: u64 = 64 * 1024 * 1024;
/// The longest side, in pixels, of a picture shown (the texture size every GPU egui runs on
/// takes).
pub const MAX_PICTURE_SIDE: u32 = 8192;

/// Why a picture cannot be shown.
#[derive(Debug, thiserror::Error)]
pub enum PictureError {
    /// The file could not be read.
    #[error("cannot read it: {0}")]
    Io(#[from] std::io::Error),
    /// The file is larger than [`MAX_PICTURE_BYTES`].
    #[error("the file is {megabytes} MB; pictures up to {} MB are shown", MAX_PICTURE_BYTES / (1024 * 1024))]
    TooLarge {
        /// Its size in whole megabytes.
        megabytes: u64,
    },
    /// The picture is wider or taller than [`MAX_PICTURE_SIDE`].
    #[error(
        "it is {width} x {height} pixels; pictures up to {MAX_PICTURE_SIDE} pixels a side are shown (scale it down)"
    )]
    TooWide {
        /// Its width in pixels.
        width: u32,
        /// Its height in pixels.
        height: u32,
    },
    /// The file is not a PNG or JPEG picture.
    #[error("it is not a PNG or JPEG picture{0}")]
    NotAPicture(String),
    /// The picture could not be decoded.
    #[error("it cannot be decoded: {0}")]
    Decode(#[from] image::ImageError),
}

/// Reads and decodes a picture within the limits. Runs on the loader's thread.
pub fn read_picture(path: &Path) -> Result<egui::ColorImage, PictureError> {
    let file = std::fs::File::open(path)?;
    let bytes = file.metadata()?.len();
    if bytes > MAX_PICTURE_BYTES {
        return Err(PictureError::TooLarge {
            megabytes: bytes / (1024 * 1024),
        });
    }
    // The type is told by the file's first bytes, never by its name (a reader made from the
    // file, not from its path, does not look at the name).
    let reader = ImageReader::new(std::io::BufReader::new(file)).with_guessed_format()?;
    match reader.format() {
        Some(ImageFormat::Png | ImageFormat::Jpeg) => {}
        Some(other) => {
            return Err(PictureError::NotAPicture(format!(
                " (it is {})",
                other.extensions_str().first().unwrap_or(&"another kind")
            )));
        }
        None => return Err(PictureError::NotAPicture(String::new())),
    }
    // The header gives the size before anything is decoded.
    let decoder = reader.into_decoder()?;
    let (width, height) = decoder.dimensions();
    if width > MAX_PICTURE_SIDE || height > MAX_PICTURE_SIDE {
        return Err(PictureError::TooWide { width, height });
    }
    let rgba = image::DynamicImage::from_decoder(decoder)?.to_rgba8();
    let size = [rgba.width() as usize, rgba.height() as usize];
    Ok(egui::ColorImage::from_rgba_unmultiplied(
        size,
        rgba.as_raw(),
    ))
}

/// A background picture for the canvas: loading, or loaded (or failed, reported once).
pub struct Backdrop {
    path: PathBuf,
    state: State,
}

enum State {
    /// Being read on the loader's thread.
    Loading(Job<Result<egui::ColorImage, PictureError>>),
    /// Read, waiting for the next frame to become a texture.
    Decoded(Result<egui::ColorImage, PictureError>),
    /// Shown (or not, when it could not be read: the error was reported once and the file is
    /// not read again every frame).
    Ready(Option<egui::TextureHandle>),
}

impl Backdrop {
    /// Starts reading `path` on a thread of its own; the window is woken when it is read.
    #[must_use]
    pub fn load(path: PathBuf, ctx: &egui::Context) -> Self {
        let file = path.clone();
        let job = Job::spawn_waking("background-picture", ctx, move |handle| {
            // The studio may have moved on to another picture: nobody listening is fine.
            handle.send(read_picture(&file));
        });
        Self {
            path,
            state: State::Loading(job),
        }
    }

    /// The file it is read from.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Whether it is still being read.
    #[must_use]
    pub fn is_loading(&self) -> bool {
        matches!(self.state, State::Loading(_))
    }

    /// Takes in what the loader read, making the texture; returns the error to report, once.
    pub fn poll(&mut self, ctx: &egui::Context) -> Option<PictureError> {
        if let State::Loading(job) = &mut self.state {
            if let Some(read) = job.poll().pop() {
                self.state = State::Decoded(read);
            } else if job.is_finished() {
                self.state = State::Decoded(Err(stopped()));
            } else {
                return None;
            }
        }
        if !matches!(self.state, State::Decoded(_)) {
            return None;
        }
        let State::Decoded(read) = std::mem::replace(&mut self.state, State::Ready(None)) else {
            return None;
        };
        match read {
            Ok(picture) => {
                self.state = State::Ready(Some(ctx.load_texture(
                    self.path.display().to_string(),
                    picture,
                    egui::TextureOptions::LINEAR,
                )));
                None
            }
            Err(error) => Some(error),
        }
    }

    /// Waits for the loader to finish reading (tests and scripts; the window polls instead).
    pub fn wait(&mut self) {
        if let State::Loading(job) = &mut self.state {
            self.state = State::Decoded(job.wait_next().unwrap_or_else(|| Err(stopped())));
        }
    }

    /// The texture, once it is loaded.
    #[must_use]
    pub fn texture(&self) -> Option<egui::TextureId> {
        match &self.state {
            State::Ready(Some(texture)) => Some(texture.id()),
            _ => None,
        }
    }
}

/// What is reported when the reader ended without an answer (it panicked).
fn stopped() -> PictureError {
    PictureError::NotAPicture(" (its reader stopped)".to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn png(dir: &Path, name: &str, width: u32, height: u32) -> PathBuf {
        let path = dir.join(name);
        image::RgbaImage::from_pixel(width, height, image::Rgba([1, 2, 3, 255]))
            .save(&path)
            .expect("write png");
        path
    }

    #[test]
    fn a_picture_within_the_limits_is_read_and_others_are_refused_with_the_reason() {
        let dir = tempfile::tempdir().expect("dir");
        let read = read_picture(&png(dir.path(), "board.png", 40, 20)).expect("a picture");
        assert_eq!(read.size, [40, 20]);

        let wide = read_picture(&png(dir.path(), "wide.png", MAX_PICTURE_SIDE + 1, 1));
        assert!(
            matches!(wide, Err(PictureError::TooWide { width, .. }) if width == MAX_PICTURE_SIDE + 1),
            "{wide:?}"
        );

        let huge = dir.path().join("huge.png");
        std::fs::File::create(&huge)
            .and_then(|f| f.set_len(MAX_PICTURE_BYTES + 1))
            .expect("a sparse file");
        assert!(matches!(
            read_picture(&huge),
            Err(PictureError::TooLarge { megabytes: 64 })
        ));

        let text = dir.path().join("notes.png");
        std::fs::write(&text, "not a picture").expect("write");
        let refused = read_picture(&text).expect_err("refused");
        assert!(
            matches!(refused, PictureError::NotAPicture(_)),
            "{refused:?}"
        );

        let gif = dir.path().join("anim.png");
        std::fs::write(&gif, b"GIF89a\x01\x00\x01\x00\x00\x00\x00;").expect("write");
        let refused = read_picture(&gif).expect_err("refused");
        assert!(refused.to_string().contains("gif"), "{refused}");

        assert!(matches!(
            read_picture(&dir.path().join("missing.png")),
            Err(PictureError::Io(_))
        ));
    }

    #[test]
    fn a_backdrop_is_read_off_the_calling_thread_and_becomes_a_texture_on_the_next_poll() {
        let dir = tempfile::tempdir().expect("dir");
        let ctx = egui::Context::default();
        let mut backdrop = Backdrop::load(png(dir.path(), "board.png", 8, 8), &ctx);
        backdrop.wait();
        assert!(!backdrop.is_loading());
        assert_eq!(backdrop.texture(), None, "not before the frame takes it");
        assert!(backdrop.poll(&ctx).is_none(), "no error");
        assert!(backdrop.texture().is_some());
        assert!(backdrop.poll(&ctx).is_none());
        assert!(backdrop.texture().is_some(), "kept from frame to frame");

        let mut broken = Backdrop::load(dir.path().join("missing.png"), &ctx);
        broken.wait();
        assert!(broken.poll(&ctx).is_some(), "reported");
        assert!(broken.poll(&ctx).is_none(), "once");
        assert_eq!(broken.texture(), None);
    }
}
