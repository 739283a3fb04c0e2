//! What a report warns about: the stages and chains below the report raise these.

use crate::stage::StageId;
use crate::units::{format_count, format_duration, format_number, format_percent, format_rate, UnitSystem};

/// Something worth the user's attention.
#[derive(Debug, Clone, Copy, PartialEq)]
#[non_exhaustive]
pub enum Warning {
    /// Tape drives are fed (or drained, in a restore) below their lowest speed-matching rate and stop
    /// and start (shoe-shine).
    ShoeShining {
        /// Host data reaching (or leaving) each drive, bytes/s.
        per_drive_feed_bytes_per_sec: f64,
        /// Slowest host rate at which the drive still streams, bytes/s.
        lowest_streaming_bytes_per_sec: f64,
        /// Whether the stops also lower the throughput (not only wear the tape).
        limits_throughput: bool,
        /// Whether it happens reading, in the restore.
        restore: bool,
        /// Share of each drive's time spent backhitching (repositioning), 0 to 1.
        repositioning_share: f64,
        /// What the drives together take less than they are fed, bytes/s (0 when the buffers hide the
        /// stops).
        lost_bytes_per_sec: f64,
        /// What that loss adds to the job's duration for the data set, seconds (0 without a data set).
        lost_sec: f64,
        /// Drives in use (the advice to use fewer needs more than one).
        drives: u32,
        /// How many of `drives` are fed below their lowest rate: all of them, but where they share FC
        /// HBA ports or clients unevenly (seven drives on two ports: the four on the busier port).
        starved_drives: u32,
        /// Whether the starved drives are fed differently (a job list's schedule): the feed above is
        /// then the least of them, and the repositioning share that drive's.
        feeds_differ: bool,
        /// In a restore, the stage after the drives with the least capacity: what holds each drive's
        /// drain down, so what to relieve (`None` in a backup, where the advice is to feed the drives).
        fed_by: Option<StageId>,
    },
    /// With one stream per client lagging, the streams could not sustain the throughput (seed 000).
    StreamLag {
        /// Stream capacity with one stream per client stalled, bytes/s.
        lagging_capacity_bytes_per_sec: f64,
        /// The throughput it falls short of, bytes/s.
        throughput_bytes_per_sec: f64,
    },
    /// A stage other than the bottleneck runs within 10 % of its capacity: relieving the bottleneck
    /// gains little before it binds.
    NearLimit {
        /// Which stage.
        stage: StageId,
        /// Throughput / capacity (0.9 to 1).
        utilization: f64,
    },
    /// The data compresses better than the drive's rated compression ratio: the model uses the rated
    /// ratio for the drive's rate and the cartridges.
    CompressionCapped {
        /// The compression the data reaches the drive with (after any at the source).
        entered_ratio: f64,
        /// The ratio used: the format's rated one.
        used_ratio: f64,
        /// The drives' generation.
        lto: crate::catalog::LtoGeneration,
    },
    /// The backup fits the window with less to spare than the headroom asked for.
    ThinMargin {
        /// Share of the window left, 0 to 1.
        margin_ratio: f64,
        /// The headroom asked for.
        headroom: f64,
    },
    /// Several drives share one FC or SAS port only because the port count was left at its default of
    /// one: an assumption the user may not have made.
    SharedDefaultPort {
        /// Drives.
        drives: u32,
        /// `FC HBA port` or `SAS lane`.
        port: &'static str,
        /// The share-link key of the port count.
        key: &'static str,
        /// The port count's label in the form (`FC HBA ports`).
        label: &'static str,
    },
    /// SAS-attached drives on fewer lanes than drives, more than one lane: SAS is point to point, and a
    /// tape drive takes a lane of its own (an HBA's wide port fans out to one drive per lane), so drives
    /// sharing a lane need a SAS expander the plan does not show. (One lane for several drives is
    /// [`Warning::SharedDefaultPort`]'s.)
    SharedSasLanes {
        /// Drives in use.
        drives: u32,
        /// SAS lanes entered.
        lanes: u32,
    },
    /// The client streams or their per-file cost bind at the form's default rate of one stream (45 MB/s, inside the bounds seed
    /// 000's 2005 HP-UX client sets) or with the default time per file (HP's 2005 Windows NTFS client)
    /// taking a tenth or more of each stream's time: the answer rests on a 2005 client the user may not
    /// have meant. Most public measurements the model misses leave exactly these unstated (the
    /// validation table).
    DefaultClient {
        /// The stage that binds: the client streams or their per-file cost.
        stage: StageId,
        /// The default rate of one stream, bytes/s, when it is the one in use (`None`: entered).
        stream_bytes_per_sec: Option<f64>,
        /// The default time per file, seconds, when it is in use and counts (`None` otherwise).
        file_sec: Option<f64>,
        /// Whether a client class is chosen (it sets the per-file times, not the stream's rate).
        class_chosen: bool,
    },
    /// The drives sit on a slower link than their own interface, and the link caps them.
    InterfaceMismatch {
        /// The drives' generation.
        lto: crate::catalog::LtoGeneration,
        /// The link's name (`1GFC`, `3G`).
        link: &'static str,
        /// `FC` or `SAS`.
        kind: &'static str,
        /// What one port or lane carries, bytes/s.
        link_bytes_per_sec: f64,
        /// What one drive could take at its rated compression, bytes/s.
        drive_bytes_per_sec: f64,
        /// What one drive takes at the compression ratio entered (capped at the rated one), bytes/s:
        /// whether the link holds the drives back in this scenario, not only at the rated ratio.
        entered_bytes_per_sec: f64,
        /// The compression ratio the drives see (entered, after any source compression), `x:1`.
        entered_ratio: f64,
        /// The drive's own interface (`8GFC`, `12G`).
        suggested: &'static str,
        /// What one port or lane of that interface carries, bytes/s.
        suggested_bytes_per_sec: f64,
        /// A faster SAS interface the drive also has, when its own FC one still holds it below its rated
        /// compression: its name (`12G`) and what a lane carries, bytes/s.
        faster_sas: Option<(&'static str, f64)>,
    },
    /// Packet loss is entered without a round-trip time, so it limits nothing: a connection's window
    /// at a loss rate is a number of segments per round trip ([`crate::stages::loss`]).
    LossWithoutRoundTrip {
        /// The entered share of packets lost, 0 to 0.5.
        loss: f64,
    },
    /// Packet loss above [`crate::stages::loss::TIMEOUT_LOSS`]: retransmission timeouts, which the
    /// formula leaves out, take a growing share of each connection's time, so the figure is optimistic.
    HighLoss {
        /// The entered share of packets lost, 0 to 0.5.
        loss: f64,
    },
    /// The average file entered is larger than the whole data set: the data set is taken as one file
    /// of its own size (a per-file cost, the files per second and a transaction's files then count
    /// one file, not a tenth of one).
    FileLargerThanData {
        /// The average file size entered, bytes.
        file_bytes: f64,
        /// The data set, bytes: the file size used.
        data_bytes: f64,
    },
    /// The backup (or an NFS target's retrieval or mixed workload) does not finish inside the window.
    WindowMissed {
        /// Its duration, seconds.
        duration_sec: f64,
        /// The window, seconds.
        window_sec: f64,
        /// What misses it, as the message names it: "backup", "retrieval" or "mixed workload".
        what: &'static str,
    },
    /// A partial restore reads the whole backup through: locating its files one by one would take longer.
    ReadThrough {
        /// Files asked for.
        files: u32,
        /// Files the data set holds (data / average file size).
        files_held: f64,
        /// Time locating them one by one would take, seconds.
        locate_sec: f64,
        /// Time reading the whole backup through takes, seconds.
        read_sec: f64,
        /// The data set, bytes.
        data_bytes: f64,
        /// What the restore keeps and sends on to the clients, bytes (the files asked for).
        kept_bytes: f64,
        /// Of `read_sec`, the kept files' own turn, seconds, when files larger than the drives' buffers
        /// make the two go one after the other (the drives read what is not kept, then the kept files
        /// at the writers' pace); 0 when the clients write while the drives read on.
        kept_turn_sec: f64,
    },
    /// Filemarks that wait for the tape stop each writing drive for a backhitch, often enough to cost
    /// it a tenth of its time or more ([`crate::stages::filemarks`]).
    Filemarks {
        /// Host bytes between filemarks.
        bytes_between: f64,
        /// Share of each writing drive's time lost to them, 0 to 1.
        share_lost: f64,
        /// One backhitch, seconds.
        backhitch_sec: f64,
        /// The smallest spacing, in whole GB, at which they would cost under 5 % of the drive's time.
        spacing_for_five_percent_bytes: f64,
    },
    /// The copy to tape after a backup to a repository does not end inside its window: after the
    /// backup in the backup's window (`shared`), or in a window of its own.
    CopyMissed {
        /// Backup duration, seconds.
        backup_sec: f64,
        /// Copy duration, seconds.
        copy_sec: f64,
        /// The window the copy is judged by, seconds.
        window_sec: f64,
        /// Whether the copy runs after the backup in the backup's window.
        shared: bool,
    },
}

impl Warning {
    /// Short machine id: `shoe_shining`, `stream_lag`, `near_limit`, `compression_capped`,
    /// `thin_margin`, `shared_default_port`, `shared_sas_lanes`, `interface_mismatch`, `window_missed`, `copy_missed`,
    /// `read_through`, `filemarks`, `loss_without_round_trip`, `high_loss`, `file_larger_than_data`.
    pub fn id(&self) -> &'static str {
        match self {
            Self::ShoeShining { .. } => "shoe_shining",
            Self::StreamLag { .. } => "stream_lag",
            Self::NearLimit { .. } => "near_limit",
            Self::CompressionCapped { .. } => "compression_capped",
            Self::ThinMargin { .. } => "thin_margin",
            Self::SharedDefaultPort { .. } => "shared_default_port",
            Self::SharedSasLanes { .. } => "shared_sas_lanes",
            Self::DefaultClient { .. } => "default_client",
            Self::InterfaceMismatch { .. } => "interface_mismatch",
            Self::WindowMissed { .. } => "window_missed",
            Self::CopyMissed { .. } => "copy_missed",
            Self::ReadThrough { .. } => "read_through",
            Self::Filemarks { .. } => "filemarks",
            Self::LossWithoutRoundTrip { .. } => "loss_without_round_trip",
            Self::HighLoss { .. } => "high_loss",
            Self::FileLargerThanData { .. } => "file_larger_than_data",
        }
    }

