import { PROXY_TIMEOUT_MAX_MS, PROXY_TIMEOUT_MIN_MS, type ProxySettings, type ProxySettingsPatch, type RecordingMode } from '../../../../shared/domain/fidelity.ts';

/*
 * The proxy form's values and what saving sends. The upstream address is checked as it is typed
 * with the core's own rule (https, or http to a loopback address for tests); the core checks it
 * again and its refusal is shown at the same field.
 */

export interface ProxyDraft {
  /** "Forward to the real service": off sends upstream_url null, the address typed stays in the field. */
  forward: boolean;
  upstreamUrl: string;
  readOnly: boolean;
  recording: RecordingMode;
  shadow: boolean;
  /** Seconds, as typed. */
  timeoutS: number | string;
}

export const PROXY_FIELDS = ['upstream_url', 'read_only', 'recording', 'shadow', 'timeout_ms'] as const;

export function draftOf(settings: ProxySettings): ProxyDraft {
  return {
    forward: settings.upstream_url !== null,
    upstreamUrl: settings.upstream_url ?? '',
    readOnly: settings.read_only,
    recording: settings.recording,
    shadow: settings.shadow,
    timeoutS: settings.timeout_ms / 1000,
  };
}

/** What proxy.update gets: every setting (the form shows them all). A timeout left empty or unreadable is sent as typed and refused at its field. */
export function patchOf(draft: ProxyDraft): ProxySettingsPatch {
  const seconds = typeof draft.timeoutS === 'number' ? draft.timeoutS : Number(draft.timeoutS.replace(',', '.'));
  return {
    upstream_url: draft.forward ? draft.upstreamUrl.trim() : null,
    read_only: draft.readOnly,
    recording: draft.recording,
    shadow: draft.shadow,
    timeout_ms: Number.isFinite(seconds) && String(draft.timeoutS).trim() !== '' ? Math.round(seconds * 1000) : Number.NaN,
  };
}

/** Why an address cannot be an upstream, as a message key of `fidelity.proxy.urlErrors`, or null when it can. */
export type UrlProblem = 'empty' | 'invalid' | 'https';

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

export function upstreamUrlProblem(text: string): UrlProblem | null {
  const value = text.trim();
  if (value === '') return 'empty';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'invalid';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'invalid';
  if (url.protocol === 'http:' && !LOOPBACK.test(url.hostname)) return 'https';
  return null;
}

/** A timeout outside 1–120 s (the core's bounds), or not a number. */
export function timeoutProblem(value: number | string): boolean {
  const seconds = typeof value === 'number' ? value : Number(value.replace(',', '.'));
  return String(value).trim() === '' || !Number.isFinite(seconds) || seconds * 1000 < PROXY_TIMEOUT_MIN_MS || seconds * 1000 > PROXY_TIMEOUT_MAX_MS;
}

/** The settings differ from what is saved (Save is offered only then). */
export function isDirty(draft: ProxyDraft, saved: ProxySettings): boolean {
  const base = draftOf(saved);
  return (
    draft.forward !== base.forward ||
    (draft.forward && draft.upstreamUrl.trim() !== base.upstreamUrl) ||
    draft.readOnly !== base.readOnly ||
    draft.recording !== base.recording ||
    draft.shadow !== base.shadow ||
    String(draft.timeoutS) !== String(base.timeoutS)
  );
}
