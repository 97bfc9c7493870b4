"""Line charts drawn on the server as SVG: no script, no build step, readable on a phone.

>>> svg = line_chart([Line("Ann", [(1, 100), (2, 140)])], x_label="Hand", y_label="Chips")
>>> svg.startswith("<svg") and "Ann" in svg
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

# Colours told apart on a dark page and by most colour-blind readers (Okabe-Ito, lightened).
PALETTE = ("#56b4e9", "#e69f00", "#6fd3a8", "#f0e442", "#cc79a7", "#ff8c61", "#a6a6ff", "#ffffff", "#9ad15b")
# A small canvas with large type: scaled down to a phone's width, labels stay readable.
WIDTH, HEIGHT = 520, 300
LEFT, RIGHT, TOP, BOTTOM = 64, 12, 12, 44


@dataclass(frozen=True, slots=True)
class Line:
    label: str
    points: Sequence[tuple[float, float]]


def _ticks(low: float, high: float, count: int = 5) -> list[float]:
    if high == low:
        return [low]
    raw = (high - low) / count
    magnitude = 10 ** len(str(int(abs(raw)))) / 10 if raw >= 1 else 1
    step = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw)
    start = (low // step) * step
    ticks, value = [], start
    while value <= high + step / 1000:
        if value >= low - step / 1000:
            ticks.append(round(value, 6))
        value += step
    return ticks


def _number(value: float) -> str:
    return f"{value:,.0f}" if abs(value) >= 100 or value == int(value) else f"{value:,.1f}"


def _text(x: float, y: float, css_class: str, content: str, anchor: str = "start", extra: str = "") -> str:
    where = f'x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}"'
    return f'<text {where} class="{css_class}"{extra}>{escape(content)}</text>'


def line_chart(
    lines: Sequence[Line], *, x_label: str, y_label: str, title: str = "", from_zero: bool = True
) -> str:
    """One polyline per line, a legend under the chart, axes with a few round ticks. Results
    (above and below 0) want `from_zero`; stacks read better zoomed to where they moved."""
    points = [p for line in lines for p in line.points]
    if not points:
        return ""
    xs, ys = [x for x, _ in points], [y for _, y in points]
    x_low, x_high = min(xs), max(xs) if max(xs) > min(xs) else min(xs) + 1
    y_low, y_high = (min(min(ys), 0), max(max(ys), 0)) if from_zero else (min(ys), max(ys))
    if y_high == y_low:
        y_high = y_low + 1
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def sx(x: float) -> float:
        return LEFT + (x - x_low) / (x_high - x_low) * plot_w

    def sy(y: float) -> float:
        return TOP + (y_high - y) / (y_high - y_low) * plot_h

    legend_rows = (len(lines) + 1) // 2
    total_h = HEIGHT + 8 + legend_rows * 28
    out = [
        f'<svg class="chart" viewBox="0 0 {WIDTH} {total_h}" role="img" '
        f'aria-label="{escape(title or y_label)}" xmlns="http://www.w3.org/2000/svg">',
        f"<title>{escape(title or y_label)}</title>",
        f'<rect x="{LEFT}" y="{TOP}" width="{plot_w}" height="{plot_h}" class="chart-area"/>',
    ]
    for tick in _ticks(y_low, y_high):
        y = sy(tick)
        out.append(f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y:.1f}" y2="{y:.1f}" class="chart-grid"/>')
        out.append(_text(LEFT - 6, y + 4, "chart-tick", _number(tick), "end"))
    if y_low < 0 < y_high:
        out.append(
            f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{sy(0):.1f}" y2="{sy(0):.1f}" class="chart-zero"/>'
        )
    for tick in _ticks(x_low, x_high, 6):
        if tick == int(tick):
            x = sx(tick)
            out.append(_text(x, HEIGHT - BOTTOM + 20, "chart-tick", f"{tick:.0f}", "middle"))
    middle = TOP + plot_h / 2
    out.append(_text(LEFT + plot_w / 2, HEIGHT - 4, "chart-label", x_label, "middle"))
    out.append(
        _text(16, middle, "chart-label", y_label, "middle", f' transform="rotate(-90 16 {middle:.1f})"')
    )
    for index, line in enumerate(lines):
        colour = PALETTE[index % len(PALETTE)]
        path = " ".join(f"{sx(x):.1f},{sy(y):.1f}" for x, y in line.points)
        out.append(
            f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2.5" class="chart-line">'
        )
        out.append(f"<title>{escape(line.label)}</title></polyline>")
        if len(line.points) == 1:
            x, y = line.points[0]
            out.append(f'<circle cx="{sx(x):.1f}" cy="{sy(y):.1f}" r="4" fill="{colour}"/>')
        column, row = index % 2, index // 2
        lx, ly = LEFT + column * (plot_w / 2), HEIGHT + 16 + row * 28
        out.append(f'<rect x="{lx:.0f}" y="{ly - 13}" width="16" height="16" rx="3" fill="{colour}"/>')
        out.append(_text(lx + 20, ly + 2, "chart-legend", line.label))
    out.append("</svg>")
    return "\n".join(out)
