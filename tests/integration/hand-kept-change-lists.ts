import type { OperationName } from '../../shared/contract/operations.ts';

// The lists of written tables kept by hand before issue 38 measured them: the contract's
// `changes` and the REST declarations' `tables`, as they stood. data-changed-every-write.test.ts
// takes them as the floor of what each write announces.

/**
 * The tables each operation listed by hand in the contract before they were measured (its
 * `changes`), and each REST write route in its declaration: every table of it the write changed
 * must still be announced. '*' stands for every table the write changed.
 */
export const OPERATION_FLOOR: Partial<Record<OperationName, readonly string[]>> = {
  'service.reset': ['*'],
  'snapshots.save': ['snapshots'],
  'snapshots.restore': ['*'],
  'snapshots.delete': ['snapshots'],
  'clock.update': ['*'],
  'accounts.update': ['accounts'],
  'accounts.create': ['accounts'],
  'accounts.delete': ['*'],
  'apiUsers.create': ['api_users'],
  'apiUsers.delete': ['api_users'],
  'settings.update': ['service_settings'],
  'connectors.update': ['connectors', 'webhook_outbox'],
  'webhooks.retry': ['webhook_outbox', 'webhook_attempts'],
  'webhooks.cancel': ['webhook_outbox'],
  'orders.setStatus': ['connector_orders', 'webhook_outbox'],
  'orders.issueInvoice': [
    'invoices', 'invoice_items', 'sales', 'sale_items', 'stock', 'products', 'payments', 'payment_allocations', 'document_series',
    'connector_orders', 'awbs', 'webhook_outbox',
  ],
  'orders.generateAwb': ['awbs', 'invoices', 'invoice_items', 'sales', 'document_series', 'connector_orders', 'webhook_outbox'],
  'products.publish': ['connector_products', 'webhook_outbox'],
  'products.unpublish': ['connector_products', 'webhook_outbox'],
  'awbs.cancel': ['awbs', 'connector_orders'],
  'storage.update': ['account_storage'],
  'attachments.upload': ['attachments'],
  'attachments.delete': ['attachments'],
  'orders.cancel': [
    'connector_orders', 'connector_order_items', 'connector_order_payments', 'connector_order_imports', 'connector_clients', 'contacts',
    'contact_addresses', 'sales', 'sale_items', 'invoices', 'invoice_items', 'proformas', 'proforma_items', 'payments', 'payment_allocations',
    'stock', 'products', 'awbs', 'document_series', 'webhook_outbox',
  ],
  'sales.registerPayment': ['payments', 'payment_allocations', 'sales', 'invoices'],
  'payments.cancel': ['payments', 'payment_allocations', 'sales', 'invoices', 'proformas'],
  'products.update': ['products', 'webhook_outbox'],
  'products.uploadImage': ['product_images', 'products', 'webhook_outbox'],
  'products.deleteImages': ['product_images', 'products', 'webhook_outbox'],
  'faults.add': ['sandbox_faults'],
  'faults.delete': ['sandbox_faults'],
  'fixtures.apply': ['*'],
  'invoices.storno': ['invoices', 'invoice_items', 'stock', 'products', 'document_series', 'webhook_outbox'],
  'proformas.invoice': [
    'invoices', 'invoice_items', 'proformas', 'sales', 'sale_items', 'stock', 'products', 'payments', 'payment_allocations', 'document_series',
    'connector_orders', 'awbs', 'webhook_outbox',
  ],
  'contacts.update': ['contacts', 'contact_addresses'],
  'proxy.update': ['account_proxies'],
  'drift.clear': ['fidelity_routes'],
};

const ORDER_IMPORT = [
  'connector_orders', 'connector_order_items', 'connector_order_payments', 'connector_order_imports', 'connector_clients', 'contacts',
  'contact_addresses', 'sales', 'sale_items', 'invoices', 'invoice_items', 'proformas', 'proforma_items', 'payments', 'payment_allocations',
  'stock', 'products', 'awbs', 'document_series', 'webhook_outbox',
];
const IMAGES = ['product_images', 'products', 'webhook_outbox'];
export const REST_FLOOR: Record<string, readonly string[]> = {
  'PATCH /product/{product_id}/': ['products', 'webhook_outbox'],
  'PUT /product/{product_id}/': ['products', 'webhook_outbox'],
  'DELETE /product/{product_id}/': ['products', 'webhook_outbox'],
  'POST /connector/{connector_id}/order/{order_id}/': ORDER_IMPORT,
  'PUT /connector/{connector_id}/order/{order_id}/': ORDER_IMPORT,
  'POST /sales/{bv_id}/payment/': ['payments', 'payment_allocations', 'sales', 'invoices'],
  'POST /payments/fiscalreceipt/': ['fiscal_receipts', 'payments', 'payment_allocations', 'sales', 'invoices'],
  'POST /awb/add/': ['awbs', 'connector_orders', 'webhook_outbox'],
  'DELETE /awb/{awb_id}/': ['awbs', 'connector_orders'],
  'POST /product/{product_id}/image/': IMAGES,
  'PUT /product/{product_id}/image/': IMAGES,
  'DELETE /product/{product_id}/images/': IMAGES,
  'POST /productwebcategories/{category_id}/image/': ['web_categories'],
  'DELETE /productwebcategories/{category_id}/': ['web_categories', 'product_web_categories'],
  'POST /workmanager/sendinrequest/': ['service_requests', 'awbs'],
  // Announced by the attachments domain itself before.
  'POST /attachments/upload/': ['attachments'],
  'DELETE /attachments/{attachment_id}/': ['attachments'],
};
