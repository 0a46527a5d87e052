import { describe, expect, it } from 'vitest';
import { draftOf, isDirty, patchOf, timeoutProblem, upstreamUrlProblem } from '../../renderer/src/pages/fidelity/proxy-draft.ts';
import { readHarText } from '../../renderer/src/pages/fidelity/har-file.ts';

// The Fidelity screen's checks as the user types, and what its Save sends.

describe('the upstream address', () => {
  it('takes https anywhere and http to this computer only', () => {
    expect(upstreamUrlProblem('https://erp.example.ro/app/rest/v1/4242')).toBeNull();
    expect(upstreamUrlProblem('http://127.0.0.1:9000')).toBeNull();
    expect(upstreamUrlProblem('http://localhost:9000/app/rest/v1/1')).toBeNull();
    expect(upstreamUrlProblem('http://[::1]:9000')).toBeNull();
    expect(upstreamUrlProblem('http://erp.example.ro')).toBe('https');
    expect(upstreamUrlProblem('http://10.0.0.5')).toBe('https');
  });
  it('names an empty field and what is not an address', () => {
    expect(upstreamUrlProblem('  ')).toBe('empty');
    expect(upstreamUrlProblem('erp.example.ro')).toBe('invalid');
    expect(upstreamUrlProblem('ftp://erp.example.ro')).toBe('invalid');
  });
});

describe('the proxy form', () => {
  const saved = { company_id: 1, upstream_url: null, read_only: true, recording: 'day' as const, shadow: true, timeout_ms: 30_000 };
  it('sends null for the address while forwarding is off, the timeout in ms', () => {
    const draft = { ...draftOf(saved), upstreamUrl: 'https://x.example' };
    expect(patchOf(draft)).toEqual({ upstream_url: null, read_only: true, recording: 'day', shadow: true, timeout_ms: 30_000 });
    expect(patchOf({ ...draft, forward: true, timeoutS: 5 }).upstream_url).toBe('https://x.example');
    expect(patchOf({ ...draft, timeoutS: 5 }).timeout_ms).toBe(5000);
  });
  it('is dirty only when a setting differs', () => {
    expect(isDirty(draftOf(saved), saved)).toBe(false);
    expect(isDirty({ ...draftOf(saved), upstreamUrl: 'typed while off' }, saved)).toBe(false);
    expect(isDirty({ ...draftOf(saved), forward: true }, saved)).toBe(true);
    expect(isDirty({ ...draftOf(saved), readOnly: false }, saved)).toBe(true);
  });
  it('bounds the timeout to 1–120 s', () => {
    expect(timeoutProblem(1)).toBe(false);
    expect(timeoutProblem(120)).toBe(false);
    expect(timeoutProblem(0)).toBe(true);
    expect(timeoutProblem(121)).toBe(true);
    expect(timeoutProblem('')).toBe(true);
  });
});

describe('a dropped file', () => {
  it('is a HAR when it is JSON with log.entries', () => {
    expect(readHarText('{"log":{"entries":[]}}')).toEqual({ ok: true, har: { log: { entries: [] } } });
    expect(readHarText('not json')).toEqual({ ok: false, reason: 'notJson' });
    expect(readHarText('{"log":{}}')).toEqual({ ok: false, reason: 'noEntries' });
    expect(readHarText('[1]')).toEqual({ ok: false, reason: 'noEntries' });
  });
});
