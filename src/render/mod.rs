//! Rendering as pure functions of data: counters, the map and charts, each to a PNG image.
//!
//! Every renderer takes a small plain input struct (decoupled from the TOML model) and returns PNG bytes
//! or a [`RenderError`]. Drawing uses tiny-skia paths only; text is drawn from the glyph outlines of
//! bundled fonts ([`text`]), so the same input gives the same bytes on every machine, with no system
//! fonts involved.
//!
//! - [`counter::render_counter`]: one counter face ([`counter::CounterArt`]);
//! - [`map::render_map`]: the hex map ([`map::MapArt`]), laid out by the same
//!   [`HexLayout`](crate::concept::game::grid::HexLayout) as the module's VASSAL grid;
//! - [`chart::render_table`] and [`chart::render_turn_track`]: charts and tables;
//! - [`track::render_board`]: the off-map board of labelled boxes.

pub mod areas;
mod canvas;
pub mod card;
pub mod chart;
pub mod counter;
mod counter_text;
pub mod line_look;
pub mod lines;
pub mod map;
pub mod overlay;
#[cfg(test)]
pub(crate) mod testutil;
pub mod text;
pub mod track;

pub use chart::{render_table, render_turn_track, TableChart, TurnBox, TurnTrackArt};
pub use counter::{render_counter, CounterArt, NatoSymbol};
pub use line_look::LineLook;
pub use map::{
    render_map, CityArt, Compass, EdgeArt, HexArt, HexsideArt, LineArt, MapArt, MarkSymbol,
    SetupMark,
};
pub use text::{Align, Fonts, TextStyle, Typeface};

pub use canvas::{encode, Color, Pixels, RenderError, MAX_IMAGE_EDGE};

#[cfg(test)]
mod tests {
    use super::canvas::{new_pixmap, PNG_DEFLATE_LEVEL};
    use super::counter::draw_counter;
    use super::*;
    use tiny_skia::Pixmap;

    #[test]
    fn colours_parse() {
        assert_eq!(Color::parse("#ff8000").unwrap(), Color::rgb(255, 128, 0));
        assert_eq!(Color::parse(" #FF8000 ").unwrap(), Color::rgb(255, 128, 0));
        assert_eq!(Color::parse("#f80").unwrap(), Color::rgb(255, 136, 0));
        assert_eq!(
            Color::parse("#11223344").unwrap(),
            Color::rgba(0x11, 0x22, 0x33, 0x44)
        );
        assert_eq!(Color::parse("#a1b2c3").unwrap().to_hex(), "#a1b2c3");
    }

    #[test]
    fn bad_colours_are_errors() {
        for bad in [
            "",
            "#",
            "ff8000",
            "#ff800",
            "#gg0000",
            "red",
            "#ff8000ff00",
            "#+f8000",
            "#é12",
        ] {
            assert!(
                matches!(Color::parse(bad), Err(RenderError::BadColor(_))),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn art_can_be_rendered_in_parallel() {
        fn send_sync<T: Send + Sync>() {}
        send_sync::<CounterArt>();
        send_sync::<MapArt>();
        send_sync::<TableChart>();
        send_sync::<TurnTrackArt>();
        send_sync::<Fonts>();
        send_sync::<RenderError>();
    }

    /// The png crate's own encoder at the same settings, row by row.
    fn png_crate_encoding(pixmap: &Pixmap) -> Vec<u8> {
        let mut bytes = Vec::new();
        let mut encoder = png::Encoder::new(&mut bytes, pixmap.width(), pixmap.height());
        encoder.set_color(png::ColorType::Rgba);
        encoder.set_depth(png::BitDepth::Eight);
        encoder.set_deflate_compression(png::DeflateCompression::Level(PNG_DEFLATE_LEVEL));
        encoder.set_filter(png::Filter::NoFilter);
        let mut writer = encoder.write_header().unwrap();
        writer
            .write_image_data(&pixmap.clone().take_demultiplied())
            .unwrap();
        writer.finish().unwrap();
        bytes
    }

    #[test]
    fn encoding_equals_the_png_crate_and_survives_incompressible_pixels() {
        let counter = draw_counter(&CounterArt {
            id: "XXIV".into(),
            values: "12-6".into(),
            unit_size: "XXX".into(),
            ..CounterArt::default()
        })
        .unwrap();
        // Noise with some transparency: deflate cannot shrink it, so the output buffer must grow.
        let mut noise = Pixmap::new(97, 61).unwrap();
        let mut seed = 0x2545_f491_u32;
        for px in noise.pixels_mut() {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            let [r, g, b, a] = seed.to_le_bytes();
            *px = tiny_skia::ColorU8::from_rgba(r, g, b, a).premultiply();
        }
        for pixmap in [counter, noise] {
            let ours = encode(pixmap.clone()).unwrap();
            assert_eq!(ours, png_crate_encoding(&pixmap));
            let mut reader = png::Decoder::new(std::io::Cursor::new(&ours))
                .read_info()
                .unwrap();
            let mut rgba = vec![0; reader.output_buffer_size().unwrap()];
            reader.next_frame(&mut rgba).unwrap();
            assert_eq!(rgba, pixmap.take_demultiplied());
        }
    }

    #[test]
    fn empty_images_are_errors() {
        assert!(matches!(
            new_pixmap("test", 0, 10, Color::WHITE),
            Err(RenderError::BadSize { .. })
        ));
        assert!(matches!(
            new_pixmap("test", 10, MAX_IMAGE_EDGE + 1, Color::WHITE),
            Err(RenderError::BadSize { .. })
        ));
    }
}
