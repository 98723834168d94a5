//! A card's face and back, laid out in millimetres from its data and drawn on a
//! [`Painter`]: the same card on a printed sheet and on a Tabletop Simulator deck sheet.

use super::painter::Painter;
use super::pdf_draw::{PT_PER_MM, text_width, wrap};
use crate::content::Document;
use crate::content::combat_deck::{CombatCard, CombatEventDeck};
use crate::content::movement_events::MovementEventCard;
use crate::content::race_deck::{LaneSide, MovementInstruction, RaceCard};

/// A card's trim size in millimetres (poker).
pub const CARD_MM: (f32, f32) = (63.0, 88.0);

/// The smallest text set on a card, in points.
const SMALLEST_PT: f32 = 5.0;

/// A rectangle on a page in millimetres from its top left: (left, top, width, height).
pub type MmRect = (f32, f32, f32, f32);

/// What one card face says (its deck gives its colour and footer).
pub(super) struct Face {
    pub(super) title: String,
    pub(super) big: Option<String>,
    pub(super) starburst: bool,
    pub(super) subtitle: String,
    pub(super) body: Vec<String>,
}

/// A deck's cards to print, one entry per copy.
pub(super) struct DeckSheets {
    pub(super) kind: &'static str,
    pub(super) name: String,
    pub(super) colour: [u8; 3],
    pub(super) cards: Vec<(String, Face)>,
}

const RACE_COLOUR: [u8; 3] = [0x2f, 0x55, 0x8f];
const EVENT_COLOUR: [u8; 3] = [0xb0, 0x5a, 0x1c];
const COMBAT_COLOUR: [u8; 3] = [0x8e, 0x1f, 0x24];

fn copies<T>(
    cards: &[T],
    count: impl Fn(&T) -> u32,
    face: impl Fn(&T) -> (String, Face),
) -> Vec<(String, Face)> {
    cards
        .iter()
        .flat_map(|card| (0..count(card)).map(|_| face(card)).collect::<Vec<_>>())
        .collect()
}

fn race_face(card: &RaceCard) -> (String, Face) {
    (
        card.id.to_string(),
        Face {
            title: card.name.to_string(),
            big: Some(card.speed.to_string()),
            starburst: card.movement_event,
            subtitle: card.movement.label().to_owned(),
            body: card
                .instructions
                .iter()
                .map(|instruction| match instruction {
                    // A tag line, as a card's icon would be: the text may say it at length.
                    MovementInstruction::ForcedLane(LaneSide::Inside) => "Forks: inside lane",
                    MovementInstruction::ForcedLane(LaneSide::Outside) => "Forks: outside lane",
                })
                .map(str::to_owned)
                .chain(std::iter::once(card.text.to_string()))
                .collect(),
        },
    )
}

fn event_face(card: &MovementEventCard) -> (String, Face) {
    (
        card.id.to_string(),
        Face {
            title: card.name.to_string(),
            big: None,
            starburst: false,
            subtitle: "Movement event".to_owned(),
            body: vec![card.effect.text()],
        },
    )
}

fn combat_face(card: &CombatCard, deck: &CombatEventDeck) -> (String, Face) {
    let mut body = Vec::new();
    for weapon in &deck.weapon_types {
        if let Some(result) = card.weapons.get(&weapon.id) {
            body.push(format!(
                "{}: {} damage{}",
                weapon.name,
                result.damage,
                effects_after(&result.effects)
            ));
        }
    }
    let collision = &card.collision;
    body.push(format!(
        "Collision: target {}, active car {}{}",
        collision.target_damage,
        collision.active_damage,
        effects_after(&collision.effects)
    ));
    (
        card.id.to_string(),
        Face {
            title: card.name.to_string(),
            big: Some(card.value.to_string()),
            starburst: false,
            subtitle: "Combat event".to_owned(),
            body,
        },
    )
}

