//! The Games view of games with a friend and of Jump Snatch games, on a `jump61 serve`
//! process keeping its games in a real SQLite file: a finished game with a friend is listed
//! for both players, each with the colour its own seat played (which swaps in a rematch),
//! and replays to the board the players saw, for either seat; it is still listed after
//! `kill -9` and a restart; a wrong secret, or the watch id for the invite, lists nothing
//! and opens nothing; the other seat's secret is never sent. Anyone with the watch link opens
//! a finished round's replay by it, told no seat and no invite. A Jump Snatch game is listed,
//! replays to its last board, its script replays it in `jump61 snatch`, and a review of it
//! is refused in plain words.

use crate::web_client;

use jump61::board::{Board, Colour};
use jump61::web::games::anim::squares;
use serde_json::{Value, json};
use std::io::Write;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use web_client::{Page, serve_process, state_after, stop_process, text};

fn database(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("jump61-shelf-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("games.sqlite")
}

/// Two pages seated in a new 3x3 game with a friend: the creator's and the guest's, with
/// their seats' secrets, and the invite and watch ids.
async fn seated(addr: SocketAddr) -> ((Page, String), (Page, String), String, String) {
    let mut creator = Page::open(addr).await;
    creator
        .send(json!({"t":"friend","size":3,"rules":"2014"}))
        .await;
    let mine = creator.until("seated").await;
    let (invite, watch) = (text(&mine["invite"]), text(&mine["watch"]));
    let mut guest = Page::open(addr).await;
    guest.send(json!({"t":"accept","invite":invite})).await;
    let theirs = guest.until("seated").await;
    creator
        .until_that(|m| m["t"] == "friend" && m["seats"]["blue"] == "here")
        .await;
    (
        (creator, text(&mine["seat"])),
        (guest, text(&theirs["seat"])),
        invite,
        watch,
    )
}

/// Plays a seeded random game to its end, Red's moves from `red`; the boards it went through.
async fn play_out(red: &mut Page, blue: &mut Page) -> (Vec<String>, Vec<Board>) {
    let mut board = Board::new(3);
    let (mut seed, mut moves, mut boards) = (7u64, Vec::new(), vec![board]);
    while board.winner().is_none() {
        let legal: Vec<usize> = (0..9).filter(|&sq| board.is_legal(sq)).collect();
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let sq = legal[(seed >> 33) as usize % legal.len()];
        let c = board.coord(sq);
        let mv = format!("{} {}", c.row, c.col);
        let mover = if board.to_move() == Colour::Red {
            &mut *red
        } else {
            &mut *blue
        };
        mover.line(&mv).await;
        board.play(sq);
        boards.push(board);
        moves.push(mv);
        state_after(red, moves.len()).await;
        state_after(blue, moves.len()).await;
    }
    (moves, boards)
}

/// What a fresh page of this browser is listed, showing `friends` seats.
async fn listed(addr: SocketAddr, friends: Value) -> (Page, Vec<Value>) {
    let mut page = Page::open(addr).await;
    page.send(json!({"t":"games","list":[],"friends":friends}))
        .await;
    let list = page.until("games").await["list"].clone();
    (page, list.as_array().unwrap().clone())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_with_a_friend_is_listed_for_each_seat_and_replays_for_both() {
    let file = database("friend");
    let (mut server, addr) = serve_process(&file, 0, &[]);
    let ((mut red, red_seat), (mut blue, blue_seat), invite, watch) = seated(addr).await;
    let (moves, boards) = play_out(&mut red, &mut blue).await;
    // A rematch: the guest plays Red in round 2, and the creator resigns.
    blue.send(json!({"t":"rematch"})).await;
    red.until_that(|m| m["t"] == "friend" && m["offer"]["what"] == "rematch")
        .await;
    red.send(json!({"t":"rematch"})).await;
    blue.until_that(|m| m["t"] == "friend" && m["round"] == 2)
        .await;
    blue.line("2 2").await;
    state_after(&mut red, 1).await;
    red.send(json!({"t":"resign"})).await;
    blue.until_that(|m| m["t"] == "friend" && !m["result"].is_null())
        .await;

    let round = |r: u32| format!("{invite}r{r}-1");
    for (seat, other, you) in [
        (&red_seat, &blue_seat, ["red", "blue"]),
        (&blue_seat, &red_seat, ["blue", "red"]),
    ] {
        let (mut page, list) = listed(addr, json!([{"invite":invite,"seat":seat}])).await;
        let ids: Vec<String> = list.iter().map(|g| text(&g["id"])).collect();
        assert_eq!(ids, [round(2), round(1)], "newest first");
        let yours: Vec<&Value> = list.iter().map(|g| &g["you"]).collect();
        assert_eq!(yours, [&json!(you[1]), &json!(you[0])]);
        assert_eq!(list[1]["moves"], moves.len());
        assert_eq!(
            (&list[0]["result"], &list[0]["how"], &list[0]["outcome"]),
            (
                &json!("red"),
                &json!("resigned"),
                &json!("Red won: Blue resigned")
            )
        );
        assert!(
            list.iter()
                .all(|g| g["friend"] == invite.as_str() && g["kind"] == "jump61")
        );
        // Each seat replays round 1 to the board both players saw.
        page.send(json!({"t":"replay","id":round(1),"seat":seat}))
            .await;
        let replay = page.until("replay").await;
        assert_eq!(replay["moves"], json!(moves));
        let expected: Vec<Value> = boards.iter().map(|b| json!(squares(b))).collect();
        assert_eq!(replay["boards"], json!(expected));
        assert_eq!(replay["game"]["you"], you[0]);
        assert!(
            replay["script"]
                .as_str()
                .unwrap()
                .ends_with(&(moves.join("\n") + "\n"))
        );
        // Nothing this page was sent holds the other seat's secret.
        for m in &page.seen {
            assert!(!m.to_string().contains(other.as_str()), "{m}");
        }
    }

    // A wrong secret, the watch id for the invite, a seat of another game: nothing.
    let mut wrong = red_seat.clone().into_bytes();
    wrong[5] = if wrong[5] == b'0' { b'1' } else { b'0' };
    let wrong = String::from_utf8(wrong).unwrap();
    for friends in [
        json!([{"invite":invite,"seat":wrong}]),
        json!([{"invite":watch,"seat":red_seat}]),
        json!([{"invite":invite,"seat":"not hex"}]),
    ] {
        assert_eq!(
            listed(addr, friends.clone()).await.1,
            Vec::<Value>::new(),
            "{friends}"
        );
    }
    let mut page = Page::open(addr).await;
    page.send(json!({"t":"replay","id":round(1),"seat":wrong}))
        .await;
    let refused = page.error().await;
    page.send(json!({"t":"replay","id":format!("{watch}r1-1"),"seat":wrong}))
        .await;
    let unknown = page.error().await;
    assert_eq!(refused.replace(&invite, &watch), unknown);

    // The guest reviews round 1 as a game against the AI is reviewed.
    page.send(json!({"t":"review","id":round(1),"seat":blue_seat}))
        .await;
    let running = page.until("review").await;
    assert_eq!(running["running"], true);
    let review = page.until("review").await;
    assert_eq!(review["moves"].as_array().unwrap().len(), moves.len());

    // After kill -9 and a restart, the same games are listed, and `jump61 games` lists them.
    stop_process(&mut server, false);
    let (mut server, addr) = serve_process(&file, 0, &[]);
    let (_, list) = listed(addr, json!([{"invite":invite,"seat":red_seat}])).await;
    assert_eq!(list.len(), 2);
    stop_process(&mut server, true);
    let out = jump61(&["games", "--db", file.to_str().unwrap()], "");
    assert!(out.contains(&round(1)) && out.contains(&round(2)), "{out}");
    let resigned = out.lines().find(|l| l.ends_with(&round(2))).unwrap();
    assert!(resigned.contains("  Red won: Blue resigned  1  "), "{out}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_round_with_a_friend_replays_by_its_watch_link_to_anyone_and_tells_no_secret() {
    let file = database("watched");
    let (mut server, addr) = serve_process(&file, 0, &[]);
    let ((mut red, red_seat), (mut blue, blue_seat), invite, watch) = seated(addr).await;
    let (moves, boards) = play_out(&mut red, &mut blue).await;
    let secrets = [invite.as_str(), red_seat.as_str(), blue_seat.as_str()];

    // Each seat's list names the round's link: the watch id and the round.
    for seat in [&red_seat, &blue_seat] {
        let (_, list) = listed(addr, json!([{"invite":invite,"seat":seat}])).await;
        assert_eq!(
            (&list[0]["watch"], &list[0]["round"]),
            (&json!(watch), &json!(1))
        );
    }

    // A page that holds no seat opens it by the link: the board the players saw, no secret.
    let mut stranger = Page::open(addr).await;
    stranger
        .send(json!({"t":"watched","watch":watch,"round":1}))
        .await;
    let replay = stranger.until("replay").await;
    assert_eq!(replay["moves"], json!(moves));
    let expected: Vec<Value> = boards.iter().map(|b| json!(squares(b))).collect();
    assert_eq!(replay["boards"], json!(expected));
    let game = &replay["game"];
    assert_eq!(game["id"], format!("{watch}r1"));
    assert!(game["you"].is_null() && game["friend"].is_null(), "{game}");
    assert_eq!((&game["watch"], &game["round"]), (&json!(watch), &json!(1)));

    // A round not played, an unknown watch id, the invite for the watch id: refused alike.
    let mut wrong = watch.clone().into_bytes();
    wrong[3] = if wrong[3] == b'0' { b'1' } else { b'0' };
    let wrong = String::from_utf8(wrong).unwrap();
    for (link, round) in [(&watch, 2), (&wrong, 1), (&invite, 1)] {
        stranger
            .send(json!({"t":"watched","watch":link,"round":round}))
            .await;
        let e = stranger.error().await;
        assert!(
            e.contains("no finished round") && e.contains("nothing changed"),
            "{e}"
        );
    }
    stranger
        .send(json!({"t":"watched","watch":watch,"round":"one"}))
        .await;
    assert!(stranger.error().await.contains("malformed"));

    // It cannot be reviewed without a seat, nor moved in by watching the game.
    stranger
        .send(json!({"t":"review","id":format!("{watch}r1"),"seat":"0".repeat(32)}))
        .await;
    stranger.error().await;
    stranger.send(json!({"t":"watch","watch":watch})).await;
    stranger.until("friend").await;
    stranger.line("1 1").await;
    assert!(stranger.error().await.contains("watcher cannot play"));
    stranger
        .send(json!({"t":"watched","watch":watch,"round":1}))
        .await;
    assert_eq!(stranger.until("replay").await["moves"], json!(moves));
    for m in &stranger.seen {
        for secret in secrets {
            assert!(!m.to_string().contains(secret), "{m}");
        }
    }

    // After kill -9 and a restart the link opens it still.
    stop_process(&mut server, false);
    let (mut server, addr) = serve_process(&file, 0, &[]);
    let mut page = Page::open(addr).await;
    page.send(json!({"t":"watched","watch":watch,"round":1}))
        .await;
    assert_eq!(page.until("replay").await["boards"], json!(expected));
    stop_process(&mut server, true);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_jump_snatch_game_is_listed_replayed_and_not_reviewed() {
    let file = database("snatch");
    let (mut server, addr) = serve_process(&file, 0, &[]);
    let (mut page, _) = Page::join_new(addr, "snatch").await;
    page.line("second person").await;
    page.line("position xx./.../.xx").await;
    let line = ["3:3x3:1", "1:1x1:3", "3:1-2:2", "1:3x3:1"];
    for mv in line {
        page.line(mv).await;
    }
    let end = page
        .until_that(|m| m["t"] == "state" && !m["winner"].is_null())
        .await;
    // The kept game's link came with its first move.
    let seat = page
        .seen
        .iter()
        .find(|m| m["t"] == "seat")
        .expect("a seat")
        .clone();
    let (id, seat) = (text(&seat["game"]), text(&seat["seat"]));
    let winner = if end["winner"] == "first" {
        "red"
    } else {
        "blue"
    };

    page.send(json!({"t":"games","list":[{"id":id,"seat":seat}, {"id":id,"seat":"0".repeat(32)}]}))
        .await;
    let list = page.until("games").await["list"].clone();
    assert_eq!(list.as_array().unwrap().len(), 1, "{list}");
    let game = &list[0];
    assert_eq!(
        (
            &game["kind"],
            &game["rules"],
            &game["moves"],
            &game["result"]
        ),
        (
            &json!("snatch"),
            &json!("snatch"),
            &json!(4),
            &json!(winner)
        )
    );
    page.send(json!({"t":"replay","id":id,"seat":seat})).await;
    let replay = page.until("replay").await;
    assert_eq!(replay["moves"], json!(line));
    let boards = replay["boards"].as_array().unwrap();
    assert_eq!(boards.len(), 5);
    let pieces = |b: &Value| b.as_array().unwrap().iter().filter(|s| s[1] == "x").count();
    assert_eq!((pieces(&boards[0]), pieces(&boards[4])), (4, 1));
    // The last board is the one the page was shown.
    let shown: Vec<[usize; 2]> = serde_json::from_value(end["pieces"].clone()).unwrap();
    let [row, col] = shown[0];
    assert_eq!(boards[4][(row - 1) * 3 + col - 1], json!([1, "x"]));
    // Its script replays it in `jump61 snatch`, to the same end, without an error.
    let script = text(&replay["script"]) + "board\n";
    let out = jump61(&["snatch"], &script);
    let mut last_rows = String::new();
    for r in 0..3 {
        let cells: Vec<&str> = (0..3)
            .map(|c| {
                if boards[4][r * 3 + c][1] == "x" {
                    "x"
                } else {
                    "."
                }
            })
            .collect();
        last_rows.push_str(&format!("  {} {}\n", r + 1, cells.join(" ")));
    }
    assert!(out.contains(&last_rows), "{out}");

    page.send(json!({"t":"review","id":id,"seat":seat})).await;
    let e = page.error().await;
    assert!(
        e.contains("Jump Snatch") && e.contains("Jump61 games only"),
        "{e}"
    );
    stop_process(&mut server, true);
}

/// `jump61 ARGS` with `input` on its standard input: its output (it must succeed, and say
/// nothing on its error stream).
fn jump61(args: &[&str], input: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_jump61"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success() && err.is_empty(),
        "jump61 {args:?}: {err}"
    );
    String::from_utf8(out.stdout).unwrap()
}
