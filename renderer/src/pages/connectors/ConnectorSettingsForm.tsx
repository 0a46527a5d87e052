import { useState } from 'react';
import { Alert, Badge, Button, Group, MultiSelect, PasswordInput, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CONNECTOR_PLATFORMS, type ConnectorConfig } from '../../../../shared/domain/connectors.ts';
import { useAction } from '../../api/operations.ts';
import { confirmAction, fieldErrors, notifyDone, notifyFailed } from '../../components/feedback/index.ts';

const FIELDS = ['order_event_notification_url', 'type', 'platform', 'active', 'webhook_secret', 'tracked_fields'] as const;

interface Draft {
  type: 'ecommerce' | 'dropship';
  platform: (typeof CONNECTOR_PLATFORMS)[number];
  active: boolean;
  url: string;
  tracked: string[];
  /** A new secret being typed (null: keep the current one). */
  secret: string | null;
}

function draftOf(config: ConnectorConfig): Draft {
  const tracked = config.products.tracked_fields;
  return {
    type: config.connector.type,
    platform: config.connector.platform,
    active: config.connector.active === 1,
    url: config.connector.order_event_notification_url,
    tracked: typeof tracked === 'object' && Array.isArray(tracked.value) ? tracked.value.map(String) : [],
    secret: null,
  };
}

/** The staff settings of a connector (connectors.update): only the fields changed are sent; the core's messages land at their field. */
export function ConnectorSettingsForm({ companyId, config }: { companyId: number; config: ConnectorConfig }) {
  const { t } = useTranslation();
  const initial = draftOf(config);
  const [draft, setDraft] = useState<Draft>(initial);
  const update = useAction('connectors.update');
  const errors = fieldErrors(update.error, FIELDS);
  const c = config.connector;
  const trackedOptions = config.products.tracked_fields;
  const trackable = typeof trackedOptions === 'object' ? Object.keys(trackedOptions.options) : [];
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  const patch = {
    ...(draft.url !== initial.url && { order_event_notification_url: draft.url.trim() }),
    ...(draft.type !== initial.type && { type: draft.type }),
    ...(draft.platform !== initial.platform && { platform: draft.platform }),
    ...(draft.active !== initial.active && { active: draft.active }),
    ...(draft.secret !== null && draft.secret !== '' && { webhook_secret: draft.secret }),
    ...(draft.tracked.join() !== initial.tracked.join() && { tracked_fields: draft.tracked }),
  };
  const dirty = Object.keys(patch).length > 0;

  function save(body: typeof patch | { webhook_secret: null }) {
    update.mutate(
      { company_id: companyId, connector_id: c.id, ...body },
      {
        onSuccess: (answer) => {
          setDraft(draftOf(answer));
          notifyDone({ title: t('connectorsScreen.saved', { name: answer.connector.name }) });
        },
        onError: (error) => notifyFailed(t('connectorsScreen.notSaved'), error),
      },
    );
  }

  async function removeSecret() {
    const ok = await confirmAction({
      title: t('connectorsScreen.removeSecretTitle'),
      body: t('connectorsScreen.removeSecretBody', { name: c.name }),
      confirmLabel: t('connectorsScreen.fields.removeSecret'),
      cancelLabel: t('common.cancel'),
      danger: true,
    });
    if (ok) save({ webhook_secret: null });
  }

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        save(patch);
      }}
      aria-label={t('connectorsScreen.settings')}
      data-testid="connector-settings"
    >
      <Stack gap="sm">
        <Group grow align="flex-start">
          <Select
            label={t('connectorsScreen.fields.type')}
            data={(['ecommerce', 'dropship'] as const).map((v) => ({ value: v, label: t(`connectorsScreen.types.${v}`) }))}
            value={draft.type}
            onChange={(v) => v && set({ type: v as Draft['type'] })}
            allowDeselect={false}
            error={errors.type}
          />
          <Select
            label={t('connectorsScreen.fields.platform')}
            data={[...CONNECTOR_PLATFORMS]}
            value={draft.platform}
            onChange={(v) => v && set({ platform: v as Draft['platform'] })}
            allowDeselect={false}
            error={errors.platform}
          />
        </Group>
        <Switch
          label={t('connectorsScreen.fields.active')}
          description={t('connectorsScreen.fields.activeHint')}
          checked={draft.active}
          onChange={(e) => set({ active: e.currentTarget.checked })}
          error={errors.active}
        />
        <TextInput
          label={t('connectorsScreen.fields.url')}
          description={t('connectorsScreen.fields.urlHint')}
          value={draft.url}
          onChange={(e) => set({ url: e.currentTarget.value })}
          error={errors.order_event_notification_url}
          maxLength={2000}
          data-testid="connector-url"
        />
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            {t('connectorsScreen.fields.secret')}{' '}
            <Badge size="sm" variant="light" color={c.webhook_secret_set ? 'teal' : 'gray'} data-testid="secret-state">
              {c.webhook_secret_set ? '✓' : '—'}
            </Badge>
          </Text>
          <Text size="xs" c="dimmed">
            {c.webhook_secret_set ? t('connectorsScreen.fields.secretSet') : t('connectorsScreen.fields.secretUnset')}
          </Text>
          {draft.secret === null ? (
            <Group gap="xs">
              <Button size="xs" variant="default" onClick={() => set({ secret: '' })}>
                {c.webhook_secret_set ? t('connectorsScreen.fields.replaceSecret') : t('connectorsScreen.fields.setSecret')}
              </Button>
              {c.webhook_secret_set && (
                <Button size="xs" variant="subtle" color="red" onClick={() => void removeSecret()}>
                  {t('connectorsScreen.fields.removeSecret')}
                </Button>
              )}
            </Group>
          ) : (
            <Group align="flex-end" gap="xs">
              <PasswordInput
                style={{ flex: 1 }}
                label={t('connectorsScreen.fields.newSecret')}
                description={t('connectorsScreen.fields.newSecretHint')}
                value={draft.secret}
                onChange={(e) => set({ secret: e.currentTarget.value })}
                error={errors.webhook_secret}
                autoComplete="new-password"
                maxLength={200}
              />
              <Button size="sm" variant="subtle" onClick={() => set({ secret: null })}>
                {t('connectorsScreen.fields.keepSecret')}
              </Button>
            </Group>
          )}
        </Stack>
        <MultiSelect
          label={t('connectorsScreen.fields.tracked')}
          description={t('connectorsScreen.fields.trackedHint')}
          data={trackable}
          value={draft.tracked}
          onChange={(v) => set({ tracked: v })}
          searchable
          error={errors.tracked_fields}
        />
        <TextInput label={t('connectorsScreen.fields.orderApiUrl')} value={c.order_api_url} readOnly variant="filled" />
        {errors._form && (
          <Alert color="red" variant="light" role="alert">
            {errors._form}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" disabled={!dirty} onClick={() => setDraft(initial)}>
            {t('connectorsScreen.reset')}
          </Button>
          <Button type="submit" disabled={!dirty} loading={update.isPending} data-testid="connector-save">
            {t('connectorsScreen.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
