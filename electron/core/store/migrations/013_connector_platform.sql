-- The shop platform a connector talks to (Shopify, WooCommerce ...): the real service answers it
-- as the connector block's `type` in the marketplace lists (e.g. 'ShopifyV2'), while the spec's
-- connector type (ecommerce / dropship: who is invoiced) stays in `type`. Existing connectors
-- become 'Custom' (a shop of the partner's own) until set (control API: connectors.update).
ALTER TABLE connectors ADD COLUMN platform TEXT NOT NULL DEFAULT 'Custom'
  CHECK (platform IN ('ShopifyV2', 'WooCommerce', 'Magento2', 'PrestaShop', 'OpenCart', 'Gomag', 'MerchantPro', 'eMAG', 'Custom'));
