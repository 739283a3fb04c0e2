//! Ethernet links and their TCP goodput.

/// An Ethernet link speed, named in bits per second of line rate as the field does (1GbE = 10^9 bit/s).
///
/// Source of the line rates: IEEE 802.3 (1000BASE-T; 2.5GBASE-T and 5GBASE-T of 802.3bz; 10GBASE-R;
/// 25GBASE-R of 802.3by; 40GBASE-R and 100GBASE-R of 802.3ba; 50GBASE-R of 802.3cd; 200GBASE-R and
/// 400GBASE-R of 802.3bs). Each name is the MAC data rate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EthernetLink {
    /// 1 Gbit/s.
    Gbe1,
    /// 2.5 Gbit/s.
    Gbe2_5,
    /// 5 Gbit/s.
    Gbe5,
    /// 10 Gbit/s.
    Gbe10,
    /// 25 Gbit/s.
    Gbe25,
    /// 40 Gbit/s.
    Gbe40,
    /// 50 Gbit/s.
    Gbe50,
    /// 100 Gbit/s.
    Gbe100,
    /// 200 Gbit/s.
    Gbe200,
    /// 400 Gbit/s.
    Gbe400,
}

/// Bytes added on the wire to every Ethernet frame beyond its MTU-sized payload:
/// preamble and start delimiter 8, header 14, FCS 4, inter-frame gap 12 (IEEE 802.3).
pub const ETHERNET_FRAMING_BYTES: f64 = 38.0;

/// IPv4 (20) and TCP (20) headers, plus the 12-byte TCP timestamp option that Linux and HP-UX
/// send by default (RFC 7323), in every segment.
pub const IP_TCP_HEADER_BYTES: f64 = 52.0;

/// Share of the theoretical TCP goodput that a real host reaches.
///
/// Calibrated from seed 000, which measured "about 113 MB/s" on one 1GbE client port (read as
/// decimal MB, the unit of network vendors): the theoretical goodput at MTU 1500 is
/// 125,000,000 B/s x 1448 / 1538 = 117,685,305 B/s, and 113,000,000 / 117,685,305 = 0.9602.
pub const DEFAULT_TCP_EFFICIENCY: f64 = 0.96;

impl EthernetLink {
    /// Every link, slowest first.
    pub const ALL: [EthernetLink; 10] = [
        Self::Gbe1,
        Self::Gbe2_5,
        Self::Gbe5,
        Self::Gbe10,
        Self::Gbe25,
        Self::Gbe40,
        Self::Gbe50,
        Self::Gbe100,
        Self::Gbe200,
        Self::Gbe400,
    ];

    /// The field's name for the link: `1GbE`, `10GbE` ...
    pub fn name(self) -> &'static str {
        match self {
            Self::Gbe1 => "1GbE",
            Self::Gbe2_5 => "2.5GbE",
            Self::Gbe5 => "5GbE",
            Self::Gbe10 => "10GbE",
            Self::Gbe25 => "25GbE",
            Self::Gbe40 => "40GbE",
            Self::Gbe50 => "50GbE",
            Self::Gbe100 => "100GbE",
            Self::Gbe200 => "200GbE",
            Self::Gbe400 => "400GbE",
        }
    }

    /// Line rate in bits per second (IEEE 802.3 nominal MAC rate).
    pub fn line_bits_per_sec(self) -> f64 {
        match self {
            Self::Gbe1 => 1e9,
            Self::Gbe2_5 => 2.5e9,
            Self::Gbe5 => 5e9,
            Self::Gbe10 => 10e9,
            Self::Gbe25 => 25e9,
            Self::Gbe40 => 40e9,
            Self::Gbe50 => 50e9,
            Self::Gbe100 => 100e9,
            Self::Gbe200 => 200e9,
            Self::Gbe400 => 400e9,
        }
    }

    /// TCP payload bytes per second that one port of this link carries.
    ///
    /// # Formula
    /// `line_bits_per_sec / 8 x (mtu - 52) / (mtu + 38) x tcp_efficiency`: each MTU-sized IP packet
    /// carries `mtu - 52` bytes of payload ([`IP_TCP_HEADER_BYTES`]) and occupies `mtu + 38` bytes of
    /// wire time ([`ETHERNET_FRAMING_BYTES`]). With MTU 1500 and efficiency 0.96, 1GbE gives 113.0 MB/s.
    ///
    /// `mtu` is in bytes; values at or below the headers give zero goodput rather than a negative one.
    pub fn goodput_bytes_per_sec(self, mtu: f64, tcp_efficiency: f64) -> f64 {
        let payload = (mtu - IP_TCP_HEADER_BYTES).max(0.0);
        self.line_bits_per_sec() / 8.0 * payload / (mtu + ETHERNET_FRAMING_BYTES) * tcp_efficiency
    }
}
