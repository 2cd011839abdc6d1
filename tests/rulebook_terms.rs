//! Each Japanese module speaks its own rulebook's terms (issue #32): a game catalog overrides the
//! interface texts every game shares where its rulebook words them otherwise. Each term below is
//! quoted from the rulebook line named beside it (../shared/seeds; the files are not needed here).
//! Terms only the game's own texts use (川, 機甲, 修整: terrain and modifier notes the module does not
//! show) are checked as absent wordings only.

use std::path::Path;
use vmodc::build;
use vmodc::diag::Sources;
use vmodc::verify;

/// The Japanese module of a shipped game: its buildFile and every translation file, decoded.
fn japanese_module_text(game: &str) -> String {
    let mut sources = Sources::default();
    let (loaded, report) = build::load_and_check(Path::new("."), game, &mut sources);
    let loaded = loaded.unwrap_or_else(|| panic!("{game} loads: {:?}", report.diagnostics));
    let ja = build::compile_language(&loaded, Some("ja")).unwrap();
    let zip = vmodc::package::zip_bytes(&ja).unwrap();
    let view = verify::open_module(&zip).unwrap();
    let mut text = String::from_utf8(view.archive.entries["buildFile.xml"].clone()).unwrap();
    for (name, data) in &view.archive.entries {
        if name.ends_with(".properties") {
            let props = String::from_utf8(data.clone()).unwrap();
            for (_, value) in vmodc::vassal::properties::read_properties(&props).unwrap() {
                text.push('\n');
                text.push_str(&value);
            }
        }
    }
    text
}

fn assert_terms(game: &str, present: &[(&str, &str)], absent: &[&str]) {
    let text = japanese_module_text(game);
    for (term, line) in present {
        assert!(
            text.contains(term),
            "{game}-ja lacks the rulebook's {term} ({line})"
        );
    }
    for term in absent {
        assert!(!text.contains(term), "{game}-ja still says {term}");
    }
}

#[test]
fn the_last_stand_at_moscow_speaks_its_rulebook() {
    assert_terms(
        "lsam",
        &[
            ("ゲームターン表示欄", "L232"),
            ("戦力比", "6.0"),
            ("移動力", "5.1"),
            ("サイコロ", "2.3"),
            ("再編", "8.21, L873"),
            ("補給判定フェイズ", "L905, L909"),
        ],
        &[
            "ターン記録トラック",
            "戦闘比",
            "移動ポイント",
            "再建",
            "河川",
            "タイフーン",
            "鉄道移動はない",
        ],
    );
}

#[test]
fn ocs_speaks_its_rulebook() {
    assert_terms(
        "ocs",
        &[
            ("脱出", "L14 脱出セグメント, 12.8e"),
            ("ダイス", "9.8"),
            ("非フェイズプレイヤー", "sequence of play"),
            ("給油状態マーカー", "sequence of play"),
            ("再備蓄", "sequence of play"),
            ("スタックオーバー", "4.8"),
            ("奇襲判定", "9.8"),
            ("対空射撃ポイント", "14.4"),
            ("重 AT 効果", "9.4e"),
        ],
        &[
            "サイコロ",
            "非手番プレイヤー",
            "燃料マーカー",
            "オーバースタック",
            "奇襲チェック",
            "重対戦車効果",
            "突破セグメント",
        ],
    );
}

#[test]
fn blitzkrieg_to_moscow_speaks_its_rulebook() {
    assert_terms("btm2", &[("移動力", "L470-471")], &["移動ポイント", "修正"]);
}
