import Type from 'typebox';
import { WebCategoryDeleted, WebCategoryImage } from '../../../shared/domain/images.ts';
import { registerImageUpload } from './image-upload.ts';
import { mediaUrls } from './request-urls.ts';
import type { RestRoutes } from './route-kit.ts';
import { webCategoryDeleteExample, webCategoryImageExample } from './web-categories.examples.ts';

const categoryId = { category_id: Type.Integer({ minimum: 1 }) };

/** Web categories: the category image and the deletion (the list is in reference.ts). */
export function registerWebCategoryRoutes(routes: RestRoutes): void {
  registerImageUpload(
    routes,
    {
      path: '/productwebcategories/{category_id}/image/',
      module: 'productwebcategories',
      summary: 'Replace the image of a web category',
      example: webCategoryImageExample,
      description:
        'multipart/form-data with one file part `file` and the text fields title, description, alt_text (stored as ' +
        'image_title, image_description, image_alt_text; a field not sent becomes empty). The file must be a JPEG, ' +
        'PNG, GIF or WebP image by its content (SVG is refused). It replaces the previous image, whose stored file is ' +
        'removed; the image is served back at its service URL (image_url, below /media/).',
      params: categoryId,
      ok: { description: 'the category image', schema: WebCategoryImage },
      notFound: 'no such web category in the account (or it is deleted)',
    },
    ({ core, companyId, params, request }, form) =>
      core.rest.images.replaceCategoryImage(companyId, Number(params.category_id), form, mediaUrls(request)),
    (data) => ({ web_categories: [data.category_id] }),
  );

  routes.endpoint(
    {
      method: 'DELETE',
      path: '/productwebcategories/{category_id}/',
      module: 'productwebcategories',
      summary: 'Delete a web category',
      example: webCategoryDeleteExample,
      description:
        'Soft deletion, like every deleted row of the account: the category and every subcategory below it get ' +
        'deleted: 1 (still listed by /productwebcategories/list/, flagged) and disappear from the products\' web ' +
        'categories. A deleted category answers 404 here and to its image upload.',
      params: categoryId,
      ok: { description: 'the deleted categories', schema: WebCategoryDeleted },
      errors: { 400: 'category_id is not a positive integer id', 404: 'no such web category in the account (or it is deleted)' },
    },
    ({ core, companyId, params }) => core.rest.images.deleteCategory(companyId, Number(params.category_id)),
    (data) => ({ web_categories: data.deleted_category_ids }),
  );
}
