import { fileTypeFromBuffer } from 'file-type';
import { badRequest } from '../../../../shared/contract/errors.ts';
import { ACCEPTED_IMAGE_TYPES, IMAGE_TYPES } from '../../../../shared/domain/images.ts';

export interface ImageKind {
  /** What the stored file is served as. */
  mime: string;
  /** Extension of the stored file. */
  ext: string;
}

/** SVG is XML text: file-type does not name it, so it is recognised here to be refused by name. */
function looksLikeSvg(content: Buffer): boolean {
  const head = content.subarray(0, 4096).toString('utf8').replace(/^\uFEFF/, '').trimStart();
  if (!head.startsWith('<')) return false;
  return /<svg[\s>/]/i.test(head);
}

/**
 * The image type of `content`, by its bytes alone (the name and the declared type say nothing):
 * jpeg, png, gif or webp. Anything else is a 400 naming `what` (the field and the file) and the
 * type found. SVG is refused: it is a document that can carry scripts, served from the
 * service's own origin.
 */
export async function detectImage(content: Buffer, what: string): Promise<ImageKind> {
  if (content.length === 0) throw badRequest(`${what} is empty`);
  const detected = await fileTypeFromBuffer(content);
  if (detected && IMAGE_TYPES[detected.mime]) return IMAGE_TYPES[detected.mime]!;
  if (looksLikeSvg(content)) {
    throw badRequest(`${what} is image/svg+xml: SVG images are refused (they can carry scripts); send ${ACCEPTED_IMAGE_TYPES}`);
  }
  const found = detected ? detected.mime : 'not a known file type';
  throw badRequest(`${what} is ${found}, not an accepted image: send ${ACCEPTED_IMAGE_TYPES} (recognised by content, not by name)`);
}

/** The type an image URL's path suggests, for a URL stored as is ('' when it suggests none). */
export function mimeOfUrl(url: URL): string {
  const ext = /\.([a-z0-9]+)$/i.exec(url.pathname)?.[1]?.toLowerCase();
  switch (ext) {
    case 'jpg':
    case 'jpeg':
      return 'image/jpeg';
    case 'png':
      return 'image/png';
    case 'gif':
      return 'image/gif';
    case 'webp':
      return 'image/webp';
    default:
      return '';
  }
}
