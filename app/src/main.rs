//! Mounts the calculator; everything else lives in the library.

#[cfg(all(not(target_feature = "atomics"), target_family = "wasm"))]
#[global_allocator]
static TALC: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

fn main() {
    leptos::mount::mount_to_body(capacity_app::App);
}
