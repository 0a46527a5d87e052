/** Staff actions on the ERP side that emit notifications (order status, invoice, AWB, publishing). */
export const staffOperations = {} as const;
