import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createCore } from '../../electron/core/create-core.ts';
import { createServer } from '../../electron/server/create-server.ts';

// The app's own in-process requests (the proxy's shadow calls, tests, tools) go through the same
// hooks as a socket's; a request with a body used to wait forever for a body already read
// (http-limits.ts holdAnswerForBody).
describe('an in-process request with a body', () => {
  const dir = mkdtempSync(join(tmpdir(), 'erp-inject-'));
  const core = createCore({ dataDir: dir, seed: 'empty' });
  afterAll(async () => {
    await core.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is answered', async () => {
    const app = await createServer({ core, adminToken: 'inject-admin-token-0123456789' });
    const answer = await app.inject({
      method: 'POST',
      url: '/_sandbox/accounts/1/api-users',
      headers: { authorization: 'Bearer inject-admin-token-0123456789', 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'injected' }),
    });
    expect([200, 201]).toContain(answer.statusCode);
    expect(answer.json()).toMatchObject({ is_error: false, data: { username: 'injected' } });
    await app.close();
  }, 20_000);
});
