//! How long the web page's analysis board takes to answer, with the server's default limits:
//! a server on loopback (as `jump61 serve` starts it), one page over a WebSocket that sets a
//! position and turns the analysis on, and the time from the position sent to the proven
//! value received. The positions are the guide's: a 4x4 position 8 moves in and a 5x5
//! position 28 moves in (docs/solving.md). It prints, for each, the answer, the prover's
//! positions, the seconds the page waited and the process's CPU seconds over that wait (on a
//! shared machine the wall time grows with the others' load; the CPU time much less).
//!
//! `cargo run --release --features examples --example analysis_time [-- POSITION...]`

use futures_util::{SinkExt, StreamExt};
use jump61::web::{Limits, start};
use serde_json::{Value, json};
use std::time::{Duration, Instant};
use tokio::net::TcpListener;
use tokio_tungstenite::connect_async;
use tokio_tungstenite::tungstenite::Message;

/// A 4x4 position 8 moves in (only 4 4 wins) and a 5x5 position 28 moves in.
const POSITIONS: [&str; 2] = [
    "1r3r1-1-/2r1-2b1-/2b2b1-2r/2b1-1-1-",
    "2b1b2b2r1-/2b3b2b1-2r/2b2b3r2b2r/2b3b4r3r3r/1b3b2b2r1-",
];

/// This process's CPU seconds (user and system) so far, from /proc.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let given: Vec<String> = std::env::args().skip(1).collect();
    let positions: Vec<String> = if given.is_empty() {
        POSITIONS.iter().map(|p| p.to_string()).collect()
    } else {
        given
    };
    let limits = Limits::default();
    println!("limits: {}", limits.describe().join("; "));
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("loopback");
    let running = start(listener, limits).await.expect("the server starts");
    let (mut ws, _) = connect_async(format!("ws://{}/ws", running.addr))
        .await
        .expect("a WebSocket");
    let send = |m: Value| Message::Text(m.to_string().into());
    ws.send(send(json!({"t":"join","kind":"jump61"})))
        .await
        .unwrap();
    ws.send(send(json!({"t":"line","text":"manual blue"})))
        .await
        .unwrap();
    ws.send(send(json!({"t":"analyse","on":true})))
        .await
        .unwrap();
    for position in positions {
        let rows = position.split('/').count();
        let (cpu, asked) = (cpu_seconds(), Instant::now());
        ws.send(send(json!({"t":"line","text":format!("size {rows}")})))
            .await
            .unwrap();
        ws.send(send(
            json!({"t":"line","text":format!("position {position}")}),
        ))
        .await
        .unwrap();
        let done = loop {
            let next = tokio::time::timeout(Duration::from_secs(600), ws.next()).await;
            let Ok(Some(Ok(Message::Text(text)))) = next else {
                panic!("the server stopped answering");
            };
            let m: Value = serde_json::from_str(&text).unwrap();
            if m["t"] == "analysis" && m["notation"] == position.as_str() && m["running"] == false {
                break m;
            }
        };
        let waited = asked.elapsed().as_secs_f64();
        let cpu = cpu.zip(cpu_seconds()).map(|(a, b)| b - a);
        println!(
            "{position}: {} ({}; {} positions; {:.2} s on the page, {} CPU s)",
            done["value"]["text"].as_str().unwrap_or("no value"),
            done["wins_in"]["text"].as_str().unwrap_or("-"),
            done["positions"],
            waited,
            cpu.map_or("?".to_string(), |c| format!("{c:.2}"))
        );
    }
}
