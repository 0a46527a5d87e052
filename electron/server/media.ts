import type { FastifyInstance } from 'fastify';
import type { FileStore } from '../core/store/files.ts';
import { requestRoute, sendError } from './envelope.ts';
import { sendFile } from './static.ts';

export const MEDIA_PREFIX = '/media';

/** The key of the file to send for a thumbnail (or undefined: 404); see core images/thumbnails.ts. */
export type ThumbnailOf = (key: string) => Promise<string | undefined>;

/**
 * The service URLs of files the service stores itself (product and web-category images):
 * GET /media/<key>, and GET /media/thumb/<key> for a thumbnail of the image (img_url_thumb).
 * Public like a webshop's image links, unguessable (random keys), cached for good (a key never
 * gets new content, nor does its thumbnail).
 */
export function registerMedia(app: FastifyInstance, files: FileStore, thumbnailOf: ThumbnailOf): void {
  app.get(`${MEDIA_PREFIX}/*`, async (request, reply) =>
    sendFile(request, reply, files.root, (request.params as { '*': string })['*'], true),
  );
  // The static segment wins over the wildcard above (no stored key starts with thumb/).
  app.get(`${MEDIA_PREFIX}/thumb/*`, async (request, reply) => {
    const served = await thumbnailOf((request.params as { '*': string })['*']);
    if (served === undefined) return sendError(request, reply, 404, [`no such file: ${requestRoute(request)}`]);
    return sendFile(request, reply, files.root, served, true);
  });
}

/** The service URL of a stored file, relative to the listener (callers prefix their base). */
export const mediaPath = (key: string): string => `${MEDIA_PREFIX}/${key}`;

/** The service URL of the thumbnail of a stored image, relative to the listener. */
export const thumbPath = (key: string): string => `${MEDIA_PREFIX}/thumb/${key}`;
