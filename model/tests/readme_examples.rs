//! The planner examples of the README and of `docs/`, run as a reader would paste them from the
//! repository's root.
//!
//! Every fenced ` ```text ` block of README.md and of every `docs/*.md` (the README's long sections moved
//! there) whose first line starts with `$ cargo plan` is run (its
//! arguments read as a shell reads them, with single quotes) with the built `plan` binary, from the
//! repository's root, so that the job lists it names (`tests/jobs/…`) are found as a reader finds them.
//! The lines shown after the command must be the planner's output, line for line (trailing spaces
//! aside). A line that is just `...` stands for lines left out there; the lines between two of them are
//! consecutive in the output, and each such run comes after the one before it. A block may start and
//! end anywhere in the output (the heading `Scenario from link` is never shown, for one).
//!
//! Every `cargo plan` line of a ` ```sh ` block must run and exit 0 as well.
//!
//! Needs the `cli` feature (see the `[[test]]` entry in Cargo.toml):
//! `cargo test -p capacity-model --features cli --test readme_examples`.

mod common;

use common::{documents, root};
use std::process::Command;

/// A fenced block of a document: its info string, the line its fence opens on (1-based) and its
/// lines, without the fence's own indentation (a block inside a list item is indented).
struct Block {
    info: String,
    line: usize,
    lines: Vec<String>,
}

fn blocks(name: &str, markdown: &str) -> Vec<Block> {
    let mut found = Vec::new();
    let mut open: Option<(usize, Block)> = None;
    for (index, line) in markdown.lines().enumerate() {
        let indent = line.len() - line.trim_start().len();
        let trimmed = line.trim();
        match open.take() {
            None => {
                if let Some(info) = trimmed.strip_prefix("```") {
                    let block = Block { info: info.trim().to_string(), line: index + 1, lines: Vec::new() };
                    open = Some((indent, block));
                }
            }
            Some((fence_indent, mut block)) => {
                if trimmed == "```" {
                    found.push(block);
                } else {
                    let strip = indent.min(fence_indent);
                    block.lines.push(line[strip..].to_string());
                    open = Some((fence_indent, block));
                }
            }
        }
    }
    assert!(open.is_none(), "{name}: a fenced block is never closed");
    found
}

/// The words of a command line as a POSIX shell splits them, for the little the documents use: words
/// separated by blanks, single quotes taken literally, and a `#` at the start of a word beginning a
/// comment. Anything else a shell would read specially is refused rather than guessed at.
fn shell_words(command: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = command.chars();
    while let Some(c) = chars.next() {
        match c {
            ' ' | '\t' => words.extend(word.take()),
            '#' if word.is_none() => break,
            '\'' => {
                let word = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => word.push(c),
                        None => panic!("unterminated single quote in {command:?}"),
                    }
                }
            }
            '"' | '\\' | '$' | '`' | '&' | '|' | ';' | '<' | '>' | '(' | ')' | '*' | '?' | '[' | '~' => {
                panic!("{command:?}: {c:?} outside single quotes is not supported here; quote it")
            }
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    words.extend(word);
    words
}

/// The arguments after `cargo plan`, or `None` when the line is not a planner command.
fn plan_arguments(command: &str) -> Option<Vec<String>> {
    let rest = command.trim_start().strip_prefix("cargo plan")?;
    (rest.is_empty() || rest.starts_with([' ', '\t'])).then(|| shell_words(rest))
}

/// Runs the planner from the repository's root; its stdout, or a panic naming `place` with stderr.
fn run_plan(arguments: &[String], place: &str) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_plan"))
        .args(arguments)
        .current_dir(root())
        .output()
        .expect("the planner binary runs");
    assert!(
        output.status.success(),
        "{place}: `cargo plan {}` failed ({}): {}",
        arguments.join(" "),
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("stdout is UTF-8")
}

