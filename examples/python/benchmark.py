"""Random playouts on 6x6 four ways, side by side in one run: batched in Rust through the
package (`jump61.random_playouts`), the same playouts in Rust alone (`cargo run --release
--features examples --example playouts`), one Python call a move (`legal_squares` then
`play`), and the plain Python rules of plain_rules.py.

    python examples/python/benchmark.py [--size 6] [--batched 20000] [--single 2000] [--plain 200]

Each line gives games and moves a second; the last lines the two ratios the package aims
at: batched within 2x of Rust alone, and single calls at least 50 times the plain rules.
"""

import argparse
import random
import subprocess
import time
from pathlib import Path

import jump61
from plain_rules import PlainBoard

REPO = Path(__file__).resolve().parents[2]


def batched(size: int, games: int, seed: int) -> tuple[int, int, float]:
    start = time.perf_counter()
    done = jump61.random_playouts(jump61.Board(size), games, seed)
    return done.games, done.moves, time.perf_counter() - start


def rust_alone(size: int, games: int, seed: int, program: Path) -> tuple[int, int, float]:
    if not program.is_file():
        build = ["cargo", "build", "--release", "--features", "examples", "--example", "playouts"]
        subprocess.run(build, cwd=REPO, check=True)
    out = subprocess.run(
        [str(program), str(size), str(games), str(seed)], capture_output=True, text=True, check=True
    ).stdout.split()
    return int(out[1]), int(out[2]), float(out[3])


def single_calls(size: int, games: int, seed: int) -> tuple[int, int, float]:
    rng = random.Random(seed)
    moves = 0
    start = time.perf_counter()
    for _ in range(games):
        board = jump61.Board(size)
        while board.winner is None:
            board.play(rng.choice(board.legal_squares()))
            moves += 1
    return games, moves, time.perf_counter() - start


def plain_python(size: int, games: int, seed: int) -> tuple[int, int, float]:
    rng = random.Random(seed)
    moves = 0
    start = time.perf_counter()
    for _ in range(games):
        board = PlainBoard(size)
        while board.winner() is None:
            board.play(rng.choice(board.legal_moves()))
            moves += 1
    return games, moves, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=6)
    parser.add_argument("--batched", type=int, default=20000, help="games played batched and in Rust alone")
    parser.add_argument("--single", type=int, default=2000, help="games played by single calls")
    parser.add_argument("--plain", type=int, default=200, help="games played by the plain rules")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--rust",
        type=Path,
        default=REPO / "target" / "release" / "examples" / "playouts",
        help="the playouts example built by cargo (built if missing)",
    )
    args = parser.parse_args()
    n, seed = args.size, args.seed
    rows = [
        ("jump61.random_playouts (batched)", batched(n, args.batched, seed)),
        ("Rust alone (examples/playouts.rs)", rust_alone(n, args.batched, seed, args.rust)),
        ("Python calls: legal_squares + play", single_calls(n, args.single, seed)),
        ("plain Python rules", plain_python(n, args.plain, seed)),
    ]
    print(f"random playouts on {n}x{n}, 2014 rules, seed {seed}")
    print(f"{'way':<36} {'games':>7} {'moves':>10} {'seconds':>8} {'games/s':>10} {'moves/s':>12}")
    speed = {}
    for name, (games, moves, secs) in rows:
        speed[name] = (games / secs, moves / secs)
        print(f"{name:<36} {games:>7} {moves:>10} {secs:>8.3f} {games / secs:>10.1f} {moves / secs:>12.0f}")
    batched_games, rust_games = speed[rows[0][0]][0], speed[rows[1][0]][0]
    single_games, plain_games = speed[rows[2][0]][0], speed[rows[3][0]][0]
    print(f"batched / Rust alone: {batched_games / rust_games:.2f} (aim: at least 0.5)")
    print(f"single calls / plain Python: {single_games / plain_games:.1f}x (aim: at least 50x)")


if __name__ == "__main__":
    main()
