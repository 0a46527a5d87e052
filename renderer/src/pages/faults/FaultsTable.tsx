import { Badge, Button, Code, Group, Skeleton, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Fault } from '../../../../shared/domain/faults.ts';
import { useAction, useOperation } from '../../api/operations.ts';
import { ErrorNotice } from '../../app/shell/ErrorNotice.tsx';
import { notifyDone, notifyFailed } from '../../components/feedback/index.ts';
import { effectsOf } from './draft.ts';
import type { en } from './messages.ts';

const EFFECT_COLOR = { latency: 'blue', status: 'red', drop: 'orange', storage: 'grape' } as const;

/** The account's faults, live (a fired fault's counters move as calls come in), each removable. */
export function FaultsTable({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const faults = useOperation('faults.list', { company_id: companyId });
  const remove = useAction('faults.delete');
  type ListKey = Exclude<keyof typeof en.list, 'columns'>;
  const l = (key: ListKey, values?: Record<string, unknown>) => t(`faults.list.${key}`, values ?? {});
  const column = (key: keyof typeof en.list.columns) => t(`faults.list.columns.${key}`);

  const effectLabel = (effect: ReturnType<typeof effectsOf>[number]) =>
    effect.kind === 'latency' ? l('latency', { ms: effect.value }) : effect.kind === 'status' ? l('status', { status: effect.value }) : l(effect.kind === 'drop' ? 'drop' : 'storage');
  const left = (fault: Fault) =>
    fault.remaining === null ? l('unlimited') : fault.remaining === 0 ? l('usedUp') : l('remaining', { remaining: fault.remaining, total: fault.count });

  return (
    <section aria-labelledby="faults-heading" data-testid="faults-list">
      <Text id="faults-heading" component="h2" fw={600} size="lg" mb="xs">
        {l('title')}
      </Text>
      {faults.isPending && <Skeleton height={80} radius="md" />}
      {faults.error && <ErrorNotice error={faults.error} />}
      {faults.data && faults.data.length === 0 && (
        <Text size="sm" c="dimmed" data-testid="faults-empty">
          {l('empty')}
        </Text>
      )}
      {faults.data && faults.data.length > 0 && (
        <Table.ScrollContainer minWidth={760}>
          <Table striped highlightOnHover aria-label={l('title')} data-testid="faults-table">
            <Table.Thead>
              <Table.Tr>
                {(['id', 'method', 'path', 'effect', 'probability', 'remaining', 'fired'] as const).map((key) => (
                  <Table.Th key={key} scope="col">{column(key)}</Table.Th>
                ))}
                <Table.Th scope="col"><VisuallyHidden>{column('actions')}</VisuallyHidden></Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {faults.data.map((fault) => (
                <Table.Tr key={fault.fault_id} data-fault-id={fault.fault_id}>
                  <Table.Td>{fault.fault_id}</Table.Td>
                  <Table.Td>{fault.method}</Table.Td>
                  <Table.Td><Code>{fault.path}</Code></Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {effectsOf(fault).map((effect) => (
                        <Badge key={effect.kind} variant="light" color={EFFECT_COLOR[effect.kind]} tt="none">{effectLabel(effect)}</Badge>
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td>{fault.probability}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {fault.remaining === 0 ? <Badge variant="outline" color="gray" tt="none">{left(fault)}</Badge> : left(fault)}
                  </Table.Td>
                  <Table.Td>{fault.fired}</Table.Td>
                  <Table.Td>
                    <Button size="compact-sm" variant="subtle" color="red" aria-label={l('removeLabel', { id: fault.fault_id })}
                      onClick={() =>
                        remove.mutate(
                          { company_id: companyId, fault_id: fault.fault_id },
                          {
                            onSuccess: () => notifyDone({ title: l('removed', { id: fault.fault_id }) }),
                            onError: (error) => notifyFailed(l('removeFailed'), error),
                          },
                        )
                      }
                    >
                      {l('remove')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </section>
  );
}
