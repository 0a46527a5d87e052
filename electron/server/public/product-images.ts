import Type from 'typebox';
import { ImageUrlRequest, ProductImagesDeleted, StoredProductImage } from '../../../shared/domain/images.ts';
import { registerImageUpload } from './image-upload.ts';
import { mediaUrls } from './request-urls.ts';
import type { RestRecords, RestRoutes } from './route-kit.ts';
import { productImageUploadExample, productImageUrlExample, productImagesDeleteExample } from './product-images.examples.ts';

/** An image added: its row, and the product's last_changed_ts (its notifications may follow). */
const IMAGE_RECORDS: RestRecords<StoredProductImage> = (data) => ({ product_images: [data.image_id], products: [data.product_id] });

const productId = { product_id: Type.Integer({ minimum: 1 }) };

/** Images of a variant: upload, add by URL, delete all (the list is in product.ts). */
export function registerProductImageRoutes(routes: RestRoutes): void {
  registerImageUpload(
    routes,
    {
      path: '/product/{product_id}/image/',
      module: 'product',
      summary: 'Upload an image of a variant',
      example: productImageUploadExample,
      description:
        'multipart/form-data with one file part `file` and the text fields title, description, alt_text. The file ' +
        'must be a JPEG, PNG, GIF or WebP image by its content (its name and declared type are not trusted; SVG is ' +
        'refused: it can carry scripts). The image is stored by the service, appended after the existing images, ' +
        'and served back at its service URL (`url`, below /media/). Unknown fields, a second file or an over-long ' +
        'text field are a 400 naming the field.',
      params: productId,
      ok: { description: 'the stored image', schema: StoredProductImage },
      notFound: 'no such product in the account (or it is deleted)',
    },
    ({ core, companyId, params, request }, form) =>
      core.rest.images.addUploaded(companyId, Number(params.product_id), form, mediaUrls(request)),
    IMAGE_RECORDS,
  );

  routes.endpoint(
    {
      method: 'PUT',
      path: '/product/{product_id}/image/',
      module: 'product',
      summary: 'Add an image of a variant by URL',
      example: productImageUrlExample,
      description:
        'JSON { url, title, description, alt_text } (`URL`, the spec\'s spelling, is accepted instead of url). The ' +
        'URL must be absolute http(s). It is stored as is, unless the account\'s catalogue setting downloads images: ' +
        'then the service downloads it (at most 10 s, 10 MiB and 5 redirects; the answer must be 2xx with an image/* ' +
        'Content-Type and JPEG, PNG, GIF or WebP content) and stores the file like an upload. Every host on the way ' +
        '(redirects included) is resolved and checked before anything connects to it: unspecified, link-local, cloud ' +
        'metadata, multicast, broadcast and reserved addresses, and IP addresses written other than a.b.c.d or as ' +
        'IPv4-mapped IPv6, are refused; loopback and private-network addresses too, unless the listener is bound to ' +
        'loopback or the service setting outbound_allow_private is on. A refused URL is a 400 "url: address not ' +
        'allowed", any other failed download a 400 "url: download failed" (the service log says why); neither ' +
        'stores anything. The image is appended after the existing images.',
      params: productId,
      body: { contentType: 'application/json', schema: ImageUrlRequest },
      ok: { description: 'the stored image', schema: StoredProductImage },
      errors: {
        400: 'url missing or not http(s); its address not allowed, or its download failed (the message says which, never what the target answered); a field invalid',
        404: 'no such product in the account (or it is deleted)',
      },
    },
    ({ core, companyId, params, request, body }) =>
      core.rest.images.addFromUrl(companyId, Number(params.product_id), body, mediaUrls(request)),
    IMAGE_RECORDS,
  );

  routes.endpoint(
    {
      method: 'DELETE',
      path: '/product/{product_id}/images/',
      module: 'product',
      summary: 'Delete every image of a variant',
      example: productImagesDeleteExample,
      description: 'Deletes the image records and the files the service stored for them. A product without images answers deleted_count 0.',
      params: productId,
      ok: { description: 'what was deleted', schema: ProductImagesDeleted },
      errors: { 400: 'product_id is not a positive integer id', 404: 'no such product in the account (or it is deleted)' },
    },
    ({ core, companyId, params }) => core.rest.images.removeAll(companyId, Number(params.product_id)),
    (data) => ({ product_images: data.deleted_image_ids, products: [data.product_id] }),
  );
}
