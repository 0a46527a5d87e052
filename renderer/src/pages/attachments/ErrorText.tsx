import { Text } from '@mantine/core';
import { Trans } from 'react-i18next';
import { ErpError } from '../../api/errors.ts';
import { useShellCompanyId } from '../../app/shell/use-company.ts';
import { RouterAnchor } from '../../app/shell/RouterLinks.tsx';
import { STORAGE_PANEL_ID } from '../storage/StoragePanel.tsx';

/**
 * Links to the storage settings (Settings › Storage & attachments): where a 503 (storage missing
 * or unreachable) is mended. On that screen already, it scrolls to the panel.
 */
export function StorageLink({ children }: { children?: React.ReactNode }) {
  const companyId = useShellCompanyId();
  if (companyId === undefined) return <>{children}</>;
  return (
    <RouterAnchor
      to="/c/$companyId/settings/storage"
      params={{ companyId }}
      size="sm"
      c="inherit"
      fw={600}
      underline="always"
      onClick={() => document.getElementById(STORAGE_PANEL_ID)?.scrollIntoView({ behavior: 'smooth', block: 'start' })}
    >
      {children}
    </RouterAnchor>
  );
}

/** The server's words for a refused action; a 503 also says where the storage is set up. */
export function ErrorText({ error }: { error: Error }) {
  const unavailable = error instanceof ErpError && error.status === 503;
  return (
    <Text span size="sm" c="red" role="alert">
      {error instanceof ErpError ? `${error.messages.join('; ') || error.message} (${error.status})` : error.message}
      {unavailable && (
        <>
          {' '}
          <Trans i18nKey="attachments.checkStorage" components={{ panel: <StorageLink /> }} />
        </>
      )}
    </Text>
  );
}
