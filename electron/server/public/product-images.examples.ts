import type { EndpointExample } from './route-kit.ts';

/** POST /product/{product_id}/image/: a JPEG uploaded as the form's file part, with its title and alt text. */
export const productImageUploadExample: EndpointExample = {
  params: { product_id: 2 },
  request: { file: '(binary: P000002-detaliu.jpg, image/jpeg)', title: 'Bluză damă UrbanWear Smart, detaliu', alt_text: 'Detaliu țesătură' },
  answer: {
    data: {
      product_id: 2,
      image_id: 140,
      url: 'http://127.0.0.1:8080/media/products/5fd8074608c33b23af1a7e082966d9fa.jpg',
      storage: 'local',
      title: 'Bluză damă UrbanWear Smart, detaliu',
      description: '',
      alt_text: 'Detaliu țesătură',
      position: 4,
      mime_type: 'image/jpeg',
      size_bytes: 4018,
      created_ts: '2026-11-27 10:00:00',
      cover_picture: 0,
      img_url_thumb: 'http://127.0.0.1:8080/media/thumb/products/5fd8074608c33b23af1a7e082966d9fa.jpg',
      img_url_normal: 'http://127.0.0.1:8080/media/products/5fd8074608c33b23af1a7e082966d9fa.jpg',
    },
  },
};

/** PUT /product/{product_id}/image/: an image kept at the shop's CDN (stored as is). */
export const productImageUrlExample: EndpointExample = {
  params: { product_id: 2 },
  request: {
    url: 'https://cdn.demo-retail.ro/img/produse/P000002-spate.jpg',
    title: 'Bluză damă UrbanWear Smart, spate',
    description: 'Vedere din spate',
    alt_text: 'Bluză gri, vedere din spate',
  },
  answer: {
    data: {
      product_id: 2,
      image_id: 139,
      url: 'https://cdn.demo-retail.ro/img/produse/P000002-spate.jpg',
      storage: 'url',
      title: 'Bluză damă UrbanWear Smart, spate',
      description: 'Vedere din spate',
      alt_text: 'Bluză gri, vedere din spate',
      position: 3,
      mime_type: 'image/jpeg',
      size_bytes: 0,
      created_ts: '2026-11-27 10:00:00',
      cover_picture: 0,
      img_url_thumb: 'https://cdn.demo-retail.ro/img/produse/P000002-spate.jpg',
      img_url_normal: 'https://cdn.demo-retail.ro/img/produse/P000002-spate.jpg',
    },
  },
};

/** DELETE /product/{product_id}/images/ */
export const productImagesDeleteExample: EndpointExample = {
  params: { product_id: 5 },
  answer: { data: { product_id: 5, deleted_count: 1, deleted_image_ids: [4] } },
};
