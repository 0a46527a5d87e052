import { useLayoutEffect, useRef, useState, type RefObject } from 'react';

/**
 * How much the toolbar gives up to stay on one row: 0 everything at full size; 1 the table's own
 * tools (Columns, Export CSV) as icons with their names in tooltips; 2 besides, the screen told it
 * is `crowded` (a list screen then moves its secondary filters behind "Filters").
 */
export type ToolbarFit = 0 | 1 | 2;

/** Where an element's middle is, vertically: the items of one row share it (the toolbar centres them). */
const middleOf = (element: Element) => {
  const box = element.getBoundingClientRect();
  return box.top + box.height / 2;
};

/** The tools dropped to a line of their own, below the filters. */
const endBelow = (start: HTMLElement, end: HTMLElement) => end.getBoundingClientRect().top >= start.getBoundingClientRect().bottom - 1;

/**
 * The filters folded onto a second line: the items of the start (those of a wrapping group, the
 * filter bar, one by one) do not share a middle. A field taller for its error message still does.
 */
function folded(start: HTMLElement): boolean {
  const items = [...start.children].flatMap((child) => (getComputedStyle(child).flexWrap === 'wrap' ? [...child.children] : [child]));
  const middles = items.filter((item) => (item as HTMLElement).offsetParent !== null).map(middleOf);
  return middles.length > 1 && Math.max(...middles) - Math.min(...middles) > 12;
}

/** How much wider than where a step failed the toolbar must grow before that step is tried again. */
const RETRY_AFTER = 40;

/**
 * Finds the roomiest toolbar that fits on one row, by trying: when the row wraps (the tools drop
 * to a line of their own, or the filters fold), one step more compact; when the toolbar has grown
 * clearly wider than where the roomier step last failed, that step again. A step that failed is
 * not tried again at about the same width, so the toolbar does not flicker while a window is
 * dragged wider. When `retryKey` changes (what the toolbar holds changed: a selection's actions
 * came or went, another language) the roomier steps are tried again at once.
 */
export function useToolbarFit(retryKey: string): { fit: ToolbarFit; toolbarRef: RefObject<HTMLDivElement | null>; startRef: RefObject<HTMLDivElement | null>; endRef: RefObject<HTMLDivElement | null> } {
  const toolbarRef = useRef<HTMLDivElement>(null);
  const startRef = useRef<HTMLDivElement>(null);
  const endRef = useRef<HTMLDivElement>(null);
  const [fit, setFit] = useState<ToolbarFit>(0);
  // The toolbar's width when step n last did not fit (it is tried again only wider than that).
  const failedAt = useRef<number[]>([0, 0]);
  const measureRef = useRef<() => void>(() => undefined);

  useLayoutEffect(() => {
    failedAt.current = [0, 0];
    measureRef.current();
  }, [retryKey]);

  useLayoutEffect(() => {
    const toolbar = toolbarRef.current;
    const start = startRef.current;
    const end = endRef.current;
    if (!toolbar || !start || !end) return undefined;
    const measure = () => {
      const width = toolbar.clientWidth;
      if (width === 0) return; // not laid out (a hidden tab)
      const wrapped = endBelow(start, end) || folded(start);
      setFit((current) => {
        if (wrapped && current < 2) {
          failedAt.current[current] = width;
          return (current + 1) as ToolbarFit;
        }
        if (!wrapped && current > 0 && width > failedAt.current[current - 1]! + RETRY_AFTER) return (current - 1) as ToolbarFit;
        return current;
      });
    };
    measureRef.current = measure;
    measure();
    const observer = new ResizeObserver(measure);
    for (const element of [toolbar, start, end]) observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return { fit, toolbarRef, startRef, endRef };
}
