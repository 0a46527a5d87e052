import type { Database } from 'better-sqlite3';
import type { Pager } from '../../store/paging.ts';
import type { DomainDeps } from '../../domain-deps.ts';
import { badRequest, notFound } from '../../../../shared/contract/errors.ts';
import {
  DEFAULT_DOWNLOAD_LIMITS,
  ImageUploadText,
  type DownloadLimits,
  type ImageUrlRequest,
  type MediaUrls,
  type ProductImagesDeleted,
  type StoredProductImage,
  type WebCategoryDeleted,
  type WebCategoryImage,
} from '../../../../shared/domain/images.ts';
import { validate } from '../../validate.ts';
import { formatTimestamp } from '../../time.ts';
import { isAddressNotAllowed, reportOutbound, type OutboundPolicy } from '../../outbound/index.ts';
import { detectImage, mimeOfUrl, type ImageKind } from './content.ts';
import { downloadImage, failureDetail, type Downloaded } from './download.ts';
import { createThumbnails } from './thumbnails.ts';

/** An upload form as the door read it: the text fields as sent and the one file part, if any. */
export interface ImageForm {
  fields: Record<string, string>;
  file?: { content: Buffer; filename: string } | undefined;
}

/** The public URLs of a stored file key (the door knows its own address: see electron/server/public/request-urls.ts). */
export type UrlOf = MediaUrls;

/** Folders of the file store. */
const PRODUCT_FOLDER = 'products';
const CATEGORY_FOLDER = 'web-categories';

interface ImageRow {
  id: number;
  storage_path: string | null;
}

/**
 * Product and web-category images: uploads (checked by content), URLs stored as is or
 * downloaded (the account's catalogue setting), deletions. A stored file is written before the
 * row that names it and removed again when the row's transaction fails; a file a committed
 * change no longer names is removed after the commit. See docs/data-model.md, "Images".
 * Downloads go where `outbound` lets targets named by REST callers go (electron/core/outbound).
 */
