import type { Database } from 'better-sqlite3';
import {
  DEFAULT_SERVICE_SETTINGS,
  type ServiceSettings,
  type ServiceSettingsPatch,
} from '../../../../shared/domain/settings.ts';
import { badRequest } from '../../../../shared/contract/errors.ts';

type Key = keyof ServiceSettings;

/** Service-wide settings: defaults overlaid with what was stored; cached, read on every request. */
export function createServiceSettings(db: Database) {
  const selectAll = db.prepare<[], { key: string; value: string }>('SELECT key, value FROM service_settings');
  const upsert = db.prepare<[string, string]>(
    'INSERT INTO service_settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
  );
  let cached: ServiceSettings | undefined;

  function load(): ServiceSettings {
    const settings: ServiceSettings = structuredClone(DEFAULT_SERVICE_SETTINGS);
    for (const { key, value } of selectAll.all()) {
      if (Object.hasOwn(settings, key)) (settings as Record<Key, unknown>)[key as Key] = JSON.parse(value);
    }
    return settings;
  }

  return {
    get(): ServiceSettings {
      cached ??= load();
      return cached;
    },
    update(patch: ServiceSettingsPatch): ServiceSettings {
      const next = structuredClone(this.get());
      if (patch.webhook_retry_schedule_s) next.webhook_retry_schedule_s = patch.webhook_retry_schedule_s;
      if (patch.webhook_timeout_ms !== undefined) next.webhook_timeout_ms = patch.webhook_timeout_ms;
      if (patch.webhook_max_in_flight_per_connector !== undefined) {
        next.webhook_max_in_flight_per_connector = patch.webhook_max_in_flight_per_connector;
      }
      if (patch.webhook_max_in_flight !== undefined) next.webhook_max_in_flight = patch.webhook_max_in_flight;
      if (patch.inbox_allow_remote !== undefined) next.inbox_allow_remote = patch.inbox_allow_remote;
      if (patch.api_log_max_rows !== undefined) next.api_log_max_rows = patch.api_log_max_rows;
      if (patch.answer_cache_mb !== undefined) next.answer_cache_mb = patch.answer_cache_mb;
      if (patch.auth_lockout) next.auth_lockout = { ...next.auth_lockout, ...patch.auth_lockout };
      if (patch.inbox_budget_mb !== undefined) next.inbox_budget_mb = patch.inbox_budget_mb;
      if (patch.max_connections !== undefined) next.max_connections = patch.max_connections;
      if (patch.outbound_allow_private !== undefined) next.outbound_allow_private = patch.outbound_allow_private;
      if (patch.allowed_hosts) next.allowed_hosts = patch.allowed_hosts.map((host) => host.toLowerCase());
      if (patch.heavy_list_limit) next.heavy_list_limit = { ...next.heavy_list_limit, ...patch.heavy_list_limit };
      if (Object.keys(patch).length === 0) throw badRequest('settings: the body names no setting to change');
      db.transaction(() => {
        for (const key of Object.keys(next) as Key[]) upsert.run(key, JSON.stringify(next[key]));
      })();
      cached = next;
      return next;
    },
    /** Forget the cache (after the database was replaced by a reset). */
    reload(): void {
      cached = undefined;
    },
  };
}
export type ServiceSettingsStore = ReturnType<typeof createServiceSettings>;
