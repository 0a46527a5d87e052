import type { EndpointExample } from './route-kit.ts';
import type { connectorListFilters, orderListFilters } from './marketplace.ts';

/** GET /marketplace/connectors/list/: the connectors that are not deleted. */
export const marketplaceConnectorsListExample: EndpointExample<typeof connectorListFilters> = {
  filters: { skipcancelled: 1 },
  answer: {
    data: [
      {
        id: 1,
        name: 'Magazin online Demo Retail',
        type: 'ShopifyV2',
        connector_type: 'ecommerce',
        site_domain: 'shop.demo-retail.ro',
        active: 1,
        deleted: 0,
        created_ts: '2024-10-30 12:00:00',
        last_changed_ts: '2024-11-01 12:00:00',
      },
      {
        id: 2,
        name: 'Dropshipping eShop Partener',
        type: 'WooCommerce',
        connector_type: 'dropship',
        site_domain: 'eshop-partener.ro',
        active: 1,
        deleted: 0,
        created_ts: '2024-11-06 12:00:00',
        last_changed_ts: '2024-11-10 12:00:00',
      },
      {
        id: 3,
        name: 'Outlet Demo Retail (oprit)',
        type: 'PrestaShop',
        connector_type: 'ecommerce',
        site_domain: 'outlet.demo-retail.ro',
        active: 0,
        deleted: 0,
        created_ts: '2024-11-13 12:00:00',
        last_changed_ts: '2024-11-19 12:00:00',
      },
    ],
  },
};

/** GET /marketplace/orders/list/: one connector's orders from a day on (its own paging keys: the answer as sent). */
export const marketplaceOrdersListExample: EndpointExample<typeof orderListFilters> = {
  filters: { connector_id: 1, datefrom: '2026-11-08' },
  answer: {
    body: {
      is_error: false,
      http_code: 200,
      data: [
        {
          rec_id: 80,
          connector: {
            connector_id: 1,
            name: 'Magazin online Demo Retail',
            type: 'ShopifyV2',
            connector_type: 'ecommerce',
            site_domain: 'shop.demo-retail.ro',
            active: 1,
            deleted: 0,
          },
          deleted: 0,
          status: 'completed',
          connector_id: 1,
          order_unique_id: '100058',
          order_reference: '#100058',
          order_date: '2026-11-08',
          order_updated_at: '2026-11-14 13:06:37',
          order_status: 'completed',
          order_cancelled: 0,
          order_mentions: '',
          order_currency_code: 'RON',
          shipping_method: 'courier',
          cod_amount: 0,
          cod_currency: '',
          client_id: 50,
          client_name: 'Aurelian Pavel',
          client_cui: '',
          client_reg_com: '',
          client_unique_id: 20059,
          document_value_with_vat: 1183.91,
          paid_amount: 1183.91,
          payment_method: null,
          created_ts: '2026-11-08 13:06:37',
          last_changed_ts: '2026-11-14 13:06:37',
          sales_receipts: [
            {
              bv_id: 296,
              doc_series: 'BVW',
              doc_nr: 80,
              doc_date: '2026-11-08',
              document_value_with_vat: 1183.91,
              currency: 'RON',
              document_cancelled: 0,
            },
          ],
          invoices: [
            {
              bocp_id: 173,
              seria: 'WEB',
              nr: 55,
              doc_date: '2026-11-08',
              document_value_with_vat: 1183.91,
              currency: 'RON',
              document_cancelled: 0,
            },
          ],
          awbs: [
            {
              awb_id: 83,
              awb_nr: '1ONB9020104756',
              awb_type: 'sameday',
              awb_subtype: '',
              doc_date: '2026-11-09',
              document_cancelled: 0,
            },
          ],
        },
      ],
      messages: [],
      request_route: '/marketplace/orders/list/connector_id:1/datefrom:2026-11-08/',
      your_ip: '127.0.0.1',
      your_user: 'sync-magazin',
      your_method: 'GET',
      page: 1,
      data_count: 1,
      data_next_page_exists: false,
      data_next_page_url: null,
    },
  },
};
