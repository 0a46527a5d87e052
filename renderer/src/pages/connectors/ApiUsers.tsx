import { useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Code, CopyButton, Group, Modal, Skeleton, Stack, Table, Text, TextInput, Tooltip, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ApiUser, CreatedApiUser } from '../../../../shared/domain/accounts.ts';
import type { MarketplaceConnector } from '../../../../shared/domain/connectors.ts';
import { useAction, useOperation } from '../../api/operations.ts';
import { formatDateTime } from '../../app/format.ts';
import { ErrorNotice } from '../../app/shell/ErrorNotice.tsx';
import { IconAlert, IconCheck, IconCopy } from '../../app/shell/icons.tsx';
import { confirmAction, notifyDone, notifyFailed } from '../../components/feedback/index.ts';
import { CreateApiUserModal } from './CreateApiUserModal.tsx';

/** The account's API users with their restrictions; create (the password shown once) and delete. */
export function ApiUsers({ companyId, connectors }: { companyId: number; connectors: readonly MarketplaceConnector[] }) {
  const { t } = useTranslation();
  const users = useOperation('apiUsers.list', { company_id: companyId });
  const remove = useAction('apiUsers.delete');
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiUser | null>(null);
  const names = new Map(connectors.map((c) => [c.id, c.name]));

  async function deleteUser(user: ApiUser) {
    const ok = await confirmAction({
      title: t('connectorsScreen.users.deleteTitle', { username: user.username }),
      body: t('connectorsScreen.users.deleteBody', { username: user.username }),
      confirmLabel: t('common.delete'),
      cancelLabel: t('common.cancel'),
      danger: true,
    });
    if (!ok) return;
    remove.mutate(
      { company_id: companyId, id: user.id },
      {
        onSuccess: () => notifyDone({ title: t('connectorsScreen.users.deleted', { username: user.username }) }),
        onError: (error) => notifyFailed(t('connectorsScreen.users.deleteFailed'), error),
      },
    );
  }

  const list = (values: readonly string[] | null, all: string) => (values === null ? <Text span size="sm" c="dimmed">{all}</Text> : values.join(', '));

  return (
    <section aria-labelledby="api-users-heading" data-testid="api-users">
      <Group justify="space-between" mb="xs">
        <div>
          <Text id="api-users-heading" component="h2" fw={600} size="lg">
            {t('connectorsScreen.users.title')}
          </Text>
          <Text size="sm" c="dimmed">
            {t('connectorsScreen.users.hint')}
          </Text>
        </div>
        <Button onClick={() => setCreating(true)} data-testid="api-user-create">
          {t('connectorsScreen.users.create')}
        </Button>
      </Group>
      {users.isPending && <Skeleton height={120} radius="md" />}
      {users.error && <ErrorNotice error={users.error} />}
      {users.data && users.data.length === 0 && (
        <Text size="sm" c="dimmed" data-testid="api-users-empty">
          {t('connectorsScreen.users.empty')}
        </Text>
      )}
      {users.data && users.data.length > 0 && (
        <Table.ScrollContainer minWidth={900}>
          <Table striped highlightOnHover aria-label={t('connectorsScreen.users.title')} data-testid="api-users-table">
            <Table.Thead>
              <Table.Tr>
                {(['username', 'ip', 'routes', 'methods', 'connector', 'created', 'lastUsed'] as const).map((key) => (
                  <Table.Th key={key} scope="col">
                    {t(`connectorsScreen.users.columns.${key}`)}
                  </Table.Th>
                ))}
                <Table.Th scope="col">
                  <VisuallyHidden>{t('connectorsScreen.users.columns.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {users.data.map((user) => (
                <Table.Tr key={user.id} data-username={user.username}>
                  <Table.Td>
                    <Code>{user.username}</Code>
                  </Table.Td>
                  <Table.Td>{user.ip_whitelist.join(', ')}</Table.Td>
                  <Table.Td>{list(user.routes, t('connectorsScreen.users.all'))}</Table.Td>
                  <Table.Td>{list(user.methods, t('connectorsScreen.users.all'))}</Table.Td>
                  <Table.Td>
                    {user.connector_id === null ? (
                      <Text span size="sm" c="dimmed">
                        {t('connectorsScreen.users.none')}
                      </Text>
                    ) : (
                      <Badge variant="light" tt="none">
                        {user.connector_id} · {names.get(user.connector_id) ?? ''}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(user.created_ts)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{user.last_used_ts ? formatDateTime(user.last_used_ts) : t('connectorsScreen.users.never')}</Table.Td>
                  <Table.Td>
                    <Button size="compact-sm" variant="subtle" color="red" onClick={() => void deleteUser(user)} aria-label={t('connectorsScreen.users.delete', { username: user.username })}>
                      {t('common.delete')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <CreateApiUserModal
        opened={creating}
        onClose={() => setCreating(false)}
        companyId={companyId}
        connectors={connectors}
        onCreated={(user) => {
          setCreating(false);
          setCreated(user);
          notifyDone({ title: t('connectorsScreen.password.created', { username: user.username }) });
        }}
      />
      <PasswordOnce user={created} onClose={() => setCreated(null)} />
    </section>
  );
}

/**
 * The new user's password, shown this once (the core keeps only its hash): a copy button and a
 * plain warning. Closing forgets it: the screen cannot show it again.
 */
function PasswordOnce({ user, onClose }: { user: CreatedApiUser | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal closeButtonProps={{ 'aria-label': t('common.close') }}
      opened={user !== null}
      onClose={onClose}
      title={user ? t('connectorsScreen.password.title', { username: user.username }) : ''}
      closeOnClickOutside={false}
      data-testid="password-once"
    >
      {user && (
        <Stack gap="sm">
          <Alert color="orange" variant="light" icon={<IconAlert />} role="note">
            {t('connectorsScreen.password.warning')}
          </Alert>
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              label={t('connectorsScreen.password.label')}
              value={user.password}
              readOnly
              ff="monospace"
              onFocus={(e) => e.currentTarget.select()}
              data-testid="password-value"
            />
            <CopyButton value={user.password}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? t('connectorsScreen.password.copied') : t('connectorsScreen.password.copy')} withArrow>
                  <ActionIcon size="lg" variant={copied ? 'filled' : 'default'} color={copied ? 'teal' : undefined} onClick={copy} aria-label={t('connectorsScreen.password.copy')}>
                    {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          </Group>
          <Group justify="flex-end">
            <Button onClick={onClose} data-testid="password-done">
              {t('connectorsScreen.password.done')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