export function createImages(db: Database, pager: Pager, deps: DomainDeps, outbound: OutboundPolicy) {
  void pager;
  const { clock, files } = deps;
  /** Limits of a download; a test (or a host) may lower them. */
  const downloadLimits: DownloadLimits = { ...DEFAULT_DOWNLOAD_LIMITS };
  const thumbnails = createThumbnails(files);
  /** A stored image and the thumbnail made of it, if any. */
  const removeStored = (key: string): void => {
    files.remove(key);
    thumbnails.remove(key);
  };

  const productAlive = db
    .prepare<[number, number], number>('SELECT id FROM products WHERE company_id = ? AND id = ? AND deleted = 0')
    .pluck();
  const downloadSetting = db
    .prepare<[number], number>('SELECT catalogue_download_images FROM accounts WHERE company_id = ?')
    .pluck();
  const nextPosition = db
    .prepare<[number, number], number>(
      'SELECT COALESCE(MAX(position) + 1, 0) FROM product_images WHERE company_id = ? AND product_id = ?',
    )
    .pluck();
  const insertImage = db.prepare(
    `INSERT INTO product_images (company_id, product_id, url, storage_path, mime_type, size_bytes, title, description,
                                 alt_text, position, created_ts)
     VALUES (@company_id, @product_id, @url, @storage_path, @mime_type, @size_bytes, @title, @description,
             @alt_text, @position, @created_ts)`,
  );
  const touchProduct = db.prepare<[string, number, number]>(
    'UPDATE products SET last_changed_ts = ? WHERE company_id = ? AND id = ?',
  );
  const imagesOfProduct = db.prepare<[number, number], ImageRow>(
    'SELECT id, storage_path FROM product_images WHERE company_id = ? AND product_id = ? ORDER BY position, id',
  );
  const deleteImagesOf = db.prepare<[number, number]>('DELETE FROM product_images WHERE company_id = ? AND product_id = ?');
  const categoryAlive = db.prepare<[number, number], { id: number; name: string; image_path: string | null }>(
    'SELECT id, name, image_path FROM web_categories WHERE company_id = ? AND id = ? AND deleted = 0',
  );
  const updateCategoryImage = db.prepare<[string, string, string, string, string, number, number]>(
    `UPDATE web_categories SET image_url = NULL, image_path = ?, image_title = ?, image_description = ?, image_alt_text = ?,
            last_changed_ts = ?
      WHERE company_id = ? AND id = ?`,
  );
  // The category and everything below it (UNION: a cycle in parent_id ends the walk).
  const categoryTree = db
    .prepare<[number, number, number], number>(
      `WITH RECURSIVE tree(id) AS (
         SELECT ?
         UNION
         SELECT w.id FROM web_categories w JOIN tree t ON w.parent_id = t.id WHERE w.company_id = ?
       )
       SELECT w.id FROM web_categories w JOIN tree t ON t.id = w.id WHERE w.company_id = ? AND w.deleted = 0 ORDER BY w.id`,
    )
    .pluck();
  const softDeleteCategories = db.prepare<[string, number, string]>(
    'UPDATE web_categories SET deleted = 1, last_changed_ts = ? WHERE company_id = ? AND id IN (SELECT value FROM json_each(?))',
  );
  const categoryKeysOf = db.prepare<[number, string], { id: number; image_path: string }>(
    `SELECT id, image_path FROM web_categories
      WHERE company_id = ? AND id IN (SELECT value FROM json_each(?)) AND image_url IS NULL AND image_path IS NOT NULL`,
  );

  function requireProduct(companyId: number, productId: number): void {
    if (productAlive.get(companyId, productId) === undefined) throw notFound(`product ${productId} does not exist`);
  }

  function requireCategory(companyId: number, categoryId: number) {
    const category = categoryAlive.get(companyId, categoryId);
    if (!category) throw notFound(`web category ${categoryId} does not exist`);
    return category;
  }

  /** The checked text fields and the image of an upload form; a 400 naming the field otherwise. */
  async function readForm(form: ImageForm) {
    const text = validate(ImageUploadText, form.fields, 'form');
    if (!form.file) throw badRequest("file: required field is missing (a file part named 'file')");
    const kind = await detectImage(form.file.content, `file: '${form.file.filename}'`);
    return { text, kind, content: form.file.content };
  }

  /**
   * Writes the file, then the row in one transaction (the product checked again inside it); the
   * file is removed again when the transaction fails.
   */
  function storeProductImage(
    companyId: number,
    productId: number,
    image: { content: Buffer; kind: ImageKind; text: { title?: string; description?: string; alt_text?: string } },
    urlOf: UrlOf,
  ): StoredProductImage {
    const key = files.newKey(PRODUCT_FOLDER, image.kind.ext);
    files.write(key, image.content);
    try {
      return insertProductImage(companyId, productId, {
        url: null,
        storage_path: key,
        mime_type: image.kind.mime,
        size_bytes: image.content.length,
        ...image.text,
      }, urlOf);
    } catch (error) {
      removeStored(key);
      throw error;
    }
  }

  function insertProductImage(
    companyId: number,
    productId: number,
    values: { url: string | null; storage_path: string | null; mime_type: string; size_bytes: number; title?: string; description?: string; alt_text?: string },
    urlOf: UrlOf,
  ): StoredProductImage {
    return db.transaction(() => {
      requireProduct(companyId, productId);
      const now = formatTimestamp(clock.now());
      const row = {
        company_id: companyId,
        product_id: productId,
        url: values.url,
        storage_path: values.storage_path,
        mime_type: values.mime_type,
        size_bytes: values.size_bytes,
        title: values.title ?? '',
        description: values.description ?? '',
        alt_text: values.alt_text ?? '',
        position: nextPosition.get(companyId, productId)!,
        created_ts: now,
      };
      const id = Number(insertImage.run(row).lastInsertRowid);
      // The product record (include:images) changed: modifiedafter finds it.
      touchProduct.run(now, companyId, productId);
      const url = row.storage_path !== null ? urlOf(row.storage_path) : row.url!;
      return {
        product_id: productId,
        image_id: id,
        url,
        storage: row.storage_path !== null ? 'local' : 'url',
        title: row.title,
        description: row.description,
        alt_text: row.alt_text,
        position: row.position,
        mime_type: row.mime_type,
        size_bytes: row.size_bytes,
        created_ts: row.created_ts,
        // Appended after the others: the cover only when it is the product's first image.
        cover_picture: row.position === 0 ? 1 : 0,
        img_url_thumb: row.storage_path !== null ? urlOf.thumb(row.storage_path) : url,
        img_url_normal: url,
      } satisfies StoredProductImage;
    })();
  }

  /** The URL of a PUT, checked: absolute http(s), no credentials, no blanks. */
  function checkUrl(field: string, raw: string): URL {
    if (/[\s\u0000-\u001f\u007f]/.test(raw)) throw badRequest(`${field}: must not contain spaces or control characters`);
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw badRequest(`${field}: '${raw}' is not an absolute URL`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw badRequest(`${field}: only http and https URLs are accepted, not ${url.protocol}`);
    }
    if (url.username !== '' || url.password !== '') throw badRequest(`${field}: must not carry credentials (user:password@)`);
    return url;
  }

  return {
    downloadLimits,

    /** POST /product/{product_id}/image/: an uploaded image, appended after the existing ones. */
    async addUploaded(companyId: number, productId: number, form: ImageForm, urlOf: UrlOf): Promise<StoredProductImage> {
      requireProduct(companyId, productId);
      const image = await readForm(form);
      return storeProductImage(companyId, productId, image, urlOf);
    },

    /**
     * PUT /product/{product_id}/image/: an image by URL, appended after the existing ones. The URL
     * is stored as is, or, when the account's catalogue setting says so
     * (accounts.catalogue_download_images = 1), downloaded and stored like an upload. A refused
     * target is a 400 "<field>: address not allowed", any other failure "<field>: download failed".
     */
    async addFromUrl(companyId: number, productId: number, body: ImageUrlRequest, urlOf: UrlOf): Promise<StoredProductImage> {
      requireProduct(companyId, productId);
      if (body.url !== undefined && body.URL !== undefined) throw badRequest('URL: send url or URL, not both');
      const field = body.URL !== undefined ? 'URL' : 'url';
      const raw = body.url ?? body.URL;
      if (raw === undefined) throw badRequest('url: required field is missing');
      const url = checkUrl(field, raw);
      const text = { title: body.title, description: body.description, alt_text: body.alt_text };
      const defined = Object.fromEntries(Object.entries(text).filter(([, v]) => v !== undefined)) as typeof text;
      if (downloadSetting.get(companyId) !== 1) {
        return insertProductImage(companyId, productId, {
          url: raw,
          storage_path: null,
          mime_type: mimeOfUrl(url),
          size_bytes: 0,
          ...defined,
        }, urlOf);
      }
      let downloaded: Downloaded;
      try {
        downloaded = await downloadImage(url, downloadLimits, { reach: outbound.callerReach(), written: raw });
      } catch (error) {
        // The caller learns that it failed, never how: a status, a type or a refused connection
        // would make this endpoint a scanner of the service's network. The admin gets the reason.
        const refused = isAddressNotAllowed(error);
        reportOutbound(`image URL of account ${companyId} ${refused ? 'refused' : 'not downloaded'} (${url.href}): ${failureDetail(error)}`);
        throw badRequest(`${field}: ${refused ? 'address not allowed' : 'download failed'}`);
      }
      return storeProductImage(companyId, productId, { content: downloaded.content, kind: downloaded.kind, text: defined }, urlOf);
    },

    /** DELETE /product/{product_id}/images/: every image of the product; the stored files after the commit. */
    removeAll(companyId: number, productId: number): ProductImagesDeleted {
      const removed = db.transaction(() => {
        requireProduct(companyId, productId);
        const rows = imagesOfProduct.all(companyId, productId);
        if (rows.length > 0) {
          deleteImagesOf.run(companyId, productId);
          touchProduct.run(formatTimestamp(clock.now()), companyId, productId);
        }
        return rows;
      })();
      for (const row of removed) if (row.storage_path !== null) removeStored(row.storage_path);
      return { product_id: productId, deleted_count: removed.length, deleted_image_ids: removed.map((row) => row.id) };
    },

    /** POST /productwebcategories/{category_id}/image/: replaces the category image; the old file goes after the commit. */
    async replaceCategoryImage(companyId: number, categoryId: number, form: ImageForm, urlOf: UrlOf): Promise<WebCategoryImage> {
      requireCategory(companyId, categoryId);
      const image = await readForm(form);
      const key = files.newKey(CATEGORY_FOLDER, image.kind.ext);
      files.write(key, image.content);
      let previous: string | null;
      let answer: WebCategoryImage;
      try {
        [previous, answer] = db.transaction((): [string | null, WebCategoryImage] => {
          const category = requireCategory(companyId, categoryId);
          const now = formatTimestamp(clock.now());
          const title = image.text.title ?? '';
          const description = image.text.description ?? '';
          const altText = image.text.alt_text ?? '';
          updateCategoryImage.run(key, title, description, altText, now, companyId, categoryId);
          return [
            category.image_path,
            {
              category_id: categoryId,
              name: category.name,
              image_url: urlOf(key),
              image_title: title,
              image_description: description,
              image_alt_text: altText,
              mime_type: image.kind.mime,
              size_bytes: image.content.length,
              last_changed_ts: now,
            },
          ];
        })();
      } catch (error) {
        files.remove(key);
        throw error;
      }
      if (previous !== null && previous !== key) removeStored(previous);
      return answer;
    },

    /**
     * DELETE /productwebcategories/{category_id}/: soft deletion (deleted = 1) of the category and
     * of every subcategory below it; product links and image files are kept with the rows.
     */
    deleteCategory(companyId: number, categoryId: number): WebCategoryDeleted {
      return db.transaction(() => {
        requireCategory(companyId, categoryId);
        const ids = categoryTree.all(categoryId, companyId, companyId);
        softDeleteCategories.run(formatTimestamp(clock.now()), companyId, JSON.stringify(ids));
        return { deleted_category_id: categoryId, deleted_category_ids: ids };
      })();
    },

    /**
     * GET /media/thumb/<key>: the key of the thumbnail of stored image `key`, made on the first
     * request and kept; the image's own key when it cannot be decoded; undefined when no such
     * image is stored (see thumbnails.ts).
     */
    thumbnail: thumbnails.thumbnail,

    /**
     * For the read side (/productwebcategories/list/): fills in, in place, image_url of the
     * categories whose image the service stores; returns the same array.
     */
    /** The stored images and thumbnails of keys whose rows are gone (accounts.delete). */
    removeStoredFiles(keys: readonly string[]): void {
      for (const key of keys) removeStored(key);
    },
    fillCategoryImageUrls<T extends { id: number; image_url: string | null }>(companyId: number, rows: T[], urlOf: (key: string) => string): T[] {
      const missing = rows.filter((row) => row.image_url === null);
      if (missing.length === 0) return rows;
      const keys = new Map(
        categoryKeysOf.all(companyId, JSON.stringify(missing.map((row) => row.id))).map((row) => [row.id, row.image_path]),
      );
      for (const row of missing) {
        const key = keys.get(row.id);
        if (key !== undefined) row.image_url = urlOf(key);
      }
      return rows;
    },
  };
}
export type Images = ReturnType<typeof createImages>;
export { loadSharp } from './sharp.ts';
