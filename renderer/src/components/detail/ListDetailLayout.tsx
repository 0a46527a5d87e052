import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Box } from '@mantine/core';
import classes from './detail.module.css';

/** Room left under the layout: the main area's bottom padding. */
const BOTTOM_GAP = 20;
const MIN_HEIGHT = 420;
/** Below this width the panel goes under the table and the page scrolls (detail.module.css). */
const STACKED_BELOW = 992;

/**
 * The height from the layout's top to the bottom of the window: whatever stands above it (a
 * header, a row of filters that wraps), the table ends at the window's edge and scrolls inside.
 * Measured again when the window or anything above it changes size.
 */
function useFillHeight(): [React.RefObject<HTMLDivElement | null>, number | undefined] {
  const ref = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState<number>();
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const measure = () => {
      if (window.innerWidth < STACKED_BELOW) return setHeight(undefined);
      const top = element.getBoundingClientRect().top + window.scrollY;
      setHeight(Math.max(MIN_HEIGHT, Math.floor(window.innerHeight - top - BOTTOM_GAP)));
    };
    measure();
    const observer = new ResizeObserver(measure);
    if (element.parentElement) observer.observe(element.parentElement);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, []);
  return [ref, height];
}

/**
 * A list screen's body: the table fills the height left under what stands above it, and the
 * open record's DetailPanel sits on its right (below it on a narrow window). The table keeps its
 * width when the panel opens or closes, so nothing jumps under the cursor.
 */
export function ListDetailLayout({ table, detail }: { table: ReactNode; detail?: ReactNode }) {
  const [ref, height] = useFillHeight();
  return (
    <Box ref={ref} className={classes.layout} style={height !== undefined ? { height } : undefined} data-has-detail={detail ? 'true' : 'false'}>
      <div className={classes.table}>{table}</div>
      {detail && <div className={classes.detail}>{detail}</div>}
    </Box>
  );
}
