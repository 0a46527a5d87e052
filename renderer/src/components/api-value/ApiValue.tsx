import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A value of the API shown to staff: its label in the UI's language, the raw value the REST API
 * carries beside it in small dimmed monospace (what a developer greps the logs and payloads for).
 * A value without a label (a shop's own order status) is shown as it is.
 */
export function ApiValue({ label, value, testId, compact = false }: { label: string; value: string; testId?: string; compact?: boolean }) {
  if (label === value) return <span data-testid={testId}>{value}</span>;
  // in a narrow table cell: the label alone, the API value as its tooltip
  if (compact) return <span data-testid={testId} title={value}>{label}</span>;
  return (
    <span data-testid={testId} title={value}>
      {label}{' '}
      <Text span size="xs" c="dimmed" ff="monospace" data-api-value data-testid={testId && `${testId}-api`}>
        {value}
      </Text>
    </span>
  );
}

type Kind = 'notificationType' | 'orderStatus';

/** The label of an API value in the UI's language; the value itself when there is none. */
export function useApiLabel(kind: Kind): (value: string) => string {
  const { t, i18n } = useTranslation();
  return (value) => {
    const key = `apiValues.${kind}.${value}`;
    return i18n.exists(key) ? String(t(key as never)) : value;
  };
}

/** A notification type (invoice, awb, status, product_published ...) labelled, its API name beside it. */
export function NotificationTypeValue({ type, testId }: { type: string; testId?: string }) {
  const label = useApiLabel('notificationType');
  return <ApiValue label={label(type)} value={type} {...(testId && { testId })} />;
}

/** An order status as the shop reports it (processing, on-hold, completed ...) labelled, the raw status beside it. */
export function OrderStatusValue({ status, testId, compact = false }: { status: string; testId?: string; compact?: boolean }) {
  const label = useApiLabel('orderStatus');
  return <ApiValue label={label(status)} value={status} compact={compact} {...(testId && { testId })} />;
}
