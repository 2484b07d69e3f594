"""The sample statistics every sampled estimate of the analysis layer reports."""
from __future__ import annotations

import math
from typing import Sequence

import numpy as np

__all__ = ["Z95", "mean_se"]

#: The two-sided 95% normal quantile: an interval is mean ± Z95·SE.
Z95 = 1.959963984540054


def mean_se(values: "Sequence[float] | np.ndarray") -> tuple[float, float]:
    """The mean of ``values`` and its standard error (sample SD with ``ddof=1`` over √n;
    0 for a single value), in the values' unit (points).

    Raises:
        ValueError: no values.
    """
    column = np.asarray(values, dtype=np.float64)
    n = len(column)
    if n == 0:
        raise ValueError("no values: the mean of nothing")
    se = float(column.std(ddof=1) / math.sqrt(n)) if n > 1 else 0.0
    return float(column.mean()), se
