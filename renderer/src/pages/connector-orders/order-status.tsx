import { OrderStatusValue } from '../../components/api-value/ApiValue.tsx';
import { Pill } from '../../components/data-table/index.ts';

type PillColor = 'gray' | 'red' | 'teal' | 'blue' | 'yellow' | 'violet';

/**
 * The colour of a marketplace's order status. The status is the partner's own text (WooCommerce,
 * eMAG, a shop of its own), shown as it came; the colour reads the words most platforms use, and
 * any other status is gray.
 */
const COLOURS: Array<[RegExp, PillColor]> = [
  [/cancel|refund|fail|void|reject|return/i, 'red'],
  [/complet|deliver|finaliz|done|livrat/i, 'teal'],
  [/hold|pending|await|wait|new/i, 'yellow'],
  [/process|pack|ship|prepar|transit|sent/i, 'blue'],
];

export const orderStatusColor = (status: string): PillColor => COLOURS.find(([words]) => words.test(status))?.[1] ?? 'gray';

/** An order's status as a badge, as every other list shows its statuses. */
export function OrderStatusPill({ status, compact = false }: { status: string; compact?: boolean }) {
  return (
    <Pill color={orderStatusColor(status)}>
      <OrderStatusValue status={status} compact={compact} />
    </Pill>
  );
}
