//! The chart functions, checked natively: each returns an SVG with its axes, units, series and marks.

use capacity_app::charts::{
    duration_chart, file_size_chart, gantt_chart, sweep_chart, sweep_parameters, sweep_rows, throughput_chart,
    utilization_chart, Chart, NARROW, WIDE,
};
use capacity_app::palette::stage_color;
use capacity_model::presets::preset;
use capacity_model::units::UnitSystem;
use capacity_model::StageId;

/// Every `<text>` element's content as the page shows it (entities decoded), trimmed: plotters writes
/// each on its own line.
fn texts(svg: &str) -> Vec<String> {
    svg.split("<text")
        .skip(1)
        .filter_map(|t| t.split_once('>')?.1.split_once("</text>").map(|t| t.0.trim().to_string()))
        .map(|t| html_escape::decode_html_entities(&t).into_owned())
        .collect()
}

/// The `<rect>` elements filled with `color` (plotters writes colours as `#RRGGBB`).
fn rects_filled(svg: &str, color: &str) -> usize {
    let fill = format!("fill=\"{}\"", color.to_uppercase());
    svg.split("<rect").skip(1).filter(|r| r.split('>').next().is_some_and(|tag| tag.contains(&fill))).count()
}

/// An attribute of the `<text>` element that shows `text`.
fn text_attribute(svg: &str, text: &str, name: &str) -> f64 {
    let at = svg.find(&format!(">\n{text}\n</text>")).unwrap_or_else(|| panic!("no text {text}"));
    let start = svg[..at].rfind("<text").unwrap();
    svg[start..at].split(&format!(" {name}=\"")).nth(1).unwrap().split('"').next().unwrap().parse().unwrap()
}

fn has_text(svg: &str, wanted: &str) -> bool {
    texts(svg).iter().any(|t| t == wanted)
}

fn hp8() -> capacity_model::Scenario {
    preset("hp-8clients-4drives").unwrap().scenario()
}

#[test]
fn sweep_chart_draws_ceilings_envelope_and_the_current_value() {
    let svg = sweep_chart(&hp8(), None, None, "clients", UnitSystem::Decimal, WIDE).svg;
    assert!(svg.starts_with("<svg"), "{}", &svg[..80.min(svg.len())]);
    assert!(has_text(&svg, "Throughput (MB/s)"));
    assert!(has_text(&svg, "Clients"), "x axis named: {:?}", texts(&svg));
    assert!(has_text(&svg, "now: 900 MB/s"));
    for stage in [StageId::TapeDrives, StageId::ClientNic, StageId::Streams] {
        assert!(has_text(&svg, &format!("{} ceiling", stage.name())), "{stage:?} ceiling in legend");
    }
    // The envelope is drawn in the colour of the binding stage: client NICs below 8 clients, drives above.
    let upper = |c: &str| c.to_uppercase();
    let has_color = |c: &str| svg.contains(c) || svg.to_uppercase().contains(&upper(c));
    assert!(has_color(stage_color(StageId::TapeDrives)) && has_color(stage_color(StageId::ClientNic)));
}

#[test]
fn sweep_rows_find_where_the_drives_take_over() {
    let rows = sweep_rows(&hp8(), "clients");
    assert_eq!(rows.first().map(|r| r.value), Some(1.0));
    let at = |clients: f64| rows.iter().find(|r| r.value == clients).unwrap();
    assert_eq!(at(8.0).bottleneck, StageId::TapeDrives);
    assert!((at(8.0).throughput_bytes_per_sec / 900e6 - 1.0).abs() < 1e-3);
    assert!(at(4.0).throughput_bytes_per_sec < 460e6, "4 clients send about 452 MB/s");
    let up_to_8: Vec<_> = rows.iter().filter(|r| r.value <= 8.0).collect();
    assert!(up_to_8.windows(2).all(|w| w[1].throughput_bytes_per_sec >= w[0].throughput_bytes_per_sec));
    // A ninth client tied to the four drives puts three on one, which writes 3 / 9 of the data while
    // the others end early: 9 / 3 x 225 MB/s.
    assert_eq!(at(9.0).bottleneck, StageId::TapeDrives);
    assert!((at(9.0).throughput_bytes_per_sec / (3.0 * at(8.0).throughput_bytes_per_sec / 4.0) - 1.0).abs() < 1e-3);
}

#[test]
fn sweep_parameters_follow_the_target() {
    let tape: Vec<_> = sweep_parameters(&hp8()).iter().map(|f| f.key).collect();
    assert!(tape.contains(&"clients") && tape.contains(&"file_size") && !tape.contains(&"nfs_nodes"));
    let nfs: Vec<_> = sweep_parameters(&preset("nfs-2arrays").unwrap().scenario()).iter().map(|f| f.key).collect();
    assert!(nfs.contains(&"nfs_nodes") && nfs.contains(&"file_systems") && !nfs.contains(&"drives"));
}

#[test]
fn file_size_sweep_uses_a_log_axis_with_byte_units() {
    let svg =
        sweep_chart(&preset("tsm-small-files").unwrap().scenario(), None, None, "file_size", UnitSystem::Binary, WIDE)
            .svg;
    assert!(svg.contains("Average file size (log scale)"));
    assert!(svg.contains("Throughput (MiB/s)"));
    assert!(svg.contains("KiB") && svg.contains("MiB"));
}

#[test]
fn utilization_chart_has_a_bar_per_stage() {
    let svg = utilization_chart(&hp8(), None, NARROW).svg;
    assert!(svg.contains("Utilization (%)"));
    for name in ["Tape drives", "Client NICs", "FC HBA ports", "Per-file cost (client)"] {
        assert!(svg.contains(name), "{name}");
    }
    // The utilization law: the drives, which bind, at 100 %; the client NICs just below.
    assert!(has_text(&svg, "100.0 %"), "the drives' utilization is labelled: {:?}", texts(&svg));
    assert!(has_text(&svg, "99.6 %"), "{:?}", texts(&svg));
    // On a phone the 100 % line does not strike through the label of a bar that reaches it (a new user's
    // trial, stop 41): the label, right-aligned inside its bar, ends at least 5 px before the line.
    let label_end = text_attribute(&svg, "100.0 %", "x");
    let line_x: f64 = svg
        .split("<polyline")
        .skip(1)
        .filter(|p| p.contains("stroke-width=\"2\""))
        .filter_map(|p| p.split("points=\"").nth(1)?.split(',').next()?.trim().parse().ok())
        .last()
        .expect("the 100 % line");
    assert!(label_end <= line_x - 5.0, "label ends at {label_end}, the line is at {line_x}");
}

#[test]
fn duration_chart_shows_the_window_and_the_data_set() {
    let mut scenario = hp8();
    scenario.data_set_bytes = 20e12;
    let svg = duration_chart(&scenario, None, UnitSystem::Decimal, WIDE).svg;
    assert!(svg.contains("Data set size (TB)") && svg.contains("Duration (hours)"));
    assert!(svg.contains("Backup window (8 h 00 min)"));
    // 20 TB at 900 MB/s is 6 h 10 min; 16 LTO-4 cartridges over 4 drives add 3 changes of 74 s each.
    assert!(svg.contains("20.0 TB: 6 h 13 min"), "marked point");
    // 8 h at 900 MB/s would be 25.9 TB, 17 cartridges over the 4 drives: the changes they need (up to 4
    // of 74 s on a drive) come out of the window first (stop 42: the label had left them out).
    assert!(svg.contains("window fits 25.7 TB"));
    // The table's grid size the data set falls on is its row, once (a trial read "20.0 TB" twice).
    let table = duration_chart(&scenario, None, UnitSystem::Decimal, WIDE).table;
    let twenty: Vec<&Vec<String>> = table.rows.iter().filter(|r| r[0].starts_with("20.0 TB")).collect();
    assert_eq!(twenty.len(), 1, "{:?}", table.rows);
    assert_eq!(twenty[0][0], "20.0 TB (this data set)");
    // An NFS retrieval is timed as one (a trial found it called a backup).
    let retrieve = capacity_model::codec::decode("v=1&target=nfs&workload=retrieve&data=2TB").scenario;
    let chart = duration_chart(&retrieve, None, UnitSystem::Decimal, WIDE);
    assert!(has_text(&chart.svg, "Retrieval duration against data size"), "{:?}", texts(&chart.svg));
}

/// With a copy to tape in the backup's window the chart is the night's, backup then copy (a new user
/// found "window fits 3.25 TB" beside a night that did not fit): 113 MB/s then 237 MB/s in series is
/// 76.5 MB/s, 2.20 TB in 8 h; the data set's point is the results' night, copy handling included.
#[test]
fn duration_chart_with_a_copy_in_the_window_is_backup_then_copy() {
    let link = "v=1&target=repository&repo_kind=appliance&copy_to_tape=on&data=2TB";
    let scenario = capacity_model::codec::decode(link).scenario;
    let report = capacity_model::evaluate(&scenario);
    let copy = report.copy.as_ref().unwrap();
    let night = report.duration_sec.unwrap() + copy.duration_sec.unwrap();
    let chart = duration_chart(&scenario, None, UnitSystem::Decimal, WIDE);
    assert!(has_text(&chart.svg, "Backup then copy to tape against data size"), "{:?}", texts(&chart.svg));
    let series = 1.0 / (1.0 / report.throughput_bytes_per_sec + 1.0 / copy.throughput_bytes_per_sec);
    let fits = capacity_model::units::format_bytes(series * 8.0 * 3600.0, UnitSystem::Decimal);
    assert!(has_text(&chart.svg, &format!("window fits {fits}")), "{fits}: {:?}", texts(&chart.svg));
    let shown = capacity_model::units::format_duration(night);
    assert!(chart.svg.contains(&format!("2.00 TB: {shown}")), "{shown}: {:?}", texts(&chart.svg));
}

/// The data set's point and the chart's table take the results' duration, cartridge changes included
/// (a new user found the chart a minute short of the results).
#[test]
fn duration_chart_counts_cartridge_changes_as_the_results_do() {
    let link = "v=1&lto=LTO-9&compression=1&streams=1&stream_rate=3000&client_nic=100GbE&server_nic=100GbE&filemark=1GB&data=20TB";
    let scenario = capacity_model::codec::decode(link).scenario;
    let report = capacity_model::evaluate(&scenario);
    let shown = capacity_model::units::format_duration(report.duration_sec.unwrap());
    assert_eq!(shown, "30 h 53 min", "the results: 1 min 32 s of cartridge handling included");
    let chart = duration_chart(&scenario, None, UnitSystem::Decimal, WIDE);
    assert!(chart.svg.contains(&format!("20.0 TB: {shown}")), "marked point");
    // Its table holds the data set's own row, in order among the ten sizes across the axis (here one of
    // them, 20.0 TB, which its row takes).
    let rows = &chart.table.rows;
    assert_eq!(rows.len(), 10, "{rows:?}");
    let own = rows.iter().position(|r| r[0] == "20.0 TB (this data set)").expect("the data set's row");
    assert_eq!(rows[own][1], shown);
    assert!(own > 0 && own < 10, "among the sizes: {rows:?}");
}

