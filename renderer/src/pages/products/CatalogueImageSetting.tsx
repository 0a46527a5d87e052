import { Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Account } from '../../../../shared/domain/accounts.ts';
import { useAction, useQueryClient } from '../../api/operations.ts';
import { useAccounts } from '../../api/queries.ts';
import { notifyDone, notifyFailed } from '../../components/feedback/index.ts';

/**
 * The account's catalogue setting of the spec's PUT /product/{id}/image/: image URLs downloaded
 * and stored by the service, or kept as sent (accounts.update, catalogue_download_images). It
 * changes at once, like the REST switch it sits beside in the account record; a toast says so.
 */
export function CatalogueImageSetting({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const accounts = useAccounts();
  const update = useAction('accounts.update');
  const queryClient = useQueryClient();
  const account = accounts.data?.find((a) => a.company_id === companyId);
  if (!account) return null;
  // The value being saved shows at once; a refusal puts the stored one back.
  const saving = update.isPending ? update.variables?.catalogue_download_images : undefined;
  return (
    <Switch
      label={t('products.catalogue.downloadImages')}
      description={t('products.catalogue.downloadImagesHelp')}
      checked={saving ?? account.catalogue_download_images}
      disabled={update.isPending}
      maw={420}
      onChange={(event) => {
        const on = event.currentTarget.checked;
        update.mutate(
          { company_id: companyId, catalogue_download_images: on },
          {
            onSuccess: (saved) => {
              // The list is read again on data.changed as well; this shows the answer at once.
              queryClient.setQueryData<Account[]>(['accounts.list'], (list) => list?.map((a) => (a.company_id === saved.company_id ? saved : a)));
              notifyDone({ title: saved.catalogue_download_images ? t('products.catalogue.turnedOn') : t('products.catalogue.turnedOff') });
            },
            onError: (error) => notifyFailed(t('products.catalogue.failed'), error),
          },
        );
      }}
      data-testid="catalogue-download-images"
    />
  );
}
