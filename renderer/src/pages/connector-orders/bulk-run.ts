import { useCallback, useRef, useState } from 'react';
import type { OperationInput, OperationOutput } from '../../../../shared/contract/operations.ts';
import type { ListRow } from '../../components/data-table/index.ts';
import { useClientInfo } from '../../api/context.tsx';
import { ErpError } from '../../api/errors.ts';
import { useQueryClient } from '../../api/operations.ts';

export type OrderRow = ListRow<'lists.connectorOrders'>;
export type BulkKind = 'status' | 'invoice' | 'awb';

/** Why a selected order cannot take the action: said before the run, and the row is skipped. */
export type SkipReason = 'cancelled' | 'invoiced' | 'awbActive';

export interface Skipped {
  order: OrderRow;
  reason: SkipReason;
  /** The document in the way (invoice series and number, AWB number). */
  document?: string;
}

/**
 * Splits the selection into the orders the action can be tried on and those it cannot (the rule
 * the single action's button follows: a cancelled order takes none; an invoiced one no second
 * invoice; one with a live AWB no second AWB).
 */
export function eligibility(kind: BulkKind, orders: readonly OrderRow[]): { runnable: OrderRow[]; skipped: Skipped[] } {
  const runnable: OrderRow[] = [];
  const skipped: Skipped[] = [];
  for (const order of orders) {
    const invoice = order.invoices.find((i) => i.document_cancelled === 0);
    const awb = order.awbs.find((a) => a.document_cancelled === 0);
    if (order.order_cancelled === 1) skipped.push({ order, reason: 'cancelled' });
    else if (kind === 'invoice' && invoice) skipped.push({ order, reason: 'invoiced', document: `${invoice.seria} ${invoice.nr}` });
    else if (kind === 'awb' && awb) skipped.push({ order, reason: 'awbActive', document: awb.awb_nr });
    else runnable.push(order);
  }
  return { runnable, skipped };
}

/** What the dialog asks before the run (the single actions' fields). */
export type BulkOptions =
  | { kind: 'status'; status_text: string }
  | { kind: 'invoice'; date?: string; series?: string }
  | {
      kind: 'awb';
      /** null: each order's connector's default courier (awb.default_courier). */
      awb_type: string | null;
      awb_packet_count?: number;
      awb_service_type?: 'standard' | 'express';
    };

/** One order's outcome: done (with what the action made) or refused (the core's reason), or not run. */
export type RowResult =
  | { order: OrderRow; state: 'done'; document: string; notifications: number; changed?: boolean }
  | { order: OrderRow; state: 'refused'; reason: string }
  | { order: OrderRow; state: 'notRun' };

export interface BulkRun {
  /** idle before Start; running; done (every row tried, or stopped by Cancel). */
  phase: 'idle' | 'running' | 'done';
  results: RowResult[];
  /** The rows to try (the eligible ones), fixed at Start. */
  total: number;
  stopped: boolean;
  start(orders: readonly OrderRow[], options: BulkOptions): Promise<void>;
  /** Stops before the next row: the one under way finishes (its transaction is the core's). */
  stop(): void;
  reset(): void;
}

/** The core's refusal as a person reads it: its messages without the leading field name ("order_unique_id: "). */
const reasonOf = (error: unknown): string => {
  const messages = error instanceof ErpError ? error.messages : [error instanceof Error ? error.message : String(error)];
  const text = messages.map((m) => m.replace(/^[a-z_]+: /, '')).join(' ') || (error instanceof Error ? error.message : '');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/**
 * The bulk loop, in the renderer: each order goes through the single action's operation
 * (orders.setStatus / issueInvoice / generateAwb), one call after the other, so each row is its
 * own transaction with its own notifications (a refused row undoes nothing of the others), and
 * the progress shown is the calls answered, not an estimate.
 */
export function useBulkRun(companyId: number): BulkRun {
  const { client } = useClientInfo();
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<BulkRun['phase']>('idle');
  const [results, setResults] = useState<RowResult[]>([]);
  const [total, setTotal] = useState(0);
  const [stopped, setStopped] = useState(false);
  const stopRef = useRef(false);

  const start = useCallback(
    async (orders: readonly OrderRow[], options: BulkOptions) => {
      stopRef.current = false;
      setStopped(false);
      setResults([]);
      setTotal(orders.length);
      setPhase('running');
      const couriers = new Map<number, Promise<string>>();
      const defaultCourier = (connectorId: number) => {
        let found = couriers.get(connectorId);
        if (!found) {
          found = client.invoke('connectors.get', { company_id: companyId, connector_id: connectorId }).then((c) => {
            const value = c.awb.default_courier?.value;
            if (typeof value !== 'string' || value === '') throw new ErpError(400, ['awb_type: this connector has no default courier (awb.default_courier); choose one']);
            return value;
          });
          couriers.set(connectorId, found);
        }
        return found;
      };
      for (const [i, order] of orders.entries()) {
        if (stopRef.current) {
          setResults((prev) => [...prev, ...orders.slice(i).map((o): RowResult => ({ order: o, state: 'notRun' }))]);
          break;
        }
        const key = { company_id: companyId, connector_id: order.connector_id, order_unique_id: order.order_unique_id };
        let result: RowResult;
        try {
          if (options.kind === 'status') {
            const answer = await client.invoke('orders.setStatus', { ...key, status_text: options.status_text });
            result = { order, state: 'done', document: answer.order_status, notifications: answer.notifications.length, changed: answer.changed };
          } else if (options.kind === 'invoice') {
            const input: OperationInput<'orders.issueInvoice'> = { ...key, ...(options.date && { date: options.date }), ...(options.series && { series: options.series }) };
            const answer: OperationOutput<'orders.issueInvoice'> = await client.invoke('orders.issueInvoice', input);
            result = { order, state: 'done', document: `${answer.doc_series} ${answer.doc_nr}`, notifications: answer.notifications.length };
          } else {
            const awbType = options.awb_type ?? (await defaultCourier(order.connector_id));
            const answer = await client.invoke('orders.generateAwb', {
              ...key,
              awb_type: awbType,
              ...(options.awb_packet_count !== undefined && { awb_packet_count: options.awb_packet_count }),
              ...(options.awb_service_type && { awb_service_type: options.awb_service_type }),
            });
            result = { order, state: 'done', document: answer.awb_nr, notifications: answer.notifications.length };
          }
        } catch (error) {
          result = { order, state: 'refused', reason: reasonOf(error) };
        }
        setResults((prev) => [...prev, result]);
      }
      setStopped(stopRef.current);
      setPhase('done');
      // The screens refresh on the core's data.changed events too; this makes the end certain.
      await queryClient.invalidateQueries({ queryKey: ['lists.connectorOrders'] });
    },
    [client, companyId, queryClient],
  );

  return {
    phase,
    results,
    total,
    stopped,
    start,
    stop: () => {
      stopRef.current = true;
      setStopped(true);
    },
    reset: () => {
      setPhase('idle');
      setResults([]);
      setTotal(0);
      setStopped(false);
    },
  };
}
