import { Badge, Fieldset, Group, MultiSelect, Select, SimpleGrid, Stack, Table, TagsInput, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ConnectorConfig } from '../../../../shared/domain/connectors.ts';

/** The groups of GET /connector/{id}/config/ besides `connector`, in the order the spec lists them. */
const GROUPS = ['products', 'order_processing', 'invoicing', 'proforma', 'awb', 'status_sync'] as const;

interface OptionField {
  value: unknown;
  label: string;
  options: Record<string, string>;
  source: 'connector' | 'global';
}

/** The plain values of the groups (addresses this service serves): named in the UI's language, the API name beneath. */
const PLAIN_FIELDS = { products_feed_url: true, product_change_notify_url: true } as const;
type PlainField = keyof typeof PLAIN_FIELDS;

const isOptionField = (v: unknown): v is OptionField => typeof v === 'object' && v !== null && 'label' in v && 'options' in v;

/** The option labels of the config itself, plus any value it holds that the options do not name. */
function choices(field: OptionField, values: readonly string[]) {
  const data = Object.entries(field.options).map(([value, label]) => ({ value, label: label === value ? value : `${label} (${value})` }));
  for (const v of values) if (!(v in field.options)) data.push({ value: v, label: v });
  return data;
}

/** One setting as a read-only control: a select for a choice, chips for a list, a table for a map, text otherwise. */
function Setting({ name, field }: { name: string; field: OptionField }) {
  const { t } = useTranslation();
  const description = (
    <Group gap={6} component="span">
      <Text span size="xs" ff="monospace">
        {name}
      </Text>
      <Badge size="xs" variant="light" color={field.source === 'connector' ? 'blue' : 'gray'} tt="none">
        {t('connectorsScreen.sourceLabel')}: {t(`connectorsScreen.source.${field.source}`)}
      </Badge>
    </Group>
  );
  const common = { label: field.label, description, readOnly: true, size: 'xs' as const };
  const { value } = field;
  if (Array.isArray(value)) {
    const values = value.map(String);
    return Object.keys(field.options).length > 0 ? (
      <MultiSelect {...common} data={choices(field, values)} value={values} placeholder={values.length ? undefined : t('connectorsScreen.emptyValue')} />
    ) : (
      <TagsInput {...common} value={values} placeholder={values.length ? undefined : t('connectorsScreen.emptyValue')} />
    );
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    return (
      <Stack gap={4}>
        <Text size="xs" fw={500}>
          {field.label}
        </Text>
        <Text size="xs" c="dimmed" component="div">
          {description}
        </Text>
        <Table fz="xs" verticalSpacing={2} withTableBorder aria-label={field.label}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('connectorsScreen.mapEvent')}</Table.Th>
              <Table.Th scope="col">{t('connectorsScreen.mapStatus')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map(([event, status]) => (
              <Table.Tr key={event}>
                <Table.Td ff="monospace">{event}</Table.Td>
                <Table.Td>{String(status)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    );
  }
  if (Object.keys(field.options).length > 0) {
    const v = value === null ? null : String(value);
    return <Select {...common} data={choices(field, v === null ? [] : [v])} value={v} placeholder={t('connectorsScreen.emptyValue')} />;
  }
  return <TextInput {...common} value={value === null ? '' : String(value)} placeholder={t('connectorsScreen.emptyValue')} />;
}

/** The configuration of a connector as readable forms: labels and option labels from the configuration itself. */
export function ConfigGroups({ config }: { config: ConnectorConfig }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" data-testid="connector-config">
      {GROUPS.map((group) => (
        <Fieldset key={group} legend={t(`connectorsScreen.groups.${group}`)} variant="default" data-testid={`config-${group}`}>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="sm">
            {Object.entries(config[group]).map(([name, field]) =>
              isOptionField(field) ? (
                <Setting key={name} name={name} field={field} />
              ) : (
                <TextInput
                  key={name}
                  size="xs"
                  label={name in PLAIN_FIELDS ? t(`connectorsScreen.plainFields.${name as PlainField}`) : name}
                  description={
                    <Text span size="xs" ff="monospace">
                      {name}
                    </Text>
                  }
                  readOnly
                  value={String(field)}
                />
              ),
            )}
          </SimpleGrid>
        </Fieldset>
      ))}
    </Stack>
  );
}
