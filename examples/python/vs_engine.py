"""Random and greedy agents against the jump61 engine at levels 1 to 5: the score table.

    python examples/python/vs_engine.py [--games 10] [--size 5] [--nodes 2000] [--seed 1]

Each agent plays `games` games against each level, half as Red (who moves first) and half
as Blue; the engine has `nodes` nodes a move on one thread, so a seed gives the same table
on every machine.
"""

import argparse
import random

import jump61


def random_agent(board: jump61.Board, rng: random.Random) -> tuple[int, int]:
    return rng.choice(board.legal_moves())


def greedy_agent(board: jump61.Board, rng: random.Random) -> tuple[int, int]:
    """The move after which the mover owns the most squares (ties broken at random)."""
    mover = 1 if board.to_move == "Red" else -1
    best, best_moves = None, []
    for move in board.legal_moves():
        board.play(move)
        owned = int((board.owners == mover).sum()) + (1000 if board.winner else 0)
        board.pop()
        if best is None or owned > best:
            best, best_moves = owned, [move]
        elif owned == best:
            best_moves.append(move)
    return rng.choice(best_moves)


def play(agent, engine: jump61.Engine, agent_colour: str, size: int, nodes: int, rng) -> bool:
    """One game; whether the agent won."""
    board = jump61.Board(size)
    engine.clear()
    while board.winner is None:
        if board.to_move == agent_colour:
            board.play(agent(board, rng))
        else:
            board.play(engine.best_move(board, nodes=nodes))
    return board.winner == agent_colour


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--size", type=int, default=5)
    parser.add_argument("--nodes", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    agents = {"random": random_agent, "greedy": greedy_agent}
    print(f"{args.size}x{args.size}, {args.games} games an entry, the engine at "
          f"{args.nodes} nodes a move: the agent's wins-losses")
    print("agent   " + "".join(f"  level {level}" for level in range(1, 6)))
    for name, agent in agents.items():
        row = f"{name:<8}"
        for level in range(1, 6):
            engine = jump61.Engine(threads=1, level=level, seed=args.seed)
            wins = sum(
                play(agent, engine, "Red" if g % 2 == 0 else "Blue", args.size, args.nodes, rng)
                for g in range(args.games)
            )
            row += f"  {f'{wins}-{args.games - wins}':>7}"
        print(row)


if __name__ == "__main__":
    main()
