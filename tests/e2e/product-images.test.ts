import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { openUi, useE2eServer } from './e2e-server.ts';

/*
 * Product images stored as a URL (catalogue setting off) are shown from that URL: the page's CSP
 * allows http(s) images (docs/security.md, section 8). One image on a second loopback server is
 * loaded (its server sees the request, the image has a size); one that answers 404 shows the
 * placeholder "Image unavailable" in its box, not its alt text. No CSP violation is reported.
 */

const e2e = useE2eServer();
// A 1x1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

function imageServer(): Promise<{ server: Server; base: string; seen: string[] }> {
  const seen: string[] = [];
  const server = createServer((request, response) => {
    seen.push(request.url ?? '');
    if (request.url === '/ok.png') response.writeHead(200, { 'content-type': 'image/png', 'content-length': PNG.length }).end(PNG);
    else response.writeHead(404, { 'content-type': 'text/plain' }).end('not here');
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen })));
}

describe('product images given by URL', () => {
  it('shows an image from another server and a placeholder for one that is gone', async () => {
    const { server, base, seen } = await imageServer();
    try {
      const core = e2e().core;
      await core.invoke('accounts.update', { company_id: 1, catalogue_download_images: false });
      const user = await core.invoke('apiUsers.create', { company_id: 1, username: 'e2e-images', ip_whitelist: ['*'] });
      const product = (await core.invoke('lists.products', { company_id: 1, limit: 1 })).rows[0]!;
      const put = async (body: unknown) => {
        const answer = await fetch(`${e2e().server.url}/app/rest/v1/1/product/${product.product_id}/image/`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from(`${user.username}:${user.password}`).toString('base64')}` },
          body: JSON.stringify(body),
        });
        expect(answer.status).toBe(200);
      };
      await put({ url: `${base}/ok.png`, alt_text: 'Served from elsewhere' });
      await put({ url: `${base}/gone.png`, alt_text: 'Gone image' });

      const { context, page, pageErrors } = await openUi(e2e().server, e2e().browser, `/c/1/catalogue/products?open=${product.product_id}`);
      const cspReports: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) cspReports.push(message.text());
      });
      const served = page.getByRole('img', { name: 'Served from elsewhere', exact: true });
      await served.scrollIntoViewIfNeeded();
      await expect.poll(() => served.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBe(1);
      expect(seen).toContain('/ok.png');

      const gone = page.getByRole('img', { name: 'Gone image: Image unavailable' });
      await gone.waitFor();
      expect(await gone.textContent()).toBe('Image unavailable');
      expect(seen).toContain('/gone.png');
      expect(cspReports).toEqual([]);
      expect(pageErrors).toEqual([]);
      await context.close();
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
