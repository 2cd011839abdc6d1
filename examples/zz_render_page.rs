// Temporary (not committed): render pages of a PDF to PNG.
use hayro::hayro_interpret::InterpreterSettings;
use hayro::hayro_syntax::Pdf;
use hayro::vello_cpu::color::palette::css::WHITE;
use hayro::{render, PixmapSettings, RenderCache, RenderSettings};
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let pdf = Pdf::new(std::fs::read(&a[1]).unwrap()).unwrap();
    let dpi: f32 = a[3].parse().unwrap();
    for p in a[4..].iter() {
        let n: usize = p.parse().unwrap();
        let page = &pdf.pages()[n - 1];
        let cache = RenderCache::new();
        let pm = render(
            page,
            &cache,
            &InterpreterSettings::default(),
            &RenderSettings::default(),
            &PixmapSettings {
                x_scale: dpi / 72.0,
                y_scale: dpi / 72.0,
                bg_color: WHITE,
            },
        );
        let (w, h) = (pm.width() as u32, pm.height() as u32);
        let f = std::fs::File::create(format!("{}-{n}.png", a[2])).unwrap();
        let mut e = png::Encoder::new(f, w, h);
        e.set_color(png::ColorType::Rgba);
        e.write_header()
            .unwrap()
            .write_image_data(pm.data_as_u8_slice())
            .unwrap();
    }
}
