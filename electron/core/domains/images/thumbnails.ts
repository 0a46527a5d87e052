import { loadSharp } from './sharp.ts';
import { THUMB_MAX_PX } from '../../../../shared/domain/images.ts';
import type { FileStore } from '../../store/files.ts';

/**
 * Thumbnails of the images the service stores (img_url_thumb, GET /media/thumb/<key>): the image
 * scaled by sharp to fit in THUMB_MAX_PX each way, never enlarged, turned upright by its EXIF
 * orientation, in the same format (the key keeps its extension, so the file store serves it with
 * the right type). Made on the first request rather than at upload: images stored before
 * thumbnails existed get one too, and an upload does not wait for it. Kept as a file under
 * thumbs/<key> in the file store, so it is made once per image and survives restarts.
 */

/** A key the file store gave a stored image: its folder, 32 hex digits, an image extension. */
const IMAGE_KEY = /^(?:products|web-categories)\/[0-9a-f]{32}\.(jpg|png|gif|webp)$/;
const THUMB_FOLDER = 'thumbs';
/** Images that failed to decode, remembered so a broken file is not decoded again at each request. */
const MAX_REMEMBERED_FAILURES = 1000;

type Format = 'jpeg' | 'png' | 'gif' | 'webp';
const FORMAT: Record<string, Format> = { jpg: 'jpeg', png: 'png', gif: 'gif', webp: 'webp' };


const thumbKeyOf = (key: string): string => `${THUMB_FOLDER}/${key}`;

export function createThumbnails(files: FileStore) {
  /** Thumbnails being made: two first requests at once make it once. */
  const pending = new Map<string, Promise<string>>();
  const undecodable = new Set<string>();

  async function make(key: string, extension: string): Promise<string> {
    const thumbKey = thumbKeyOf(key);
    if (files.exists(thumbKey)) return thumbKey;
    const sharp = await loadSharp();
    // failOn 'error': a truncated or corrupt file is refused rather than drawn half grey.
    const content = await sharp(files.pathOf(key)!, { failOn: 'error' })
      .rotate()
      .resize(THUMB_MAX_PX, THUMB_MAX_PX, { fit: 'inside', withoutEnlargement: true })
      .toFormat(FORMAT[extension]!)
      .toBuffer();
    files.write(thumbKey, content);
    return thumbKey;
  }

  return {
    /**
     * The key to serve for the thumbnail of stored image `key`: its thumbnail, made now if it
     * was not yet; the image itself when it cannot be decoded (a thumbnail link never fails for
     * an image that exists); undefined when no such image is stored.
     */
    async thumbnail(key: string): Promise<string | undefined> {
      const extension = IMAGE_KEY.exec(key)?.[1];
      if (extension === undefined || !files.exists(key)) return undefined;
      if (undecodable.has(key)) return key;
      let job = pending.get(key);
      if (!job) {
        job = make(key, extension).finally(() => pending.delete(key));
        pending.set(key, job);
      }
      try {
        return await job;
      } catch {
        if (undecodable.size >= MAX_REMEMBERED_FAILURES) undecodable.clear();
        undecodable.add(key);
        return key;
      }
    },

    /** Removes the thumbnail of `key` (with the image it was made of). */
    remove(key: string): void {
      undecodable.delete(key);
      files.remove(thumbKeyOf(key));
    },
  };
}
