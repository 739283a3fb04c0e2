//! The result strip that stays in view while the page scrolls: the throughput, the bottleneck and the
//! window's verdict on one line, with jumps to the results and the inputs.

use crate::dom::jump_to;
use crate::state::use_planner;
use leptos::prelude::*;

/// The strip, a polite live region: a screen reader hears the new figures once an edit settles.
#[component]
pub fn Strip() -> impl IntoView {
    let planner = use_planner();
    let summary = planner.summary;
    view! {
        <div class="strip no-print">
            <div id="strip" class="strip-figures" role="status" aria-live="polite" aria-atomic="true" data-testid="strip">
                <span class="strip-rate" data-testid="strip-throughput">{move || summary.with(|s| s.throughput.clone())}</span>
                <span class="strip-stage">"limited by "{move || summary.with(|s| s.bottleneck_name)}</span>
                <span
                    class="strip-window"
                    class:miss=move || summary.with(|s| !s.fits)
                    class:tight=move || summary.with(|s| s.verdict == capacity_model::FITS_BELOW_HEADROOM)
                >
                    "Window: "{move || summary.with(|s| s.verdict.clone())}
                </span>
                // While a field holds a value that cannot be used, these are the last valid figures.
                <Show when=move || !planner.invalid.with(Vec::is_empty)>
                    <span class="strip-stale" data-testid="strip-stale">"last valid results"</span>
                </Show>
                // Job rows that cannot be read are left out of these figures.
                <Show when=move || planner.rows_left_out.with(|(bad, _)| *bad > 0)>
                    <span class="strip-stale" data-testid="strip-left-out">
                        {move || planner.rows_left_out.with(|&(bad, all)| crate::summary::rows_left_out(bad, all))}
                    </span>
                </Show>
            </div>
            <button type="button" class="small" data-jump="results" aria-label="Results" title="Back to the results" on:click=|_| jump_to("results")>
                "↑"<span class="jump-word">" Results"</span>
            </button>
            <button type="button" class="small jump-inputs-strip" data-jump="inputs" aria-label="Inputs" title="To the inputs" on:click=|_| jump_to("inputs")>
                "✎"<span class="jump-word">" Inputs"</span>
            </button>
        </div>
    }
}