#[test]
fn file_size_chart_reaches_the_scenarios_own_size() {
    // A trial (2026-12-06): 100 GB files were drawn at the axis's 10 GB edge, their label cut to "now:".
    let scenario = capacity_model::codec::decode("v=1&data=2TB&file_size=100GB").scenario;
    let chart = file_size_chart(&scenario, None, UnitSystem::Decimal, WIDE);
    assert_eq!(chart.table.rows.last().map(|r| r[0].as_str()), Some("100 GB"), "{:?}", chart.table.rows);
    assert_eq!(chart.table.rows.first().map(|r| r[0].as_str()), Some("1,000 B"));
    // Within the usual range the axis is as before.
    let usual =
        file_size_chart(&capacity_model::codec::decode("v=1&data=2TB").scenario, None, UnitSystem::Decimal, WIDE);
    assert_eq!(usual.table.rows.last().map(|r| r[0].as_str()), Some("10.0 GB"));
}

#[test]
fn file_size_chart_has_a_line_per_aggregation_setting() {
    let svg = file_size_chart(&preset("tsm-small-files").unwrap().scenario(), None, UnitSystem::Decimal, WIDE).svg;
    for label in [
        "1 file per transaction",
        "10 files per transaction",
        "100 files per transaction",
        "1000 files per transaction",
    ] {
        assert!(svg.contains(label), "{label}");
    }
    assert!(svg.contains("now: 5.66 MB/s"));
    let nfs = file_size_chart(&preset("nfs-1array").unwrap().scenario(), None, UnitSystem::Decimal, WIDE).svg;
    assert!(nfs.contains("apply to tape backups"));
}

#[test]
fn charts_survive_wild_scenarios() {
    let mut scenario = hp8();
    scenario.stream_bytes_per_sec = f64::NAN;
    scenario.clients = 0;
    scenario.data_set_bytes = f64::INFINITY;
    scenario.backup_window_sec = -1.0;
    for chart in [
        sweep_chart(&scenario, None, None, "clients", UnitSystem::Decimal, WIDE),
        sweep_chart(&scenario, None, Some(("other", &hp8())), "no-such-key", UnitSystem::Decimal, WIDE),
        utilization_chart(&scenario, None, WIDE),
        duration_chart(&scenario, None, UnitSystem::Decimal, WIDE),
        file_size_chart(&scenario, None, UnitSystem::Decimal, WIDE),
    ] {
        let (svg, table) = (&chart.svg, &chart.table);
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"), "{svg}");
        // No table, or a whole one: a heading and every row a cell per column.
        assert!(
            (table.head.is_empty() && table.rows.is_empty())
                || (!table.head.is_empty() && table.rows.iter().all(|r| r.len() == table.head.len())),
            "{table:?}"
        );
    }
}

/// The rows of a chart's data table, each as its cells' text: the heading first, then the rows.
fn table_rows(chart: &Chart) -> Vec<Vec<String>> {
    std::iter::once(chart.table.head.clone()).chain(chart.table.rows.iter().cloned()).collect()
}

/// A trial (helper-94): a repository's copies to LTO-9 with growth load new cartridges now and then, and
/// each one's 40 min of media optimisation lifts its night above its neighbours in the chart, which the
/// table (every 28th night) left out and nothing explained. The table lists each such night with its
/// cartridge handling.
#[test]
fn the_timelines_table_lists_the_nights_new_cartridges_lengthen() {
    let link = "v=1&target=repository&data=10TB&window_h=11&clients=8&client_nic=10GbE&server_ports=2&disks=24&copy_to_tape=on&fc=16GFC&lto=LTO-9&growth=30&full_every_days=7";
    let scenario = capacity_model::codec::decode(link).scenario;
    let timeline = capacity_model::timeline::timeline(&scenario).unwrap();
    let nights = table_rows(&capacity_app::charts::night_chart(&scenario, &timeline, WIDE, None));
    assert_eq!(nights[0].last().map(String::as_str), Some("Cartridge handling"), "{:?}", nights[0]);
    let optimised: Vec<&capacity_model::timeline::Night> =
        timeline.nights.iter().filter(|n| n.handling_sec >= 2_400.0).collect();
    assert!(!optimised.is_empty(), "the library grows by new LTO-9 cartridges");
    for night in optimised {
        let day = night.day.to_string();
        let row = nights.iter().find(|r| r[0] == day).unwrap_or_else(|| panic!("night {day} is listed"));
        assert_eq!(row.last().unwrap(), &capacity_model::units::format_duration(night.handling_sec), "{row:?}");
    }
}

#[test]
fn every_chart_carries_its_data_as_a_table() {
    let s = hp8();
    let sweep = sweep_chart(&s, None, None, "clients", UnitSystem::Decimal, WIDE);
    let rows = table_rows(&sweep);
    assert_eq!(rows[0], ["Clients", "Throughput", "Limited by"]);
    assert_eq!(rows.len(), 1 + sweep_rows(&s, "clients").len(), "a heading and a row per point");
    assert!(rows.contains(&vec!["8".to_string(), "900 MB/s".to_string(), "Tape drives".to_string()]), "{rows:?}");
    let utilization = table_rows(&utilization_chart(&s, None, WIDE));
    assert_eq!(utilization[0], ["Stage", "Utilization"]);
    assert!(utilization.iter().any(|r| r == &["Tape drives", "100.0 %"]), "{utilization:?}");
    let mut with_data = s.clone();
    with_data.data_set_bytes = 20e12;
    let duration = table_rows(&duration_chart(&with_data, None, UnitSystem::Decimal, WIDE));
    assert_eq!(duration.len(), 12, "a heading, ten sizes and the data set's own");
    assert_eq!(duration[0], ["Data set size", "Duration"]);
    let file_size = table_rows(&file_size_chart(&s, None, UnitSystem::Decimal, WIDE));
    assert_eq!(file_size[0][0], "Average file size");
    assert_eq!(file_size[0][1], "1 file per transaction");
    assert_eq!(file_size.len(), 32, "every second of 61 sizes");
    let (scenario, schedule) = fleet();
    let gantt = table_rows(&gantt_chart(&schedule, scenario.backup_window_sec, WIDE));
    assert_eq!(gantt[0], ["Job", "Drive", "Starts", "Ends"]);
    assert_eq!(gantt.len(), 42, "41 jobs");
    let night = table_rows(&throughput_chart(&schedule, scenario.backup_window_sec, UnitSystem::Decimal, WIDE));
    assert_eq!(night[0], ["From", "Throughput"]);
    assert!(night.len() > 5 && night.len() < 60, "{}", night.len());
    let growing = growing();
    let timeline = capacity_model::timeline::timeline(&growing).unwrap();
    let nights = table_rows(&capacity_app::charts::night_chart(&growing, &timeline, WIDE, Some((2026, 11, 30))));
    assert_eq!(nights[0], ["Night", "Date", "Backup", "Duration", "Fits"]);
    let miss = nights.iter().find(|r| r[0] == "371").expect("the first miss is listed");
    assert_eq!((miss[2].as_str(), miss[4].as_str()), ("full", "no"));
    // The fulls set the nights that miss: the rows are fulls but for the last night (stop 40: every 22nd
    // night, so nearly every row was an incremental).
    let fulls = nights[1..nights.len() - 1].iter().filter(|r| r[2] == "full").count();
    assert_eq!(fulls, nights.len() - 2, "{nights:?}");
    let longest = timeline.longest_night().unwrap().day.to_string();
    assert!(nights.iter().any(|r| r[0] == longest), "the longest night is listed");
    assert_eq!(nights.last().unwrap()[0], timeline.nights.last().unwrap().day.to_string(), "so is the last");
    assert!(nights.len() < 60, "{}", nights.len());
}

#[test]
fn sweep_columns_read_out_and_set_their_value() {
    let s = hp8();
    let chart = sweep_chart(&s, None, None, "clients", UnitSystem::Decimal, WIDE);
    let svg = &chart.svg;
    assert_eq!(svg.matches("class=\"hit\"").count(), sweep_rows(&s, "clients").len());
    assert!(svg.contains(
        "data-apply=\"clients=8\"><title>Clients 8: 900 MB/s, limited by Tape drives. Click to set.</title>"
    ));
    // The page reads the columns out from the chart's readings: one per column, the same text, in order.
    let applied: Vec<&str> = svg.split("data-apply=\"").skip(1).filter_map(|t| t.split('"').next()).collect::<Vec<_>>();
    assert_eq!(chart.readings.iter().map(|r| r.apply.as_str()).collect::<Vec<_>>(), applied);
    let eight = chart.readings.iter().find(|r| r.apply == "clients=8").unwrap();
    assert_eq!(eight.tip, "Clients 8: 900 MB/s, limited by Tape drives. Click to set.");
    assert!(utilization_chart(&s, None, WIDE).readings.is_empty(), "only the sweep chart has columns");
    // Sizes, rates and ratios are swept at values of three significant digits, as the reading shows
    // them: the column's throughput is the one the results show once it is set.
    for key in ["file_size", "stream_rate", "compression"] {
        let field = capacity_model::fields::field_by_key(key).unwrap();
        let chart = sweep_chart(&s, None, None, key, UnitSystem::Decimal, WIDE).svg;
        let marker = format!("data-apply=\"{key}=");
        let applied: Vec<&str> = chart.split(marker.as_str()).skip(1).filter_map(|t| t.split('"').next()).collect();
        assert!(applied.len() > 50, "{key}: {}", applied.len());
        let rows = sweep_rows(&s, key);
        for (text, row) in applied.iter().zip(&rows) {
            let value = field.parse(text).unwrap();
            assert_eq!(value, row.value, "{key}: {text}");
            assert_eq!(capacity_model::units::round_significant(value, 3), value, "{key}: {text}");
            let mut set = s.clone();
            (field.set)(&mut set, value);
            let now = capacity_model::evaluate_backup(&set).throughput_bytes_per_sec;
            assert!(
                (now - row.throughput_bytes_per_sec).abs() <= 1e-9 * now,
                "{key} {text}: {now} vs {}",
                row.throughput_bytes_per_sec
            );
        }
    }
    // From an average file of 1 B, no column offers a fraction of a byte.
    let mut tiny = s.clone();
    tiny.avg_file_bytes = 1.0;
    assert!(sweep_rows(&tiny, "file_size").iter().all(|r| r.value.fract() == 0.0 && r.value >= 1.0));
}

#[test]
fn a_compared_scenario_has_its_column_in_the_sweep_table() {
    let mut two = hp8();
    two.drives = 2;
    let chart = sweep_chart(&hp8(), None, Some(("Two drives", &two)), "clients", UnitSystem::Decimal, WIDE);
    let rows = table_rows(&chart);
    assert_eq!(rows[0], ["Clients", "Throughput", "Limited by", "Two drives (compared)"]);
    let eight = rows.iter().find(|r| r[0] == "8").unwrap();
    assert_eq!(eight[1], "900 MB/s");
    assert_eq!(eight[3], "450 MB/s");
}

