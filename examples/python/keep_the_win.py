"""Does an agent keep a won position? Checked against the proven value of 4x4 positions.

    python examples/python/keep_the_win.py [--games 3] [--plies 8] [--agent-nodes 500]

Blue, the second player, wins 4x4 with perfect play (proven by `jump61 solve --size 4`).
Each game starts from a position `plies` random moves in whose value the solver proves;
the agent (the engine at level 2 with few nodes, a small agent) plays the winning side
against random moves, and after each of its moves the solver says whether the position
is still won. The table gives, for each game, the agent's moves and how many kept the
win; an agent that never lets a win go keeps them all.
"""

import argparse
import random

import jump61


def won_start(rng: random.Random, plies: int, time: float) -> jump61.Board:
    """A 4x4 position `plies` random moves in whose winner the solver proves."""
    while True:
        board = jump61.Board(4)
        for _ in range(plies):
            board.play(rng.choice(board.legal_moves()))
            if board.winner:
                break
        if board.winner is None and jump61.solve(board, time=time).winner is not None:
            return board


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--plies", type=int, default=8)
    parser.add_argument("--agent-nodes", type=int, default=500)
    parser.add_argument("--time", type=float, default=60.0, help="seconds for each proof")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    agent = jump61.Engine(threads=1, level=2, seed=args.seed)
    kept_all = 0
    print("game  start position                        winner  agent moves  kept the win")
    for game in range(1, args.games + 1):
        board = won_start(rng, args.plies, args.time)
        winner = jump61.solve(board, time=args.time).winner
        start = board.notation
        moves = kept = 0
        while board.winner is None:
            if board.to_move == winner:
                board.play(agent.best_move(board, nodes=args.agent_nodes))
                moves += 1
                value = jump61.solve(board, time=args.time)
                kept += board.winner == winner or value.winner == winner
            else:
                board.play(rng.choice(board.legal_moves()))
        kept_all += kept == moves
        print(f"{game:>4}  {start:<36}  {winner:<6}  {moves:>11}  {kept:>12}")
    print(f"the agent kept every win in {kept_all} of {args.games} games")


if __name__ == "__main__":
    main()
