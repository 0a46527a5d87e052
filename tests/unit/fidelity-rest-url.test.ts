import { describe, expect, it } from 'vitest';
import { splitRestUrl } from '../../electron/core/domains/fidelity/index.ts';

// Every fidelity part keys on the path below the account (electron/core/domains/fidelity/rest-url.ts).

describe('splitRestUrl', () => {
  it("reads the real service's URL and the twin's alike: company id, raw path below the account, raw query", () => {
    expect(splitRestUrl('https://erp.example.ro/app/rest/v1/4242/sales/list/year:2024/page:2/')).toEqual({
      companyId: 4242,
      pathBelowAccount: '/sales/list/year:2024/page:2/',
      query: '',
    });
    expect(splitRestUrl('http://127.0.0.1:8080/app/rest/v1/1/product/list/?x=1&y=%C8%99')).toEqual({
      companyId: 1,
      pathBelowAccount: '/product/list/',
      query: '?x=1&y=%C8%99',
    });
    expect(splitRestUrl('/app/rest/v1/7/connector/3/order/A-17/')).toEqual({ companyId: 7, pathBelowAccount: '/connector/3/order/A-17/', query: '' });
  });

  it('keeps the path as sent: percent-encodings and filter segments are not decoded', () => {
    expect(splitRestUrl('/app/rest/v1/7/contacts/list/name:Ionescu%20%C8%98tefan/')?.pathBelowAccount).toBe('/contacts/list/name:Ionescu%20%C8%98tefan/');
  });

  it('finds the REST API behind a prefix and ignores look-alikes in the host, the query and the fragment', () => {
    expect(splitRestUrl('https://gw.example.ro/erp/app/rest/v1/12/sales/list/')?.companyId).toBe(12);
    expect(splitRestUrl('https://x/app/rest/v1/12/sales/?next=/app/rest/v1/99/a/#/app/rest/v1/5/b/')).toEqual({
      companyId: 12,
      pathBelowAccount: '/sales/',
      query: '?next=/app/rest/v1/99/a/',
    });
    expect(splitRestUrl('https://x/other/?u=/app/rest/v1/12/sales/')).toBeUndefined();
    expect(splitRestUrl('https://app/rest/v1/12/sales/')).toBeUndefined();
  });

  it('is undefined when not a REST API URL', () => {
    for (const url of ['', '/', '/_sandbox/accounts', '/app/rest/v1/', '/app/rest/v1/abc/sales/', '/app/rest/v1/42', '/app/rest/v1/0/sales/', '/app/rest/v2/42/sales/']) {
      expect(splitRestUrl(url), url).toBeUndefined();
    }
  });

  it("the account's root and an empty query mark", () => {
    expect(splitRestUrl('/app/rest/v1/42/?')).toEqual({ companyId: 42, pathBelowAccount: '/', query: '' });
  });
});
