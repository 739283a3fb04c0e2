//! One TCP connection's ceiling on a fast link: a connection's packets are handled by one core at each
//! end, so a single connection stops short of 40 to 400GbE however large its window; more connections
//! (streams, NFS `nconnect`) add up until the link binds.

/// Most one TCP connection carries on a LAN, bytes/s: 30 Gbit/s of payload = 3,750 MB/s.
///
/// # Formula
/// Research-network measurements of single TCP flows between tuned hosts give roughly 15 to 35 Gbit/s
/// on long paths and more on short ones (ESnet's fasterdata notes on 100G host tuning,
/// <https://fasterdata.es.net/host-tuning/linux/100g-tuning/>, as summarised in issue 17): the core that
/// runs the flow's receive processing and the copy to the application saturates. On a LAN, one iperf3
/// connection between two hosts averaged 36.7 Gbit/s over 10 s even with zero-copy sends, varying from
/// 29.6 to 41.4 Gbit/s second by second (esnet/iperf issue 55, 2024,
/// <https://github.com/esnet/iperf/issues/55>). The model takes 30 Gbit/s per connection, inside both
/// (an assumption within the cited bounds): one stream fills 25GbE (2.82 GB/s of goodput at MTU 1500)
/// but not 40GbE and above.
pub const CONNECTION_BYTES_PER_SEC: f64 = 30e9 / 8.0;

/// What `connections` TCP connections can carry when each moves at most `per_connection` bytes/s and one
/// window per round trip: `connections x min(per_connection, window / rtt)` (a LAN, `rtt = 0`, has no
/// window limit).
///
/// # Formula
/// `connections x min(ceiling, window / rtt)`. One stream on 100GbE: 3,750 MB/s, not the link's
/// 11.3 GB/s; 16 streams: 60 GB/s, so the link binds. A 4 MiB window over 15 ms: 279.6 MB/s per
/// connection, below the ceiling.
pub fn connections_bytes_per_sec(connections: f64, per_connection: f64, window_bytes: f64, rtt_sec: f64) -> f64 {
    let window = super::distance::window_bytes_per_sec(1.0, window_bytes, rtt_sec);
    connections * per_connection.min(window)
}

/// What sets one TCP connection's rate: whichever of its three limits is lowest.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ConnectionLimit {
    /// The path's packet loss: CUBIC's average window at that loss ([`super::loss`]).
    Loss,
    /// One TCP window per round trip ([`super::distance`]).
    Window,
    /// The core handling the connection: the per-connection ceiling.
    Core,
}

/// Which limit binds one TCP connection, from its three rates in bytes/s: the per-connection `ceiling`,
/// the rate `loss` leaves and one `window` per round trip (infinite where there is no loss or no round
/// trip). Loss wins a tie with the window, and the ceiling binds unless another is below it.
pub fn connection_limit(ceiling: f64, loss: f64, window: f64) -> ConnectionLimit {
    if loss < ceiling && loss <= window {
        ConnectionLimit::Loss
    } else if window < ceiling {
        ConnectionLimit::Window
    } else {
        ConnectionLimit::Core
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::EthernetLink;

    use crate::stages::tests_tolerance::close;

    #[test]
    fn the_lowest_limit_binds_one_connection() {
        let table = [
            // (ceiling, loss, window, binds)
            (3.75e9, f64::INFINITY, f64::INFINITY, ConnectionLimit::Core),
            (3.75e9, f64::INFINITY, 279.6e6, ConnectionLimit::Window),
            (3.75e9, 8.69e6, 279.6e6, ConnectionLimit::Loss),
            (3.75e9, 279.6e6, 279.6e6, ConnectionLimit::Loss),
            (3.75e9, 300e6, 279.6e6, ConnectionLimit::Window),
            (100e6, 300e6, 279.6e6, ConnectionLimit::Core),
        ];
        for (ceiling, loss, window, binds) in table {
            assert_eq!(connection_limit(ceiling, loss, window), binds, "{ceiling} {loss} {window}");
        }
    }

    #[test]
    fn one_connection_does_not_fill_a_fast_link() {
        let per_port = |link: EthernetLink| link.goodput_bytes_per_sec(1500.0, 0.96);
        let one = connections_bytes_per_sec(1.0, CONNECTION_BYTES_PER_SEC, 4.0 * 1_048_576.0, 0.0);
        let table = [
            (EthernetLink::Gbe10, true),
            (EthernetLink::Gbe25, true),
            (EthernetLink::Gbe40, false),
            (EthernetLink::Gbe100, false),
            (EthernetLink::Gbe400, false),
        ];
        for (link, fills) in table {
            assert_eq!(one >= per_port(link), fills, "{}", link.name());
        }
        let sixteen = connections_bytes_per_sec(16.0, CONNECTION_BYTES_PER_SEC, 4.0 * 1_048_576.0, 0.0);
        assert!(sixteen > per_port(EthernetLink::Gbe100));
        let far = connections_bytes_per_sec(1.0, CONNECTION_BYTES_PER_SEC, 4.0 * 1_048_576.0, 0.015);
        assert!(close(far, 279.62e6, 1e-4), "{far}");
    }
}
