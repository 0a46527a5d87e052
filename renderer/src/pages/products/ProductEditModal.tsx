import { useMemo, useState } from 'react';
import { Alert, Button, Divider, Grid, Group, Modal, ScrollArea, Select, SimpleGrid, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OperationInput } from '../../../../shared/contract/operations.ts';
import type { CatalogueOptions, ProductScreenDetail } from '../../../../shared/contract/operations-products.ts';
import { ProductWritableFields, type ProductWritableField } from '../../../../shared/domain/products.ts';
import type { QueuedNotification } from '../../../../shared/domain/staff-actions.ts';
import { useAction } from '../../api/operations.ts';
import { confirmAction, fieldErrors } from '../../components/feedback';
import { AmountField } from '../../components/inputs/index.ts';
import { changedFields, formValuesOf, WRITABLE_FIELDS, type ProductFormValues } from './patch.ts';
import { notifyWrite } from './QueuedNotifications.tsx';

interface Props {
  companyId: number;
  product: ProductScreenDetail;
  options: CatalogueOptions | undefined;
  opened: boolean;
  onClose: () => void;
  onSaved: (notifications: readonly QueuedNotification[]) => void;
}

/** The longest text the schema of a field accepts (the form is bounded by the same schema as the core). */
const maxLength = (field: ProductWritableField): number | undefined => (ProductWritableFields[field] as { maxLength?: number }).maxLength;

const FLAGS = ['website_published', 'partner_visible', 'sellable', 'is_archived', 'delistat'] as const;

/**
 * Edit a product (products.update, PATCH semantics): the writable fields of the product, only the
 * changed ones sent, the price always with its currency; each refusal of the core is shown at the
 * field it names.
 */
