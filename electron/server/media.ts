import type { FastifyInstance } from 'fastify';
import type { FileStore } from '../core/store/files.ts';
import { sendFile } from './static.ts';

export const MEDIA_PREFIX = '/media';

/**
 * The service URLs of files the service stores itself (product and web-category images):
 * GET /media/<key>. Public like a webshop's image links, unguessable (random keys), cached for
 * good (a key never gets new content).
 */
export function registerMedia(app: FastifyInstance, files: FileStore): void {
  app.get(`${MEDIA_PREFIX}/*`, async (request, reply) =>
    sendFile(request, reply, files.root, (request.params as { '*': string })['*'], true),
  );
}

/** The service URL of a stored file, relative to the listener (callers prefix their base). */
export const mediaPath = (key: string): string => `${MEDIA_PREFIX}/${key}`;
