/**
 * The bodies of the order notifications connectors build themselves (spec, Events), without
 * notification_type (the outbox adds it): the status notification, used by every path that
 * emits it. (The invoice body is issuing's, issuing/invoice-notification.ts; the awb body is
 * built by the AWB store, awb/store.ts notifyConnector.)
 */

export type StatusNotification = {
  order_unique_id: string;
  status_text: string;
};

export function statusNotification(orderUniqueId: string, statusText: string): StatusNotification {
  return { order_unique_id: orderUniqueId, status_text: statusText };
}
