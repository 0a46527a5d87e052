import { Alert, Code, Text } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { useClientInfo } from '../../api/context.tsx';
import { ErpError } from '../../api/errors.ts';
import { IconAlert } from './icons.tsx';

/** Says what went wrong and, for a 401 in a browser tab, how to get in. */
export function ErrorNotice({ error }: { error: Error }) {
  const { t } = useTranslation();
  const { transport, hasToken } = useClientInfo();
  const status = error instanceof ErpError ? error.status : undefined;
  const title = status === 401 ? t('errors.notAuthorised') : status ? t('errors.requestFailedStatus', { status }) : t('errors.requestFailed');
  return (
    <Alert color="red" variant="light" title={title} icon={<IconAlert />} data-testid="error-notice">
      <Text size="sm">{error.message}</Text>
      {status === 401 && transport === 'http' && (
        <Text size="sm" mt="xs">
          {hasToken ? t('errors.wrongToken') : t('errors.noToken')}
          <Trans i18nKey="errors.howToGetIn" components={{ code: <Code /> }} />
        </Text>
      )}
    </Alert>
  );
}
