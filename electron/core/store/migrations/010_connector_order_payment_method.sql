-- The order-level payment method a connector order may carry beside its payments[]
-- (`payment_method` of the request: clients of the real service send it with an empty
-- payments[], the method before any payment exists). NULL when never sent. While the order has
-- no payment, it is the payment method the invoicing and proforma rules look at
-- (invoicing.excluded_payment_methods, proforma.trigger_payment_methods).
ALTER TABLE connector_orders ADD COLUMN payment_method TEXT;
