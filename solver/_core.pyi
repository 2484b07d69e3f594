"""Type stub for the compiled search core (``solver/_core.pyx``)."""
from typing import Any

MODELS: dict[str, int]

class Core:
    """A search engine with its own transposition table (``2**tt_bits`` entries of 32 bytes)."""

    tt_bits: int
    fast_pext: bool
    stop: StopToken | None
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
    def set_policy(self, spec: dict[str, Any]) -> None: ...
    def policy_card(self, state: tuple[Any, ...]) -> int: ...
    def policy_line(self, state: tuple[Any, ...], tricks_left: int) -> list[int]: ...
    def rollout(
        self,
        state: tuple[Any, ...],
        target: int,
        model: str,
        horizon: int,
        cards: list[int] | None = None,
        node_limit: int = 0,
        time_ms: float = 0,
        retry: bool = False,
        whole: bool = False,
        game: dict[str, Any] | None = None,
    ) -> dict[str, Any]: ...
    def legal_mask(self, state: tuple[Any, ...]) -> int: ...
    def bounds(self, state: tuple[Any, ...], target: int) -> tuple[int, int, int | None]: ...
    def score_bounds_pair(
        self, state: tuple[Any, ...], target: int, own: bool
    ) -> tuple[tuple[int, int], tuple[int, int]]: ...
    def can_duck_all(self, state: tuple[Any, ...], target: int) -> bool | None: ...
    def score(self, state: tuple[Any, ...], seat: int) -> int: ...

def pack_rules(spec: dict[str, Any]) -> bytes: ...

class StopToken:
    """A stop for the searches of the cores that hold it (``Core.stop``)."""

    parent: StopToken | None
    def __init__(self, parent: StopToken | None = None) -> None: ...
    def stop(self) -> None: ...
    @property
    def stopped(self) -> bool: ...
