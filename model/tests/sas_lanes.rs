//! SAS-attached tape drives take a lane each: drives sharing lanes are warned of, as a plan that needs an
//! expander it does not show (a new user's four LTO-6 drives on one SAS lane were advised "SAS lanes 1 → 2"
//! without a word, stop 40).

use capacity_model::codec::decode;
use capacity_model::units::UnitSystem;
use capacity_model::{evaluate, Warning};

fn warnings(link: &str) -> Vec<&'static str> {
    evaluate(&decode(link).scenario).warnings.iter().map(Warning::id).collect()
}

#[test]
fn sas_drives_sharing_lanes_are_warned() {
    // Four LTO-6 drives on two 6G SAS lanes; one lane is the default's own warning; a lane each, none.
    let two = warnings("v=1&lto=LTO-6&attach=SAS&sas=6G&sas_ports=2&drives=4&clients=8&client_nic=10GbE");
    assert!(two.contains(&"shared_sas_lanes"), "{two:?}");
    let one = warnings("v=1&lto=LTO-6&attach=SAS&sas=6G&sas_ports=1&drives=4&clients=8&client_nic=10GbE");
    assert!(one.contains(&"shared_default_port") && !one.contains(&"shared_sas_lanes"), "{one:?}");
    let each = warnings("v=1&lto=LTO-6&attach=SAS&sas=6G&sas_ports=4&drives=4&clients=8&client_nic=10GbE");
    assert!(!each.iter().any(|id| id.starts_with("shared_")), "{each:?}");
    // FC ports shared by drives are a switch's or an HBA's ordinary use: no warning past the default's.
    let fc = warnings("v=1&lto=LTO-6&fc=8GFC&fc_ports=2&drives=4&clients=8&client_nic=10GbE");
    assert!(!fc.iter().any(|id| id.starts_with("shared_")), "{fc:?}");
    let message = Warning::SharedSasLanes { drives: 4, lanes: 2 }.message(UnitSystem::Decimal);
    assert!(message.starts_with("The 4 drives share 2 SAS lanes: SAS is point to point"), "{message}");
}
