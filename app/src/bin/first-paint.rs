//! The first-result module: writes the result strip's figures into the page's shell before the calculator arrives
//! ([`capacity_app::first_paint`]).

// The allocator the calculator uses (smaller and faster than Rust's default dlmalloc: README).
#[cfg(all(not(target_feature = "atomics"), target_family = "wasm"))]
#[global_allocator]
static TALC: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

fn main() {
    capacity_app::first_paint::paint();
}
