import type { EndpointExample } from './route-kit.ts';

/** POST /productwebcategories/{category_id}/image/: a JPEG uploaded as the form's file part. */
export const webCategoryImageExample: EndpointExample = {
  params: { category_id: 2 },
  request: { file: '(binary: moda.jpg, image/jpeg)', title: 'Moda', alt_text: 'Colecția de toamnă' },
  answer: {
    data: {
      category_id: 2,
      name: 'Moda',
      image_url: 'http://127.0.0.1:8080/media/web-categories/169d2ba3f9f583c85dc969c1b92e8bd9.jpg',
      image_title: 'Moda',
      image_description: '',
      image_alt_text: 'Colecția de toamnă',
      mime_type: 'image/jpeg',
      size_bytes: 4018,
      last_changed_ts: '2026-11-27 10:00:00',
    },
  },
};

/** DELETE /productwebcategories/{category_id}/: a category and its subcategories. */
export const webCategoryDeleteExample: EndpointExample = {
  params: { category_id: 4 },
  answer: { data: { deleted_category_id: 4, deleted_category_ids: [4] } },
};
