import type { ServiceSettings, ServiceSettingsPatch } from '../../../../shared/domain/settings.ts';
import { ErpError } from '../../api/errors.ts';

/*
 * The form's values and what saving sends. The form holds text and numbers as typed; a PATCH
 * carries only the settings that differ from the ones read, and the core's refusal comes back as
 * messages placed at the fields they name.
 */

export type NumberKey =
  | 'webhook_timeout_ms'
  | 'webhook_max_in_flight_per_connector'
  | 'webhook_max_in_flight'
  | 'api_log_max_rows'
  | 'answer_cache_mb'
  | 'inbox_budget_mb'
  | 'max_connections'
  | 'max_failures'
  | 'window_s'
  | 'lock_s'
  | 'max_concurrent';
export type FieldKey = NumberKey | 'webhook_retry_schedule_s' | 'inbox_allow_remote' | 'heavy_list_enabled' | 'outbound_allow_private' | 'allowed_hosts';

export interface Draft {
  webhook_retry_schedule_s: string;
  webhook_timeout_ms: number | string;
  webhook_max_in_flight_per_connector: number | string;
  webhook_max_in_flight: number | string;
  inbox_allow_remote: boolean;
  max_failures: number | string;
  window_s: number | string;
  lock_s: number | string;
  api_log_max_rows: number | string;
  answer_cache_mb: number | string;
  inbox_budget_mb: number | string;
  max_connections: number | string;
  outbound_allow_private: boolean;
  /** The host names as typed, separated by commas or spaces. */
  allowed_hosts: string;
  /** heavy_list_limit.enabled and .max_concurrent */
  heavy_list_enabled: boolean;
  max_concurrent: number | string;
}

const LOCKOUT = ['max_failures', 'window_s', 'lock_s'] as const;
const TOP_NUMBERS = [
  'webhook_timeout_ms',
  'webhook_max_in_flight_per_connector',
  'webhook_max_in_flight',
  'api_log_max_rows',
  'answer_cache_mb',
  'inbox_budget_mb',
  'max_connections',
] as const;
const SWITCHES = ['inbox_allow_remote', 'outbound_allow_private'] as const;

export function draftOf(s: ServiceSettings): Draft {
  return {
    webhook_retry_schedule_s: s.webhook_retry_schedule_s.join(', '),
    webhook_timeout_ms: s.webhook_timeout_ms,
    webhook_max_in_flight_per_connector: s.webhook_max_in_flight_per_connector,
    webhook_max_in_flight: s.webhook_max_in_flight,
    inbox_allow_remote: s.inbox_allow_remote,
    max_failures: s.auth_lockout.max_failures,
    window_s: s.auth_lockout.window_s,
    lock_s: s.auth_lockout.lock_s,
    api_log_max_rows: s.api_log_max_rows,
    answer_cache_mb: s.answer_cache_mb,
    inbox_budget_mb: s.inbox_budget_mb,
    max_connections: s.max_connections,
    outbound_allow_private: s.outbound_allow_private,
    allowed_hosts: s.allowed_hosts.join(', '),
    heavy_list_enabled: s.heavy_list_limit.enabled,
    max_concurrent: s.heavy_list_limit.max_concurrent,
  };
}

/** "5, 30 120" -> [5, 30, 120]; null when a part is no whole number. */
export function parseSchedule(text: string): number[] | null {
  const parts = text.split(/[\s,;]+/).filter((part) => part !== '');
  if (parts.length === 0 || parts.some((part) => !/^\d+$/.test(part))) return null;
  return parts.map(Number);
}

/** "erp.test, *.ci.test" -> ['erp.test', '*.ci.test']: the core checks each name. */
export const parseHosts = (text: string): string[] => text.split(/[\s,;]+/).filter((part) => part !== '');

/** A typed number as sent: '' (emptied) goes as null, so the core names the field. */
const numberOf = (value: number | string): number | null => (value === '' ? null : Number(value));