#[test]
fn shoe_shining_is_shaded_and_named_where_it_shapes_the_curve() {
    // One client's stream spread over more drives: from two drives on, each is fed below its lowest
    // streaming rate.
    let blank = capacity_model::Scenario::default();
    let rows = sweep_rows(&blank, "drives");
    assert!(!rows[0].shoe_shining && rows[1..].iter().all(|r| r.shoe_shining), "{rows:?}");
    let chart = sweep_chart(&blank, None, None, "drives", UnitSystem::Decimal, WIDE);
    let svg = &chart.svg;
    assert_eq!(texts(svg).iter().filter(|t| *t == "shoe-shining").count(), 1, "one band for the one run");
    assert!(has_text(svg, "Drives shoe-shine"), "named in the legend");
    assert!(table_rows(&chart).iter().any(|r| r[0] == "2" && r[2].ends_with("; drives shoe-shine")));
    let none = sweep_chart(&hp8(), None, None, "clients", UnitSystem::Decimal, WIDE).svg;
    assert!(!has_text(&none, "shoe-shining"));
    // Files under about 17 kB starve the drives at 8 clients and 4 drives.
    let file_size = file_size_chart(&hp8(), None, UnitSystem::Decimal, WIDE).svg;
    assert!(has_text(&file_size, "shoe-shining"));
    assert!(has_text(&file_size, "Drives shoe-shine (256 files per transaction)"), "{:?}", texts(&file_size));
    // A band too narrow for its name leaves it to the legend: stream rates starve the drives only
    // below about 7 MB/s, a sliver of a phone's chart.
    let narrow = sweep_chart(&hp8(), None, None, "stream_rate", UnitSystem::Decimal, NARROW).svg;
    assert!(!has_text(&narrow, "shoe-shining") && has_text(&narrow, "Drives shoe-shine"));
}

#[test]
fn sweep_csv_has_unit_headings_and_a_row_per_point() {
    let csv = capacity_app::export::sweep_csv(&hp8(), "clients", UnitSystem::Decimal);
    let mut lines = csv.lines();
    let header = lines.next().unwrap();
    assert!(header.starts_with("Clients,Throughput (MB/s),Bottleneck,Client streams capacity (MB/s),"), "{header}");
    assert!(header.contains("Tape drives capacity (MB/s)"));
    let eight = lines.find(|l| l.starts_with("8,")).unwrap();
    assert!(eight.starts_with("8,900.") && eight.contains(",Tape drives,"), "{eight}");
    assert_eq!(csv.lines().count(), 17, "header and clients 1 to 16");
    let columns = header.split(',').count();
    // Nine clients tied to the four drives: the drives' own column holds their unequal shares.
    let nine = csv.lines().find(|l| l.starts_with("9,")).unwrap();
    assert!(nine.starts_with("9,675.") && nine.contains(",Tape drives,"), "{nine}");
    assert!(csv.lines().all(|l| l.split(',').count() == columns), "every row has the header's columns");
    let with_comma =
        capacity_app::export::sweep_csv(&preset("nfs-mixed").unwrap().scenario(), "arrays", UnitSystem::Binary);
    assert!(with_comma.lines().next().unwrap().contains("Throughput (MiB/s)"));
}

#[test]
fn inputs_summary_lists_what_applies_with_units() {
    let rows = capacity_app::export::inputs_summary(&hp8());
    assert!(rows.iter().any(|r| r.1 == "Clients" && r.2 == "8"));
    assert!(rows.iter().any(|r| r.1 == "Rate of one stream" && r.2 == "50 MB/s"));
    assert!(rows.iter().any(|r| r.1 == "Block size" && r.2 == "256 KiB"));
    assert!(!rows.iter().any(|r| r.1 == "NFS nodes"));
    // With jobs the printed labels say what the form's single-client inputs are.
    let fleet = capacity_model::codec::decode("v=1&data=24TB&jobs=name,data%0Adb,6TB").scenario;
    let rows = capacity_app::export::inputs_summary(&fleet);
    assert!(rows.iter().any(|r| r.1 == "Data set (not used: the jobs hold the data)" && r.2 == "24 TB"), "{rows:?}");
    assert!(rows.iter().any(|r| r.1 == "Client link (default for the job rows)"), "{rows:?}");
}

#[test]
fn a_compared_scenario_is_drawn_on_the_sweep_chart() {
    let other = preset("hp-2clients-1drive").unwrap().scenario();
    let svg = sweep_chart(&hp8(), None, Some(("Two clients", &other)), "clients", UnitSystem::Decimal, WIDE).svg;
    assert!(has_text(&svg, "Two clients (compared)"), "{:?}", texts(&svg));
}

#[test]
fn csv_fields_with_commas_and_quotes_are_quoted() {
    let mut scenario = hp8();
    scenario.target = capacity_model::Target::Nfs;
    let csv = capacity_app::export::sweep_csv(&scenario, "arrays", UnitSystem::Decimal);
    assert!(csv.ends_with("\r\n"), "CRLF line ends");
    assert!(csv.lines().all(|l| !l.contains('"') || l.matches('"').count() % 2 == 0));
}

