import { useState } from 'react';
import { Alert, Button, Group, Input, NumberInput, Paper, SegmentedControl, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RECORDING_MODES, type ProxySettings, type RecordingMode } from '../../../../shared/domain/fidelity.ts';
import { confirmAction, fieldErrors, notifyDone } from '../../components/feedback/index.ts';
import { draftOf, isDirty, patchOf, PROXY_FIELDS, timeoutProblem, upstreamUrlProblem, type ProxyDraft } from './proxy-draft.ts';
import { useAction, useQueryClient } from '../../api/operations.ts';

/**
 * The account's proxy mode. The address is checked as it is typed; the core's refusal of any
 * setting is shown at its field. Turning read-only off asks first: writes reach the real account.
 */
export function ProxyForm({ settings }: { settings: ProxySettings }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const update = useAction('proxy.update');
  const [draft, setDraft] = useState<ProxyDraft>(() => draftOf(settings));
  const [touchedUrl, setTouchedUrl] = useState(false);
  // Changed elsewhere (the CLI, another window) while this form was untouched: show the new values.
  const [base, setBase] = useState(settings);
  if (base !== settings) {
    setBase(settings);
    if (!isDirty(draft, base)) setDraft(draftOf(settings));
  }
  const set = <K extends keyof ProxyDraft>(key: K, value: ProxyDraft[K]) => {
    // The core's refusal was of the values sent: once one changes, it no longer says anything true.
    if (update.isError) update.reset();
    setDraft((prev) => ({ ...prev, [key]: value }));
  };
  const server = fieldErrors(update.error, PROXY_FIELDS);
  const urlProblem = draft.forward ? upstreamUrlProblem(draft.upstreamUrl) : null;
  // "Empty" waits until the field was left or Save pressed; a wrong address shows as it is typed.
  const urlError = urlProblem && (urlProblem !== 'empty' || touchedUrl) ? t(`fidelity.proxy.urlErrors.${urlProblem}`) : server.upstream_url;
  const timeoutError = timeoutProblem(draft.timeoutS) ? t('fidelity.proxy.timeoutError') : server.timeout_ms;
  const dirty = isDirty(draft, settings);

  const toggleReadOnly = async (checked: boolean) => {
    if (!checked) {
      const ok = await confirmAction({
        title: t('fidelity.proxy.readOnlyOff.title'),
        body: t('fidelity.proxy.readOnlyOff.body'),
        confirmLabel: t('fidelity.proxy.readOnlyOff.confirm'),
        cancelLabel: t('common.cancel'),
        danger: true,
      });
      if (!ok) return;
    }
    set('readOnly', checked);
  };

  const save = () => {
    setTouchedUrl(true);
    if (urlProblem || timeoutProblem(draft.timeoutS)) return;
    update.mutate(
      { company_id: settings.company_id, ...patchOf(draft) },
      {
        onSuccess: (saved) => {
          // The banner and the header's badge read proxy.get: they change with the answer, not a round trip later.
          queryClient.setQueryData(['proxy.get', { company_id: saved.company_id }], saved);
          setDraft(draftOf(saved));
          setTouchedUrl(false);
          notifyDone({ title: t('fidelity.proxy.saved') });
        },
      },
    );
  };

  return (
    <Paper withBorder radius="md" p="md" component="form" aria-labelledby="proxy-heading" data-testid="proxy-form" noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <Stack gap="md">
        <Title order={2} size="h4" id="proxy-heading">{t('fidelity.proxy.title')}</Title>
        <Switch label={t('fidelity.proxy.forward')} description={t('fidelity.proxy.forwardHelp')} checked={draft.forward}
          onChange={(event) => set('forward', event.currentTarget.checked)} data-testid="proxy-forward" />
        <TextInput
          label={t('fidelity.proxy.upstreamUrl')}
          description={t('fidelity.proxy.upstreamUrlHelp')}
          placeholder="https://erp.example.ro/app/rest/v1/4242"
          value={draft.upstreamUrl}
          onChange={(event) => set('upstreamUrl', event.currentTarget.value)}
          onBlur={() => setTouchedUrl(true)}
          disabled={!draft.forward}
          required={draft.forward}
          error={draft.forward ? urlError : undefined}
          inputMode="url"
          spellCheck={false}
          autoComplete="off"
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          data-testid="proxy-upstream-url"
        />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" verticalSpacing="md">
          <Switch label={t('fidelity.proxy.readOnly')} description={t('fidelity.proxy.readOnlyHelp')} checked={draft.readOnly}
            onChange={(event) => void toggleReadOnly(event.currentTarget.checked)} error={server.read_only} data-testid="proxy-read-only" />
          <Switch label={t('fidelity.proxy.shadow')} description={t('fidelity.proxy.shadowHelp')} checked={draft.shadow}
            onChange={(event) => set('shadow', event.currentTarget.checked)} error={server.shadow} data-testid="proxy-shadow" />
          <Input.Wrapper label={t('fidelity.proxy.recording')} description={t('fidelity.proxy.recordingHelp')} error={server.recording} inputWrapperOrder={['label', 'input', 'description', 'error']}>
            <SegmentedControl
              fullWidth
              value={draft.recording}
              onChange={(value) => set('recording', value as RecordingMode)}
              data={RECORDING_MODES.map((mode) => ({ value: mode, label: t(`fidelity.proxy.recordingModes.${mode}`) }))}
              aria-label={t('fidelity.proxy.recording')}
              data-testid="proxy-recording"
            />
          </Input.Wrapper>
          <NumberInput label={t('fidelity.proxy.timeout')} description={t('fidelity.proxy.timeoutHelp')} value={draft.timeoutS}
            onChange={(value) => set('timeoutS', value)} min={1} max={120} allowDecimal={false} clampBehavior="none"
            error={timeoutError} maw={340} data-testid="proxy-timeout" />
        </SimpleGrid>
        {server._form && (
          <Alert color="red" variant="light" title={t('fidelity.proxy.failed')} data-testid="proxy-error">
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>{server._form}</Text>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending} disabled={!dirty} data-testid="proxy-save">{t('fidelity.proxy.save')}</Button>
        </Group>
      </Stack>
    </Paper>
  );
}
