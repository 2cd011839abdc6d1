//! Model → render input for an area map (`[grid] kind = "areas"`).

use crate::concept::game::Game;
use crate::concept::plan::{Plan, MARKER_SIZE};
use crate::render::areas::{draw_area_map, AreaMapArt, AreaShape, BorderArt};
use crate::render::{Color, Fonts, RenderError};

/// The board image of an area map: its areas with their terrain, links, borders and towns.
pub fn draw(game: &Game, plan: &Plan, fonts: &Fonts) -> Result<tiny_skia::Pixmap, RenderError> {
    let m = &game.map;
    let grid = &m.grid;
    let terrain_color = |hex| -> Result<Color, RenderError> {
        let t = crate::concept::map::place::terrain_at(game, hex);
        m.style
            .terrain_colors
            .get(t)
            .map_or(Ok(Color::WHITE), |c| Color::parse(c))
    };
    let ids = grid.hexes();
    let mut areas = Vec::new();
    for &id in &ids {
        let Some(area) = grid.area_at(id) else {
            continue;
        };
        let town = m
            .cities
            .iter()
            .any(|c| grid.parse(&c.hex) == Some(id))
            .then_some(Color::BLACK);
        areas.push(AreaShape {
            name: grid.label(id),
            point: (id.col as f32, id.row as f32),
            outline: area
                .corners()
                .into_iter()
                .map(|(x, y)| (x as f32, y as f32))
                .collect(),
            fill: terrain_color(id)?,
            town,
        });
    }
    let index = |label: &str| {
        grid.parse(label)
            .and_then(|h| ids.iter().position(|i| *i == h))
    };
    let mut links = Vec::new();
    for (i, &id) in ids.iter().enumerate() {
        for n in grid.area_neighbours(id) {
            if let Some(j) = ids.iter().position(|x| *x == n) {
                if i < j {
                    links.push((i, j));
                }
            }
        }
    }
    let mut borders = Vec::new();
    for set in &m.hexsides {
        let color = match m.style.feature_colors.get(set.feature.as_str()) {
            Some(c) => Color::parse(c)?,
            None => Color::BLACK,
        };
        for pair in &set.pairs {
            let [a, b] = &pair.value;
            if let (Some(a), Some(b)) = (index(a), index(b)) {
                borders.push(BorderArt { a, b, color });
            }
        }
    }
    let art = AreaMapArt {
        width: plan.layout.width,
        height: plan.layout.height,
        background: Color::parse(&m.style.background)?,
        title: plan.tx.get("map.name"),
        areas,
        links,
        borders,
        piece_size: game.counters.counters.size.max(MARKER_SIZE) as f32,
        fonts: fonts.clone(),
    };
    draw_area_map(&art)
}
