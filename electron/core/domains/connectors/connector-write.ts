import type { Database } from 'better-sqlite3';
import { badRequest, notFound } from '../../../../shared/contract/errors.ts';
import { TRACKABLE_PRODUCT_FIELDS, type ConnectorPatch } from '../../../../shared/domain/connector-patch.ts';
import { isValidSecret } from '../../webhooks/signing.ts';
import { configuredTargetRefusal } from '../../outbound/index.ts';
import { formatTimestamp, type Clock } from '../../time.ts';
import type { ConnectorRow } from './config.ts';

/** Where the built-in inbox is: a stored URL of this form is this service's own (resolved against its address). */
export const INBOX_PATH_PREFIX = '/_sandbox/inbox/';

/** The checks of an order_event_notification_url: absolute http(s), a path of the built-in inbox, or '' for none. */
function checkUrl(url: string): string[] {
  if (url === '') return [];
  // The built-in inbox as the seed stores it: a path, resolved against wherever the service listens
  // (so `listen --forward-to` can put it back as it was).
  if (/^\/_sandbox\/inbox\/[A-Za-z0-9._-]{1,64}$/.test(url)) return [];
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return [`order_event_notification_url: '${url}' is not an absolute URL (http:// or https://)`];
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    return [`order_event_notification_url: the scheme must be http or https, not ${parsed.protocol.replace(':', '')}`];
  }
  if (parsed.username || parsed.password) return ['order_event_notification_url: credentials in the URL are not accepted'];
  // Said now rather than at the first delivery: an address the outbound policy never connects to.
  const refusal = configuredTargetRefusal(parsed.hostname);
  return refusal === undefined ? [] : [`order_event_notification_url: ${refusal}`];
}

/**
 * Staff settings of a connector (the control API's PATCH): receiver URL, type, active switch,
 * signing secret (write-only) and the product fields whose change is notified. A new URL
 * re-targets the connector's pending deliveries.
 */
export function createConnectorWriter(db: Database, clock: Clock) {
  const byId = db.prepare<[number, number], ConnectorRow>(
    'SELECT * FROM connectors WHERE company_id = ? AND id = ?',
  );
  const retarget = db.prepare<[string, number]>("UPDATE webhook_outbox SET url = ? WHERE connector_id = ? AND status = 'pending'");

  return {
    /** Applies a patch; answers whether pending deliveries were re-targeted (the dispatcher looks again). */
    update(companyId: number, connectorId: number, patch: ConnectorPatch): { retargeted: number } {
      const connector = byId.get(companyId, connectorId);
      if (!connector || connector.deleted) throw notFound(`connector ${connectorId} does not exist in account ${companyId}`);
      const problems: string[] = [];
      const sets: Record<string, unknown> = {};
      if (patch.order_event_notification_url !== undefined) {
        const url = patch.order_event_notification_url.trim();
        problems.push(...checkUrl(url));
        sets['order_event_notification_url'] = url;
      }
      if (patch.type !== undefined) sets['type'] = patch.type;
      if (patch.platform !== undefined) sets['platform'] = patch.platform;
      if (patch.active !== undefined) sets['active'] = patch.active ? 1 : 0;
      if (patch.webhook_secret !== undefined) {
        if (patch.webhook_secret !== null && !isValidSecret(patch.webhook_secret)) {
          problems.push('webhook_secret: use the Standard Webhooks form whsec_<base64 of 24 to 64 random bytes>, or null to stop signing');
        }
        sets['webhook_secret'] = patch.webhook_secret;
      }
      if (patch.tracked_fields !== undefined) {
        const unknown = patch.tracked_fields.filter((name) => !(TRACKABLE_PRODUCT_FIELDS as readonly string[]).includes(name));
        if (unknown.length > 0) {
          problems.push(`tracked_fields: unknown product field${unknown.length > 1 ? 's' : ''} ${unknown.map((n) => `'${n}'`).join(', ')}`);
        }
        sets['tracked_fields'] = JSON.stringify([...new Set(patch.tracked_fields)]);
      }
      if (problems.length > 0) throw badRequest(problems[0]!, problems);
      if (Object.keys(sets).length === 0) throw badRequest('body: names no connector setting to change');
      let retargeted = 0;
      db.transaction(() => {
        const columns = Object.keys(sets);
        db.prepare(
          `UPDATE connectors SET ${columns.map((c) => `${c} = @${c}`).join(', ')}, last_changed_ts = @ts WHERE company_id = @company AND id = @id`,
        ).run({ ...sets, ts: formatTimestamp(clock.now()), company: companyId, id: connectorId });
        const url = sets['order_event_notification_url'];
        if (typeof url === 'string' && url !== '' && url !== connector.order_event_notification_url) {
          retargeted = retarget.run(url, connectorId).changes;
        }
      })();
      return { retargeted };
    },
  };
}
export type ConnectorWriter = ReturnType<typeof createConnectorWriter>;
