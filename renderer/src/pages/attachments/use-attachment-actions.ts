import { useTranslation } from 'react-i18next';
import type { Attachment } from '../../../../shared/domain/attachments.ts';
import { confirmAction, notifyInfo } from '../../components/feedback/index.ts';
import { useDeleteAttachment, useDownloadAttachment } from './queries.ts';

/**
 * Download and delete (confirmed first) of one attachment, for every place that lists them (the
 * Storage screen's table and the detail panels' rows): one wording, one toast.
 */
export function useAttachmentActions(companyId: number, attachment: Attachment) {
  const { t } = useTranslation();
  const download = useDownloadAttachment();
  const remove = useDeleteAttachment();
  const input = { company_id: companyId, attachment_id: attachment.bocp_id };
  const name = attachment.original_filename;
  const onDelete = async () => {
    const confirmed = await confirmAction({
      title: t('attachments.deleteTitle'),
      body: t('attachments.deleteText', { name }),
      confirmLabel: t('attachments.delete'),
      cancelLabel: t('common.cancel'),
      danger: true,
    });
    if (confirmed) remove.mutate(input, { onSuccess: () => notifyInfo(t('attachments.deleted', { name })) });
  };
  return {
    name,
    download: () => download.mutate(input),
    downloading: download.isPending,
    remove: () => void onDelete(),
    removing: remove.isPending,
    error: download.error ?? remove.error,
  };
}
