import type { Clock } from './time.ts';
import type { Outbox } from './webhooks/outbox.ts';
import type { FileStore } from './store/files.ts';
import type { DocumentLinks } from './domains/documents/index.ts';
import type { ExchangeRates } from './domains/exchange-rates/index.ts';

/** What a domain that writes needs besides its database handle and the pager. */
export interface DomainDeps {
  clock: Clock;
  /** Notifications are enqueued in the same transaction as the write that causes them. */
  outbox: Outbox;
  /** Files the service stores itself (images), served back through service URLs. */
  files: FileStore;
  /** Credential-free links of invoices, proformas and AWB labels. */
  links: DocumentLinks;
  /** The stored BNR rates: every rate a document, a payment or a pricelist price takes (built once, as the pager). */
  rates: ExchangeRates;
  /**
   * http://host:port of this service's listener, for links made outside a REST request (staff
   * actions over the control API, IPC or the CLI). A REST request uses its own Host instead.
   */
  publicUrl(): string;
}