/**
 * The PATCH body for the fields that differ from `base`, or the local problems (a schedule that
 * is not a list of numbers) by field.
 */
export function patchOf(base: ServiceSettings, draft: Draft): { patch: ServiceSettingsPatch; changed: FieldKey[]; problems: Partial<Record<FieldKey, 'notNumbers'>> } {
  const patch: Record<string, unknown> = {};
  const changed: FieldKey[] = [];
  const problems: Partial<Record<FieldKey, 'notNumbers'>> = {};
  const schedule = parseSchedule(draft.webhook_retry_schedule_s);
  if (schedule === null) problems.webhook_retry_schedule_s = 'notNumbers';
  else if (schedule.join(',') !== base.webhook_retry_schedule_s.join(',')) {
    patch.webhook_retry_schedule_s = schedule;
    changed.push('webhook_retry_schedule_s');
  }
  for (const key of TOP_NUMBERS) {
    if (numberOf(draft[key]) !== base[key]) {
      patch[key] = numberOf(draft[key]);
      changed.push(key);
    }
  }
  for (const key of SWITCHES) {
    if (draft[key] !== base[key]) {
      patch[key] = draft[key];
      changed.push(key);
    }
  }
  const hosts = parseHosts(draft.allowed_hosts);
  if (hosts.join(',') !== base.allowed_hosts.join(',')) {
    patch.allowed_hosts = hosts;
    changed.push('allowed_hosts');
  }
  const lockout: Record<string, unknown> = {};
  for (const key of LOCKOUT) {
    if (numberOf(draft[key]) !== base.auth_lockout[key]) {
      lockout[key] = numberOf(draft[key]);
      changed.push(key);
    }
  }
  if (Object.keys(lockout).length > 0) patch.auth_lockout = lockout;
  const heavy: Record<string, unknown> = {};
  if (draft.heavy_list_enabled !== base.heavy_list_limit.enabled) {
    heavy.enabled = draft.heavy_list_enabled;
    changed.push('heavy_list_enabled');
  }
  if (numberOf(draft.max_concurrent) !== base.heavy_list_limit.max_concurrent) {
    heavy.max_concurrent = numberOf(draft.max_concurrent);
    changed.push('max_concurrent');
  }
  if (Object.keys(heavy).length > 0) patch.heavy_list_limit = heavy;
  return { patch: patch as ServiceSettingsPatch, changed, problems };
}

/**
 * The core's messages ("auth_lockout.lock_s: must be ...", "webhook_retry_schedule_s[2]: ...")
 * by the field they name; the others under `_form`.
 */
export function errorsByField(error: unknown): Partial<Record<FieldKey | '_form', string>> {
  if (!error) return {};
  const messages = error instanceof ErpError ? error.messages : [error instanceof Error ? error.message : String(error)];
  const out: Partial<Record<FieldKey | '_form', string>> = {};
  const add = (key: FieldKey | '_form', text: string) => (out[key] = out[key] ? `${out[key]}; ${text}` : text);
  for (const message of messages) {
    const match = /^([A-Za-z_][\w.[\]]*):\s*(.+)$/s.exec(message);
    const path = match?.[1]?.replace(/\[\d+\]/g, '') ?? '';
    const key = (
      path.startsWith('auth_lockout.') ? path.slice('auth_lockout.'.length)
      : path === 'heavy_list_limit.enabled' ? 'heavy_list_enabled'
      : path.startsWith('heavy_list_limit.') ? path.slice('heavy_list_limit.'.length)
      : path
    ) as FieldKey;
    if (match && [...TOP_NUMBERS, ...LOCKOUT, ...SWITCHES, 'webhook_retry_schedule_s', 'allowed_hosts', 'heavy_list_enabled', 'max_concurrent'].includes(key)) add(key, match[2]!);
    else add('_form', message);
  }
  return out;
}
