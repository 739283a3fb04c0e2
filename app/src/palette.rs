//! One colour per stage, shared by the results table and every chart.

use capacity_model::StageId;

/// Hex colour of a stage (a colour-blind-safe Tableau 10 order; NFS stages reuse the tape ones that
/// play the same role).
pub fn stage_color(id: StageId) -> &'static str {
    match id {
        StageId::Streams | StageId::NfsSources => "#4e79a7",
        StageId::Transactions => "#f28e2b",
        StageId::ClientNic | StageId::NfsMounts => "#e15759",
        StageId::ServerNic | StageId::NfsInterfaces => "#76b7b2",
        StageId::ServerIo | StageId::NfsFileSystems => "#59a14f",
        StageId::ServerCpu | StageId::NfsNodes => "#edc948",
        StageId::FcPorts => "#b07aa1",
        StageId::TapeDrives => "#9c755f",
        StageId::Pairing => "#79706e",
        _ => "#888888",
    }
}

/// The same colour as plotters' RGB.
pub fn stage_rgb(id: StageId) -> plotters::style::RGBColor {
    let hex = stage_color(id);
    let channel = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).unwrap_or(136);
    plotters::style::RGBColor(channel(1), channel(3), channel(5))
}
