//! The benchmarks' fleet: 10,000 jobs of 10 GB to 5 TB (a fixed spread, no randomness), some with their
//! own link and streams, a tenth each in priority tiers 0 to 2 with objectives of 4, 24 and 72 h.

/// The job list as CSV text; with `odd_bytes`, each size is a byte count 1 to 999,999 bytes above its
/// whole GB (the share link then writes each size's shortest exact form).
pub fn job_list(odd_bytes: bool) -> String {
    let mut text = "name,data,client_nic,streams,priority,rto_h\n".to_string();
    for i in 0..10_000u64 {
        let size_gb = 10 + (i * 7919) % 5000;
        let size = if odd_bytes {
            format!("{}B", size_gb * 1_000_000_000 + 1 + (i * 104_729) % 999_999)
        } else {
            format!("{size_gb}GB")
        };
        let link = if i % 5 == 0 { "10GbE" } else { "" };
        let streams = if i % 7 == 0 { "8" } else { "" };
        let (tier, rto) = match i % 10 {
            0 => ("0", "4"),
            1 => ("1", "24"),
            2 => ("2", "72"),
            _ => ("", ""),
        };
        text.push_str(&format!("host{i:05},{size},{link},{streams},{tier},{rto}\n"));
    }
    text
}
