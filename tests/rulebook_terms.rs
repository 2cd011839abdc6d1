//! Each Japanese module speaks its own rulebook's terms (issue #32): a game catalog overrides the
//! interface texts every game shares where its rulebook words them otherwise. Each term below is
//! quoted from the rulebook line named beside it (../shared/seeds; the files are not needed here).
//! Terms only the game's own texts use (川, 機甲, 修整: terrain and modifier notes the module does not
//! show) are checked as absent wordings only.

use std::path::Path;
use vmodc::diag::Sources;
use vmodc::pipeline;
use vmodc::verify;

/// The archive entries of a shipped game's module in one language.
fn module_entries(game: &str, language: &str) -> std::collections::BTreeMap<String, Vec<u8>> {
    let mut sources = Sources::default();
    let (loaded, report) = pipeline::load_and_check(Path::new("."), game, &mut sources);
    let loaded = loaded.unwrap_or_else(|| panic!("{game} loads: {:?}", report.diagnostics));
    let module = pipeline::compile_language(&loaded, Some(language)).unwrap();
    let zip = vmodc::package::zip_bytes(&module).unwrap();
    verify::open_module(&zip)
        .unwrap()
        .archive
        .entries
        .into_iter()
        .collect()
}

/// An HTML help page as text: tags dropped, character references (`&#x66F4;`, `&amp;`) decoded.
fn help_page_text(html: &str) -> String {
    let mut text = String::new();
    let mut rest = html;
    while let Some(c) = rest.chars().next() {
        if c == '<' {
            let end = rest.find('>').map_or(rest.len(), |i| i + 1);
            text.push('\n');
            rest = &rest[end..];
        } else if c == '&' {
            let end = rest.find(';').expect("a character reference ends with ';'");
            let name = &rest[1..end];
            let decoded = match name {
                "amp" => '&',
                "lt" => '<',
                "gt" => '>',
                "quot" => '"',
                "apos" => '\'',
                _ => {
                    let code = match name.strip_prefix("#x").or_else(|| name.strip_prefix("#X")) {
                        Some(hex) => u32::from_str_radix(hex, 16).unwrap(),
                        None => name.strip_prefix('#').unwrap().parse().unwrap(),
                    };
                    char::from_u32(code).unwrap()
                }
            };
            text.push(decoded);
            rest = &rest[end + 1..];
        } else {
            text.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    text
}

/// Every help page of a shipped game's module (What's new, Rules in play), as text.
fn help_text(game: &str, language: &str) -> String {
    module_entries(game, language)
        .iter()
        .filter(|(name, _)| name.starts_with("help/") && name.ends_with(".html"))
        .map(|(_, data)| help_page_text(std::str::from_utf8(data).unwrap()))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The Japanese module of a shipped game: its buildFile and every translation file, decoded.
fn japanese_module_text(game: &str) -> String {
    let entries = module_entries(game, "ja");
    let mut text = String::from_utf8(entries["buildFile.xml"].clone()).unwrap();
    for (name, data) in &entries {
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

/// `川` standing alone, not as part of the rulebook's `河川`.
fn bare_river(text: &str) -> Option<String> {
    let chars: Vec<char> = text.chars().collect();
    (0..chars.len())
        .find(|&i| chars[i] == '川' && (i == 0 || chars[i - 1] != '河'))
        .map(|i| {
            chars[i.saturating_sub(20)..(i + 5).min(chars.len())]
                .iter()
                .collect()
        })
}

#[test]
fn blitzkrieg_to_moscow_speaks_its_rulebook() {
    assert_terms(
        "btm2",
        &[("移動力", "L470-471"), ("プレイヤー", "L131")],
        &["移動ポイント", "修正", "プレーヤー"],
    );
    // The help pages too (What's new notes, Rules in play): 修整 (L321, L621), 河川 (L490), ゲーム・ターン
    // 記録トラック (L38).
    let help = help_text("btm2", "ja");
    for wrong in ["修正", "移動ポイント", "ターン記録欄"] {
        assert!(!help.contains(wrong), "btm2-ja help still says {wrong}");
    }
    assert_eq!(bare_river(&help), None, "btm2-ja help says 川 for 河川");
    assert!(help.contains("修整"), "the 0.3.1 note says 修整");
}

#[test]
fn battle_for_moscow_speaks_its_translation() {
    // The Japanese translation (001) calls the Soviet side ロシア軍 throughout (L21, L28), rivers 河川 (L44)
    // and the game モスクワの戦い (L18).
    assert_terms(
        "b4m",
        &[("ロシア軍", "L21"), ("ダイス", "L32"), ("戦闘比", "L195")],
        &["ソ連", "バトル・フォー"],
    );
    let help = help_text("b4m", "ja");
    assert_eq!(bare_river(&help), None, "b4m-ja help says 川 for 河川");
    assert!(
        !help.contains("バトル・フォー"),
        "b4m-ja help names the game in katakana"
    );
    assert!(
        !help.contains("プレイヤー"),
        "b4m-ja help spells プレーヤー otherwise (L28)"
    );
}

/// Issue #32 item 3: the procedures of Blitzkrieg to Moscow 2 the module cannot automate are on its Rules in
/// play page, cited, in the rulebook's own Japanese (003 lines beside each phrase) and in English.
#[test]
fn blitzkrieg_to_moscow_rules_in_play_carry_the_hand_procedures() {
    let ja = help_page_text(
        std::str::from_utf8(&module_entries("btm2", "ja")["help/rules-in-play.html"]).unwrap(),
    );
    for (phrase, line) in [
        ("ソ連軍は同じ場所から移動を開始し同じ目的地まで一緒に移動する場合に限りスタック制限", "L286-290"),
        ("ドイツ軍はユニット1個を", "L285-286"),
        ("EZOCから別のEZOCへ直接移動することはできない", "L443-444"),
        ("ドイツ戦車軍の移動力が3に低下", "L505-506"),
        ("1. 自軍後方地域、2. 自軍補給源に近づくヘクス、3. 他のユニットがいないヘクス、4. スタック制限に違反しないヘクス、5. EZOCだが自軍ユニットがいるヘクス", "L718-725"),
        ("戦闘後前進は任意だが、行うのであれば直ちに行わなければならない", "L731-732"),
        ("ルール 11.4, 11.4.1, 11.4.2", "the citation"),
        ("ルール 6.3, 6.3.1, 6.3.2, 6.3.3", "the citation"),
    ] {
        assert!(ja.contains(phrase), "btm2-ja Rules in play lacks {phrase} ({line})");
    }
    let en = help_page_text(
        std::str::from_utf8(&module_entries("btm2", "en")["help/rules-in-play.html"]).unwrap(),
    );
    for phrase in [
        "may not move directly from one enemy-ZOC hex to another",
        "1. the own rear area; 2. a hex closer to an own supply source",
        "One rail move carries one German unit",
        "The advance is optional but must be made at once",
    ] {
        assert!(en.contains(phrase), "btm2-en Rules in play lacks {phrase}");
    }
}
