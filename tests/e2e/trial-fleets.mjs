// Fleets from trials that more than one browser test opens, as share-link fragments.

/** Page trial pt65 (stop 65): twelve jobs on three LTO-8 drives behind two 8GFC ports, a 10 h window,
 * tiers 0 to 3 with restore objectives; tier 0's erp-db (8 TB, 6 streams, 8 h) is late. */
export const TWELVE_JOBS_PT65 = (() => {
  const csv = 'name,data,files,file_size,client_nic,client_ports,streams,priority,rto_h\n'
    + 'erp-db,8TB,,,10GbE,,6,0,8\ncrm-db,3TB,,,10GbE,,4,0,8\nexch01,2.5TB,,,10GbE,,,1,24\nexch02,2.5TB,,,10GbE,,,1,24\n'
    + 'fs01,1.2TB,,200KB,,,,2,72\nfs02,1.2TB,,200KB,,,,2,72\nfs03,900GB,,200KB,,,,2,72\nweb01,300GB,,,,,2,3,\n'
    + 'web02,300GB,,,,,2,3,\nvm-a,4TB,,,25GbE,,8,1,24\nvm-b,4TB,,,25GbE,,8,1,24\ndev,600GB,,,,,,3,\n';
  return '#v=1&lto=LTO-8&drives=3&fc=8GFC&fc_ports=2&window_h=10&growth=25&retention_days=14&keep_weekly=4'
    + `&keep_monthly=12&server_nic=25GbE&server_ports=2&jobs=${encodeURIComponent(csv)}`;
})();
