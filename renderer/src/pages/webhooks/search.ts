import { searchOf, type ScreenSearch } from '../../app/search.ts';

/*
 * The webhook log's address: the delivery list's filters (lists.webhooks) and `open` (the
 * delivery in the detail), plus which view is shown (the deliveries or the built-in inbox), the
 * inbox and its open capture. Anything else is dropped, as searchOf does.
 */

export const WEBHOOK_VIEWS = ['deliveries', 'inbox'] as const;
export type WebhookView = (typeof WEBHOOK_VIEWS)[number];

export interface WebhookLogSearch extends ScreenSearch<'lists.webhooks'> {
  view?: WebhookView;
  /** The inbox shown (default: the first one in use). */
  inbox?: string;
  /** The capture open in the inbox view. */
  message?: number;
}

const deliveriesSearch = searchOf('lists.webhooks');
const INBOX_NAME = /^[A-Za-z0-9._-]{1,64}$/;

export function webhookLogSearch(search: Record<string, unknown>): WebhookLogSearch {
  const view = WEBHOOK_VIEWS.find((v) => v === search.view);
  // A name of digits comes back from the address as a number.
  const name = typeof search.inbox === 'number' ? String(search.inbox) : search.inbox;
  const inbox = typeof name === 'string' && INBOX_NAME.test(name) ? name : undefined;
  const message = Number(search.message);
  return {
    ...deliveriesSearch(search),
    view: view === 'deliveries' ? undefined : view,
    inbox,
    message: Number.isInteger(message) && message >= 1 ? message : undefined,
  };
}
