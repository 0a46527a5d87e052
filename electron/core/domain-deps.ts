import type { Clock } from './time.ts';
import type { Outbox } from './webhooks/outbox.ts';
import type { FileStore } from './store/files.ts';

/** What a domain that writes needs besides its database handle and the pager. */
export interface DomainDeps {
  clock: Clock;
  /** Notifications are enqueued in the same transaction as the write that causes them. */
  outbox: Outbox;
  /** Files the service stores itself (images), served back through service URLs. */
  files: FileStore;
}
