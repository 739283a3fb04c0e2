//! Repository targets (issue 19): the backup lands on disk, a deduplicating appliance or an object
//! store instead of tape, and may be copied to tape afterwards. One module per kind, each with its
//! formula, sources and tests; `crate::repository` wires them into the backup, copy and restore chains.

pub mod appliance;
pub mod disk;
pub mod object;

/// What the repository is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RepoKind {
    /// A disk array (or a single disk) behind the backup server.
    Disk,
    /// A deduplicating backup appliance.
    Appliance,
    /// An S3-compatible object store.
    Object,
}

impl RepoKind {
    /// Every kind, in menu order.
    pub const ALL: [RepoKind; 3] = [Self::Disk, Self::Appliance, Self::Object];
}
