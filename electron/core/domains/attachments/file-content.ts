import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FormatEnum } from 'sharp';
import { fileTypeFromBuffer } from 'file-type';
import {
  ATTACHMENT_COMPRESSED_EXTENSIONS,
  ATTACHMENT_IMAGE_MAX_SIDE,
  ATTACHMENT_MIN_COMPRESSION_SAVING,
  ATTACHMENT_RESIZED_IMAGE_TYPES,
} from '../../../../shared/domain/attachments.ts';
import { loadSharp } from '../images/index.ts';
import { lastExtensionOf } from './file-names.ts';

const gzipAsync = promisify(gzip);

/** How a file is kept on the storage. */
export type StoredEncoding = 'identity' | 'gzip';

export interface PreparedContent {
  /** The bytes to store (resized, or gzip-compressed, or as sent). */
  content: Buffer;
  encoding: StoredEncoding;
  /** What a download is served as. */
  contentType: string;
}

/** Types of the text-like extensions, which have no magic number to detect. */
const TYPE_OF_EXTENSION: Record<string, string> = {
  txt: 'text/plain', text: 'text/plain', log: 'text/plain', ini: 'text/plain', csv: 'text/csv',
  tsv: 'text/tab-separated-values', xml: 'application/xml', json: 'application/json', md: 'text/markdown',
  html: 'text/html', htm: 'text/html', svg: 'image/svg+xml', rtf: 'application/rtf', sql: 'application/sql',
  yaml: 'application/yaml', yml: 'application/yaml', eml: 'message/rfc822',
};
const COMPRESSED = new Set<string>(ATTACHMENT_COMPRESSED_EXTENSIONS);
/** sharp's output format of each resized type (the image keeps its format). */
const RESIZED: Record<(typeof ATTACHMENT_RESIZED_IMAGE_TYPES)[number], keyof FormatEnum> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
};
const formatOf = (mime: string): keyof FormatEnum | undefined =>
  Object.hasOwn(RESIZED, mime) ? RESIZED[mime as keyof typeof RESIZED] : undefined;


/**
 * An image whose longer side (upright, by its EXIF orientation) is above the limit, scaled to fit
 * in ATTACHMENT_IMAGE_MAX_SIDE both ways, turned upright, in its own format; undefined when it is
 * small enough or cannot be decoded (then it is kept as sent: an attachment need not be a good image).
 */
async function resizedImage(content: Buffer, format: keyof FormatEnum): Promise<Buffer | undefined> {
  const sharp = await loadSharp();
  try {
    const meta = await sharp(content, { failOn: 'error' }).metadata();
    if (Math.max(meta.width ?? 0, meta.height ?? 0) <= ATTACHMENT_IMAGE_MAX_SIDE) return undefined;
    return await sharp(content, { failOn: 'error' })
      .rotate()
      .resize(ATTACHMENT_IMAGE_MAX_SIDE, ATTACHMENT_IMAGE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .toFormat(format)
      .toBuffer();
  } catch {
    return undefined;
  }
}

/**
 * What is stored for a file: JPEG, PNG and WebP (recognised by content) above the side limit are
 * resized; a text-like or uncompressed-image extension is gzip-compressed when that saves at least
 * ATTACHMENT_MIN_COMPRESSION_SAVING; anything else as sent. The type served on download comes from
 * the content, else the extension, else application/octet-stream.
 */
export async function prepareContent(name: string, content: Buffer): Promise<PreparedContent> {
  const detected = await fileTypeFromBuffer(content);
  const extension = lastExtensionOf(name);
  const contentType = detected?.mime ?? TYPE_OF_EXTENSION[extension] ?? 'application/octet-stream';
  const format = detected && formatOf(detected.mime);
  if (format) {
    const resized = await resizedImage(content, format);
    return { content: resized ?? content, encoding: 'identity', contentType };
  }
  if (COMPRESSED.has(extension)) {
    const compressed = await gzipAsync(content, { level: 9 });
    if (compressed.length <= content.length * (1 - ATTACHMENT_MIN_COMPRESSION_SAVING)) {
      return { content: compressed, encoding: 'gzip', contentType };
    }
  }
  return { content, encoding: 'identity', contentType };
}
