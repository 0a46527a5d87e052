import type { TFunction } from 'i18next';
import type { WebhookDelivery } from '../../../../shared/domain/webhooks.ts';
import { formatDateTime } from '../../app/format.ts';
import { numberColumn, Pill, textColumn, type DataTableColumn } from '../../components/data-table/index.ts';
import type { en } from './messages.ts';

/** A delivery's state as shown: `sending` while an attempt is under way (the row stays pending meanwhile). */
export const shownStatus = (d: Pick<WebhookDelivery, 'status' | 'in_flight'>) => (d.in_flight ? 'sending' : d.status);

export const STATUS_COLOR = { delivered: 'teal', failed: 'red', pending: 'yellow', cancelled: 'gray', sending: 'blue' } as const;

/** What a delivery is about: the order, else the product code its body names. */
export function subjectOf(d: Pick<WebhookDelivery, 'order_unique_id' | 'payload'>): string {
  if (d.order_unique_id !== null) return d.order_unique_id;
  const code = (d.payload as { cod_produs?: unknown } | null)?.cod_produs;
  return code === undefined || code === null ? '' : String(code);
}

/** The last answer in a few characters: `HTTP 500`, the network error, or nothing yet. */
export function lastAnswerOf(d: Pick<WebhookDelivery, 'last_http_status' | 'last_error'>): string {
  if (d.last_http_status !== null) return `HTTP ${d.last_http_status}`;
  return d.last_error ?? '';
}

/** The delivery table's columns; `connectorName` reads the account's connectors (loaded once). */
export function deliveryColumns(t: TFunction, connectorName: (id: number) => string): DataTableColumn<WebhookDelivery>[] {
  const c = (key: keyof typeof en.columns) => t(`webhookLog.columns.${key}`);
  return [
    numberColumn('id', c('id'), (d) => d.id, { sortKey: 'id', sortDescFirst: true, width: 80, hideable: false, format: (v) => String(v) }),
    textColumn('created', c('created'), (d) => d.created_ts, { width: 180, format: (v) => formatDateTime(v as string) }),
    {
      id: 'status',
      priority: 'high',
      header: c('status'),
      width: 120,
      value: shownStatus,
      cell: (d) => {
        const status = shownStatus(d);
        return <Pill color={STATUS_COLOR[status]}>{t(`webhookLog.status.${status}`)}</Pill>;
      },
    },
    textColumn('type', c('type'), (d) => d.notification_type, { priority: 'high', width: 150 }),
    textColumn('subject', c('subject'), subjectOf, { width: 150 }),
    textColumn('connector', c('connector'), (d) => d.connector_id, { priority: 'low', width: 190, format: (v) => connectorName(v as number) }),
    numberColumn('attempts', c('attempts'), (d) => d.attempt_count, { priority: 'low', width: 90 }),
    // What the receiver answered is why staff open the log: it stays before the connector's name.
    textColumn('lastAnswer', c('lastAnswer'), lastAnswerOf, { width: 170 }),
    textColumn('next', c('next'), (d) => d.next_attempt_ts, { priority: 'low', width: 170, format: (v) => formatDateTime(v as string | null), defaultHidden: true }),
    textColumn('url', c('url'), (d) => d.url, { priority: 'low', width: 260, defaultHidden: true }),
    textColumn('webhookId', c('webhookId'), (d) => d.webhook_id, { priority: 'low', width: 200, defaultHidden: true }),
  ];
}
