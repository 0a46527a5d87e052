/**
 * The vertical geometry of the table body: where row `i` is for a scroll position, how tall the
 * scrolled content is, and how far to scroll to bring a row into view.
 *
 * Normally the content is exactly `total x rowHeight` tall and each row sits at `i x rowHeight`.
 * Chromium cannot lay out an element taller than 33,554,428 px (measured: a taller one is cut
 * there), so above `MAX_SCROLL_HEIGHT` the scroll range is compressed: one pixel of scroll moves
 * `rowHeight / step` pixels of rows (a million rows at 34 px: 1.03), rows keep their real height,
 * and the body is re-positioned on every scroll event. The scrollbar still spans every row.
 */

/** Largest scrolled height the body is given before compressing (under Chromium's limit, with room for the header). */
export const MAX_SCROLL_HEIGHT = 33_000_000;

export interface BodyGeometry {
  /** Rows in the list. */
  total: number;
  /** Height of a rendered row, px. */
  rowHeight: number;
  /** Scroll pixels per row: `rowHeight`, or less when compressed. */
  step: number;
  compressed: boolean;
  /** Height of the body's spacer (the scrolled content below the sticky header). */
  spacerHeight: number;
  /** Height of the body's visible area (the scroller's client height minus the header). */
  viewport: number;
  /** Rows that fit whole in the viewport (at least 1). */
  fullRows: number;
}

export function bodyGeometry(total: number, rowHeight: number, viewport: number, maxHeight = MAX_SCROLL_HEIGHT): BodyGeometry {
  const fullRows = Math.max(1, Math.floor(viewport / rowHeight));
  const natural = total * rowHeight;
  if (natural <= maxHeight || total <= fullRows) {
    return { total, rowHeight, step: rowHeight, compressed: false, spacerHeight: natural, viewport, fullRows };
  }
  // At the largest scroll offset the last rows end at the viewport's bottom edge:
  // spacer = (total - viewport / rowHeight) * step + viewport = maxHeight.
  const inView = viewport / rowHeight;
  const step = Math.max(1e-3, (maxHeight - viewport) / (total - inView));
  return { total, rowHeight, step, compressed: true, spacerHeight: (total - inView) * step + viewport, viewport, fullRows };
}

/** The (fractional) index of the row at the top of the viewport for a scroll offset. */
export function firstRowAt(g: BodyGeometry, scrollTop: number): number {
  return Math.max(0, scrollTop) / g.step;
}

/** The y (in the spacer) of the body's first rendered row `start`, for a scroll offset. */
export function bodyOffset(g: BodyGeometry, start: number, scrollTop: number): number {
  if (!g.compressed) return start * g.rowHeight;
  return scrollTop + (start - firstRowAt(g, scrollTop)) * g.rowHeight;
}

/** The scroll offset that shows row `index` whole, moving as little as possible (`null`: already shown). */
export function scrollOffsetToShow(g: BodyGeometry, index: number, scrollTop: number): number | null {
  // Whole pixels, rounded towards showing the row: the browser keeps whole scroll offsets.
  const first = firstRowAt(g, scrollTop);
  if (index < first - 1e-6) return Math.floor(index * g.step);
  const bottom = index + 1 - g.viewport / g.rowHeight;
  if (first < bottom - 1e-6) return Math.max(0, Math.ceil(bottom * g.step));
  return null;
}

/** The rows to render for a scroll offset: the ones in view plus `overscan` on each side. */
export function renderedRange(g: BodyGeometry, scrollTop: number, overscan: number): { start: number; end: number } {
  if (g.total === 0) return { start: 0, end: -1 };
  const first = Math.floor(firstRowAt(g, scrollTop));
  const inView = Math.ceil(g.viewport / g.rowHeight) + 1;
  return { start: Math.max(0, first - overscan), end: Math.min(g.total - 1, first + inView + overscan) };
}
