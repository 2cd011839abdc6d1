//! Stacking points (`stack_points` of a type or a unit): setups counted in points, exact fractions,
//! and the module's report showing the same digits as the Rust checks.

use crate::common::module_piece::Props;
use crate::common::{check_dir, patch, render_all, tiny_copy};
use vmodc::concept::module::decimal_text;
use vmodc::concept::stacking::limits::{denominator, Points};
use vmodc::vassal::expression::int;

/// Tiny War's R1 (infantry) and R2 (armour) stacked in 0101, where the limit is 1 unit, with both
/// types counting `points`: the V0301 errors of the check.
fn overstack_errors(points: &str) -> usize {
    let dir = tiny_copy();
    for symbol in ["infantry", "armor"] {
        let line = format!("symbol = \"{symbol}\"");
        patch(
            dir.path(),
            "counters/tiny.toml",
            &line,
            &format!("{line}\nstack_points = {points}"),
        )
        .expect("unit type");
    }
    patch(
        dir.path(),
        "scenarios/tiny/basic.toml",
        "hex = \"0102\"",
        "hex = \"0101\"",
    )
    .expect("R2's hex");
    let (sources, report) = check_dir(dir.path());
    let unexpected: Vec<_> = report
        .diagnostics
        .iter()
        .filter(|d| d.code != "V0301")
        .filter(|d| d.severity == vmodc::diag::Severity::Error)
        .collect();
    assert!(unexpected.is_empty(), "{}", render_all(&sources, &report));
    report
        .diagnostics
        .iter()
        .filter(|d| d.code == "V0301")
        .count()
}

#[test]
fn setup_stacks_count_points_not_units() {
    assert_eq!(
        overstack_errors("1"),
        1,
        "two whole units over a limit of 1"
    );
    assert_eq!(overstack_errors("0.5"), 0, "two halves make one");
    assert_eq!(overstack_errors("0"), 0, "units the limit ignores");
    assert_eq!(overstack_errors("0.75"), 1, "1.5 points over a limit of 1");
}

#[test]
fn stacking_values_need_an_exact_scale() {
    assert_eq!(denominator(2.0), Some(1));
    assert_eq!(denominator(0.25), Some(4));
    assert_eq!(denominator(1.5), Some(2));
    assert_eq!(denominator(0.01), Some(100));
    assert_eq!(denominator(0.333), None, "thousandths");
    assert_eq!(denominator(-1.0), None);
}

#[test]
fn module_report_shows_the_points_the_checks_show() {
    for scale in [1, 2, 3, 4, 10, 100] {
        for parts in 0..=(3 * scale) {
            let rust = Points { parts, scale }.to_string();
            let module = decimal_text(int(i64::from(parts)), scale)
                .eval(&Props(Default::default()))
                .expect("evaluates")
                .render();
            assert_eq!(module, rust, "{parts} parts at scale {scale}");
        }
    }
    assert_eq!(Points { parts: 9, scale: 4 }.to_string(), "2.25");
    assert_eq!(Points { parts: 2, scale: 4 }.to_string(), "0.5");
    assert_eq!(Points { parts: 2, scale: 3 }.to_string(), "0.66");
    assert_eq!(
        Points {
            parts: 5,
            scale: 100
        }
        .to_string(),
        "0.05"
    );
}