export function ProductEditModal({ companyId, product, options, opened, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const update = useAction('products.update');
  const [values, setValues] = useState<ProductFormValues>(() => formValuesOf(product));
  const patch = useMemo(() => changedFields(product, values), [product, values]);
  const count = Object.keys(patch).length;
  // A refusal stays at its field until that field is edited again (then it no longer describes the value).
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  const errors = Object.fromEntries(Object.entries(fieldErrors(update.error, WRITABLE_FIELDS)).filter(([field]) => !edited.has(field)));
  const set = <K extends ProductWritableField>(field: K, value: ProductFormValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (update.error) setEdited((all) => new Set(all).add(field));
  };
  const label = (field: ProductWritableField) => t(`products.edit.fields.${field}`);
  // Amounts whose typed text cannot be read (each field says why): nothing is saved while any is.
  const [unreadable, setUnreadable] = useState<ReadonlySet<string>>(new Set());
  const setAmount = (field: 'pret_vanzare' | 'weight', value: number | null | undefined) => {
    setUnreadable((all) => {
      const next = new Set(all);
      if (value === undefined) next.add(field);
      else next.delete(field);
      return next;
    });
    if (value !== undefined) set(field, value === null ? '' : value);
  };

  // Required texts say so themselves, in the app's language (the form does not use the browser's check).
  const REQUIRED_TEXTS = ['product_name', 'cod_produs', 'unitate_masura'] as const;
  const emptyRequired = REQUIRED_TEXTS.filter((field) => String(values[field] ?? '').trim() === '');
  const text = (field: ProductWritableField, extra: { required?: boolean } = {}) => (
    <TextInput
      label={label(field)}
      value={String(values[field] ?? '')}
      maxLength={maxLength(field)}
      onChange={(event) => set(field, event.currentTarget.value)}
      error={errors[field] ?? ((emptyRequired as readonly string[]).includes(field) ? t('inputs.required') : undefined)}
      data-testid={`edit-${field}`}
      withAsterisk={extra.required}
      aria-required={extra.required}
    />
  );

  const vatRates = [...new Set([...(options?.vat_rates ?? []), product.cota_tva_vanzare])].sort((a, b) => a - b);
  const currencies = [...new Set([...(options?.currencies ?? []), product.selling_currency_txt])];

  const submit = async () => {
    if (count === 0 || unreadable.size > 0 || emptyRequired.length > 0) return;
    // A price of 0 on a published product (to a connector, or on the website): said, and asked, before it reaches the shops.
    if ('pret_vanzare' in patch && patch.pret_vanzare === 0 && (product.connectors.length > 0 || values.website_published === 1)) {
      const ok = await confirmAction({
        title: t('products.edit.zeroPrice.title', { code: product.cod_produs }),
        body: t('products.edit.zeroPrice.body'),
        confirmLabel: t('products.edit.zeroPrice.confirm'),
        cancelLabel: t('common.cancel'),
      });
      if (!ok) return;
    }
    setEdited(new Set());
    update.mutate({ company_id: companyId, product_id: product.product_id, ...patch } as OperationInput<'products.update'>, {
      onSuccess: (answer) => {
        onSaved(answer.notifications);
        notifyWrite(t, companyId, t('products.edit.saved', { code: answer.product.cod_produs }), answer.notifications);
        onClose();
      },
    });
  };

  return (
    <Modal opened={opened} onClose={onClose} size="xl" scrollAreaComponent={ScrollArea.Autosize}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      title={t('products.edit.title', { code: product.cod_produs })} data-testid="product-edit">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        noValidate
      >
        <Stack gap="sm">
          <Divider label={t('products.edit.identity')} labelPosition="left" />
          <Grid gap="sm">
            <Grid.Col span={8}>{text('product_name', { required: true })}</Grid.Col>
            <Grid.Col span={4}>{text('cod_produs', { required: true })}</Grid.Col>
            <Grid.Col span={4}>{text('barcode')}</Grid.Col>
            <Grid.Col span={4}>{text('cod_varianta')}</Grid.Col>
            <Grid.Col span={4}>{text('cod_intern')}</Grid.Col>
          </Grid>
          <Divider label={t('products.edit.pricing')} labelPosition="left" />
          <SimpleGrid cols={3} spacing="sm">
            <AmountField
              label={label('pret_vanzare')}
              description={t('products.edit.priceTogether')}
              value={typeof values.pret_vanzare === 'number' ? values.pret_vanzare : null}
              onChange={(v) => setAmount('pret_vanzare', v)}
              rules={{ decimals: 2, max: 999_999_999.99 }}
              error={errors.pret_vanzare}
              data-testid="edit-pret_vanzare"
            />
            <Select
              label={label('selling_currency_txt')}
              data={currencies}
              value={String(values.selling_currency_txt)}
              allowDeselect={false}
              onChange={(v) => v && set('selling_currency_txt', v)}
              error={errors.selling_currency_txt}
              data-testid="edit-selling_currency_txt"
            />
            <Select
              label={label('cota_tva_vanzare')}
              data={vatRates.map((rate) => ({ value: String(rate), label: `${rate}%` }))}
              value={String(values.cota_tva_vanzare)}
              allowDeselect={false}
              onChange={(v) => v !== null && set('cota_tva_vanzare', Number(v))}
              error={errors.cota_tva_vanzare}
              data-testid="edit-cota_tva_vanzare"
            />
          </SimpleGrid>
          <Divider label={t('products.edit.classification')} labelPosition="left" />
          <Grid gap="sm">
            <Grid.Col span={4}>
              <Select
                label={label('category_id')}
                searchable
                data={[{ value: '', label: t('products.edit.noCategory') }, ...(options?.categories ?? []).map((c) => ({ value: String(c.id), label: c.name }))]}
                value={values.category_id === null ? '' : String(values.category_id)}
                allowDeselect={false}
                onChange={(v) => set('category_id', v ? Number(v) : null)}
                error={errors.category_id}
                data-testid="edit-category_id"
              />
            </Grid.Col>
            <Grid.Col span={4}>
              <Select
                label={label('manufacturer_id')}
                searchable
                data={[{ value: '', label: t('products.edit.noManufacturer') }, ...(options?.manufacturers ?? []).map((m) => ({ value: String(m.id), label: m.name }))]}
                value={values.manufacturer_id === null ? '' : String(values.manufacturer_id)}
                allowDeselect={false}
                onChange={(v) => set('manufacturer_id', v ? Number(v) : null)}
                error={errors.manufacturer_id}
                data-testid="edit-manufacturer_id"
              />
            </Grid.Col>
            <Grid.Col span={2}>{text('unitate_masura', { required: true })}</Grid.Col>
            <Grid.Col span={2}>
              <AmountField
                label={label('weight')}
                value={typeof values.weight === 'number' ? values.weight : null}
                onChange={(v) => setAmount('weight', v)}
                rules={{ decimals: 3 }}
                error={errors.weight}
                data-testid="edit-weight"
              />
            </Grid.Col>
          </Grid>
          <Divider label={t('products.edit.flags')} labelPosition="left" />
          <SimpleGrid cols={3} spacing="xs">
            {FLAGS.map((field) => (
              <Switch
                key={field}
                label={label(field)}
                checked={values[field] === 1}
                onChange={(event) => set(field, event.currentTarget.checked ? 1 : 0)}
                error={errors[field]}
                data-testid={`edit-${field}`}
              />
            ))}
          </SimpleGrid>
          <Divider label={t('products.edit.text')} labelPosition="left" />
          {text('product_website_title')}
          <Textarea
            label={label('product_description')}
            autosize
            minRows={2}
            maxRows={4}
            value={String(values.product_description ?? '')}
            maxLength={maxLength('product_description')}
            onChange={(event) => set('product_description', event.currentTarget.value)}
            error={errors.product_description}
            data-testid="edit-product_description"
          />
          {errors._form && (
            <Alert color="red" variant="light" role="alert" data-testid="edit-form-error">
              <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                {errors._form}
              </Text>
            </Alert>
          )}
          <Group justify="space-between">
            <Text size="sm" c="dimmed" data-testid="edit-changed-count">
              {count === 0 ? t('products.edit.nothing') : t('products.edit.changedCount', { count })}
            </Text>
            <Group gap="xs">
              <Button variant="default" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" disabled={count === 0 || unreadable.size > 0} loading={update.isPending} data-testid="edit-save">
                {t('products.edit.save')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
