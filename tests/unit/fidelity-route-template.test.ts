import { describe, expect, it } from 'vitest';
import { routeTemplate } from '../../electron/core/domains/fidelity/index.ts';

/** Route templates: calls that differ only in ids and filter values are one route. */
describe('routeTemplate', () => {
  it('leaves filter values out and sorts the filters by key', () => {
    expect(routeTemplate('get', '/sales/list/year:2024/page:2/')).toBe('GET /sales/list/page:{}/year:{}/');
    expect(routeTemplate('GET', '/sales/list/page:1/year:2025/')).toBe('GET /sales/list/page:{}/year:{}/');
    expect(routeTemplate('GET', '/sales/list/modifiedafter:2024-01-01%2010:00:00/')).toBe('GET /sales/list/modifiedafter:{}/');
  });

  it('keeps the values of include, exclude and format (they change the shape)', () => {
    expect(routeTemplate('GET', '/sales/list/include:items,transactions/year:2024/exclude:invoiced/')).toBe(
      'GET /sales/list/exclude:invoiced/include:items,transactions/year:{}/',
    );
    expect(routeTemplate('GET', '/product/list/format:csv/')).toBe('GET /product/list/format:csv/');
  });

  it('writes digit-only segments as {id} and the connector order id as {order_id}', () => {
    expect(routeTemplate('GET', '/product/123/images/')).toBe('GET /product/{id}/images/');
    expect(routeTemplate('PUT', '/connector/7/order/SHOP-0042/')).toBe('PUT /connector/{id}/order/{order_id}/');
    expect(routeTemplate('POST', '/connector/7/order/1001/')).toBe('POST /connector/{id}/order/{order_id}/');
    expect(routeTemplate('GET', '/connector/7/order/list/page:3/')).toBe('GET /connector/{id}/order/list/page:{}/');
  });

  it('takes the path raw, without its query, with or without a trailing slash', () => {
    expect(routeTemplate('GET', '/contacts/list/?x=1')).toBe('GET /contacts/list/');
    expect(routeTemplate('GET', '/contacts/15')).toBe('GET /contacts/{id}');
    expect(routeTemplate('GET', '/product/list/code:AB%2F1/')).toBe('GET /product/list/code:{}/');
    expect(routeTemplate('GET', '')).toBe('GET /');
  });
});
