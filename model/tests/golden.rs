//! The golden corpus of share links (`tests/golden/links.json`): every link must keep its meaning in
//! every later version. A failure here means a change altered what an existing link shows; fix the
//! change, or add an upgrade step in `codec::upgrade` (never edit the corpus to match).

use capacity_model::codec::decode;
use capacity_model::evaluate;
use capacity_model::fields::FIELDS;
use serde_json::Value;

fn corpus() -> Vec<Value> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/golden/links.json")).unwrap();
    serde_json::from_str::<Value>(&text).unwrap().as_array().unwrap().clone()
}

fn same(got: f64, expected: f64) -> bool {
    (got - expected).abs() <= expected.abs() * 1e-9
}

#[test]
fn every_link_keeps_its_meaning() {
    let corpus = corpus();
    assert!(corpus.len() >= 25, "at least 25 links");
    for entry in &corpus {
        let link = entry["link"].as_str().unwrap();
        let decoded = decode(link);
        assert!(decoded.issues.is_empty(), "{link}: {:?}", decoded.issues);
        let report = evaluate(&decoded.scenario);
        let expected = entry["throughput_bytes_per_sec"].as_f64().unwrap();
        assert!(
            same(report.throughput_bytes_per_sec, expected),
            "{link}: {} vs {expected}",
            report.throughput_bytes_per_sec
        );
        assert_eq!(report.bottleneck.id(), entry["bottleneck"].as_str().unwrap(), "{link}");
        match (report.duration_sec, entry["duration_sec"].as_f64()) {
            (None, None) => {}
            (Some(got), Some(expected)) => assert!(same(got, expected), "{link}: duration {got} vs {expected}"),
            (got, expected) => panic!("{link}: duration {got:?} vs {expected:?}"),
        }
    }
}

#[test]
fn the_corpus_covers_every_key_and_every_preset() {
    let corpus = corpus();
    let links: Vec<&str> = corpus.iter().map(|e| e["link"].as_str().unwrap()).collect();
    for field in FIELDS {
        let key = format!("{}=", field.key);
        assert!(
            links.iter().any(|l| l.split(['#', '&']).any(|pair| pair.starts_with(&key))),
            "no golden link uses key {}",
            field.key
        );
    }
    for preset in capacity_model::presets::PRESETS {
        let fragment = capacity_model::codec::encode(&preset.scenario());
        assert!(links.contains(&fragment.as_str()), "no golden link for preset {}", preset.id);
    }
}