    /// The warning in plain words, with units.
    pub fn message(&self, system: UnitSystem) -> String {
        let rate = |v: f64| format_rate(v, system);
        match *self {
            Self::ShoeShining {
                per_drive_feed_bytes_per_sec: feed,
                lowest_streaming_bytes_per_sec: lowest,
                limits_throughput,
                restore,
                repositioning_share,
                lost_bytes_per_sec,
                lost_sec,
                drives,
                starved_drives,
                feeds_differ,
                fed_by,
            } => {
                let share = format_percent(repositioning_share);
                // A page trial read "each tape drive" where only the busier port's four of seven were.
                let some = starved_drives > 0 && starved_drives < drives;
                let one = some && starved_drives == 1;
                let each = match (some, feeds_differ) {
                    (_, true) => "the least fed loses",
                    (true, false) if one => "it loses",
                    (true, false) => "each of them loses",
                    (false, false) => "each drive loses",
                };
                let effect = if limits_throughput && lost_bytes_per_sec > 0.0 {
                    let hours = if lost_sec > 0.0 {
                        format!(", which adds {} ({} h) to the job", format_duration(lost_sec), format_number(lost_sec / 3600.0))
                    } else {
                        String::new()
                    };
                    format!(
                        "backhitching, {each} {share} of its time repositioning, and the drives move {} less than they are fed{hours}; it also wears tape and heads",
                        rate(lost_bytes_per_sec)
                    )
                } else {
                    format!(
                        "backhitching, {each} {share} of its time repositioning; the buffers hide it from the throughput, but it wears tape and heads"
                    )
                };
                let fewer = if drives > 1 { ", or restore with fewer drives" } else { "" };
                let (verb, fix) = match fed_by {
                    Some(stage) if restore && !stage.is_restore_client_side() => (
                        "is drained at",
                        format!(
                            "{} {} the drives to this: relieve {}{fewer}.",
                            stage.name(),
                            if stage.name_is_plural() { "hold" } else { "holds" },
                            if stage.name_is_plural() { "them" } else { "it" }
                        ),
                    ),
                    _ if restore && drives > 1 => {
                        ("is drained at", "Restore with more streams or faster clients, or with fewer drives.".to_string())
                    }
                    _ if restore => ("is drained at", "Restore with more streams, or faster clients.".to_string()),
                    _ if drives > 1 => ("gets", "Feed the drives faster, or use fewer (or slower) drives.".to_string()),
                    _ => ("gets", "Feed the drive faster, or use a slower drive.".to_string()),
                };
                let [feed, lowest] = crate::units::format_rates_apart([feed, lowest], system);
                // Each drive's feed over the time it wrote: a drive fed 45 MB/s for most of the night by one
                // job and faster beside others reads as its average (a page trial took "as little as" for
                // the least it was ever fed).
                let each_feed =
                    if feeds_differ { format!("as little as {feed} on average") } else { format!("{feed} each") };
                if one {
                    // "1 of the 2 tape drives gets 122 MB/s", not "get 122 MB/s each".
                    format!(
                        "1 of the {drives} tape drives {verb} {feed} but needs at least {lowest} to keep streaming: {effect}. {fix}"
                    )
                } else if some || (feeds_differ && starved_drives > 1) {
                    let verb = verb.replacen("is", "are", 1).replacen("gets", "get", 1);
                    let which = if some { format!("{starved_drives} of the {drives}") } else { format!("The {drives}") };
                    format!(
                        "{which} tape drives {verb} {each_feed} but need at least {lowest} to keep streaming: {effect}. {fix}"
                    )
                } else {
                    format!("Each tape drive {verb} {feed} but needs at least {lowest} to keep streaming: {effect}. {fix}")
                }
            }
            Self::StreamLag { lagging_capacity_bytes_per_sec: lagging, throughput_bytes_per_sec: throughput } => format!(
                "If one stream per client lags, the remaining streams deliver only {} of the {} achieved: add a stream per client to ride out lags (why HP's white paper recommends 4 streams where 3 fill a 1GbE link).",
                rate(lagging),
                rate(throughput)
            ),
            Self::NearLimit { stage, utilization } => format!(
                "{} {} at {} of capacity: relieving the bottleneck gains at most {} % before {} too.",
                stage.name(),
                if stage.name_is_plural() { "run" } else { "runs" },
                format_percent(utilization),
                format_number((1.0 / utilization - 1.0).max(0.0) * 100.0),
                if stage.name_is_plural() { "they bind" } else { "it binds" }
            ),
            Self::CompressionCapped { entered_ratio, used_ratio, lto } => format!(
                "The data compresses {}:1 on the drive, more than {}'s rated {}:1: the model counts the drive's rate and the cartridges at {}:1, as the vendors rate them; measure your drive if you expect more.",
                format_number(entered_ratio),
                lto.name(),
                format_number(used_ratio),
                format_number(used_ratio)
            ),
            Self::ThinMargin { margin_ratio, headroom } => format!(
                "The night fits with only {} of the window to spare, less than the {} headroom: a night with more changes, a retried client or a slow drive would miss it.",
                crate::units::format_percent_beside(margin_ratio, headroom),
                format_percent(headroom)
            ),
            Self::SharedDefaultPort { drives, port, key, label } => {
                format!(
                    "The {drives} drives share one {port} ({label} is 1, its default): if each drive has a port of its own, set {label} ({key}) to {drives}."
                )
            }
            Self::SharedSasLanes { drives, lanes } => format!(
                "The {drives} drives share {lanes} SAS lanes: SAS is point to point and a tape drive takes a lane of its own, so drives sharing a lane need a SAS expander between them and the HBA. If each drive has its own, set SAS lanes (sas_ports) to {drives}."
            ),
            Self::DefaultClient { stage, stream_bytes_per_sec, file_sec, class_chosen } => {
                let verb = stage.bind_verb();
                // A restore's own fields: its streams write, its files are created.
                let restore = matches!(stage, StageId::RestoreStreams | StageId::FileCreate);
                let (stream_field, file_field, file_client) = if restore {
                    (
                        "Write rate of one restore stream (restore_rate)",
                        "Per-file create time (restore_file_ms)",
                        "HP's 2005 Windows client creating files",
                    )
                } else {
                    ("Rate of one stream (stream_rate)", "Per-file time (client) (file_ms)", "HP's 2005 Windows client")
                };
                match (stream_bytes_per_sec, file_sec) {
                    // A per-file cost named by relief binds in series with its stream, whose rate is the
                    // default here: said of both ("Per-file cost binds at the default rate of one stream"
                    // paired a cost per file with a rate).
                    (Some(rate_now), None) => format!(
                        "{} at the form's default rate of one stream ({}, one stream of HP's 2005 test client{}), so the answer rests on it: measure one stream of your clients (or fit it with Calibrate from a job you timed) and enter it as {stream_field}.",
                        match stage {
                            StageId::PerFile => "Client streams and their per-file cost bind".to_string(),
                            StageId::FileCreate => "Client write streams and their file creation bind".to_string(),
                            _ => format!("{} {verb}", stage.name()),
                        },
                        rate(rate_now),
                        match (class_chosen, restore) {
                            (false, _) => "",
                            (true, false) => "; a client class sets the per-file times and the storage, not this",
                            (true, true) => "; a client class sets the per-file times, the storage and a backup stream's rate on flash, not a restore stream's",
                        }
                    ),
                    (None, Some(sec)) => format!(
                        "{} {verb} with the form's default time per file ({:.3} ms, {file_client}), so the answer rests on it: pick a Client class (client_class) or enter your own {file_field}, measured or fitted with Calibrate.",
                        stage.name(),
                        sec * 1e3
                    ),
                    (stream, file) => format!(
                        "{} {verb} with the form's default client ({} per stream and {:.3} ms per file, HP's 2005 test clients), so the answer rests on them: enter your clients' own {stream_field} and {file_field}, or pick a Client class (client_class); Calibrate fits either from a job you timed.",
                        stage.name(),
                        rate(stream.unwrap_or(0.0)),
                        file.unwrap_or(0.0) * 1e3
                    ),
                }
            }
            Self::InterfaceMismatch {
                lto,
                link,
                kind,
                link_bytes_per_sec,
                drive_bytes_per_sec,
                entered_bytes_per_sec,
                entered_ratio,
                suggested,
                suggested_bytes_per_sec,
                faster_sas,
            } => {
                let link_name = if kind == "SAS" { format!("SAS {link}") } else { link.to_string() };
                let own = if kind == "SAS" { format!("SAS {suggested}") } else { suggested.to_string() };
                let unit = if kind == "SAS" { "lane" } else { "port" };
                // The drive's own interface may itself carry less than the drive at its rated compression
                // (an LTO-9 on 8GFC): then say what it holds the drive to, and name the faster one it has.
                let still = if suggested_bytes_per_sec < drive_bytes_per_sec * (1.0 - 1e-9) {
                    let other = faster_sas
                        .map(|(name, carries)| format!("; their SAS {name} carries {}", rate(carries)))
                        .unwrap_or_default();
                    // Said of the rated compression, and of the entered one apart (a trial read "at that
                    // compression each drive still runs at 800 MB/s" right after "at the 2:1 entered a
                    // drive takes 720 MB/s").
                    let entered = if entered_bytes_per_sec <= suggested_bytes_per_sec * (1.0 + 1e-9) {
                        format!(
                            "; the {} a drive takes at the {}:1 entered it carries whole",
                            rate(entered_bytes_per_sec),
                            crate::units::format_ratio(entered_ratio)
                        )
                    } else {
                        format!(", and at the {}:1 entered too", crate::units::format_ratio(entered_ratio))
                    };
                    format!(
                        " (one {own} {unit} carries {}, so at the rated compression it still holds each drive to {}{entered}{other})",
                        rate(suggested_bytes_per_sec),
                        rate(suggested_bytes_per_sec)
                    )
                } else {
                    String::new()
                };
                // The check is about the parts (the rated ratio); this scenario's data may not reach it.
                let now = if entered_bytes_per_sec > link_bytes_per_sec * (1.0 + 1e-9) {
                    format!(
                        " At the {}:1 entered a drive takes {}, so the {unit} holds each drive to {} now.",
                        crate::units::format_ratio(entered_ratio),
                        rate(entered_bytes_per_sec),
                        rate(link_bytes_per_sec)
                    )
                } else {
                    format!(
                        " At the {}:1 entered a drive takes {}, which the {unit} still carries: it holds nothing back yet, but more compressible data would be held to {}.",
                        crate::units::format_ratio(entered_ratio),
                        rate(entered_bytes_per_sec),
                        rate(link_bytes_per_sec)
                    )
                };
                format!(
                    "{} drives are built for {own}, but sit on {link_name}: each {unit} carries at most {}, below the {} a drive takes at its rated compression.{now} Attach them by {own}{still}.",
                    lto.name(),
                    rate(link_bytes_per_sec),
                    rate(drive_bytes_per_sec)
                )
            }
            Self::Filemarks { bytes_between, share_lost, backhitch_sec, spacing_for_five_percent_bytes } => format!(
                "Filemarks: the drives write a filemark that waits for the tape every {}, so each stops and backhitches ({} s) after every tape file and loses {} of its time. A filemark every {} or more (Bareos and Bacula: Maximum File Size) would cost under 5 %.",
                crate::units::format_bytes(bytes_between, system),
                format_number(backhitch_sec),
                format_percent(share_lost),
                crate::units::format_bytes(spacing_for_five_percent_bytes, system)
            ),
            Self::LossWithoutRoundTrip { loss } => format!(
                "Packet loss of {} % is entered without a round-trip time, so it limits nothing: over a lossy path each TCP connection averages a window of segments per round trip. Enter the path's Round-trip time (rtt_ms).",
                crate::units::format_ratio(loss * 100.0)
            ),
            Self::HighLoss { loss } => format!(
                "At {} % packet loss TCP connections spend a growing share of their time waiting out retransmission timeouts, which the window formula leaves out: the rate given is optimistic, and well below it is likely.",
                crate::units::format_ratio(loss * 100.0)
            ),
            Self::FileLargerThanData { file_bytes, data_bytes } => {
                let (mut file, mut data) =
                    (crate::units::format_bytes(file_bytes, system), crate::units::format_bytes(data_bytes, system));
                if file == data {
                    // Apart by less than the last digit shown: the byte counts.
                    (file, data) = (format!("{} B", format_count(file_bytes.round())), format!("{} B", format_count(data_bytes.round())));
                }
                format!(
                    "The Average file size (file_size), {file}, is larger than the whole Data set (data), {data}: the data set is taken as one file of {data}. Enter the average size of the files it holds."
                )
            }
            Self::WindowMissed { duration_sec, window_sec, what } => {
                // With seconds where the two would read the same (a page trial read "takes 2 h 27 min,
                // longer than the 2 h 27 min window").
                let [duration, _, window] = crate::units::format_duration_with_overrun(duration_sec, window_sec);
                format!("The {what} takes {duration}, longer than the {window} window.")
            }
            Self::ReadThrough { files, files_held, locate_sec, read_sec, data_bytes, kept_bytes, kept_turn_sec } => {
                let asked = if f64::from(files) > files_held {
                    format!(
                        "{} files are asked for, more than the {} the data set holds; ",
                        format_count(f64::from(files)),
                        format_count(files_held)
                    )
                } else {
                    String::new()
                };
                let locating = if asked.is_empty() { "Locating" } else { "locating the" };
                let located = f64::from(files).min(files_held);
                // Seconds where the two would read the same minute ("3 h 40 min, longer than ... 3 h 40 min").
                let [locate, read] = crate::units::format_durations_apart([locate_sec, read_sec]);
                format!(
                    "{asked}{locating} {} {} one by one would take {locate}, longer than reading the whole {} backup through ({read}): the restore reads it through and keeps the files asked for. {}",
                    format_count(located),
                    if located == 1.0 { "file" } else { "files" },
                    crate::units::format_bytes(data_bytes, system),
                    if kept_bytes < data_bytes {
                        format!(
                            "The drives, their ports and the backup server's CPU carry all of it; the server sends on only the {} kept ({} of what the drives read), so the stages from its NICs to the clients carry that share of the restore's rate.",
                            crate::units::format_bytes(kept_bytes, system),
                            crate::units::format_small_percent(kept_bytes / data_bytes)
                        )
                    } else {
                        "The whole backup is kept, so every stage carries it.".to_string()
                    },
                ) + &if kept_turn_sec > 0.0 {
                    let [rest, kept] = crate::units::format_duration_parts(read_sec - kept_turn_sec, kept_turn_sec);
                    format!(
                        " A file larger than the drives' buffers lies in one stretch, so the two go in turn: the drives read the {} not kept in {rest}, then the kept files at the writers' pace in {kept}.",
                        crate::units::format_bytes(data_bytes - kept_bytes, system)
                    )
                } else {
                    String::new()
                }
            }
            Self::CopyMissed { backup_sec, copy_sec, window_sec, shared: true } => {
                let [backup, copy] = crate::units::format_duration_parts(backup_sec, copy_sec);
                format!(
                "The copy to tape does not fit after the backup: backup {backup} then copy {copy} take {}, longer than the {} window. What to add counts the copy's drives and ports with the backup's.",
                format_duration(backup_sec + copy_sec),
                format_duration(window_sec)
            )
            }
            Self::CopyMissed { copy_sec, window_sec, shared: false, .. } => format!(
                "The copy to tape takes {}, longer than its own {} window.",
                format_duration(copy_sec),
                format_duration(window_sec)
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figures_side_by_side_that_differ_do_not_read_the_same() {
        // A trial read "fed 224 MB/s, below the 224 MB/s" and "3 h 40 min, longer than ... (3 h 40 min)".
        // Drives on ports shared unevenly: `starved` of `drives` fed below their lowest rate.
        let shoe_shining = |drives: u32, starved_drives: u32| Warning::ShoeShining {
            per_drive_feed_bytes_per_sec: 223.97e6,
            lowest_streaming_bytes_per_sec: 224e6,
            limits_throughput: false,
            restore: false,
            repositioning_share: 0.001,
            lost_bytes_per_sec: 0.0,
            lost_sec: 0.0,
            drives,
            starved_drives,
            feeds_differ: false,
            fed_by: None,
        };
        let text = shoe_shining(2, 2).message(UnitSystem::Decimal);
        assert!(text.starts_with("Each tape drive gets 223.97 MB/s but needs at least 224.00 MB/s"), "{text}");
        let text = shoe_shining(7, 4).message(UnitSystem::Decimal);
        assert!(
            text.starts_with("4 of the 7 tape drives get 223.97 MB/s each but need at least 224.00 MB/s to keep streaming: backhitching, each of them loses 0.1 % of its time"),
            "{text}"
        );
        let read_through = Warning::ReadThrough {
            files: 294,
            files_held: 2e6,
            locate_sec: 13_232.0,
            read_sec: 13_218.0,
            kept_turn_sec: 0.0,
            data_bytes: 2e12,
            kept_bytes: 294.0e6,
        };
        let text = read_through.message(UnitSystem::Decimal);
        assert!(
            text.contains(
                "would take 3 h 40 min 32 s, longer than reading the whole 2.00 TB backup through (3 h 40 min 18 s)"
            ),
            "{text}"
        );
    }
}
