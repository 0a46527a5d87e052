/** status_id of a fiscal receipt (spec, States) and the colour of its pill. */
export const RECEIPT_STATUS_IDS = ['0', '1', '2', '3'] as const;
export type ReceiptStatusId = (typeof RECEIPT_STATUS_IDS)[number];

export const RECEIPT_STATUS_COLORS = { '0': 'gray', '1': 'yellow', '2': 'blue', '3': 'teal' } as const satisfies Record<ReceiptStatusId, 'gray' | 'yellow' | 'blue' | 'teal'>;

export const statusKey = (statusId: number): ReceiptStatusId => String(statusId) as ReceiptStatusId;
