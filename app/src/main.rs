//! Mounts the calculator; everything else lives in the library.
fn main() {
    leptos::mount::mount_to_body(capacity_app::App);
}
