//! Ctrl-C (the interrupt flag the binary sets): the searches stop and answer unknown,
//! the report is printed, the exit status is 130. In a test binary of its own: the
//! flag is global to the process.

use std::sync::atomic::Ordering;
use std::time::Duration;

use tsume_tests::{scratch_file, tsume};

#[test]
fn an_interrupted_solve_reports_unknown_and_exits_130() {
    // A lone stone on an empty 9×9 board, the whole board in play: no search settles it
    // for a long while, and nothing bounds this one but the interruption.
    let f = scratch_file(
        "lone.sgf",
        "(;GM[1]SZ[9]AB[ee]PL[W]GC[tsume: region=board])",
    );
    let flag = tsume_cli::interrupt_flag();
    let setter = {
        let flag = flag.clone();
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(500));
            flag.store(true, Ordering::SeqCst);
        })
    };
    let path = f.display().to_string();
    let run = tsume(&["solve", &path, "--json"]);
    setter.join().unwrap();
    assert_eq!(run.code, 130, "stderr: {}", run.err);
    assert!(run.err.contains("interrupted"), "{}", run.err);
    let j = run.json();
    assert_eq!(j["status"], "unknown", "{j}");
    for r in j["results"].as_array().unwrap() {
        assert_eq!(r["verdict"], "unknown", "{r}");
        assert!(r["reason"].as_str().unwrap().contains("stopped"), "{r}");
    }
    // The flag stays set: a later search in this process stops at once.
    let run = tsume(&["solve", &path, "--to-move", "W", "--json"]);
    assert_eq!(run.code, 130);
    flag.store(false, Ordering::SeqCst);
}