/// A result's effects as they follow its damage: ", Suppress, Spray", or nothing.
fn effects_after(effects: &[crate::content::combat_deck::AttackEffect]) -> String {
    use std::fmt::Write as _;
    effects.iter().fold(String::new(), |mut out, e| {
        let _ = write!(out, ", {e:?}");
        out
    })
}

/// The decks of `documents`, in the order race, movement events, combat (each kind in the
/// order the documents come).
pub(super) fn decks(documents: &[&Document]) -> Vec<DeckSheets> {
    let mut decks: Vec<(u8, DeckSheets)> = documents
        .iter()
        .filter_map(|document| {
            let (rank, kind, colour, name, cards) = match document {
                Document::RaceDeck(deck) => (
                    0,
                    "race",
                    RACE_COLOUR,
                    &deck.name,
                    copies(&deck.cards, |c| c.count, race_face),
                ),
                Document::MovementEventDeck(deck) => (
                    1,
                    "movement_event",
                    EVENT_COLOUR,
                    &deck.name,
                    copies(&deck.cards, |c| c.count, event_face),
                ),
                Document::CombatEventDeck(deck) => (
                    2,
                    "combat",
                    COMBAT_COLOUR,
                    &deck.name,
                    copies(&deck.cards, |c| c.count, |c| combat_face(c, deck)),
                ),
                _ => return None,
            };
            let name = name.to_string();
            Some((
                rank,
                DeckSheets {
                    kind,
                    name,
                    colour,
                    cards,
                },
            ))
        })
        .collect();
    // A stable sort: the kinds in order, each kind's decks as the documents list them.
    decks.sort_by_key(|(rank, _)| *rank);
    decks.into_iter().map(|(_, deck)| deck).collect()
}

