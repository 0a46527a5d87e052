import { describe, expect, it } from 'vitest';
import { normaliseUpstreamUrl } from '../../electron/core/domains/fidelity/index.ts';

const refusal = (written: string, allowPrivate = false): string => {
  try {
    normaliseUpstreamUrl(written, 7, allowPrivate);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`${written} was accepted`);
};

describe('the upstream URL of a proxied account', () => {
  it('keeps the base URL of the real account, without a trailing slash', () => {
    expect(normaliseUpstreamUrl('https://erp.example.ro/app/rest/v1/4242/', 7, false)).toBe('https://erp.example.ro/app/rest/v1/4242');
    expect(normaliseUpstreamUrl('  https://erp.example.ro:8443/app/rest/v1/4242 ', 7, false)).toBe('https://erp.example.ro:8443/app/rest/v1/4242');
  });

  it('reads a bare origin as the same account id on the real service', () => {
    expect(normaliseUpstreamUrl('https://erp.example.ro', 7, false)).toBe('https://erp.example.ro/app/rest/v1/7');
    expect(normaliseUpstreamUrl('https://ERP.example.ro/', 7, false)).toBe('https://erp.example.ro/app/rest/v1/7');
  });

  it('takes plain http only to loopback (a stand-in on this machine)', () => {
    expect(normaliseUpstreamUrl('http://127.0.0.1:9999', 7, false)).toBe('http://127.0.0.1:9999/app/rest/v1/7');
    expect(normaliseUpstreamUrl('http://localhost:9999/app/rest/v1/3', 7, false)).toBe('http://localhost:9999/app/rest/v1/3');
    expect(normaliseUpstreamUrl('http://[::1]:9999', 7, false)).toBe('http://[::1]:9999/app/rest/v1/7');
    expect(refusal('http://erp.example.ro')).toMatch(/^upstream_url: must be https/);
    expect(refusal('http://10.0.0.1')).toMatch(/^upstream_url: must be https/);
  });

  it('refuses what is not a base URL, naming upstream_url', () => {
    expect(refusal('erp.example.ro')).toMatch(/^upstream_url: 'erp.example.ro' is not a URL/);
    expect(refusal('ftp://erp.example.ro')).toMatch(/^upstream_url: ftp: is not supported/);
    expect(refusal('https://user:secret@erp.example.ro')).toMatch(/^upstream_url: must not hold credentials/);
    expect(refusal('https://erp.example.ro/?a=1')).toMatch(/^upstream_url: must not have a query/);
    expect(refusal('https://erp.example.ro/app/rest/v1/')).toMatch(/^upstream_url: the path must be \/app\/rest\/v1\/\{company_id\}/);
    expect(refusal('https://erp.example.ro/app/rest/v1/42/sales/list/')).toMatch(/the path must be/);
  });

  it('refuses a private-network address unless outbound_allow_private, and the never-allowed kinds always', () => {
    expect(refusal('https://10.0.0.1')).toMatch(/10\.0\.0\.1 is a private-network address: .*outbound_allow_private/);
    expect(normaliseUpstreamUrl('https://10.0.0.1', 7, true)).toBe('https://10.0.0.1/app/rest/v1/7');
    expect(refusal('https://169.254.169.254', true)).toMatch(/upstream_url: 169\.254\.169\.254 is a (link-local|cloud metadata) address/);
  });
});
