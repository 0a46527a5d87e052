import { createReadStream, existsSync, readdirSync, statSync } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestRoute, sendError } from './envelope.ts';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
};

/** Vite's output folder for hashed assets: served even if the UI is built after start-up. */
const ASSETS_DIR = 'assets';
/** First path segments that belong to the APIs; a file of the same name must not shadow them. */
const RESERVED = new Set(['app', '_sandbox', 'media', 'documents', 'files']);
/** Names find-my-way can take literally (no ':' or '*' route syntax). */
const PLAIN_NAME = /^[A-Za-z0-9._-]+$/;

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>ERP Workbench</title></head>
<body style="font-family: system-ui, sans-serif; margin: 2rem">
<h1>ERP Workbench</h1>
<p>The web UI is not built. Run <code>npm run build:renderer</code> and reload this page.</p>
<p>The REST API (<code>/app/rest/v1/</code>) and the control API (<code>/_sandbox/</code>) work without it.</p>
</body></html>
`;

function isInside(root: string, path: string): boolean {
  return path === root || path.startsWith(root + sep);
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false; // a dangling link: its route will answer 404
  }
}

function contentType(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Sends `relative` below `root` (never outside it, symbolic links included) or a 404 envelope.
 * `immutable`: the name changes whenever the content does (hashed assets, media keys).
 */
export async function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  root: string,
  relative: string,
  immutable = relative.startsWith(`${ASSETS_DIR}/`),
) {
  const notFound = () => sendError(request, reply, 404, [`no such file: ${requestRoute(request)}`]);
  const full = resolve(root, relative);
  if (!isInside(root, full)) return notFound();
  let file: string;
  let size: number;
  try {
    // Symbolic links are followed only when they stay inside the folder as well.
    const real = await realpath(full);
    if (!isInside(await realpath(root), real)) return notFound();
    const stats = await stat(real);
    if (!stats.isFile()) return notFound();
    file = real;
    size = stats.size;
  } catch {
    return notFound();
  }
  return reply
    .type(contentType(file))
    .header('content-length', size)
    .header('x-content-type-options', 'nosniff')
    // Vite names assets by content hash; the page itself must be revalidated to pick up a build.
    .header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
    // The page address carries the admin token: never send it on as a Referer.
    .header('referrer-policy', 'no-referrer')
    .send(createReadStream(file));
}

/**
 * Serves the built renderer (dist/renderer) at `/` for a browser tab on the headless server.
 * Only `/`, the `assets/` folder and the top-level entries present at start-up get routes: a
 * catch-all `/*` would also swallow unknown GETs under the APIs' prefixes, before their own
 * authentication hooks and not-found handlers could answer.
 */
export function registerRenderer(app: FastifyInstance, dir: string): void {
  const root = resolve(dir);
  const index = join(root, 'index.html');

  app.get('/', async (request, reply) => {
    if (existsSync(index)) return sendFile(request, reply, root, 'index.html');
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(NOT_BUILT_PAGE);
  });

  const names = new Set([ASSETS_DIR]);
  if (existsSync(root)) for (const name of readdirSync(root)) names.add(name);
  for (const name of names) {
    if (RESERVED.has(name) || !PLAIN_NAME.test(name)) continue;
    if (name === ASSETS_DIR || isDirectory(join(root, name))) {
      app.get(`/${name}/*`, async (request, reply) =>
        sendFile(request, reply, root, `${name}/${(request.params as { '*': string })['*']}`),
      );
    } else {
      app.get(`/${name}`, async (request, reply) => sendFile(request, reply, root, name));
    }
  }
}
