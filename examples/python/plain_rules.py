"""The 2014 rules of Jump61 in plain Python: the implementation every chain-reaction
project writes for itself, kept plain on purpose. The benchmark times it beside the
package; the tests check it against the package move by move."""

class PlainBoard:
    """A size x size board, every square white with one spot; Red moves first."""

    def __init__(self, size: int):
        self.size = size
        self.spots = [1] * (size * size)
        self.owner = [None] * (size * size)  # None, "Red" or "Blue"
        self.neighbours = [self._neighbours(sq) for sq in range(size * size)]

    def _neighbours(self, sq: int) -> list[int]:
        row, col = divmod(sq, self.size)
        steps = [(-1, 0), (1, 0), (0, -1), (0, 1)]
        return [
            (row + dr) * self.size + col + dc
            for dr, dc in steps
            if 0 <= row + dr < self.size and 0 <= col + dc < self.size
        ]

    def to_move(self) -> str:
        """Red when the spots plus the size are even."""
        return "Red" if (sum(self.spots) + self.size) % 2 == 0 else "Blue"

    def winner(self):
        first = self.owner[0]
        if first is not None and all(o == first for o in self.owner):
            return first
        return None

    def legal_moves(self) -> list[int]:
        if self.winner() is not None:
            return []
        opponent = "Blue" if self.to_move() == "Red" else "Red"
        return [sq for sq, o in enumerate(self.owner) if o != opponent]

    def play(self, sq: int) -> None:
        """A spot for the side to move on `sq`, then the chain reaction in waves: each wave
        topples, once each and in ascending order, every square overfull when it began,
        and the reaction stops as soon as one colour owns the board (the engine's order)."""
        player = self.to_move()
        self.spots[sq] += 1
        self.owner[sq] = player
        if self.winner() is not None:
            return
        wave = [sq] if self.spots[sq] > len(self.neighbours[sq]) else []
        while wave:
            for square in wave:
                around = self.neighbours[square]
                self.spots[square] -= len(around)
                for n in around:
                    self.spots[n] += 1
                    self.owner[n] = player
                if self.winner() is not None:
                    return
            wave = [s for s, n in enumerate(self.neighbours) if self.spots[s] > len(n)]

    def notation(self) -> str:
        def cell(sq):
            owner = self.owner[sq]
            return f"{self.spots[sq]}{'-' if owner is None else owner[0].lower()}"

        n = self.size
        return "/".join("".join(cell(r * n + c) for c in range(n)) for r in range(n))
