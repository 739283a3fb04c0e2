//! SSH transport: scp, sftp, `rsync -e ssh`, borg and restic over ssh or sftp carry each stream in one
//! SSH connection. OpenSSH runs a connection's cipher and MAC in one process, so on one core at the
//! sender and one at the receiver, and it moves at most one channel window per round trip on top of
//! TCP's own window. More streams (more connections) add up until the link binds.
//!
//! The rates below are one connection's end to end (`scp` over loopback: both ends busy at once, so the
//! slower of encrypting and decrypting, plus the copies), measured on an x86 server core with AES-NI.
//! A smaller or older CPU (an Atom or ARM NAS, a Raspberry Pi, a CPU without AES-NI) is far slower and
//! no cited end-to-end figure for one was found: enter a measured rate (`ssh_rate`) for those.

/// An SSH cipher, as OpenSSH names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SshCipher {
    /// No SSH: the stream's own TCP connection (a backup agent, NFS, SMB, rsync daemon).
    Off,
    /// `aes128-gcm@openssh.com` (AES-GCM carries its own authentication).
    Aes128Gcm,
    /// `aes256-gcm@openssh.com`.
    Aes256Gcm,
    /// `aes128-ctr` with a separate MAC.
    Aes128Ctr,
    /// `aes256-ctr` with a separate MAC.
    Aes256Ctr,
    /// `chacha20-poly1305@openssh.com`, OpenSSH's default cipher since 6.9 (2015).
    Chacha20Poly1305,
}

/// One OpenSSH connection with `aes128-gcm@openssh.com` on x86 with AES-NI: 562 MB/s.
///
/// Source: Peter J. Holzer, "scp performance" (<https://www.hjp.at/zettel/s/scp-performance.rxml>):
/// scp of a 664 MiB file over loopback between two Xeon E5-2643 v3 ends (AES-NI), OpenSSH 6.7p1 with
/// OpenSSL 1.0.1t, no compression: 536.1 MiB/s as scp prints it (scp's "MB/s" divides by 1,024:
/// OpenSSH `progressmeter.c`), 536.1 x 1,048,576 = 562.1 MB/s.
pub const AES128_GCM_BYTES_PER_SEC: f64 = 536.1 * 1_048_576.0;

/// One OpenSSH connection with `aes128-ctr` on x86 with AES-NI: 534 MB/s.
///
/// Source: the same page and run as [`AES128_GCM_BYTES_PER_SEC`]: 509.6 MiB/s = 534.4 MB/s. (A
/// `dd | ssh -c aes128-ctr -m umac-64-etm` pipe on a Xeon E5-1650 v3 gave 597 MB/s, hpn-ssh issue 13,
/// <https://github.com/rapier1/hpn-ssh/issues/13>, within 12 %.)
pub const AES128_CTR_BYTES_PER_SEC: f64 = 509.6 * 1_048_576.0;

/// One OpenSSH connection with `aes256-gcm@openssh.com` on x86 with AES-NI: 578 MB/s.
///
/// Source: the same page and run as [`AES128_GCM_BYTES_PER_SEC`]: 551.7 MiB/s = 578.5 MB/s (as fast as
/// aes128-gcm within the run's spread: with AES-NI the key length costs little).
pub const AES256_GCM_BYTES_PER_SEC: f64 = 551.7 * 1_048_576.0;

/// One OpenSSH connection with `aes256-ctr` on x86 with AES-NI: 512 MB/s.
///
/// Source: the same page and run as [`AES128_GCM_BYTES_PER_SEC`]: 488.2 MiB/s = 511.9 MB/s.
pub const AES256_CTR_BYTES_PER_SEC: f64 = 488.2 * 1_048_576.0;

/// One OpenSSH connection with `chacha20-poly1305@openssh.com` on x86: 220 MB/s.
///
/// Source: the same page and run as [`AES128_GCM_BYTES_PER_SEC`]: 209.7 MiB/s = 219.9 MB/s. ChaCha20
/// has no instruction of its own on these CPUs, so it runs at well under half of AES with AES-NI.
///
/// Still so with a current OpenSSH: `dd | ssh -c X localhost cat` with OpenSSH 9.5p1 and OpenSSL 3.1.4
/// (fak3r.com, "Benchmarking SSH ciphers for transfer speed", 2023-12-03, 10^9 B timed at the receiver,
/// decimal MB/s; <https://github.com/philcryer/fak3r.com/blob/b5495c218a0484e5221bdeaf95ba8c9d2edab71b/content/post/2023-12-03-benchmarking-ssh-ciphers-for-transfer-speed.md>)
/// gave chacha20-poly1305 239.8 MB/s against aes128-gcm 534.8 and aes128-ctr 529.1, each within 9 % of
/// this page's figures. OpenSSH 8.3 and later take ChaCha20 from libcrypto but keep their own portable
/// Poly1305 (`cipher-chachapoly-libcrypto.c`), which is what holds the cipher back.
pub const CHACHA20_BYTES_PER_SEC: f64 = 209.7 * 1_048_576.0;

/// OpenSSH's channel window: 2 MiB = 2,097,152 B.
///
/// Source: openssh-portable `channels.h`, `CHAN_SES_WINDOW_DEFAULT (64*CHAN_SES_PACKET_DEFAULT)` with
/// packets of 32 KiB (since OpenSSH 4.7, 2007; 128 KiB before). The receiver grants the window and the
/// sender stops when it is used up, so a connection carries at most one window per round trip whatever
/// TCP's window (HPN-SSH, <https://www.psc.edu/hpn-ssh-home/>: the throughput is the lesser of TCP's
/// and the application's window). sftp keeps 64 requests of 32 KiB in flight, the same 2 MiB.
pub const CHANNEL_WINDOW_BYTES: f64 = 2_097_152.0;

