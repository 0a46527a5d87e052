import type { Database } from 'better-sqlite3';
import type { Clock } from '../../time.ts';
import { formatTimestamp } from '../../time.ts';
import { connectionGeneration } from '../../store/live-database.ts';
import { badRequest } from '../../../../shared/contract/errors.ts';
import type { ProxySettings, ProxySettingsPatch, RecordingMode } from '../../../../shared/domain/fidelity.ts';
import { normaliseUpstreamUrl } from './upstream-url.ts';

interface ProxyRow {
  company_id: number;
  upstream_url: string | null;
  read_only: number;
  recording: RecordingMode;
  shadow: number;
  timeout_ms: number;
}

export const PROXY_DEFAULTS = { upstream_url: null, read_only: true, recording: 'day', shadow: true, timeout_ms: 30_000 } as const;

const fromRow = (row: ProxyRow): ProxySettings => ({
  company_id: row.company_id,
  upstream_url: row.upstream_url,
  read_only: row.read_only === 1,
  recording: row.recording,
  shadow: row.shadow === 1,
  timeout_ms: row.timeout_ms,
});

/**
 * Each account's proxy mode (migration 028). Read on every REST request, so the accounts in proxy
 * mode are kept in memory, read again after a write and when the database under them changed (a
 * reset or a snapshot restore swaps the file: connectionGeneration).
 */
export function createProxySettings(db: Database, clock: Clock, options: { allowPrivate: () => boolean }) {
  const select = db.prepare<[number], ProxyRow>('SELECT * FROM account_proxies WHERE company_id = ?');
  const selectOn = db.prepare<[], ProxyRow>('SELECT * FROM account_proxies WHERE upstream_url IS NOT NULL');
  const upsert = db.prepare(
    `INSERT INTO account_proxies (company_id, upstream_url, read_only, recording, shadow, timeout_ms, updated_ts)
     VALUES (@company_id, @upstream_url, @read_only, @recording, @shadow, @timeout_ms, @updated_ts)
     ON CONFLICT(company_id) DO UPDATE SET upstream_url = excluded.upstream_url, read_only = excluded.read_only,
       recording = excluded.recording, shadow = excluded.shadow, timeout_ms = excluded.timeout_ms, updated_ts = excluded.updated_ts`,
  );
  let proxied: Map<number, ProxySettings> | undefined;
  let generation = -1;

  function proxiedAccounts(): Map<number, ProxySettings> {
    const now = connectionGeneration(db);
    if (!proxied || generation !== now) {
      proxied = new Map(selectOn.all().map((row) => [row.company_id, fromRow(row)]));
      generation = now;
    }
    return proxied;
  }

  function get(companyId: number): ProxySettings {
    const row = select.get(companyId);
    return row ? fromRow(row) : { company_id: companyId, ...PROXY_DEFAULTS };
  }

  return {
    get,
    /** The account's settings when it is in proxy mode (cheap: every REST request asks). */
    active(companyId: number): ProxySettings | undefined {
      return proxiedAccounts().get(companyId);
    },
    update(companyId: number, patch: ProxySettingsPatch): ProxySettings {
      if (Object.keys(patch).length === 0) throw badRequest('proxy: the body names no setting to change');
      const current = get(companyId);
      const upstream =
        patch.upstream_url === undefined
          ? current.upstream_url
          : patch.upstream_url === null
            ? null
            : normaliseUpstreamUrl(patch.upstream_url, companyId, options.allowPrivate());
      const next: ProxySettings = { ...current, ...patch, company_id: companyId, upstream_url: upstream };
      upsert.run({
        company_id: companyId,
        upstream_url: next.upstream_url,
        read_only: next.read_only ? 1 : 0,
        recording: next.recording,
        shadow: next.shadow ? 1 : 0,
        timeout_ms: next.timeout_ms,
        updated_ts: formatTimestamp(clock.now()),
      });
      proxied = undefined;
      return next;
    },
  };
}
export type ProxySettingsStore = ReturnType<typeof createProxySettings>;
