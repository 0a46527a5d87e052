import type { ColumnPriority } from './types.ts';

const RANK: Record<ColumnPriority, number> = { low: 0, normal: 1, high: 2 };

/**
 * The columns left out so the shown ones fit `room` px without a horizontal scroll: the lowest
 * priority first, the rightmost first among equals, until the rest fits (or one column is
 * left). `high` columns go last, only when the lower ones alone do not make room.
 */
export function columnsLeftOut(columns: ReadonlyArray<{ id: string; width: number; priority?: ColumnPriority | undefined }>, room: number, fixed = 0): Set<string> {
  const out = new Set<string>();
  if (room <= 0) return out;
  let width = fixed + columns.reduce((sum, column) => sum + column.width, 0);
  if (width <= room) return out;
  const order = columns
    .map((column, position) => ({ column, position }))
    .sort((a, b) => RANK[a.column.priority ?? 'normal'] - RANK[b.column.priority ?? 'normal'] || b.position - a.position);
  for (const { column } of order) {
    if (width <= room || out.size >= columns.length - 1) break;
    out.add(column.id);
    width -= column.width;
  }
  return out;
}
