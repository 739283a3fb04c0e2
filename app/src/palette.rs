//! One colour per stage, shared by the results tables and every chart.

use capacity_model::StageId;

/// Hex colour of a stage (the Tableau 20 palette in its colour-blind-safe order; stages that play the
/// same role in the NFS or restore chain reuse the tape backup's colour).
pub fn stage_color(id: StageId) -> &'static str {
    match id {
        StageId::Streams | StageId::NfsSources | StageId::RestoreStreams => "#4e79a7",
        StageId::Transactions => "#f28e2b",
        StageId::PerFile | StageId::FileCreate => "#ff9da7",
        StageId::ClientNic | StageId::NfsMounts => "#e15759",
        StageId::ServerNic | StageId::NfsInterfaces => "#76b7b2",
        StageId::SourceNic => "#499894",
        StageId::Distance => "#d37295",
        StageId::SshConnections => "#a0cbe8",
        StageId::SourceReduction => "#8cd17d",
        StageId::Catalogue => "#b6992d",
        StageId::ServerCpu | StageId::NfsNodes => "#edc948",
        StageId::HoldingDisk | StageId::Spool | StageId::Despool | StageId::NfsFileSystems => "#59a14f",
        StageId::FcPorts | StageId::SasPorts => "#b07aa1",
        StageId::TapeDrives => "#9c755f",
        StageId::Pairing => "#79706e",
        _ => "#888888",
    }
}

/// A stage's colour ([`stage_color`]) as plotters draws it.
pub fn stage_rgb(id: StageId) -> plotters::style::RGBColor {
    let hex = stage_color(id);
    let byte = |at: usize| u8::from_str_radix(hex.get(at..at + 2).unwrap_or("88"), 16).unwrap_or(0x88);
    plotters::style::RGBColor(byte(1), byte(3), byte(5))
}