#[test]
fn phones_get_charts_laid_out_for_their_width() {
    let svg = sweep_chart(&hp8(), None, None, "clients", UnitSystem::Decimal, NARROW).svg;
    // 297 px of chart (0.9 of its 330 px width), then 16 + 19 px per line for the legend underneath
    // (four ceilings, the FC HBA ports' among them since fewer clients than drives keep drives and
    // their ports idle under static pairing, and the achieved line), where it cannot hide the lines.
    assert!(svg.contains(r#"width="330""#) && svg.contains(r#"height="408""#), "{}", &svg[..120]);
    assert!(has_text(&svg, "FC HBA ports ceiling"), "{svg}");
    assert!(
        text_attribute(&svg, "Client NICs ceiling", "y") > text_attribute(&svg, "Clients", "y"),
        "under the x axis"
    );
    assert!(has_text(&svg, "now: 900 MB/s"));
}

#[test]
fn ceilings_leaving_the_chart_are_cut_at_its_edge_not_pinned_to_it() {
    // Default scenario: the client streams ceiling (155 MB/s a client) leaves the chart after one client.
    let svg = sweep_chart(&capacity_model::Scenario::default(), None, None, "clients", UnitSystem::Decimal, WIDE).svg;
    assert!(has_text(&svg, "Client streams ceiling"), "{:?}", texts(&svg));
    // hp-8: the CPU's 2,000 MB/s is far above the chart: no line and no legend entry for it.
    let svg = sweep_chart(&hp8(), None, None, "clients", UnitSystem::Decimal, WIDE).svg;
    assert!(!has_text(&svg, "Backup server CPU ceiling"), "{:?}", texts(&svg));
    assert!(has_text(&svg, "Client NICs ceiling"));
}

/// Issue 11's scenario, with a 60-slot library: the weekly full first misses the 8 h window on
/// night 371, and the copies held stay under 60 LTO-8 cartridges (1.44 PB at 2:1).
fn growing() -> capacity_model::Scenario {
    capacity_model::codec::decode(
        "v=1&data=10TB&window_h=8&clients=4&lto=LTO-8&drives=4&fc=8GFC&fc_ports=4&full_every_days=7&change_rate=5&retention_days=28&growth=30&library_slots=5",
    )
    .scenario
}

#[test]
fn night_chart_marks_the_first_miss_against_the_window() {
    let scenario = growing();
    let timeline = capacity_model::timeline::timeline(&scenario).unwrap();
    let svg = capacity_app::charts::night_chart(&scenario, &timeline, WIDE, None).svg;
    assert!(has_text(&svg, "Night duration over time"), "{:?}", texts(&svg));
    assert!(has_text(&svg, "Years from today") && has_text(&svg, "Duration (hours)"));
    assert!(has_text(&svg, "Fulls") && has_text(&svg, "Incrementals") && has_text(&svg, "Window (8 h)"));
    assert!(has_text(&svg, "first miss: night 371"), "{:?}", texts(&svg));
}

/// A repository whose copies to one LTO-9 have a 5 h window of their own: the copies are a line of their
/// own against that window, the first miss is the copy's, and the table gives each night's copy.
#[test]
fn night_chart_draws_copies_in_their_own_window() {
    let scenario = capacity_model::codec::decode(
        "v=1&target=repository&data=10TB&window_h=11&copy_window_h=5&clients=8&client_nic=10GbE&server_ports=2&disks=24&copy_to_tape=on&fc=16GFC&lto=LTO-9&growth=30&full_every_days=7",
    )
    .scenario;
    let timeline = capacity_model::timeline::timeline(&scenario).unwrap();
    let day = timeline.first_window_miss_day.expect("the copies outgrow their window");
    let chart = capacity_app::charts::night_chart(&scenario, &timeline, WIDE, None);
    let svg = chart.svg;
    assert!(has_text(&svg, "Copies of fulls to tape") && has_text(&svg, "Copy window (5 h)"), "{:?}", texts(&svg));
    assert!(has_text(&svg, "Window (11 h)"));
    assert!(has_text(&svg, &format!("first miss: night {day}")), "{:?}", texts(&svg));
    assert!(svg.contains("misses its window (11 h 00 min and 5 h 00 min)"), "the description says which window");
    assert_eq!(chart.table.head.last().map(String::as_str), Some("Copy to tape"));
    let row = chart.table.rows.iter().find(|r| r[0] == day.to_string()).expect("the first miss is a row");
    let copy = timeline.night(day).unwrap().copy_sec.unwrap();
    assert_eq!(row.last().unwrap(), &capacity_model::units::format_duration(copy));
    assert!(copy > 5.0 * 3600.0);
}

#[test]
fn the_library_line_is_what_the_slots_hold_as_three_drives_fill_them() {
    // A trial's: 31.3 TB held in 21 LTO-4 cartridges (7 a drive) drawn under a line at 20 slots' 32.0 TB.
    let scenario =
        capacity_model::codec::decode("v=1&data=8.7TB&clients=3&drives=3&fc_ports=3&library_slots=20").scenario;
    let timeline = capacity_model::timeline::timeline(&scenario).unwrap();
    let day = timeline.first_capacity_exceeded_day.expect("the library fills");
    let held = timeline.night(day).unwrap();
    assert!(held.cartridges.is_some_and(|c| c > 20), "{:?}", held.cartridges);
    // Three drives, 6 cartridges each (7 each would need 21): 18 cartridges' worth, 18/20 of the slots
    // filled to the brim, and below the night that needs 21.
    let hold = timeline.slots_hold_bytes.expect("slots entered");
    assert!(held.retained_bytes > hold, "{} vs {hold}", held.retained_bytes);
    assert!(timeline.night(day - 1).unwrap().retained_bytes <= hold);
    let slots_raw = capacity_model::timeline::slots_capacity_bytes(&scenario).unwrap();
    assert!((hold / slots_raw - 18.0 / 20.0).abs() < 1e-6, "{hold} of {slots_raw}");
}

#[test]
fn held_chart_marks_when_the_copies_outgrow_the_library() {
    let scenario = growing();
    let timeline = capacity_model::timeline::timeline(&scenario).unwrap();
    // Five LTO-8 cartridges hold 5 x 12 TB x 2 = 120 TB, but four drives each fill their own: a second
    // cartridge each would need 8 slots, so the library holds 4 x 24 TB = 96 TB as they fill it.
    let day = timeline.first_capacity_exceeded_day.expect("the library fills");
    assert_eq!(timeline.slots_hold_bytes.map(|b| (b / 1e9).round()), Some(96_000.0));
    let svg =
        capacity_app::charts::held_chart(&scenario, &timeline, UnitSystem::Decimal, WIDE, Some((2026, 11, 30))).svg;
    assert!(has_text(&svg, "Backup copies held over time") && has_text(&svg, "Held (TB)"));
    assert!(has_text(&svg, "Library (5 slots: 96.0 TB of data as the drives fill them)"), "{:?}", texts(&svg));
    // The night the chart marks is the first whose copies stand above that line.
    let over = timeline.night(day).unwrap().retained_bytes;
    let before = timeline.night(day - 1).unwrap().retained_bytes;
    assert!(over > 96e12 && before <= 96e12, "{before} then {over}");
    let date = capacity_model::timeline::date_after((2026, 11, 30), day);
    assert!(has_text(&svg, &format!("full: night {day}, {date}")), "{:?}", texts(&svg));
    let narrow = capacity_app::charts::held_chart(&scenario, &timeline, UnitSystem::Binary, NARROW, None).svg;
    assert!(has_text(&narrow, "Held (TiB)"));
}

/// The issue's fleet: one 6 TB database and forty 200 GB file servers on 4 LTO-4 drives, one session each.
fn fleet() -> (capacity_model::Scenario, capacity_model::fleet::Schedule) {
    let mut list = "name,data\ndb,6TB\n".to_string();
    for i in 0..40 {
        list.push_str(&format!("fs{i:02},200GB\n"));
    }
    let mut scenario = capacity_model::codec::decode("v=1&drives=4&fc_ports=4&sessions_per_drive=1").scenario;
    scenario.jobs = capacity_model::fleet::parse_jobs(&list).0.into();
    let schedule = capacity_model::fleet::schedule(&scenario, &scenario.jobs).unwrap();
    (scenario, schedule)
}

#[test]
fn gantt_chart_has_a_lane_per_drive_the_long_pole_and_the_window() {
    let (scenario, schedule) = fleet();
    let svg = gantt_chart(&schedule, scenario.backup_window_sec, WIDE).svg;
    for drive in ["Drive 1", "Drive 2", "Drive 3", "Drive 4"] {
        assert!(has_text(&svg, drive), "{drive}: {:?}", texts(&svg));
    }
    assert!(has_text(&svg, "db"), "the long pole's bar is named");
    assert!(has_text(&svg, "window 8 h 00 min"));
    assert!(has_text(&svg, "Long pole: db (ends at 14 h 48 min)"));
    assert!(has_text(&svg, "Time from the start (h)"));
    assert_eq!(rects_filled(&svg, "#e15759"), 1, "the long pole's bar");
    assert_eq!(svg.matches("stroke=\"#E15759\"").count(), 1, "and its legend line");
    // 40 file servers, 10 to 14 per drive one after the other, each its own bar; plus the long pole's.
    assert_eq!(rects_filled(&svg, "#4e79a7"), 40, "{svg}");
}

#[test]
fn gantt_chart_of_a_repository_fleet_shows_the_copies_on_the_drives() {
    // Three 1 TB jobs into one disk, copied to tape on two drives: the bars are the copies, on both
    // drives, none starting before the backups end; without a copy to tape the chart says why it is empty.
    let list = "name,data\nalpha,1TB\nbeta,1TB\ngamma,1TB\n";
    let jobs = capacity_model::fleet::parse_jobs(list).0;
    let copied =
        capacity_model::codec::decode("v=1&target=repository&repo_kind=disk&copy_to_tape=on&drives=2").scenario;
    let schedule = capacity_model::fleet::schedule(&copied, &jobs).unwrap();
    let copy = schedule.copy.as_ref().expect("a copy to tape");
    assert!(copy.jobs.iter().any(|c| c.drive == 1), "the copies use both drives: {copy:?}");
    let svg = gantt_chart(&schedule, copied.backup_window_sec, WIDE).svg;
    for label in ["Drive 1", "Drive 2"] {
        assert!(has_text(&svg, label), "{label}: {:?}", texts(&svg));
    }
    assert_eq!(rects_filled(&svg, "#4e79a7") + rects_filled(&svg, "#e15759"), 3, "a bar per copy: {svg}");
    assert!(!texts(&svg).iter().any(|t| t.starts_with("Copy window")), "the copies share the backups' window");
    // Copies in a window of their own: its end is drawn, dashed, from the first copy's start.
    let own = capacity_model::codec::decode(
        "v=1&target=repository&repo_kind=disk&copy_to_tape=on&drives=2&window_h=10&copy_window_h=4",
    )
    .scenario;
    let schedule = capacity_model::fleet::schedule(&own, &jobs).unwrap();
    let svg = gantt_chart(&schedule, own.backup_window_sec, WIDE).svg;
    assert!(has_text(&svg, "Copy window: 4 h 00 min from the first copy"), "{:?}", texts(&svg));
    assert!(svg.contains("#764B9E") || svg.contains("#764b9e"), "the copy window's line");
    let plain = capacity_model::codec::decode("v=1&target=repository&repo_kind=disk").scenario;
    let schedule = capacity_model::fleet::schedule(&plain, &jobs).unwrap();
    let svg = gantt_chart(&schedule, plain.backup_window_sec, WIDE).svg;
    assert!(
        has_text(&svg, "The backups go to the repository, not to the drives: no drive is busy."),
        "{:?}",
        texts(&svg)
    );
}

#[test]
fn thousands_of_jobs_make_a_small_gantt() {
    let mut list = "name,data\n".to_string();
    for i in 0..10_000u64 {
        list.push_str(&format!("host{i:05},{}GB\n", 10 + (i * 7919) % 500));
    }
    let mut scenario = capacity_model::codec::decode("v=1&drives=16&fc_ports=8&lto=LTO-9&window_h=24").scenario;
    scenario.jobs = capacity_model::fleet::parse_jobs(&list).0.into();
    let schedule = capacity_model::fleet::schedule(&scenario, &scenario.jobs).unwrap();
    let svg = gantt_chart(&schedule, scenario.backup_window_sec, WIDE).svg;
    // Bars narrower than a few pixels that touch are one bar: a few per lane, not ten thousand.
    assert!(svg.len() < 60_000, "{} bytes", svg.len());
    assert!(svg.matches("<text").count() < 100, "names are capped");
    assert!(has_text(&svg, "Drive 16"));
    // The long pole the legend names stays in sight however short it is (a trial's 22 GB long pole at
    // the end of a 127 h night was a rectangle 0 px wide).
    let pole: Vec<f64> = svg
        .split("<rect")
        .skip(1)
        .filter_map(|r| r.split('>').next().filter(|tag| tag.contains("fill=\"#E15759\"")))
        .map(|tag| tag.split("width=\"").nth(1).and_then(|w| w.split('"').next()?.parse().ok()).unwrap_or(0.0))
        .collect();
    assert_eq!(pole.len(), 1, "{pole:?}");
    assert!(pole[0] >= 4.0, "{pole:?}");
    let night = throughput_chart(&schedule, scenario.backup_window_sec, UnitSystem::Decimal, WIDE).svg;
    assert!(night.len() < 40_000, "{} bytes: steps shorter than a pixel are folded", night.len());
}

#[test]
fn the_night_shows_the_tail_where_only_the_long_pole_runs() {
    let (scenario, schedule) = fleet();
    let svg = throughput_chart(&schedule, scenario.backup_window_sec, UnitSystem::Decimal, WIDE).svg;
    assert!(has_text(&svg, "only db runs: 7 h 54 min"), "{:?}", texts(&svg));
    assert!(has_text(&svg, "Throughput (MB/s)") && has_text(&svg, "Time from the start (h)"));
    assert!(has_text(&svg, "Shared stages' limit (947 MB/s)"));
    assert!(has_text(&svg, "Backup window (8 h 00 min)"));
    // Four 1GbE clients at 113 MB/s each while the file servers run: the first step is at 452 MB/s.
    assert!(svg.contains("All running jobs together"));
    let phone = throughput_chart(&schedule, scenario.backup_window_sec, UnitSystem::Binary, NARROW).svg;
    assert!(phone.contains(r#"width="330""#) && has_text(&phone, "Throughput (MiB/s)"));
}

#[test]
fn schedule_charts_survive_nothing_moving() {
    let (scenario, mut schedule) = fleet();
    schedule.makespan_sec = f64::INFINITY;
    for svg in [
        gantt_chart(&schedule, scenario.backup_window_sec, WIDE).svg,
        throughput_chart(&schedule, f64::NAN, UnitSystem::Decimal, NARROW).svg,
    ] {
        assert!(svg.starts_with("<svg") && svg.contains("Nothing moves"), "{svg}");
    }
}

#[test]
fn sweep_titles_keep_acronyms_and_lower_ordinary_words() {
    use capacity_app::charts::in_sentence;
    assert_eq!(in_sentence("FC HBA ports"), "FC HBA ports");
    assert_eq!(in_sentence("NFS nodes"), "NFS nodes");
    assert_eq!(in_sentence("Clients"), "clients");
    assert_eq!(in_sentence("Streams per client"), "streams per client");
    let scenario = capacity_model::codec::decode("v=1&fc_ports=2").scenario;
    let field = capacity_model::fields::field_by_key("fc_ports").unwrap();
    let svg = capacity_app::charts::sweep_chart(&scenario, None, None, field.key, UnitSystem::Decimal, WIDE).svg;
    assert!(has_text(&svg, &format!("Throughput against {}", in_sentence(field.label))), "{:?}", texts(&svg));
}

#[test]
fn the_last_x_label_stays_on_the_canvas() {
    // Files per transaction sweep up to 10,000: the "10000" tick label is centred on the plot's right edge.
    let scenario = capacity_model::codec::decode("v=1&files_per_txn=256").scenario;
    let svg = capacity_app::charts::sweep_chart(&scenario, None, None, "files_per_txn", UnitSystem::Decimal, WIDE).svg;
    let at = svg.find(">\n10000\n</text>").unwrap_or_else(|| panic!("a 10000 tick label: {:?}", texts(&svg)));
    let element = &svg[svg[..at].rfind("<text").unwrap()..at];
    let x: f64 = element.split("x=\"").nth(1).unwrap().split('"').next().unwrap().parse().unwrap();
    let half_width = 5.0 * 15.0 / 1.24 * 0.56 / 2.0;
    assert!(x + half_width <= f64::from(WIDE), "the label ends at {} of {WIDE} px: {element}", x + half_width);
}

#[test]
fn phone_charts_are_drawn_at_their_column_width_with_text_of_11_px_or_more() {
    use capacity_app::charts::phone_width;
    assert_eq!(phone_width(390.0), 330);
    assert_eq!(phone_width(320.0), 260);
    assert_eq!(phone_width(1280.0), WIDE);
    let svg = sweep_chart(&hp8(), None, None, "clients", UnitSystem::Decimal, phone_width(320.0)).svg;
    assert!(svg.starts_with("<svg role=\"img\" width=\"260\""), "{}", &svg[..80]);
    let sizes: Vec<f64> =
        svg.split("font-size=\"").skip(1).map(|rest| rest.split('"').next().unwrap().parse().unwrap()).collect();
    assert!(!sizes.is_empty() && sizes.iter().all(|&s| s >= 11.0), "{sizes:?}");
    let wide = sweep_chart(&hp8(), None, None, "clients", UnitSystem::Decimal, WIDE).svg;
    let legend = text_attribute(&wide, "Client NICs ceiling", "font-size");
    assert!((legend - 14.0 / 1.24).abs() < 0.01, "the legend keeps its size on wide charts: {legend}");
    let ticks = text_attribute(&wide, "800", "font-size");
    assert!((ticks - 15.0 / 1.24).abs() < 0.01, "{ticks}");
}

/// The text of an SVG's `<desc>`.
fn desc(svg: &str) -> &str {
    svg.split("<desc>").nth(1).and_then(|rest| rest.split("</desc>").next()).unwrap_or("")
}

#[test]
fn each_chart_says_what_it_shows_in_one_sentence() {
    let s = hp8();
    let sweep = sweep_chart(&s, None, None, "clients", UnitSystem::Decimal, WIDE).svg;
    assert!(
        desc(&sweep).starts_with("Throughput goes from ") && desc(&sweep).ends_with("limited by Tape drives."),
        "{}",
        desc(&sweep)
    );
    assert!(desc(&sweep).contains("now 900 MB/s at 8"), "{}", desc(&sweep));
    let utilization = utilization_chart(&s, None, WIDE).svg;
    assert!(
        desc(&utilization).starts_with("Tape drives bind at 100.0 %; the next busiest stage is "),
        "{}",
        desc(&utilization)
    );
    // Streams that also pay per-file costs bind at their bar's 91.3 %, as the table and the stages card
    // say (a page trial read "at 100 %" beside them).
    let streams = capacity_model::codec::decode("v=1&data=2TB&client_nic=10GbE").scenario;
    let utilization = utilization_chart(&streams, None, WIDE).svg;
    assert!(
        desc(&utilization).starts_with("Client streams bind at 91.3 %; the next busiest"),
        "{}",
        desc(&utilization)
    );
    // A per-file cost that binds is a share of each stream's time: said as such, and not ranked against
    // the stages that carry the data (a page trial read "binds at 59.0 %" beside a "next busiest" 59.3 %).
    let per_file =
        capacity_model::codec::decode("v=1&client_class=linux-ext4-hdd&file_size=64KB&clients=2&data=1TB").scenario;
    let utilization = utilization_chart(&per_file, None, WIDE).svg;
    assert_eq!(
        desc(&utilization),
        "Per-file cost (client) binds, taking 59.0 % of each stream's time; the busiest stage that carries the data is Client NICs at 59.3 % of its capacity."
    );
    let mut with_data = s.clone();
    with_data.data_set_bytes = 20e12;
    let duration = capacity_app::charts::duration_chart(&with_data, None, UnitSystem::Decimal, WIDE).svg;
    assert!(desc(&duration).starts_with("At 900 MB/s, each hour moves 3.24 TB; 20.0 TB takes "), "{}", desc(&duration));
    let (scenario, schedule) = fleet();
    let gantt = gantt_chart(&schedule, scenario.backup_window_sec, WIDE).svg;
    // Six LTO-4 cartridge changes of 74 s each (unload 17 + load 12 + locate 45 s): 444 s.
    assert_eq!(
        desc(&gantt),
        "41 jobs on 4 drives take 14 h 48 min; the long pole is db, which ends last. The drives stood still 6 times for their cartridges, 7 min 24 s in all."
    );
    // One job on one drive reads as one (a page trial's "4 jobs on 1 drives").
    let mut one = capacity_model::codec::decode("v=1&drives=1").scenario;
    one.jobs = capacity_model::fleet::parse_jobs("name,data\na,1TB").0.into();
    let alone = capacity_model::fleet::schedule(&one, &one.jobs).unwrap();
    assert!(desc(&gantt_chart(&alone, one.backup_window_sec, WIDE).svg).starts_with("1 job on 1 drive takes "));
    let growing = growing();
    let timeline = capacity_model::timeline::timeline(&growing).unwrap();
    let nights = capacity_app::charts::night_chart(&growing, &timeline, WIDE, None).svg;
    assert_eq!(
        desc(&nights),
        "The longest night takes 13 h 28 min; night 371 is the first over the 8 h 00 min window."
    );
    // A night past the chart's top (1,000,000 h) is written as the cards write it, and said to be cut (a
    // page trial read "12811172.7 h" over a flat line).
    let huge = capacity_model::codec::decode("v=1&data=5TB&growth=300&horizon_days=3653").scenario;
    let far = capacity_model::timeline::timeline(&huge).unwrap();
    let huge_svg = capacity_app::charts::night_chart(&huge, &far, WIDE, None).svg;
    let huge_desc = desc(&huge_svg);
    assert!(
        huge_desc.contains(" years; night ") && huge_desc.ends_with(" are drawn at the chart's top."),
        "{huge_desc}"
    );
    let held = capacity_app::charts::held_chart(&growing, &timeline, UnitSystem::Decimal, WIDE, None).svg;
    assert!(desc(&held).starts_with("The copies held grow to "), "{}", desc(&held));
    let night = throughput_chart(&schedule, scenario.backup_window_sec, UnitSystem::Decimal, WIDE).svg;
    assert!(desc(&night).starts_with("All jobs together move up to "), "{}", desc(&night));
    assert!(desc(&night).contains("with only db running"), "{}", desc(&night));
    let file_size = file_size_chart(&s, None, UnitSystem::Decimal, WIDE).svg;
    assert!(desc(&file_size).starts_with("At "), "{}", desc(&file_size));
}

#[test]
fn rate_sweeps_label_their_axis_with_numbers_and_phones_put_the_file_size_legend_underneath() {
    let svg = sweep_chart(&hp8(), None, None, "stream_rate", UnitSystem::Decimal, NARROW).svg;
    assert!(has_text(&svg, "Rate of one stream (MB/s)"), "{:?}", texts(&svg));
    let with_unit = texts(&svg).into_iter().filter(|t| t.ends_with(" MB/s") && !t.contains(':')).collect::<Vec<_>>();
    assert!(with_unit.is_empty(), "tick labels without units: {with_unit:?}");
    // The legend's first line sits under the plot's x-axis title, not over the lines.
    let phone = file_size_chart(&hp8(), None, UnitSystem::Decimal, NARROW).svg;
    let y_of = |text: &str| -> i32 {
        let at = phone.find(&format!(">\n{text}\n</text>")).unwrap();
        let start = phone[..at].rfind("<text").unwrap();
        phone[start..at].split("y=\"").nth(1).unwrap().split('"').next().unwrap().parse().unwrap()
    };
    assert!(y_of("1 file per transaction") > y_of("Average file size (log scale)"));
}

#[test]
fn stage_names_fit_beside_the_utilization_bars_on_a_phone() {
    let svg = utilization_chart(&preset("tsm-small-files").unwrap().scenario(), None, NARROW).svg;
    let name = "Per-transaction overhead";
    let at = svg.find(&format!(">\n{name}\n</text>")).unwrap();
    let start = svg[..at].rfind("<text").unwrap();
    let attribute = |key: &str| -> f64 {
        svg[start..at].split(&format!(" {key}=\"")).nth(1).unwrap().split('"').next().unwrap().parse().unwrap()
    };
    // Right-aligned at x, in a font of this size: it needs about half an em per letter to its left (0.46
    // measured in Chromium).
    let needed = name.chars().count() as f64 * attribute("font-size") * 0.5;
    assert!(attribute("x") >= needed, "x {} for a name about {needed} px wide", attribute("x"));
}

#[test]
fn job_names_are_text_in_the_gantt_chart_never_markup() {
    // The long pole named like HTML (its bar, the legend and the description name it), and a job with an
    // ampersand long enough a bar to be named in it.
    let mut list = "name,data\n<img src=x onerror=alert(1)>,6TB\nA & B,2TB\n".to_string();
    for i in 0..6 {
        list.push_str(&format!("fs{i},200GB\n"));
    }
    let mut scenario = capacity_model::codec::decode("v=1&drives=2&fc_ports=2&sessions_per_drive=1").scenario;
    scenario.jobs = capacity_model::fleet::parse_jobs(&list).0.into();
    let schedule = capacity_model::fleet::schedule(&scenario, &scenario.jobs).unwrap();
    let chart = gantt_chart(&schedule, scenario.backup_window_sec, WIDE);
    let svg = &chart.svg;
    assert!(svg.contains("&lt;img src=x onerror=alert(1)&gt;"), "{svg}");
    assert!(svg.contains("A &amp; B"), "{svg}");
    assert!(!svg.contains("<img"), "no raw markup in the SVG");
    assert!(has_text(svg, "A & B"), "named in its bar: {:?}", texts(svg));
    // The legend cuts a name past 24 characters (a job's may hold 120, which would run off the chart).
    assert!(has_text(svg, "Long pole: <img src=x onerror=alert… (ends at 14 h 48 min)"), "{:?}", texts(svg));
    assert!(desc(svg).contains("the long pole is &lt;img src=x onerror=alert(1)&gt;"), "{}", desc(svg));
    // The table holds the names as plain text, which the page's view escapes as it writes each cell: not
    // markup, and not escaped already (which the page would show as `&amp;`).
    let names: Vec<&str> = chart.table.rows.iter().map(|r| r[0].as_str()).collect();
    assert!(names.contains(&"A & B") && names.contains(&"<img src=x onerror=alert(1)>"), "{names:?}");
    assert!(chart.table.rows.iter().flatten().all(|cell| !cell.contains("&lt;") && !cell.contains("&amp;")));
}

#[test]
fn every_chart_has_a_title_and_a_description_first() {
    let s = hp8();
    let (scenario, schedule) = fleet();
    let growing = growing();
    let timeline = capacity_model::timeline::timeline(&growing).unwrap();
    let window = scenario.backup_window_sec;
    for (title, chart) in [
        ("Throughput against clients", sweep_chart(&s, None, None, "clients", UnitSystem::Decimal, WIDE)),
        ("Stage utilization", utilization_chart(&s, None, NARROW)),
        ("Backup duration against data size", duration_chart(&s, None, UnitSystem::Decimal, NARROW)),
        ("Throughput against average file size", file_size_chart(&s, None, UnitSystem::Decimal, WIDE)),
        ("Jobs on the drives", gantt_chart(&schedule, window, NARROW)),
        ("Aggregate throughput over the night", throughput_chart(&schedule, window, UnitSystem::Decimal, WIDE)),
        ("Night duration over time", capacity_app::charts::night_chart(&growing, &timeline, NARROW, None)),
        (
            "Backup copies held over time",
            capacity_app::charts::held_chart(&growing, &timeline, UnitSystem::Decimal, WIDE, None),
        ),
    ] {
        let (svg, table) = (&chart.svg, &chart.table);
        let head = format!("xmlns=\"http://www.w3.org/2000/svg\"><title>{title}</title><desc>");
        assert!(svg.starts_with("<svg role=\"img\" width=") && svg.contains(&head), "{title}: {}", &svg[..200]);
        assert!(texts(svg).iter().any(|t| t.starts_with(title)), "{title} is the caption too");
        assert!(!desc(svg).is_empty() && !table.head.is_empty() && !table.rows.is_empty(), "{title}");
        assert_eq!(svg.matches("<svg").count(), 1, "{title}: one SVG");
        assert!(svg.trim_end().ends_with("</svg>"), "{title}: nothing after the SVG, its table is beside it");
    }
}

#[test]
fn the_sweep_columns_lie_over_their_points() {
    // The column of 8 clients (the scenario's own) holds the dot plotters drew for it, and the columns
    // tile the plot from the first point to the last.
    let svg = sweep_chart(&hp8(), None, None, "clients", UnitSystem::Decimal, WIDE).svg;
    let hit = |apply: &str| -> (f64, f64) {
        let at = svg.find(&format!("data-apply=\"{apply}\"")).unwrap();
        let start = svg[..at].rfind("<rect").unwrap();
        let attribute = |name: &str| -> f64 {
            svg[start..at].split(&format!(" {name}=\"")).nth(1).unwrap().split('"').next().unwrap().parse().unwrap()
        };
        (attribute("x"), attribute("x") + attribute("width"))
    };
    let dot = svg.split("<circle cx=\"").nth(1).unwrap().split('"').next().unwrap().parse::<f64>().unwrap();
    let (left, right) = hit("clients=8");
    assert!(left < dot && dot < right, "the dot at {dot} in the column {left}..{right}");
    assert_eq!(hit("clients=7").1, left, "columns meet halfway between points");
    let (first, last) = (hit("clients=1").0, hit("clients=16").1);
    assert!(first > 50.0 && last <= f64::from(WIDE) - 14.0, "{first}..{last}: the plot's width");
}

#[test]
fn charts_are_drawn_at_the_width_asked_and_taller_on_a_phone() {
    let s = hp8();
    for width in [WIDE, NARROW] {
        let chart = duration_chart(&s, None, UnitSystem::Decimal, width).svg;
        let (w, h) = capacity_app::charts::svg_size(&chart);
        assert_eq!(w, width);
        // On a phone the legend's two lines (the duration, the window) go under the plot: 16 + 2 x 19 px.
        assert_eq!(h, if width < 600 { width * 9 / 10 + 54 } else { width * 58 / 100 });
        assert!(chart.contains(&format!("viewBox=\"0 0 {w} {h}\"")));
    }
    // Under the axis's name on a phone, clear of the data set's label and the window's line.
    let phone = duration_chart(&s, None, UnitSystem::Decimal, NARROW).svg;
    let legend = texts(&phone).into_iter().find(|t| t.starts_with("Duration at")).expect("a legend line");
    assert!(text_attribute(&phone, &legend, "y") > text_attribute(&phone, "Data set size (TB)", "y"), "{phone}");
}

#[test]
fn a_compared_scenario_name_is_text_in_the_sweep_chart() {
    let other = preset("hp-2clients-1drive").unwrap().scenario();
    let name = "<b onmouseover=alert(1)>Two</b> & co";
    let chart = sweep_chart(&hp8(), None, Some((name, &other)), "clients", UnitSystem::Decimal, WIDE);
    let svg = &chart.svg;
    assert!(has_text(svg, &format!("{name} (compared)")), "the legend names it: {:?}", texts(svg));
    assert!(svg.contains("&lt;b onmouseover=alert(1)&gt;Two&lt;/b&gt; &amp; co (compared)"), "{svg}");
    assert!(!svg.contains("<b "), "no raw markup in the SVG");
    // The table's heading names it in plain text (the page's view escapes it), not escaped already.
    assert_eq!(chart.table.head.last().unwrap(), &format!("{name} (compared)"));
}

#[test]
fn with_a_job_list_the_what_if_charts_name_the_long_pole_and_set_nothing() {
    // The page passes the long pole's short name as the subject: every title names it, and the sweep's
    // columns read out without offering a click (the form's value does not set the job's own).
    let s = hp8();
    let subject = Some("db & <logs>");
    let charts = [
        (
            "db & <logs> (long pole): throughput against clients",
            sweep_chart(&s, subject, None, "clients", UnitSystem::Decimal, WIDE).svg,
        ),
        (
            "db & <logs> (long pole): stage utilization (throughput / capacity)",
            utilization_chart(&s, subject, WIDE).svg,
        ),
        (
            "db & <logs> (long pole): backup duration against data size",
            duration_chart(&s, subject, UnitSystem::Decimal, WIDE).svg,
        ),
        (
            "db & <logs> (long pole): throughput against average file size",
            file_size_chart(&s, subject, UnitSystem::Decimal, WIDE).svg,
        ),
    ];
    for (caption, chart) in &charts {
        assert!(has_text(chart, caption), "{caption} not in {:?}", texts(chart));
        assert!(!chart.contains("<logs>"), "the name is text, not markup");
    }
    let sweep = &charts[0].1;
    assert!(sweep.contains("<title>db &amp; &lt;logs&gt; (long pole): throughput against clients</title>"));
    assert!(sweep.contains("limited by") && !sweep.contains("Click to set"));
    // The readout the page shows is the readings': they do not offer a click either.
    let readings = sweep_chart(&s, subject, None, "clients", UnitSystem::Decimal, WIDE).readings;
    assert!(!readings.is_empty());
    assert!(readings.iter().all(|r| r.tip.contains("limited by") && !r.tip.contains("Click to set")), "{readings:?}");
    let own = sweep_chart(&s, None, None, "clients", UnitSystem::Decimal, WIDE).svg;
    assert!(own.contains("Click to set."));
}

#[test]
fn a_caption_too_long_for_a_phone_goes_on_two_lines() {
    // 330 px wide: the job's name and the title part at the colon, each line whole (no text cut off).
    let svg = sweep_chart(&hp8(), Some("fs-east-01.corp.example.…"), None, "streams", UnitSystem::Decimal, NARROW).svg;
    assert!(has_text(&svg, "fs-east-01.corp.example.… (long pole)"), "{:?}", texts(&svg));
    assert!(has_text(&svg, "throughput against streams per client"), "{:?}", texts(&svg));
    let first = text_attribute(&svg, "fs-east-01.corp.example.… (long pole)", "y");
    let second = text_attribute(&svg, "throughput against streams per client", "y");
    assert!(second > first + 10.0, "the second line below the first: {first} {second}");
    // On a wide chart it stays one line.
    let wide = sweep_chart(&hp8(), Some("fs-east-01.corp.example.…"), None, "streams", UnitSystem::Decimal, WIDE).svg;
    assert!(has_text(&wide, "fs-east-01.corp.example.… (long pole): throughput against streams per client"));
}

/// The rectangle attributes (x, y, width, height) of every `<rect>` whose tag contains `marker`.
fn rects_with(svg: &str, marker: &str) -> Vec<(f64, f64, f64, f64)> {
    svg.split("<rect")
        .skip(1)
        .filter_map(|r| r.split('>').next())
        .filter(|tag| tag.contains(marker))
        .map(|tag| {
            let a = |name: &str| -> f64 {
                tag.split(&format!(" {name}=\""))
                    .nth(1)
                    .and_then(|v| v.split('"').next())
                    .and_then(|v| v.parse().ok())
                    .unwrap_or(f64::NAN)
            };
            (a("x"), a("y"), a("width"), a("height"))
        })
        .collect()
}

#[test]
fn the_sweep_columns_stop_above_the_legend() {
    // On a wide chart the legend lies in the plot's lower right: the columns that cross it end at its
    // top, so pointing at the legend reads nothing out; the others run down to the x axis.
    let svg = sweep_chart(&hp8(), None, None, "clients", UnitSystem::Decimal, WIDE).svg;
    let hits = rects_with(&svg, "class=\"hit\"");
    assert!(hits.len() >= 16, "{}", hits.len());
    let legend = rects_with(&svg, "opacity=\"0.9\"");
    let legend = legend.iter().find(|r| r.2 > 100.0).copied().unwrap_or_else(|| panic!("no legend box in {svg}"));
    let (lx0, ly0, lx1) = (legend.0, legend.1, legend.0 + legend.2);
    let mut cut = 0;
    for (x, y, w, h) in &hits {
        if x + w > lx0 && *x < lx1 {
            assert!(y + h <= ly0 + 0.5, "a column over the legend: {:?} against {legend:?}", (x, y, w, h));
            cut += 1;
        }
    }
    assert!(cut > 0, "some columns cross the legend's width");
    let full = hits.iter().map(|r| r.1 + r.3).fold(0.0, f64::max);
    assert!(full > ly0 + 20.0, "the other columns reach below the legend's top");
}

#[test]
fn the_sweep_legend_goes_where_it_hides_least_of_the_lines() {
    // A new user's comparison: one client with 10 TB against four clients on two drives. The tape
    // drives' ceiling runs along the top of the lower right (237 MB/s under a 600 MB/s scale), where the
    // legend hid it from 10.5 to 16 clients, and the rising ceilings cross the upper left: the legend goes
    // under the chart, in room kept for it, and every column runs down to the x axis.
    let scenario = capacity_model::codec::decode("v=1&data=10TB").scenario;
    let other = capacity_model::codec::decode("v=1&clients=4&drives=2&fc_ports=2").scenario;
    let svg = sweep_chart(&scenario, None, Some(("Four clients", &other)), "clients", UnitSystem::Decimal, WIDE).svg;
    let legend = rects_with(&svg, "opacity=\"0.9\"");
    let legend = legend.iter().find(|r| r.2 > 100.0).copied().unwrap_or_else(|| panic!("no legend box in {svg}"));
    let hits = rects_with(&svg, "class=\"hit\"");
    let plot_bottom = hits.iter().map(|r| r.1 + r.3).fold(0.0, f64::max);
    assert!(legend.1 > plot_bottom, "legend at {legend:?}, plot down to {plot_bottom}");
    assert!(hits.iter().all(|r| (r.1 + r.3 - plot_bottom).abs() < 0.5), "every column reaches the axis");
    // Without a comparison the lines have levelled off above the lower right: the legend stays there.
    let svg = sweep_chart(&hp8(), None, None, "clients", UnitSystem::Decimal, WIDE).svg;
    let legend = rects_with(&svg, "opacity=\"0.9\"");
    let legend = legend.iter().find(|r| r.2 > 100.0).copied().unwrap();
    let hits = rects_with(&svg, "class=\"hit\"");
    let plot_bottom = hits.iter().map(|r| r.1 + r.3).fold(0.0, f64::max);
    assert!(legend.0 > 300.0 && legend.1 < plot_bottom, "{legend:?}");
}

#[test]
fn the_gantt_window_label_sits_above_the_lanes() {
    // On a phone the label lay over the top lane and hid the names there: it goes above the lanes.
    let mut scenario = capacity_model::codec::decode("v=1&drives=2&fc_ports=2&sessions_per_drive=1").scenario;
    scenario.jobs = capacity_model::fleet::parse_jobs("name,data\ndb,6TB\nmail,2TB\nweb,2TB").0.into();
    let schedule = capacity_model::fleet::schedule(&scenario, &scenario.jobs).unwrap();
    for width in [WIDE, NARROW] {
        let svg = gantt_chart(&schedule, scenario.backup_window_sec, width).svg;
        let label_y = text_attribute(&svg, "window 8 h 00 min", "y");
        let bars = rects_with(&svg, "fill=\"#E15759\"");
        let lanes_top = bars.iter().map(|r| r.1).fold(f64::INFINITY, f64::min);
        assert!(lanes_top.is_finite(), "the long pole's bar");
        assert!(label_y + 6.0 < lanes_top, "{width} px: label at {label_y}, lanes from {lanes_top}");
        assert!(has_text(&svg, "db"), "the long pole named in its bar");
    }
}

#[test]
fn font_sizes_are_written_to_two_decimals() {
    let svg = sweep_chart(&hp8(), None, None, "clients", UnitSystem::Decimal, NARROW).svg;
    let sizes: Vec<&str> = svg.split("font-size=\"").skip(1).filter_map(|s| s.split('"').next()).collect();
    assert!(!sizes.is_empty());
    for size in sizes {
        let decimals = size.split('.').nth(1).map_or(0, str::len);
        assert!(decimals <= 2 && size.parse::<f64>().is_ok(), "font-size {size}");
    }
}

#[test]
fn a_utilization_label_that_would_cross_the_full_line_goes_inside_its_bar() {
    // db of the issue's fleet alone: its client streams at 67.9 %. On a phone the label right of the
    // bar would run across the 100 % line, so it is set inside the bar, ending at its end.
    let mut s = capacity_model::codec::decode("v=1&lto=LTO-8&drives=1&fc=8GFC&data=6TB").scenario;
    s.clients = 1;
    let svg = utilization_chart(&s, None, NARROW).svg;
    let at = svg.find(">\n67.9 %\n</text>").unwrap_or_else(|| panic!("no 67.9 % label: {:?}", texts(&svg)));
    let tag = &svg[svg[..at].rfind("<text").unwrap()..at];
    assert!(tag.contains("text-anchor=\"end\""), "{tag}");
    // On a wide chart there is room right of the bar.
    let wide = utilization_chart(&s, None, WIDE).svg;
    let at = wide.find(">\n67.9 %\n</text>").unwrap();
    assert!(!wide[wide[..at].rfind("<text").unwrap()..at].contains("text-anchor=\"end\""));
}

#[test]
fn the_night_charts_tail_label_is_drawn_over_the_window_line() {
    // The window (8 h) falls in db's tail: the label, on its white box, comes after the line in the SVG.
    let mut scenario = capacity_model::codec::decode("v=1&lto=LTO-8&drives=2&fc=8GFC").scenario;
    scenario.jobs = capacity_model::fleet::parse_jobs("name,data\ndb,6TB\nmail,2TB\nweb,500GB\nerp,3TB").0.into();
    let schedule = capacity_model::fleet::schedule(&scenario, &scenario.jobs).unwrap();
    let svg = throughput_chart(&schedule, scenario.backup_window_sec, UnitSystem::Decimal, NARROW).svg;
    let label = svg.find("only db runs: 7 h 22 min").expect("the tail's label");
    let line = svg.find("stroke=\"#B42318\"").expect("the window's line");
    assert!(line < label, "the label is drawn after the line");
}

/// The (x0, x1) pixel spans of the horizontal strokes of `color` at height `y` in `svg`: a legend
/// swatch sits at its label's height (plotters writes each stroke as a two-point polyline).
fn strokes_at(svg: &str, color: &str, y: f64) -> Vec<(f64, f64)> {
    svg.split("<polyline")
        .skip(1)
        .filter(|p| p.contains(&format!("stroke=\"{color}\"")))
        .filter_map(|p| {
            let points = p.split("points=\"").nth(1)?.split('"').next()?;
            let xy: Vec<(f64, f64)> = points
                .split_whitespace()
                .filter_map(|pair| pair.split_once(',').map(|(x, y)| (x.parse().ok(), y.parse().ok())))
                .filter_map(|(x, y)| Some((x?, y?)))
                .collect();
            (xy.len() == 2 && xy[0].1 == y && xy[1].1 == y).then(|| (xy[0].0, xy[1].0))
        })
        .collect()
}

/// A dashed line's legend swatch is dashed (three short strokes), a solid line's one stroke: the window's
/// line in the duration and night charts is drawn dashed, and its swatch read as solid.
#[test]
fn a_dashed_line_has_a_dashed_swatch_in_its_legend() {
    let mut scenario = hp8();
    scenario.data_set_bytes = 20e12;
    let limit = "#FF0000";
    let svg = duration_chart(&scenario, None, UnitSystem::Decimal, WIDE).svg;
    let swatch = strokes_at(&svg, limit, text_attribute(&svg, "Backup window (8 h 00 min)", "y"));
    assert_eq!(swatch.len(), 3, "{swatch:?}");
    assert!(swatch.iter().all(|(a, b)| (b - a).abs() <= 5.0), "{swatch:?}");
    let timeline = capacity_model::timeline::timeline(&growing()).unwrap();
    let night = capacity_app::charts::night_chart(&growing(), &timeline, WIDE, None).svg;
    assert_eq!(strokes_at(&night, limit, text_attribute(&night, "Window (8 h)", "y")).len(), 3);
    let full = strokes_at(&night, "#1F4E79", text_attribute(&night, "Fulls", "y"));
    assert_eq!(full.len(), 1, "the fulls' line is solid: {full:?}");
}

/// The points of every polyline stroked in `color` in `svg`, pixels.
fn polyline_points(svg: &str, color: &str) -> Vec<(f64, f64)> {
    svg.split("<polyline")
        .skip(1)
        .filter(|p| p.split('>').next().is_some_and(|tag| tag.contains(&format!("stroke=\"{color}\""))))
        .filter_map(|p| p.split("points=\"").nth(1)?.split('"').next().map(str::to_string))
        .flat_map(|points| {
            points
                .split_whitespace()
                .filter_map(|pair| {
                    let (x, y) = pair.split_once(',')?;
                    Some((x.parse().ok()?, y.parse().ok()?))
                })
                .collect::<Vec<_>>()
        })
        .collect()
}

/// The first miss's label sits on a white box: where half-way up the fulls' line would run under it
/// (a night 0 that misses, its full at 14.7 h rising by 30 % a year on a 38.6 h axis), the label moves
/// to a height the line does not cross.
#[test]
fn the_first_miss_label_hides_no_line() {
    let scenario = capacity_model::codec::decode(
        "v=1&lto=LTO-8&drives=2&fc=8GFC&growth=30&jobs=name%2Cdata%0Adb%2C6TB%0Afs01%2C2TB%0Afs02%2C2TB%0Aweb%2C500GB%0Amail%2C3TB",
    )
    .scenario;
    let timeline = capacity_model::timeline::timeline(&scenario).unwrap();
    assert_eq!(timeline.first_window_miss_day, Some(0));
    // With today's date the label is long enough to reach the rising line ("first miss: night 0,
    // 2026-12-01").
    let svg = capacity_app::charts::night_chart(&scenario, &timeline, WIDE, Some((2026, 12, 1))).svg;
    let label = texts(&svg).into_iter().find(|t| t.starts_with("first miss")).expect("the first miss is named");
    let (x, y) = (text_attribute(&svg, &label, "x"), text_attribute(&svg, &label, "y"));
    let fulls = polyline_points(&svg, "#1F4E79");
    assert!(fulls.len() > 100, "the fulls' line: {}", fulls.len());
    // The box spans the label's width (about 7 px a character at 14 px) and its height.
    let right = x + 7.5 * label.chars().count() as f64;
    let under: Vec<_> =
        fulls.iter().filter(|(px, py)| *px >= x - 6.0 && *px <= right && (py - y).abs() <= 12.0).collect();
    assert!(under.is_empty(), "the label at ({x}, {y}) hides the fulls at {under:?}");
}

/// A repository fleet with copies: a job runs until its copy ends, so the night chart's tail where only
/// the long pole runs starts when the last other copy ends (db's, at 19 h 20 min; fs01's copy ends the
/// night at 25 h 49 min: 6 h 29 min, the two rounded apart; each copy's LTO-4 cartridge changes
/// included, 74 s each), not when the last other backup did (10 h 53 min).
#[test]
fn a_repository_fleets_tail_starts_when_the_other_copies_end() {
    let mut scenario =
        capacity_model::codec::decode("v=1&target=repository&disks=6&copy_to_tape=on&drives=2&window_h=24").scenario;
    scenario.jobs = capacity_model::fleet::parse_jobs(
        "name,data,client_nic\ndb,6TB,10GbE\nfs01,8TB,10GbE\nfs02,5TB,10GbE\nweb,500GB,1GbE",
    )
    .0
    .into();
    let schedule = capacity_model::fleet::schedule(&scenario, &scenario.jobs).unwrap();
    let copy = schedule.copy.as_ref().unwrap();
    assert_eq!(schedule.jobs[schedule.long_pole].name, "fs01");
    let tail = copy.night.makespan_sec - copy.jobs[0].end_sec;
    let svg = throughput_chart(&schedule, scenario.backup_window_sec, UnitSystem::Decimal, WIDE).svg;
    let label = format!("only fs01 runs: {}", capacity_model::units::format_duration(tail));
    assert!(has_text(&svg, &label), "{label}: {:?}", texts(&svg));
    assert_eq!(label, "only fs01 runs: 6 h 29 min");
}

/// The axis reaches past what the window holds (a new user found the line ending before the window on
/// the NFS preset), and a data set under a terabyte is counted in gigabytes (ticks had read 0, 0, 0.01).
#[test]
fn duration_chart_axis_meets_the_window_and_fits_small_data_sets() {
    let mut nfs = preset("nfs-1array").unwrap().scenario();
    nfs.data_set_bytes = 4e12;
    let svg = duration_chart(&nfs, None, UnitSystem::Decimal, WIDE).svg;
    let fits: f64 = texts(&svg)
        .iter()
        .find_map(|t| t.strip_prefix("window fits ")?.strip_suffix(" TB")?.parse().ok())
        .expect("the window's label");
    let ticks: Vec<f64> = texts(&svg).iter().filter_map(|t| t.parse().ok()).collect();
    assert!(ticks.iter().any(|&t| t >= fits), "an x tick past {fits} TB: {ticks:?}");
    let small = capacity_model::codec::decode(
        "v=1&data=4419168KiB&file_size=50181.6&files_per_txn=1&file_ms=0&streams=1&stream_rate=30.4&lto=LTO-3&window_h=1",
    )
    .scenario;
    let svg = duration_chart(&small, None, UnitSystem::Decimal, WIDE).svg;
    assert!(svg.contains("Data set size (GB)"), "gigabytes for a small data set");
}

#[test]
fn gantt_chart_marks_where_each_drive_stood_still() {
    // The model's own example (fleet/cartridges.rs): a, 40 TB on 18 TB LTO-9 cartridges, and b, 10 TB,
    // with 3 new cartridges: a's drive optimises its first (from the start), changes with its second new
    // one, then changes again; b's drive optimises one. Four stand-stills, each its own mark.
    let s = capacity_model::codec::decode(
        "v=1&drives=2&fc=32GFC&fc_ports=2&lto=LTO-9&compression=1&new_carts=3&client_nic=10GbE&streams=16",
    )
    .scenario;
    let jobs = capacity_model::fleet::parse_jobs("name,data\na,40TB\nb,10TB").0;
    let schedule = capacity_model::fleet::schedule(&s, &jobs).unwrap();
    let svg = gantt_chart(&schedule, s.backup_window_sec, WIDE).svg;
    let legend = "Drive standing still: a cartridge change or a new cartridge's optimisation";
    assert!(has_text(&svg, legend), "{:?}", texts(&svg));
    assert_eq!(rects_filled(&svg, "#2b2b2b"), 4, "four marks: {svg}");
    // A phone's legend line is shorter, so it is not cut at the card's edge.
    let phone = gantt_chart(&schedule, s.backup_window_sec, NARROW).svg;
    assert!(has_text(&phone, "Drive still: cartridge change, optimisation"), "{:?}", texts(&phone));
    // Without new cartridges or a full cartridge, no mark and no legend line.
    let none = capacity_model::codec::decode("v=1&drives=2&lto=LTO-9&compression=1").scenario;
    let jobs = capacity_model::fleet::parse_jobs("name,data\na,4TB\nb,1TB").0;
    let schedule = capacity_model::fleet::schedule(&none, &jobs).unwrap();
    let svg = gantt_chart(&schedule, none.backup_window_sec, WIDE).svg;
    assert!(!has_text(&svg, legend));
    assert_eq!(rects_filled(&svg, "#2b2b2b"), 0);
}

#[test]
fn a_small_data_set_keeps_its_charts_readable() {
    // TSM's small files (4.53 GB): the copies held reach a few hundredths of a TB, whose y labels read
    // 0, 0.01, 0.01, 0.02 with two decimals; and the data set's label sat on the duration chart's axis.
    // Since stop 59 the axis is in GB, as the card writes the 16.3 GB held (a fresh-clone trial read ticks
    // of 0.005 TB beside it).
    let s = preset("tsm-small-files").unwrap().scenario();
    let timeline = capacity_model::timeline::timeline(&s).unwrap();
    let svg = capacity_app::charts::held_chart(&s, &timeline, UnitSystem::Decimal, WIDE, None).svg;
    assert!(has_text(&svg, "Held (GB)"), "{:?}", texts(&svg));
    let numbers: Vec<f64> = texts(&svg).iter().filter_map(|t| t.parse::<f64>().ok()).collect();
    let labels: Vec<f64> = numbers.iter().copied().filter(|v| *v < 100.0).collect();
    let mut distinct = labels.clone();
    distinct.dedup();
    assert!(labels.len() >= 3 && distinct.len() == labels.len(), "{labels:?}");
    assert!(labels.iter().all(|v| v.fract() == 0.0 || v * 10.0 == (v * 10.0).round()), "{labels:?}");
    // The label above its point, clear of the axis.
    let duration = duration_chart(&s, None, UnitSystem::Decimal, WIDE).svg;
    let label = texts(&duration).into_iter().find(|t| t.contains("GB: ")).expect("the data set's label");
    let point_y: f64 = duration
        .split("<circle cx=\"")
        .nth(1)
        .unwrap()
        .split("cy=\"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(text_attribute(&duration, &label, "y") < point_y, "{duration}");
}

#[test]
fn a_data_set_just_under_what_the_window_fits_keeps_both_labels_clear() {
    // The regression sweep's golden link: db's 6 TB take 14 h 48 min in a 16 h window that fits 6.47 TB
    // (6.51 TB at its 113 MB/s, less the four cartridge changes of 74 s that many bytes need).
    // Its point sat on "window fits 6.47 TB" at the line's right end on a phone, and the window's line
    // crossed its own label: the window's label goes to the line's left end, under it, and the point's
    // label above the line.
    let s = capacity_model::codec::decode(
        "#v=1&drives=4&fc_ports=1&window_h=16&drives_at_once=2&jobs=name%2Cdata%0Adb%2C6TB%0Afs1%2C2TB",
    )
    .scenario;
    let alone = capacity_model::fleet::job_alone(&s.sanitized(), &s.jobs[0]);
    for width in [NARROW, WIDE] {
        let svg = duration_chart(&alone, Some("db"), UnitSystem::Decimal, width).svg;
        let window_x = text_attribute(&svg, "window fits 6.47 TB", "x");
        let window_y = text_attribute(&svg, "window fits 6.47 TB", "y");
        let point_y = text_attribute(&svg, "6.00 TB: 14 h 48 min", "y");
        assert!(window_x < f64::from(width) * 0.3, "{width} px: window label at x {window_x}");
        assert!(point_y < window_y, "{width} px: the point's label above the window's");
    }
    // A data set far under the window keeps the labels where they were: the window's at the right.
    let svg = duration_chart(&hp8(), None, UnitSystem::Decimal, WIDE).svg;
    let right = texts(&svg).into_iter().find(|t| t.starts_with("window fits")).map(|t| text_attribute(&svg, &t, "x"));
    assert!(right.is_none_or(|x| x > f64::from(WIDE) * 0.5), "{right:?}");
}

/// On a phone the first miss's label stays inside the plot: past the middle it runs leftwards from the
/// marker, and where that would cross the y axis it goes the other way or against the plot's edge.
#[test]
fn night_chart_keeps_the_first_miss_label_off_the_axis_on_a_phone() {
    let scenario = capacity_model::codec::decode(&format!(
        "{}&horizon_days=500",
        capacity_model::codec::encode(&growing()).trim_start_matches('#')
    ))
    .scenario;
    let timeline = capacity_model::timeline::timeline(&scenario).unwrap();
    assert_eq!(timeline.first_window_miss_day, Some(371), "past the middle of 500 nights");
    let svg = capacity_app::charts::night_chart(&scenario, &timeline, 340, Some((2026, 11, 30))).svg;
    let label = texts(&svg).into_iter().find(|t| t.starts_with("first miss: night 371, ")).expect("the label");
    let (label_x, axis_x) = (text_attribute(&svg, &label, "x"), text_attribute(&svg, "0", "x"));
    assert!(label_x >= axis_x, "label at {label_x}, y axis at {axis_x}");
}

/// A new user's trial (stop 34): with a copy to tape after each backup into the repository, the night's
/// chart drew 0 MB/s for the copy phase (the night's second half) and named only the backups' limit.
/// `tests/jobs/repository-copy.csv` (db 6 TB, fs01 8 TB, fs02 5 TB, web 500 GB) on 6 disks and 2 LTO-4
/// drives: the copies hold both drives at 2 x 120 MB/s native x 2:1 = 480 MB/s, less the FC port's
/// 400 MB/s (4GFC), for most of the copy phase.
#[test]
fn the_night_chart_draws_the_copies_to_tape() {
    let link = "v=1&target=repository&disks=6&copy_to_tape=on&drives=2&window_h=24";
    let mut scenario = capacity_model::codec::decode(link).scenario;
    let list =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/jobs/repository-copy.csv")).unwrap();
    scenario.jobs = capacity_model::fleet::parse_jobs(&list).0.into();
    let schedule = capacity_model::fleet::schedule(&scenario, &scenario.jobs).unwrap();
    let copy = schedule.copy.as_ref().unwrap();
    let chart = throughput_chart(&schedule, scenario.backup_window_sec, UnitSystem::Decimal, WIDE);
    let rows = table_rows(&chart);
    assert_eq!(rows[0], ["From", "Backups", "Copies to tape"]);
    let mb = |cell: &str| cell.trim_end_matches(" MB/s").replace(',', "").parse::<f64>().unwrap();
    // Once the backups are over, the copies still move data until the last ends.
    let after_backups: Vec<&Vec<String>> = rows[1..].iter().filter(|r| mb(&r[1]) == 0.0).collect();
    assert!(after_backups.iter().any(|r| mb(&r[2]) > 100.0), "{rows:?}");
    let most = rows[1..].iter().map(|r| mb(&r[2])).fold(0.0, f64::max);
    assert!(most <= copy.night.aggregate_bytes_per_sec / 1e6 * 1.001 && most > 150.0, "{most} {rows:?}");
    assert!(chart.svg.contains("Copies to tape"), "the legend names them");
    let limit = format!("Copies&apos; limit: {}", copy.night.bottleneck.name());
    let plain = format!("Copies' limit: {}", copy.night.bottleneck.name());
    assert!(chart.svg.contains(&limit) || chart.svg.contains(&plain), "{}", copy.night.bottleneck.name());
    assert!(chart.svg.contains("Backups&apos; shared limit") || chart.svg.contains("Backups' shared limit"));
    assert!(chart.svg.contains("the copies to tape move up to"), "the description says so too");
}

#[test]
fn file_size_ticks_fall_on_binary_sizes_in_binary_units() {
    // Binary sizes at decimal ticks read "95.4 MiB" and "9.31 GiB" (a new user, stop 40): in binary units
    // the axis is the size's logarithm to base 1,024, its ticks on powers of two.
    let scenario = preset("tsm-small-files").unwrap().scenario();
    let binary = texts(&file_size_chart(&scenario, None, UnitSystem::Binary, WIDE).svg);
    assert!(binary.iter().any(|t| t == "1 MiB"), "{binary:?}");
    assert!(!binary.iter().any(|t| t.contains("95.4") || t.contains("9.31")), "{binary:?}");
    let decimal = texts(&file_size_chart(&scenario, None, UnitSystem::Decimal, WIDE).svg);
    assert!(decimal.iter().any(|t| t == "1 MB"), "{decimal:?}");
}

#[test]
fn a_bar_too_short_for_the_whole_name_shows_as_much_as_it_holds() {
    // A trial of 2026-12-05: on a phone a bar with room for part of the name showed none of it.
    let mut scenario = capacity_model::codec::decode("v=1&drives=2&fc_ports=2&sessions_per_drive=1").scenario;
    scenario.jobs =
        capacity_model::fleet::parse_jobs("name,data\ndb,6TB\nfileserver-engineering-east,1TB\nweb,2TB\n").0.into();
    let schedule = capacity_model::fleet::schedule(&scenario, &scenario.jobs).unwrap();
    let names: Vec<String> = texts(&gantt_chart(&schedule, scenario.backup_window_sec, NARROW).svg)
        .into_iter()
        .filter(|t| t.starts_with("fil"))
        .collect();
    assert_eq!(names.len(), 1, "{names:?}");
    assert!(names[0].ends_with('…') && names[0].chars().count() >= 4, "{names:?}");
    assert!("fileserver-engineering-east".starts_with(names[0].trim_end_matches('…')));
}

/// A re-check trial (helper-105, 2026-12-06): a repository's copies in a window of their own. The drives
/// chart's legend read "Long pole: fast (ends at 10 h 05 min)" while every card named slow, the backup
/// that ends last; on the drives it is the last copy.
#[test]
fn gantt_chart_of_copies_in_their_own_window_names_the_last_copy() {
    let mut scenario = capacity_model::codec::decode(
        "v=1&target=repository&repo_kind=appliance&copy_to_tape=on&copy_window_h=5&window_h=12&lto=LTO-8&drives=2&fc_ports=2&fc=8GFC&client_nic=10GbE",
    )
    .scenario;
    scenario.jobs = capacity_model::fleet::parse_jobs("name,data,streams\nslow,1TB,1\nfast,3TB,8").0.into();
    let schedule = capacity_model::fleet::schedule(&scenario, &scenario.jobs).unwrap();
    assert_eq!(schedule.jobs[schedule.long_pole].name, "slow");
    let svg = gantt_chart(&schedule, scenario.backup_window_sec, WIDE).svg;
    assert!(texts(&svg).iter().any(|t| t.starts_with("Last copy: fast (ends at")), "{:?}", texts(&svg));
    assert!(!texts(&svg).iter().any(|t| t.starts_with("Long pole:")), "{:?}", texts(&svg));
}

/// A page trial at 390 px: the compared scenario's legend line ("HP: 8 clients, 4 LTO-4 drives (the
/// paper's "over 2 TB/h") (compared)") ran off the chart's right edge. It is cut to fit, its end marked.
#[test]
fn a_long_legend_line_is_cut_to_the_phone_charts_width() {
    let name = "HP: 8 clients, 4 LTO-4 drives (the paper's \"over 2 TB/h\")";
    let svg = sweep_chart(&hp8(), None, Some((name, &hp8())), "clients", UnitSystem::Decimal, NARROW).svg;
    let cut: Vec<String> = texts(&svg).into_iter().filter(|t| t.starts_with("HP: 8 clients")).collect();
    assert_eq!(cut.len(), 1, "{cut:?}");
    assert!(cut[0].ends_with('…') && cut[0].chars().count() < 50, "{cut:?}");
    // At the desktop width it fits whole.
    let wide = sweep_chart(&hp8(), None, Some((name, &hp8())), "clients", UnitSystem::Decimal, WIDE).svg;
    assert!(texts(&wide).iter().any(|t| t.ends_with("(compared)")), "{:?}", texts(&wide));
}
