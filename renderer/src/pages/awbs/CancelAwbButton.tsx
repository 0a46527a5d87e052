import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../api/operations.ts';
import { confirmAction, notifyDone, notifyFailed } from '../../components/feedback/index.ts';

export interface CancellableAwb {
  awb_id: number;
  awb_nr: string;
  awb_type: string;
  awb_subtype: string;
}

/**
 * Cancels an AWB after asking (awbs.cancel: the rule of the API's AWB delete). Used by the AWB
 * screen and by the order screen; the screens refresh from the change the core announces.
 */
export function CancelAwbButton({ companyId, awb, named = false, onCancelled }: { companyId: number; awb: CancellableAwb; named?: boolean; onCancelled?: () => void }) {
  const { t } = useTranslation();
  const cancel = useAction('awbs.cancel');
  const number = awb.awb_nr;
  const courier = awb.awb_subtype ? `${awb.awb_type} / ${awb.awb_subtype}` : awb.awb_type;

  async function run() {
    const ok = await confirmAction({
      title: t('documents.awbs.cancel.title', { number }),
      body: t('documents.awbs.cancel.body', { number, courier }),
      confirmLabel: t('documents.awbs.cancel.confirm'),
      cancelLabel: t('documents.awbs.cancel.keep'),
      danger: true,
    });
    if (!ok) return;
    cancel.mutate(
      { company_id: companyId, awb_id: awb.awb_id },
      {
        onSuccess: () => {
          notifyDone({ title: t('documents.awbs.cancel.done', { number }), message: t('documents.awbs.cancel.doneMessage') });
          onCancelled?.();
        },
        onError: (error) => notifyFailed(t('documents.awbs.cancel.failed'), error),
      },
    );
  }

  return (
    <Button size="xs" variant="light" color="red" onClick={() => void run()} loading={cancel.isPending} data-testid="cancel-awb">
      {named ? t('documents.awbs.cancel.actionNamed', { number }) : t('documents.awbs.cancel.action')}
    </Button>
  );
}