/// Checks that `shown` (the block's lines after the command) is `actual` with lines left out only
/// where a `...` line says so; the first difference, described, otherwise.
fn matches(shown: &[String], actual: &str) -> Result<(), String> {
    let actual: Vec<&str> = actual.lines().map(str::trim_end).collect();
    let shown: Vec<&str> = shown.iter().map(|l| l.trim_end()).collect();
    let mut from = 0;
    for run in shown.split(|l| *l == "...").filter(|run| !run.is_empty()) {
        let fits = |at: usize| at + run.len() <= actual.len() && actual[at..at + run.len()] == *run;
        match (from..actual.len()).find(|&at| fits(at)) {
            Some(at) => from = at + run.len(),
            None => {
                // Describe the nearest miss: where most of the run's first lines agree.
                let agree = |at: usize| run.iter().zip(&actual[at..]).take_while(|(a, b)| **a == **b).count();
                let best = (from..actual.len()).max_by_key(|&at| (agree(at), std::cmp::Reverse(at)));
                return Err(match best.filter(|&at| agree(at) > 0) {
                    Some(at) => {
                        let n = agree(at);
                        format!(
                            "after {n} matching line(s) the document shows\n  {:?}\nwhere the planner printed\n  {:?}",
                            run[n],
                            actual.get(at + n).copied().unwrap_or("(the end of the output)")
                        )
                    }
                    None => format!("the planner printed no line {:?} (after its line {from})", run[0]),
                });
            }
        }
    }
    Ok(())
}

#[test]
fn every_planner_example_in_the_readme_and_docs_prints_what_it_shows() {
    let mut checked = 0;
    let mut failures = Vec::new();
    for (name, text) in documents() {
        for block in blocks(&name, &text).iter().filter(|b| b.info == "text") {
            let Some(command) = block.lines.first().and_then(|l| l.strip_prefix("$ ")) else { continue };
            let Some(arguments) = plan_arguments(command) else { continue };
            let place = format!("{name}:{}", block.line);
            let actual = run_plan(&arguments, &place);
            if let Err(difference) = matches(&block.lines[1..], &actual) {
                failures.push(format!("{place}: `{command}`: {difference}\n--- the planner's output ---\n{actual}"));
            }
            checked += 1;
        }
    }
    assert!(checked >= 4, "only {checked} planner examples found in README.md and docs/*.md");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn every_planner_command_in_the_readme_and_docs_runs() {
    let mut checked = 0;
    for (name, text) in documents() {
        for block in blocks(&name, &text).iter().filter(|b| b.info == "sh") {
            for (offset, line) in block.lines.iter().enumerate() {
                if let Some(arguments) = plan_arguments(line) {
                    run_plan(&arguments, &format!("{name}:{}", block.line + 1 + offset));
                    checked += 1;
                }
            }
        }
    }
    assert!(checked >= 5, "only {checked} planner commands found in the sh blocks of README.md and docs/*.md");
}

#[test]
fn the_checker_reads_quotes_and_comments_as_a_shell_does() {
    assert_eq!(
        shell_words("cargo plan --jobs a.csv 'v=1&x=2' # a comment 'unclosed"),
        ["cargo", "plan", "--jobs", "a.csv", "v=1&x=2"]
    );
    assert_eq!(shell_words("cargo plan 'https://h/#v=1'x"), ["cargo", "plan", "https://h/#v=1x"]);
    assert_eq!(plan_arguments("cargo plan --list-presets"), Some(vec!["--list-presets".to_string()]));
    assert_eq!(plan_arguments("cd dist && python3 -m http.server 8080"), None);
    assert_eq!(plan_arguments("cargo planner"), None);
}

#[test]
fn the_checker_wants_consecutive_lines_between_ellipses() {
    let output = "Heading\n\nA   1\nB   2  \nC   3\nD   4\n";
    let shown = |lines: &[&str]| lines.iter().map(|l| l.to_string()).collect::<Vec<_>>();
    assert_eq!(matches(&shown(&["A   1", "B   2"]), output), Ok(()));
    assert_eq!(matches(&shown(&["A   1", "...", "D   4"]), output), Ok(()));
    assert!(matches(&shown(&["A   1", "C   3"]), output).unwrap_err().contains("\"C   3\""));
    assert!(matches(&shown(&["C   3", "...", "A   1"]), output).is_err(), "the order counts");
    assert!(matches(&shown(&["A  1"]), output).is_err(), "spaces inside a line count");
}
