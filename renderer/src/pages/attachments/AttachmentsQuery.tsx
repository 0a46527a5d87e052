import type { ReactNode } from 'react';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Attachment } from '../../../../shared/domain/attachments.ts';
import { ErrorText } from './ErrorText.tsx';
import { useAttachments, type DocumentRef } from './queries.ts';

/**
 * The attachments of one document read once for any layout: the caller draws the loading state
 * (a skeleton in a panel, a spinner on the Storage screen) and the list; unreadable and empty are
 * said the same way everywhere.
 */
export function AttachmentsQuery({ doc, enabled = true, loading, children }: { doc: DocumentRef; enabled?: boolean; loading: ReactNode; children: (items: Attachment[]) => ReactNode }) {
  const { t } = useTranslation();
  const list = useAttachments(doc, enabled);
  if (list.isPending) return loading;
  if (list.isError) {
    return (
      <Text size="sm" c="dimmed">
        {t('attachments.cannotRead')} <ErrorText error={list.error} />
      </Text>
    );
  }
  if (list.data.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="attachments-empty">
        {t('attachments.empty')}
      </Text>
    );
  }
  return children(list.data);
}
