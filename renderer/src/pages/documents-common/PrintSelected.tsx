import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PRINT_MAX_DOCUMENTS } from '../../../../shared/contract/operations-print.ts';
import { useAction } from '../../api/operations.ts';
import { notifyFailed, notifyInfo } from '../../components/feedback/index.ts';
import { IconFiscal } from '../../app/shell/icons.tsx';
import { saveBase64 } from '../attachments/files.ts';

/** What a list prints: its invoices, proformas or AWB labels. */
export type PrintKind = 'invoice' | 'proforma' | 'awb';

/**
 * "Print selected": the selected documents as one PDF (documents.printPdf), each with its own
 * pages in the order they were selected, handed to the download as the attachments are.
 */
export function PrintSelected({ companyId, kind, ids }: { companyId: number; kind: PrintKind; ids: readonly number[] }) {
  const { t } = useTranslation();
  const print = useAction('documents.printPdf');
  const tooMany = ids.length > PRINT_MAX_DOCUMENTS;
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconFiscal size={14} />}
      loading={print.isPending}
      title={tooMany ? t('bulk.print.tooMany', { max: PRINT_MAX_DOCUMENTS }) : undefined}
      disabled={tooMany || ids.length === 0}
      onClick={() =>
        print.mutate(
          { company_id: companyId, kind, ids: [...ids] },
          {
            onSuccess: (file) => {
              saveBase64(file.file_name, file.content_type, file.content_base64);
              notifyInfo(t('bulk.print.done', { count: file.documents, file: file.file_name, pages: file.pages }), 4000);
            },
            onError: (error) => notifyFailed(t('bulk.print.failed'), error),
          },
        )
      }
      data-testid="print-selected"
    >
      {kind === 'awb' ? t('bulk.print.awbs') : t('bulk.print.invoices')}
    </Button>
  );
}
