"""Type stub for the compiled search core (``solver/_core.pyx``)."""
from typing import Any

MODELS: dict[str, int]

class Core:
    """A search engine with its own transposition table (``2**tt_bits`` entries of 32 bytes)."""

    tt_bits: int
    fast_pext: bool
    def __init__(self, tt_bits: int = 20) -> None: ...
    @property
    def tt_bytes(self) -> int: ...
    def clear(self) -> None: ...
    def set_rules(self, spec: dict[str, Any]) -> None: ...
    def analyse(
        self,
        state: tuple[Any, ...],
        target: int,
        model: str = "paranoid",
        node_limit: int = 0,
        time_ms: float = 0,
        want_pv: bool = True,
        guess: int | None = None,
        game: dict[str, Any] | None = None,
    ) -> dict[str, Any]: ...
    def legal_mask(self, state: tuple[Any, ...]) -> int: ...
    def bounds(self, state: tuple[Any, ...], target: int) -> tuple[int, int, int | None]: ...
    def score_bounds_pair(
        self, state: tuple[Any, ...], target: int, own: bool
    ) -> tuple[tuple[int, int], tuple[int, int]]: ...
    def score(self, state: tuple[Any, ...], seat: int) -> int: ...
