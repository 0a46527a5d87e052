import { describe, expect, it } from 'vitest';
import { assertDriverRuns, DRIVER_NAPI_VERSION } from '../../electron/core/store/driver-support.ts';

// better-sqlite3 13 segfaults on a Node without N-API 10 instead of refusing to load: the store
// checks first and says which Node is needed.
describe('the SQLite driver needs N-API 10', () => {
  it('refuses Node 20 (N-API 9) with the versions that work, before any statement', () => {
    expect(() => assertDriverRuns({ node: '20.20.2', napi: '9' })).toThrow(
      /needs Node\.js 22\.14 or later \(or 24 and later\); this is Node\.js 20\.20\.2\. .*N-API version 10, which this Node lacks \(9\)/,
    );
    expect(() => assertDriverRuns({ node: '22.13.1', napi: '9' })).toThrow(/this is Node\.js 22\.13\.1/);
  });

  it('lets Node 22.14+, 24 and Electron through (N-API 10 and later), this process too', () => {
    expect(DRIVER_NAPI_VERSION).toBe(10);
    for (const napi of ['10', '11']) expect(() => assertDriverRuns({ node: '24.22.3', napi })).not.toThrow();
    expect(() => assertDriverRuns()).not.toThrow();
  });
});