/// A rectangle's corners, in order around it.
pub(super) fn rect_corners((x, y, w, h): MmRect) -> [(f32, f32); 4] {
    [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
}

/// Lines of `text` set in `width` mm at `size` pt from the baseline `top` mm down; the lines
/// and their boxes, and where the next line would go.
pub(super) fn set_lines(
    lines: &[String],
    x: f32,
    top: f32,
    size: f32,
    out: &mut Vec<(String, MmRect, f32)>,
) -> f32 {
    let line_mm = size / PT_PER_MM * 1.2;
    let mut y = top;
    for line in lines {
        y += line_mm;
        let width = text_width(line, size) / PT_PER_MM;
        out.push((
            line.clone(),
            (x, y - size / PT_PER_MM * 0.85, width, size / PT_PER_MM),
            y,
        ));
    }
    y
}

/// The body's lines at the largest size from `size` down to the smallest that fits `height`
/// mm, cut with an ellipsis when even the smallest does not.
pub(super) fn fitted(
    paragraphs: &[String],
    width_mm: f32,
    height_mm: f32,
    size: f32,
) -> (Vec<String>, f32) {
    let mut size = size;
    loop {
        let lines: Vec<String> = paragraphs
            .iter()
            .flat_map(|p| wrap(p, width_mm * PT_PER_MM, size))
            .collect();
        let height = lines.len() as f32 * size / PT_PER_MM * 1.2;
        if height <= height_mm {
            return (lines, size);
        }
        if size <= SMALLEST_PT {
            let keep = ((height_mm / (size / PT_PER_MM * 1.2)).floor() as usize).max(1);
            let mut lines: Vec<String> = lines.into_iter().take(keep).collect();
            if let Some(last) = lines.last_mut() {
                while !last.is_empty()
                    && text_width(&format!("{last}…"), size) > width_mm * PT_PER_MM
                {
                    last.pop();
                }
                last.push('…');
            }
            return (lines, size);
        }
        size = (size - 0.5).max(SMALLEST_PT);
    }
}

/// Draws one face in `trim` (mm) with its bleed; the text set and its boxes.
pub(super) fn draw_face(
    painter: &mut dyn Painter,
    deck: &DeckSheets,
    face: &Face,
    trim: MmRect,
    bleed: f32,
) -> Vec<(String, MmRect)> {
    let (x, y, w, h) = trim;
    painter.polygon(
        &rect_corners((x - bleed, y - bleed, w + 2.0 * bleed, h + 2.0 * bleed)),
        Some(deck.colour),
        None,
    );
    let inner = (x + 3.0, y + 3.0, w - 6.0, h - 6.0);
    painter.polygon(&rect_corners(inner), Some([255, 255, 255]), None);
    let text_x = inner.0 + 2.0;
    let text_w = inner.2 - 4.0;
    let mut set = Vec::new();
    let (title, title_size) = fitted(std::slice::from_ref(&face.title), text_w, 9.0, 11.0);
    let mut cursor = set_lines(&title, text_x, inner.1 + 1.0, title_size, &mut set);
    if let Some(big) = &face.big {
        let size = 30.0;
        let centre = (inner.0 + inner.2 / 2.0, cursor + 12.0);
        if face.starburst {
            starburst(painter, centre, 10.5);
        }
        let width = text_width(big, size) / PT_PER_MM;
        let left = centre.0 - width / 2.0;
        let baseline = centre.1 + size / PT_PER_MM * 0.35;
        set.push((
            big.clone(),
            (
                left,
                baseline - size / PT_PER_MM * 0.85,
                width,
                size / PT_PER_MM,
            ),
            baseline,
        ));
        cursor += 24.0;
    }
    let (subtitle, subtitle_size) = fitted(std::slice::from_ref(&face.subtitle), text_w, 4.0, 7.0);
    cursor = set_lines(&subtitle, text_x, cursor, subtitle_size, &mut set);
    let footer_top = inner.1 + inner.3 - 4.0;
    let (body, body_size) = fitted(&face.body, text_w, footer_top - cursor - 2.0, 8.0);
    set_lines(&body, text_x, cursor + 1.0, body_size, &mut set);
    let (footer, footer_size) = fitted(std::slice::from_ref(&deck.name), text_w, 3.0, 5.0);
    set_lines(&footer, text_x, footer_top - 1.0, footer_size, &mut set);
    let mut placed = Vec::new();
    for (line, rect, baseline) in set {
        let size = rect.3 * PT_PER_MM;
        painter.text(&line, (rect.0, baseline), size, [0, 0, 0]);
        placed.push((line, rect));
    }
    placed
}

/// A twelve-pointed star around `centre` (mm), `radius` mm: a race card's starburst.
fn starburst(painter: &mut dyn Painter, centre: (f32, f32), radius: f32) {
    let points: Vec<(f32, f32)> = (0..24)
        .map(|i| {
            let r = if i % 2 == 0 { radius } else { radius * 0.62 };
            let a = i as f32 / 24.0 * std::f32::consts::TAU;
            (centre.0 + r * a.cos(), centre.1 + r * a.sin())
        })
        .collect();
    painter.polygon(&points, Some([0xf4, 0xc4, 0x30]), Some(([0, 0, 0], 0.2)));
}

/// Draws one back in `trim`: the deck's colour and its name.
pub(super) fn draw_back(
    painter: &mut dyn Painter,
    deck: &str,
    colour: [u8; 3],
    trim: MmRect,
    bleed: f32,
) -> Vec<(String, MmRect)> {
    let (x, y, w, h) = trim;
    painter.polygon(
        &rect_corners((x - bleed, y - bleed, w + 2.0 * bleed, h + 2.0 * bleed)),
        Some(colour),
        None,
    );
    painter.polygon(
        &rect_corners((x + 3.0, y + 3.0, w - 6.0, h - 6.0)),
        None,
        Some(([255, 255, 255], 0.6)),
    );
    let (lines, size) = fitted(&[deck.to_owned()], w - 12.0, 30.0, 12.0);
    let mut set = Vec::new();
    set_lines(&lines, x + 6.0, y + h / 2.0 - 6.0, size, &mut set);
    let mut placed = Vec::new();
    for (line, rect, baseline) in set {
        painter.text(&line, (rect.0, baseline), size, [255, 255, 255]);
        placed.push((line, rect));
    }
    placed
}
