import { useState, type ReactNode } from 'react';
import { Alert, Button, Group, NumberInput, Paper, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { AuthLockout, HeavyListLimit, ServiceSettings } from '../../../../shared/domain/settings.ts';
import { useAction, useQueryClient } from '../../api/operations.ts';
import { formatNumber } from '../../app/format.ts';
import { notifyDone, notifyFailed } from '../../components/feedback/index.ts';
import { draftOf, errorsByField, parseSchedule, patchOf, type Draft, type FieldKey, type NumberKey } from './draft.ts';
import type { en } from './messages.ts';

/** Limits of a number setting, from its schema. */
// A JSON schema keeps its limits as plain fields (TypeBox's types do not list them).
const limits = (schema: unknown) => schema as { minimum?: number; maximum?: number };
const LIMITS: Record<NumberKey, { minimum?: number; maximum?: number }> = {
  webhook_timeout_ms: limits(ServiceSettings.properties.webhook_timeout_ms),
  webhook_max_in_flight_per_connector: limits(ServiceSettings.properties.webhook_max_in_flight_per_connector),
  webhook_max_in_flight: limits(ServiceSettings.properties.webhook_max_in_flight),
  api_log_max_rows: limits(ServiceSettings.properties.api_log_max_rows),
  answer_cache_mb: limits(ServiceSettings.properties.answer_cache_mb),
  inbox_budget_mb: limits(ServiceSettings.properties.inbox_budget_mb),
  max_connections: limits(ServiceSettings.properties.max_connections),
  max_failures: limits(AuthLockout.properties.max_failures),
  window_s: limits(AuthLockout.properties.window_s),
  lock_s: limits(AuthLockout.properties.lock_s),
  max_concurrent: limits(HeavyListLimit.properties.max_concurrent),
};

/**
 * A field in error keeps its text readable: Mantine's red (red.6) is below AA contrast on the
 * page, the theme's "light" text red passes in both schemes.
 */
const ERROR_STYLES = { input: { color: 'var(--mantine-color-text)' }, error: { color: 'var(--mantine-color-red-light-color)' } };

/** 90 -> "1,5 min", 259200 -> "3 d": how long a retry schedule runs. */
function span(t: TFunction, seconds: number): string {
  const [unit, size]: [keyof typeof en.units, number] = seconds >= 86_400 ? ['d', 86_400] : seconds >= 3_600 ? ['h', 3_600] : seconds >= 60 ? ['min', 60] : ['s', 1];
  return t(`serviceSettings.units.${unit}`, { n: formatNumber(Math.round((seconds / size) * 10) / 10) });
}

function Group_({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="fieldset" style={{ margin: 0, minWidth: 0 }}>
      <Title order={2} size="h5" component="legend" px={4}>
        {title}
      </Title>
      {hint && (
        <Text size="sm" c="dimmed" mb="sm">
          {hint}
        </Text>
      )}
      {children}
    </Paper>
  );
}

/**
 * The service-wide settings as a form: every setting of ServiceSettings with its label, its help
 * (the schema's description) and its limits; Save sends only what changed (PATCH), the core's
 * refusals appear at their fields, a toast says what was saved.
 */
export function ServiceSettingsForm({ settings }: { settings: ServiceSettings }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const update = useAction('settings.update');
  const base = draftOf(settings);
  // The fields the user has typed in; the others follow the settings as read (and re-read live).
  const [edits, setEdits] = useState<Partial<Draft>>({});
  const [local, setLocal] = useState<Partial<Record<FieldKey, string>>>({});
  const draft: Draft = { ...base, ...edits };
  const { patch, changed, problems } = patchOf(settings, draft);
  const server = errorsByField(update.error);
  const errorOf = (key: FieldKey) => local[key] ?? server[key];
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setEdits((prev) => ({ ...prev, [key]: value }));
    setLocal((prev) => ({ ...prev, [key]: undefined }));
  };
  const label = (key: FieldKey) => t(`serviceSettings.fields.${key}.label`);
  const help = (key: FieldKey) => t(`serviceSettings.fields.${key}.help`);

  const number = (key: NumberKey) => {
    const { minimum, maximum } = LIMITS[key];
    return (
      <NumberInput
        key={key}
        label={label(key)}
        description={`${help(key)} ${t('serviceSettings.range', { min: formatNumber(minimum), max: formatNumber(maximum) })}`}
        value={draft[key]}
        onChange={(value) => set(key, value)}
        min={minimum}
        max={maximum}
        // The core says what is out of range, at the field: the input does not silently change it.
        clampBehavior="none"
        allowDecimal={false}
        allowNegative={false}
        thousandSeparator="."
        decimalSeparator=","
        error={errorOf(key)}
        styles={ERROR_STYLES}
        data-testid={`setting-${key}`}
      />
    );
  };

  const toggle = (key: 'inbox_allow_remote' | 'outbound_allow_private') => (
    <Switch
      label={label(key)}
      description={help(key)}
      checked={draft[key]}
      onChange={(event) => set(key, event.currentTarget.checked)}
      error={errorOf(key)}
      data-testid={`setting-${key}`}
    />
  );

  const schedule = parseSchedule(draft.webhook_retry_schedule_s);
  const save = () => {
    const found = Object.fromEntries(Object.entries(problems).map(([key, problem]) => [key, t(`serviceSettings.schedule.${problem}`)]));
    setLocal(found);
    if (Object.keys(found).length > 0 || changed.length === 0) return;
    update.mutate(patch, {
      onSuccess: (saved) => {
        queryClient.setQueryData(['settings.get', {}], saved);
        setEdits({});
        notifyDone({
          title: t('serviceSettings.saved'),
          message: t('serviceSettings.savedBody', { fields: changed.map((key) => label(key)).join(', ') }),
        });
      },
      // Messages that name a field are shown there (and summed up above the buttons); a toast for the others.
      onError: (error) => {
        if (errorsByField(error)._form !== undefined) notifyFailed(t('serviceSettings.notSaved'), error);
      },
    });
  };

  const formError = server._form;
  const anyError = Object.values(local).some(Boolean) || Object.keys(server).length > 0;
  return (
    <form
      aria-label={t('serviceSettings.form')}
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
      data-testid="service-settings-form"
    >
      <Stack gap="md">
        <Group_ title={t('serviceSettings.groups.webhooks')} hint={t('serviceSettings.groups.webhooksHint')}>
          <Stack gap="sm">
            <TextInput
              label={label('webhook_retry_schedule_s')}
              description={`${help('webhook_retry_schedule_s')}${schedule ? ` ${t('serviceSettings.schedule.summary', { count: schedule.length, span: span(t, schedule.reduce((a, b) => a + b, 0)) })}` : ''}`}
              placeholder={t('serviceSettings.schedule.placeholder')}
              value={draft.webhook_retry_schedule_s}
              onChange={(event) => set('webhook_retry_schedule_s', event.currentTarget.value)}
              error={errorOf('webhook_retry_schedule_s')}
              styles={ERROR_STYLES}
              data-testid="setting-webhook_retry_schedule_s"
            />
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              {number('webhook_timeout_ms')}
              {number('webhook_max_in_flight_per_connector')}
              {number('webhook_max_in_flight')}
            </SimpleGrid>
          </Stack>
        </Group_>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Group_ title={t('serviceSettings.groups.inbox')}>
            <Stack gap="sm">
              {toggle('inbox_allow_remote')}
              {number('inbox_budget_mb')}
            </Stack>
          </Group_>
          <Stack gap="md">
            <Group_ title={t('serviceSettings.groups.apiLog')}>{number('api_log_max_rows')}</Group_>
            <Group_ title={t('serviceSettings.groups.answerCache')}>{number('answer_cache_mb')}</Group_>
          </Stack>
        </SimpleGrid>
        <Group_ title={t('serviceSettings.groups.network')} hint={t('serviceSettings.groups.networkHint')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Stack gap="sm">
              {number('max_connections')}
              {toggle('outbound_allow_private')}
            </Stack>
            <TextInput
              label={label('allowed_hosts')}
              description={help('allowed_hosts')}
              placeholder="erp-workbench, *.ci.test"
              value={draft.allowed_hosts}
              onChange={(event) => set('allowed_hosts', event.currentTarget.value)}
              error={errorOf('allowed_hosts')}
              styles={ERROR_STYLES}
              data-testid="setting-allowed_hosts"
            />
          </SimpleGrid>
        </Group_>
        {/* full width like every screen: the two small groups side by side */}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Group_ title={t('serviceSettings.groups.lockout')} hint={t('serviceSettings.groups.lockoutHint')}>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              {number('max_failures')}
              {number('window_s')}
              {number('lock_s')}
            </SimpleGrid>
          </Group_>
          <Group_ title={t('serviceSettings.groups.heavyListLimit')} hint={t('serviceSettings.groups.heavyListLimitHint')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <Switch
                label={label('heavy_list_enabled')}
                description={help('heavy_list_enabled')}
                checked={draft.heavy_list_enabled}
                onChange={(event) => set('heavy_list_enabled', event.currentTarget.checked)}
                error={errorOf('heavy_list_enabled')}
                data-testid="setting-heavy_list_enabled"
              />
              {number('max_concurrent')}
            </SimpleGrid>
          </Group_>
        </SimpleGrid>
        {(formError || anyError) && (
          <Alert color="red" variant="light" title={t('serviceSettings.notSaved')} data-testid="settings-error">
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {formError ?? t('serviceSettings.correct')}
            </Text>
          </Alert>
        )}
        <Group justify="space-between">
          <Text size="sm" c="dimmed" data-testid="settings-changed">
            {changed.length === 0 ? t('serviceSettings.unchanged') : t('serviceSettings.changed', { count: changed.length })}
          </Text>
          <Group gap="xs">
            <Button
              variant="default"
              disabled={Object.keys(edits).length === 0}
              onClick={() => {
                setEdits({});
                setLocal({});
                update.reset();
              }}
            >
              {t('serviceSettings.reset')}
            </Button>
            <Button type="submit" loading={update.isPending} disabled={changed.length === 0 && Object.keys(problems).length === 0} data-testid="settings-save">
              {t('serviceSettings.save')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
