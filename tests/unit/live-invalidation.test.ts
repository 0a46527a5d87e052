import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { changedByEvent, invalidateChanged, queryIsAffected } from '../../renderer/src/api/invalidation.ts';
import { operations, type OperationName } from '../../shared/contract/operations.ts';

/*
 * The renderer refreshes exactly the queries that read what a core event says changed: by the
 * tables each operation declares in `reads`, the account, and for one-record reads the ids.
 */

describe('queryIsAffected', () => {
  it('a write to a table refreshes the lists that read it, in the same account only', () => {
    const changed = { companyId: 1, tables: ['payments', 'payment_allocations', 'sales'] };
    expect(queryIsAffected('lists.sales', { company_id: 1 }, changed)).toBe(true);
    expect(queryIsAffected('lists.payments', { company_id: 1, bv_id: 4 }, changed)).toBe(true);
    expect(queryIsAffected('lists.products', { company_id: 1 }, changed)).toBe(false);
    expect(queryIsAffected('lists.sales', { company_id: 2 }, changed)).toBe(false);
  });

  it("a REST call (an API log entry) refreshes the API users' last use", () => {
    expect(queryIsAffected('apiUsers.list', { company_id: 1 }, { companyId: 1, tables: ['api_log'] })).toBe(true);
  });

  it("'*' (a reset) refreshes every read; a change of no account reaches every account", () => {
    expect(queryIsAffected('lists.products', { company_id: 7 }, { companyId: null, tables: ['*'] })).toBe(true);
    expect(queryIsAffected('settings.get', {}, { companyId: null, tables: ['service_settings'] })).toBe(true);
  });

  it('a one-record read refreshes only for its own id when the writer named the ids', () => {
    const attempt = { companyId: 1, tables: ['webhook_outbox', 'webhook_attempts'], records: { webhook_outbox: [12] } };
    expect(queryIsAffected('webhooks.get', { company_id: 1, delivery_id: 12 }, { ...attempt, tables: ['webhook_outbox'] })).toBe(true);
    expect(queryIsAffected('webhooks.get', { company_id: 1, delivery_id: 13 }, { ...attempt, tables: ['webhook_outbox'] })).toBe(false);
    // Without ids any record may have changed.
    expect(queryIsAffected('webhooks.get', { company_id: 1, delivery_id: 13 }, { companyId: 1, tables: ['webhook_outbox'] })).toBe(true);
  });

  it('writes are never refreshed; every read of the map declares what it reads', () => {
    expect(queryIsAffected('apiUsers.create', { company_id: 1 }, { companyId: 1, tables: ['*'] })).toBe(false);
    const undeclared = (Object.keys(operations) as OperationName[]).filter((name) => {
      const def = operations[name] as { http: { method: string }; reads?: readonly string[] };
      return def.http.method === 'GET' && !def.reads && !['service.health', 'service.info', 'attachments.download', 'preferences.get'].includes(name);
    });
    expect(undeclared).toEqual([]);
  });
});

describe('changedByEvent', () => {
  it('turns API log, webhook attempt and inbox events into the tables their logs read', () => {
    expect(changedByEvent({ name: 'apiLog.appended', payload: { company_id: 1, id: 5, status: 200 } })).toEqual({ companyId: 1, tables: ['api_log'] });
    const attempt = changedByEvent({
      name: 'webhook.attempt',
      payload: { company_id: 1, connector_id: 1, delivery_id: 9, attempt_no: 1, http_status: 200, error: null, duration_ms: 3, outcome: 'delivered', status: 'delivered', next_attempt_ts: null },
    });
    expect(attempt?.records).toEqual({ webhook_outbox: [9] });
    expect(changedByEvent({ name: 'attachment.progress', payload: { company_id: 1, upload_id: 'u', bytes: 1, total: 2 } })).toBeNull();
  });
});

describe('invalidateChanged', () => {
  it('marks stale exactly the cached queries affected', async () => {
    const client = new QueryClient();
    client.setQueryData(['lists.sales', { company_id: 1 }], { rows: [], total: 0, offset: 0 });
    client.setQueryData(['lists.products', { company_id: 1 }], { rows: [], total: 0, offset: 0 });
    client.setQueryData(['lists.sales', { company_id: 1 }, { sort: null, direction: 'desc', offset: 0, limit: 200 }], { rows: [], total: 0 });
    await invalidateChanged(client, { companyId: 1, tables: ['sales'] });
    const stale = client.getQueryCache().getAll().filter((q) => q.isStale()).map((q) => q.queryKey[0]);
    expect(stale).toEqual(['lists.sales', 'lists.sales']);
  });
});
