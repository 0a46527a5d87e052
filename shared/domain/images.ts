import Type, { type Static } from 'typebox';

/**
 * Product and web-category images: the write side (issue 4). Which files are images is decided
 * by their content, never by their name or the declared part type; see docs/data-model.md,
 * "Images".
 */

/** The image types accepted (detected by content) and the extension a stored file gets. */
export const IMAGE_TYPES: Readonly<Record<string, { ext: string; mime: string }>> = {
  'image/jpeg': { ext: 'jpg', mime: 'image/jpeg' },
  'image/png': { ext: 'png', mime: 'image/png' },
  // An animated PNG is a PNG file: stored and served as one.
  'image/apng': { ext: 'png', mime: 'image/png' },
  'image/gif': { ext: 'gif', mime: 'image/gif' },
  'image/webp': { ext: 'webp', mime: 'image/webp' },
};
export const ACCEPTED_IMAGE_TYPES = 'image/jpeg, image/png, image/gif, image/webp';

/**
 * Absolute URLs of a stored file for one caller, built by the HTTP door from the request's
 * protocol and Host (the core never knows its own address): called with a file key it gives
 * the file's URL (/media/<key>); `thumb` gives its thumbnail's (/media/thumb/<key>).
 */
export interface MediaUrls {
  (key: string): string;
  thumb(key: string): string;
}

/**
 * Thumbnails (img_url_thumb of a stored image): the image scaled to fit in this many pixels
 * each way (never enlarged), same format, made on first request and kept.
 */
export const THUMB_MAX_PX = 200;

/** Largest image accepted, uploaded or downloaded (bytes). */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;

/** Limits of an image download (PUT with a URL when the catalogue setting says so). */
export interface DownloadLimits {
  /** Whole download, redirects included (ms). */
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
}
export const DEFAULT_DOWNLOAD_LIMITS: DownloadLimits = { timeoutMs: 10_000, maxBytes: IMAGE_MAX_BYTES, maxRedirects: 5 };

export const IMAGE_TEXT_LIMITS = { title: 255, description: 2000, alt_text: 255 } as const;
export const IMAGE_URL_MAX = 2048;

const text = (field: keyof typeof IMAGE_TEXT_LIMITS, description: string) =>
  Type.Optional(Type.String({ maxLength: IMAGE_TEXT_LIMITS[field], description: `${description}; default ''` }));

const ImageTextFields = {
  title: text('title', 'image title'),
  description: text('description', 'image description'),
  alt_text: text('alt_text', 'alternative text'),
};

/** The text fields of an upload form (multipart), checked like a JSON body: unknown ones are a 400. */
export const ImageUploadText = Type.Object(ImageTextFields, { additionalProperties: false });
export type ImageUploadText = Static<typeof ImageUploadText>;

/** multipart/form-data of POST /product/{product_id}/image/ and /productwebcategories/{category_id}/image/. */
export const ImageUploadForm = Type.Object(
  {
    file: Type.String({
      format: 'binary',
      description: `the image, one file: ${ACCEPTED_IMAGE_TYPES} recognised by its content (SVG is refused); at most ${IMAGE_MAX_BYTES} bytes (413 above)`,
    }),
    ...ImageTextFields,
  },
  { additionalProperties: false },
);

/** JSON of PUT /product/{product_id}/image/. */
export const ImageUrlRequest = Type.Object(
  {
    url: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: IMAGE_URL_MAX,
        description: 'absolute http(s) URL of the image (required; the spec\'s spelling URL is accepted too, not both)',
      }),
    ),
    URL: Type.Optional(Type.String({ minLength: 1, maxLength: IMAGE_URL_MAX, description: 'the same as url' })),
    ...ImageTextFields,
  },
  { additionalProperties: false },
);
export type ImageUrlRequest = Static<typeof ImageUrlRequest>;

/**
 * Keys of the real service's image elements (observed: cover_picture, img_url_thumb,
 * img_url_normal; ../shared/docs/real-service.md). What our values are is inferred; the
 * product list's images[] and the image writes carry them alike.
 */
export function imageVersionFields(nullable: boolean) {
  // Nullable only where url is: a record read without the caller's address (see MediaUrls).
  const url = (description: string) =>
    nullable ? Type.Union([Type.String(), Type.Null()], { description: `${description}; null only where url is null` }) : Type.String({ description });
  return {
    cover_picture: Type.Integer({
      minimum: 0,
      maximum: 1,
      description:
        "real service: 1 for the product's cover image (inferred: its first image in display order, position then image_id; " +
        'exactly one per product that has images), 0 for the others',
    }),
    img_url_thumb: url(
      'real service: absolute URL of a small version. A stored file: its thumbnail served by this service ' +
        `(/media/thumb/<key>: at most ${THUMB_MAX_PX} x ${THUMB_MAX_PX} px, same format, made on first request and kept; ` +
        'an image the service cannot decode is answered as it is). A URL stored as is (never contacted): that URL',
    ),
    img_url_normal: url(
      'real service: absolute URL of the full image, the same as url (a stored file: /media/<key>; else the URL as stored)',
    ),
  };
}

/** A product image as the writes answer it: the GET /product/{product_id}/images/ item, url always set. */
export const StoredProductImage = Type.Object({
  product_id: Type.Integer(),
  image_id: Type.Integer(),
  url: Type.String({
    description: 'storage url: the URL stored as is; storage local: the service URL of the stored file (/media/...)',
  }),
  storage: Type.Union([Type.Literal('url'), Type.Literal('local')], {
    description: 'url: an external URL stored as is; local: a file the service stores (uploaded or downloaded)',
  }),
  title: Type.String(),
  description: Type.String(),
  alt_text: Type.String(),
  position: Type.Integer({ description: 'display order, 0 = main image; a new image goes after the existing ones' }),
  mime_type: Type.String({ description: "detected by content; for a URL stored as is, guessed from its extension ('' when unknown)" }),
  size_bytes: Type.Integer({ description: '0 for a URL stored as is' }),
  created_ts: Type.String(),
  ...imageVersionFields(false),
});
export type StoredProductImage = Static<typeof StoredProductImage>;

/** Answer of DELETE /product/{product_id}/images/. */
export const ProductImagesDeleted = Type.Object({
  product_id: Type.Integer(),
  deleted_count: Type.Integer({ description: '0 when the product had no image' }),
  deleted_image_ids: Type.Array(Type.Integer()),
});
export type ProductImagesDeleted = Static<typeof ProductImagesDeleted>;

/** Answer of POST /productwebcategories/{category_id}/image/. */
export const WebCategoryImage = Type.Object({
  category_id: Type.Integer(),
  name: Type.String(),
  image_url: Type.String({ description: 'the service URL of the stored file (/media/...)' }),
  image_title: Type.String(),
  image_description: Type.String(),
  image_alt_text: Type.String(),
  mime_type: Type.String({ description: 'detected by content' }),
  size_bytes: Type.Integer(),
  last_changed_ts: Type.String(),
});
export type WebCategoryImage = Static<typeof WebCategoryImage>;

/** Answer of DELETE /productwebcategories/{category_id}/. */
export const WebCategoryDeleted = Type.Object({
  deleted_category_id: Type.Integer(),
  deleted_category_ids: Type.Array(Type.Integer(), {
    description: 'the category and every subcategory below it that was not deleted yet (all get deleted: 1)',
  }),
});
export type WebCategoryDeleted = Static<typeof WebCategoryDeleted>;
