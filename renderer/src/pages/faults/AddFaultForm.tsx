import { useState } from 'react';
import { Alert, Button, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { AmountField } from '../../components/inputs/index.ts';
import { useTranslation } from 'react-i18next';
import { FAULT_METHODS } from '../../../../shared/domain/faults.ts';
import { useAction } from '../../api/operations.ts';
import { fieldErrors, notifyDone } from '../../components/feedback/index.ts';
import { EMPTY_DRAFT, FAULT_FIELDS, inputOf, type FaultDraft } from './draft.ts';
import type { en } from './messages.ts';

/** The add-a-fault form: the core checks it and its refusals show at the fields they name. */
export function AddFaultForm({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const add = useAction('faults.add');
  const [draft, setDraft] = useState<FaultDraft>(EMPTY_DRAFT);
  const set = <K extends keyof FaultDraft>(key: K, value: FaultDraft[K]) => setDraft((prev) => ({ ...prev, [key]: value }));
  const errors = fieldErrors(add.error, FAULT_FIELDS);
  const a = (key: keyof typeof en.add) => t(`faults.add.${key}`);
  const routeBound = !draft.storageDown;

  return (
    <Paper withBorder radius="md" p="md" component="form" aria-labelledby="add-fault-heading" data-testid="add-fault"
      onSubmit={(event) => {
        event.preventDefault();
        add.mutate(inputOf(companyId, draft), { onSuccess: (fault) => notifyDone({ title: t('faults.add.added', { id: fault.fault_id }) }) });
      }}
    >
      <Stack gap="sm">
        <Title order={2} size="h5" id="add-fault-heading">
          {a('title')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <Select
            label={a('method')}
            data={FAULT_METHODS.map((m) => ({ value: m, label: m === '*' ? a('anyMethod') : m }))}
            value={draft.method}
            onChange={(value) => set('method', value ?? '*')}
            allowDeselect={false}
            disabled={!routeBound}
            error={errors.method}
            data-testid="fault-method"
          />
          <TextInput
            label={a('path')}
            description={a('pathHelp')}
            value={draft.path}
            onChange={(event) => set('path', event.currentTarget.value)}
            disabled={!routeBound}
            error={errors.path}
            style={{ gridColumn: 'span 2' }}
            data-testid="fault-path"
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <NumberInput label={a('status')} description={a('statusHelp')} value={draft.status} onChange={(v) => set('status', v)}
            min={400} max={599} allowDecimal={false} clampBehavior="none" disabled={!routeBound} error={errors.status} data-testid="fault-status" />
          <NumberInput label={a('latencyMin')} description={a('latencyMinHelp')} value={draft.latencyMin} onChange={(v) => set('latencyMin', v)}
            min={0} allowDecimal={false} clampBehavior="none" disabled={!routeBound} error={errors.latency_ms} data-testid="fault-latency" />
          <NumberInput label={a('latencyMax')} description={a('latencyMaxHelp')} value={draft.latencyMax} onChange={(v) => set('latencyMax', v)}
            min={0} allowDecimal={false} clampBehavior="none" disabled={!routeBound} data-testid="fault-latency-max" />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Switch label={a('drop')} description={a('dropHelp')} checked={draft.drop} onChange={(e) => set('drop', e.currentTarget.checked)}
            disabled={!routeBound} error={errors.drop} data-testid="fault-drop" />
          <Switch label={a('storageDown')} description={a('storageDownHelp')} checked={draft.storageDown}
            onChange={(e) => set('storageDown', e.currentTarget.checked)} error={errors.storage_down} data-testid="fault-storage-down" />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          {/* 0,5 and 0.5 alike (AmountField); unreadable text is sent as such and refused at the field, never read as 5. */}
          <AmountField label={a('probability')} description={a('probabilityHelp')} value={typeof draft.probability === 'number' ? draft.probability : null}
            onChange={(v) => set('probability', v === undefined ? 'unreadable' : (v ?? ''))} rules={{ decimals: 3, min: 0, max: 1 }}
            error={errors.probability} data-testid="fault-probability" />
          <NumberInput label={a('count')} description={a('countHelp')} value={draft.count} onChange={(v) => set('count', v)}
            min={1} allowDecimal={false} clampBehavior="none" error={errors.count} data-testid="fault-count" />
        </SimpleGrid>
        {errors._form && (
          <Alert color="red" variant="light" title={a('failed')} data-testid="fault-error">
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>{errors._form}</Text>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={add.isPending} data-testid="fault-add">
            {a('submit')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