impl SshCipher {
    /// Every choice, in menu order.
    pub const ALL: [SshCipher; 6] =
        [Self::Off, Self::Aes128Gcm, Self::Aes256Gcm, Self::Aes128Ctr, Self::Aes256Ctr, Self::Chacha20Poly1305];

    /// The share-link name (OpenSSH's, without `@openssh.com`).
    pub fn name(self) -> &'static str {
        match self {
            Self::Off => "off",
            Self::Aes128Gcm => "aes128-gcm",
            Self::Aes256Gcm => "aes256-gcm",
            Self::Aes128Ctr => "aes128-ctr",
            Self::Aes256Ctr => "aes256-ctr",
            Self::Chacha20Poly1305 => "chacha20-poly1305",
        }
    }

    /// The cipher with the highest rate per connection ([`SshCipher::bytes_per_sec`]): aes256-gcm.
    pub fn fastest() -> SshCipher {
        let rate = |c: &SshCipher| if *c == Self::Off { 0.0 } else { c.bytes_per_sec() };
        Self::ALL.into_iter().max_by(|a, b| rate(a).total_cmp(&rate(b))).unwrap_or(Self::Aes256Gcm)
    }

    /// One connection's rate on an x86 core with AES-NI, bytes/s (infinite when SSH is off).
    pub fn bytes_per_sec(self) -> f64 {
        match self {
            Self::Off => f64::INFINITY,
            Self::Aes128Gcm => AES128_GCM_BYTES_PER_SEC,
            Self::Aes256Gcm => AES256_GCM_BYTES_PER_SEC,
            Self::Aes128Ctr => AES128_CTR_BYTES_PER_SEC,
            Self::Aes256Ctr => AES256_CTR_BYTES_PER_SEC,
            Self::Chacha20Poly1305 => CHACHA20_BYTES_PER_SEC,
        }
    }
}

/// The most one SSH connection moves per second over round trip `rtt_sec`: one channel window per round
/// trip, bytes/s (infinite on a LAN, `rtt_sec = 0`).
pub fn window_bytes_per_sec(rtt_sec: f64) -> f64 {
    if rtt_sec > 0.0 {
        CHANNEL_WINDOW_BYTES / rtt_sec
    } else {
        f64::INFINITY
    }
}

/// What one SSH connection carries, bytes/s on the wire; infinite when SSH is off.
///
/// # Formula
/// `min(cipher rate, 2 MiB / rtt)`, the cipher rate being the entered one (`entered > 0`, a measured
/// figure for the slower end's CPU) or the cipher's on x86 with AES-NI. On a LAN (`rtt = 0`) the window
/// does not bind. chacha20-poly1305 on a LAN: 219.9 MB/s, so one connection fills 1GbE (117.7 MB/s)
/// but not 2.5GbE; over a 167 ms round trip any cipher gives 2,097,152 / 0.167 = 12.6 MB/s.
pub fn connection_bytes_per_sec(cipher: SshCipher, entered: f64, rtt_sec: f64) -> f64 {
    if cipher == SshCipher::Off {
        return f64::INFINITY;
    }
    let cipher_rate = if entered > 0.0 { entered } else { cipher.bytes_per_sec() };
    cipher_rate.min(window_bytes_per_sec(rtt_sec))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::EthernetLink;

    use crate::stages::tests_tolerance::close;

    #[test]
    fn one_connection_per_cipher() {
        let table = [
            (SshCipher::Aes128Gcm, 0.0, 0.0, 562.14e6),
            (SshCipher::Aes256Gcm, 0.0, 0.0, 578.5e6),
            (SshCipher::Aes128Ctr, 0.0, 0.0, 534.36e6),
            (SshCipher::Aes256Ctr, 0.0, 0.0, 511.9e6),
            (SshCipher::Chacha20Poly1305, 0.0, 0.0, 219.89e6),
            // An entered rate (an Atom NAS decrypting) replaces the cipher's.
            (SshCipher::Aes128Ctr, 45e6, 0.0, 45e6),
            // The channel window over a long path binds whatever the cipher.
            (SshCipher::Aes128Gcm, 0.0, 0.167, 12.558e6),
            (SshCipher::Chacha20Poly1305, 0.0, 0.005, 219.89e6),
        ];
        for (cipher, entered, rtt, expected) in table {
            let got = connection_bytes_per_sec(cipher, entered, rtt);
            assert!(close(got, expected, 1e-3), "{cipher:?} {entered} {rtt}: {got}");
        }
        assert_eq!(connection_bytes_per_sec(SshCipher::Off, 45e6, 0.1), f64::INFINITY);
        assert_eq!(SshCipher::fastest(), SshCipher::Aes256Gcm);
    }

    #[test]
    fn chacha20_fills_1gbe_but_not_2_5gbe() {
        let one = connection_bytes_per_sec(SshCipher::Chacha20Poly1305, 0.0, 0.0);
        let goodput = |link: EthernetLink| link.goodput_bytes_per_sec(1500.0, 0.96);
        assert!(one > goodput(EthernetLink::Gbe1));
        assert!(one < goodput(EthernetLink::Gbe2_5));
        assert!(connection_bytes_per_sec(SshCipher::Aes128Gcm, 0.0, 0.0) > goodput(EthernetLink::Gbe2_5));
        assert!(connection_bytes_per_sec(SshCipher::Aes128Gcm, 0.0, 0.0) < goodput(EthernetLink::Gbe10));
    }
}
