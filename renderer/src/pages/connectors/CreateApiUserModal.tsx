import { useState } from 'react';
import { Button, Group, Modal, MultiSelect, PasswordInput, Select, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { operations } from '../../../../shared/contract/operations.ts';
import type { CreatedApiUser } from '../../../../shared/domain/accounts.ts';
import type { MarketplaceConnector } from '../../../../shared/domain/connectors.ts';
import { useAction } from '../../api/operations.ts';
import { fieldErrors } from '../../components/feedback/index.ts';

interface Schema {
  enum?: readonly string[];
  anyOf?: readonly Schema[];
  items?: Schema;
  default?: unknown;
  description?: string;
  minLength?: number;
  maxLength?: number;
}

/** The create form is the operation's input schema: its fields, allowed values, defaults and rules. */
const INPUT = (operations['apiUsers.create'].input as unknown as { properties: Record<string, Schema> }).properties;
/** The values a list field's items allow (routes, methods): an array of an enum, or null. */
const itemChoices = (field: string): string[] => {
  const schema = INPUT[field] ?? {};
  const array = schema.items ? schema : (schema.anyOf ?? []).find((s) => s.items);
  return [...(array?.items?.enum ?? [])];
};
const ROUTES = itemChoices('routes');
const METHODS = itemChoices('methods');
const DEFAULT_IPS = (INPUT.ip_whitelist?.default as string[] | undefined) ?? ['*'];
const FIELDS = ['username', 'password', 'ip_whitelist', 'routes', 'methods', 'connector_id'];

/** A new API user (apiUsers.create); the answer carries the password, handed to the caller to show once. */
export function CreateApiUserModal({
  opened,
  onClose,
  companyId,
  connectors,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  companyId: number;
  connectors: readonly MarketplaceConnector[];
  onCreated: (user: CreatedApiUser) => void;
}) {
  const { t } = useTranslation();
  const create = useAction('apiUsers.create');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [ips, setIps] = useState<string[]>(DEFAULT_IPS);
  const [routes, setRoutes] = useState<string[]>([]);
  const [methods, setMethods] = useState<string[]>([]);
  const [connector, setConnector] = useState<string | null>(null);
  const errors = fieldErrors(create.error, FIELDS);

  function reset() {
    setUsername('');
    setPassword('');
    setIps(DEFAULT_IPS);
    setRoutes([]);
    setMethods([]);
    setConnector(null);
    create.reset();
  }

  function submit() {
    create.mutate(
      {
        company_id: companyId,
        username: username.trim(),
        ...(password !== '' && { password }),
        ip_whitelist: ips,
        routes: routes.length ? (routes as never) : null,
        methods: methods.length ? (methods as never) : null,
        connector_id: connector === null ? null : Number(connector),
      },
      {
        onSuccess: (user) => {
          reset();
          onCreated(user);
        },
      },
    );
  }

  return (
    <Modal closeButtonProps={{ 'aria-label': t('common.close') }}
      opened={opened}
      onClose={() => {
        reset();
        onClose();
      }}
      title={t('connectorsScreen.createForm.title')}
      data-testid="api-user-form"
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t('connectorsScreen.createForm.username')}
            description={t('connectorsScreen.createForm.usernameHint')}
            value={username}
            onChange={(e) => setUsername(e.currentTarget.value)}
            // the server's rule is a regular expression: said in plain words here
            error={errors.username && /pattern|match|\^\[/i.test(errors.username) ? t('connectorsScreen.createForm.usernameRule') : errors.username}
            required
            data-autofocus
            autoComplete="off"
            data-testid="api-user-username"
          />
          <PasswordInput
            label={t('connectorsScreen.createForm.password')}
            description={t('connectorsScreen.createForm.passwordHint')}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={errors.password}
            autoComplete="new-password"
            maxLength={INPUT.password?.maxLength}
          />
          <TagsInput label={t('connectorsScreen.createForm.ip')} description={t('connectorsScreen.createForm.ipHint')} value={ips} onChange={setIps} error={errors.ip_whitelist} clearable />
          <MultiSelect label={t('connectorsScreen.createForm.routes')} description={t('connectorsScreen.createForm.routesHint')} data={ROUTES} value={routes} onChange={setRoutes} error={errors.routes} searchable clearable />
          <MultiSelect label={t('connectorsScreen.createForm.methods')} description={t('connectorsScreen.createForm.methodsHint')} data={METHODS} value={methods} onChange={setMethods} error={errors.methods} clearable />
          <Select
            label={t('connectorsScreen.createForm.connector')}
            description={t('connectorsScreen.createForm.connectorHint')}
            placeholder={t('connectorsScreen.createForm.noConnector')}
            data={connectors.filter((c) => !c.deleted).map((c) => ({ value: String(c.id), label: `${c.id} · ${c.name}` }))}
            value={connector}
            onChange={setConnector}
            clearable
            error={errors.connector_id}
          />
          {errors._form && (
            <Text size="sm" c="red" role="alert">
              {errors._form}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending} disabled={username.trim() === ''} data-testid="api-user-submit">
              {t('connectorsScreen.createForm.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
