"""``result[card]``: the one lookup of every result that values cards.

A :class:`~hearts.solver.solve.SolveResult` holds a :class:`~hearts.solver.solve.CardValue`
per class of equivalent cards, an ``Advice`` (``hearts.analysis``) a ``CardAdvice``; either is
looked up by any card of its class, as a :class:`Card` or its text (``result["QS"]``).
"""
from __future__ import annotations

from typing import Any

from .cards import Card

__all__ = ["CardLookup"]


class CardLookup:
    """Mixin: ``result[card]`` is the entry of ``card`` among ``result.cards``, the entry whose
    ``card`` it is or whose ``equals`` hold it; ``card in result`` says whether there is one.

    The entries are the result's ``cards`` (each with ``card`` and ``equals``). A result says
    why a card has no entry by :meth:`_not_valued`.

    Raises (``result[card]``):
        KeyError: no entry for the card (not a legal card; a card a limit left without a
            value), with a message that says which.
        CardError: ``card`` is no card.
    """

    __slots__ = ()
    cards: tuple[Any, ...]
    # ``__getitem__`` would make the result iterable by 0, 1, 2 ...: it is not a sequence
    __iter__ = None

    def __getitem__(self, card: "Card | str") -> Any:
        wanted = Card(card)
        for entry in self.cards:
            if entry.card is wanted or wanted in entry.equals:
                return entry
        raise KeyError(self._not_valued(wanted))

    def __contains__(self, card: "Card | str") -> bool:
        wanted = Card(card)
        return any(entry.card is wanted or wanted in entry.equals for entry in self.cards)

    def _legal(self) -> list[Card]:
        """The legal cards: those of the entries (a result that values fewer says so)."""
        return [c for entry in self.cards for c in (entry.card, *entry.equals)]

    def _not_valued(self, card: Card) -> str:
        """Why ``card`` has no entry (the message of the ``KeyError``)."""
        legal = " ".join(str(c) for c in sorted(self._legal()))
        return f"{card} is not a legal card here (the legal cards: {legal or 'none'})"
