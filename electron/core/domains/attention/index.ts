import type { Database } from 'better-sqlite3';
import type { AttentionItem, AttentionList } from '../../../../shared/contract/operations-attention.ts';

export interface AttentionDeps {
  db: Database;
  /** 404 for an account that does not exist. */
  requireAccount(companyId: number): void;
  /** Connectors (of any account) whose receiver the webhook dispatcher holds back after failures in a row. */
  pausedConnectors(): readonly number[];
  /** Why the account's storage failed its last use, and since when; undefined when it worked (or was not used). */
  storageProblem(companyId: number): { message: string; since: string } | undefined;
}

/**
 * What needs attention in an account (attention.list, the header's badge). One indexed count
 * (webhook_outbox_company_status), the paused connectors' names by primary key, and the storage's
 * last outcome from memory: cheap enough to read again after every change the core announces.
 */
export function createAttention(deps: AttentionDeps) {
  const failedCount = deps.db.prepare<[number], number>("SELECT count(*) FROM webhook_outbox WHERE company_id = ? AND status = 'failed'").pluck();
  const connectorOf = deps.db.prepare<[number, number], { id: number; name: string; url: string }>(
    'SELECT id, name, order_event_notification_url AS url FROM connectors WHERE id = ? AND company_id = ? AND deleted = 0',
  );
  return {
    list(companyId: number): AttentionList {
      deps.requireAccount(companyId);
      const items: AttentionItem[] = [];
      const failed = failedCount.get(companyId) ?? 0;
      if (failed > 0) items.push({ kind: 'failed_deliveries', count: failed });
      for (const connectorId of [...deps.pausedConnectors()].sort((a, b) => a - b)) {
        const connector = connectorOf.get(connectorId, companyId);
        if (connector) items.push({ kind: 'paused_receiver', connector_id: connector.id, connector_name: connector.name, url: connector.url });
      }
      const storage = deps.storageProblem(companyId);
      if (storage) items.push({ kind: 'storage_unreachable', ...storage });
      return { count: items.length, items };
    },
  };
}
export type Attention = ReturnType<typeof createAttention>;
