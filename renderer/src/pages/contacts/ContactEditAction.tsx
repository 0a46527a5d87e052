import { useState } from 'react';
import { Button, Checkbox, Fieldset, Group, SegmentedControl, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Contact } from '../../../../shared/domain/contacts.ts';
import { EMAIL_PATTERN, PHONE_PATTERN, type ContactAddressInput } from '../../../../shared/domain/document-actions.ts';
import { fiscalCodeProblem, normalFiscalCode } from '../../../../shared/domain/fiscal-code.ts';
import type { OperationInput } from '../../../../shared/contract/operations.ts';
import { useAction } from '../../api/operations.ts';
import { ActionDialog } from '../../components/action-dialog/index.ts';
import { fieldErrors } from '../../components/feedback/index.ts';

/** An address of the form: a stored one (address_id) or one added in it (`key` only, saved as new). */
type AddressForm = { key: string; address_id?: number; street: string; number: string; building: string; stair: string; floor: string; apartment: string; city: string; county: string; zip: string; country: string; is_main: 0 | 1 };

interface ContactForm {
  name: string;
  is_company: 0 | 1;
  vat_id: string;
  registration_nr: string;
  vat_payer: boolean;
  representative: string;
  email: string;
  phone: string;
  is_client: boolean;
  is_supplier: boolean;
  addresses: AddressForm[];
}

const FIELDS = ['name', 'vat_id', 'registration_nr', 'email', 'phone', 'representative', 'addresses'] as const;

function formOf(c: Contact): ContactForm {
  return {
    name: c.name,
    is_company: c.is_company === 1 ? 1 : 0,
    vat_id: c.vat_id,
    registration_nr: c.registration_nr,
    vat_payer: c.vat_payer === 1,
    representative: c.representative,
    email: c.email,
    phone: c.phone,
    is_client: c.is_client === 1,
    is_supplier: c.is_supplier === 1,
    addresses: (c.addresses ?? []).map((a) => ({
      key: `address-${a.address_id}`,
      address_id: a.address_id,
      street: a.street,
      number: a.number,
      building: a.building,
      stair: a.stair,
      floor: a.floor,
      apartment: a.apartment,
      city: a.city,
      county: a.county,
      zip: a.zip,
      country: a.country,
      is_main: a.is_main === 1 ? 1 : 0,
    })),
  };
}

/** A blank address added in the form; the first address of a contact is its main one. */
const newAddress = (key: string, first: boolean): AddressForm => ({
  key,
  street: '',
  number: '',
  building: '',
  stair: '',
  floor: '',
  apartment: '',
  city: '',
  county: '',
  zip: '',
  country: '',
  is_main: first ? 1 : 0,
});

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** What the form refuses before anything is sent, by field (the core checks the same again). */
function localErrors(t: Translate, f: ContactForm, storedCode: string): Record<string, string> {
  const k = (key: string) => t(`documents.contacts.edit.errors.${key}`);
  const errors: Record<string, string> = {};
  if (f.name.trim() === '') errors.name = k('required');
  const code = normalFiscalCode(f.vat_id);
  if (code !== storedCode) {
    const problem = fiscalCodeProblem(code, f.is_company === 1);
    if (problem) errors.vat_id = k(problem === 'format' ? (f.is_company ? 'cuiFormat' : 'cnpFormat') : 'control');
  }
  if (!new RegExp(EMAIL_PATTERN).test(f.email.trim())) errors.email = k('email');
  if (!new RegExp(PHONE_PATTERN).test(f.phone.trim())) errors.phone = k('phone');
  f.addresses.forEach((a, i) => {
    for (const field of ['street', 'city', 'county'] as const) if (a[field].trim() === '') errors[`addresses.${i}.${field}`] = k('required');
  });
  return errors;
}

/**
 * The contact panel's **Edit** button and its form: name, type, fiscal code (its control digit
 * checked at the field), trade register number, VAT payer, roles, e-mail, phone, addresses. Saved
 * by contacts.update; the toast names the contact, and the panel and list refresh from the core's
 * change event.
 */
export function ContactEditAction({ companyId, contact }: { companyId: number; contact: Contact }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button size="xs" onClick={() => setOpened(true)} disabled={contact.deleted === 1} data-testid="action-contact-edit">
        {t('documents.contacts.edit.button')}
      </Button>
      {opened && <ContactEditDialog companyId={companyId} contact={contact} onClose={() => setOpened(false)} />}
    </>
  );
}

function ContactEditDialog({ companyId, contact, onClose }: { companyId: number; contact: Contact; onClose: () => void }) {
  const { t } = useTranslation();
  const k = (key: string, options?: Record<string, unknown>) => (t as Translate)(`documents.contacts.edit.${key}`, options);
  const action = useAction('contacts.update');
  const [form, setForm] = useState<ContactForm>(() => formOf(contact));
  // Fields whose error shows: each once left (blur), all after a submit.
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const local = localErrors(t as Translate, form, contact.vat_id);
  const remote = fieldErrors(action.error, FIELDS);
  const errorOf = (field: string): string | undefined => (submitted || touched.has(field) ? local[field] : undefined) ?? (field.includes('.') ? undefined : remote[field]);
  const set = <F extends keyof ContactForm>(field: F, value: ContactForm[F]) => setForm((f) => ({ ...f, [field]: value }));
  const setAddress = (i: number, field: keyof AddressForm, value: string | 0 | 1) =>
    setForm((f) => ({
      ...f,
      addresses: f.addresses.map((a, n) => (n === i ? { ...a, [field]: value } : field === 'is_main' && value === 1 ? { ...a, is_main: 0 } : a)),
    }));
  // contacts.update adds an address sent without address_id; it removes none, so only an address added here can be taken out again.
  const [added, setAdded] = useState(0);
  const addAddress = () => {
    setForm((f) => ({ ...f, addresses: [...f.addresses, newAddress(`new-${added}`, f.addresses.length === 0)] }));
    setAdded((n) => n + 1);
  };
  const removeNew = (key: string) => setForm((f) => ({ ...f, addresses: f.addresses.filter((a) => a.key !== key) }));
  const blur = (field: string) => () => setTouched((s) => new Set(s).add(field));
  const text = (field: 'name' | 'vat_id' | 'registration_nr' | 'email' | 'phone' | 'representative', extra: Record<string, unknown> = {}) => (
    <TextInput
      label={k(`fields.${field}`)}
      value={form[field]}
      onChange={(e) => set(field, e.currentTarget.value)}
      onBlur={blur(field)}
      error={errorOf(field)}
      data-testid={`contact-${field}`}
      {...extra}
    />
  );

  const request = (): OperationInput<'contacts.update'> | undefined => {
    setSubmitted(true);
    if (Object.keys(local).length > 0) return undefined;
    // Optional parts left empty are sent as empty text; a country left empty is not sent (the stored one stays).
    const addresses: ContactAddressInput[] = form.addresses.map(({ key: _key, address_id, country, ...a }) => ({
      ...(address_id !== undefined && { address_id }),
      ...a,
      ...(country.trim() !== '' && { country: country.trim() }),
    }));
    return {
      company_id: companyId,
      contact_id: contact.bocp_id,
      name: form.name.trim(),
      is_company: form.is_company,
      vat_id: form.vat_id.trim(),
      registration_nr: form.registration_nr.trim(),
      vat_payer: form.vat_payer ? 1 : 0,
      representative: form.representative.trim(),
      email: form.email.trim(),
      phone: form.phone.trim(),
      is_client: form.is_client ? 1 : 0,
      is_supplier: form.is_supplier ? 1 : 0,
      addresses,
    };
  };

  return (
    <ActionDialog
      action={action}
      request={request}
      result={(answer) => ({ title: k('done', { name: answer.name }), message: k('doneDetail') })}
      onClose={onClose}
      title={k('title', { name: contact.name })}
      size="xl"
      testId="contact-edit-dialog"
      intro={k('explain')}
      formErrors={[remote._form, remote.addresses]}
      submit={{ label: k('submit'), testId: 'contact-save' }}
    >
      <SegmentedControl
        value={String(form.is_company)}
        onChange={(v) => set('is_company', v === '1' ? 1 : 0)}
        data={[
          { value: '1', label: t('documents.contacts.kinds.company') },
          { value: '0', label: t('documents.contacts.kinds.person') },
        ]}
        aria-label={k('fields.kind')}
      />
      {text('name', { required: true, 'data-autofocus': true })}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {text('vat_id', { description: form.is_company ? k('hints.cui') : k('hints.cnp') })}
        {text('registration_nr', { description: k('hints.regCom') })}
        {text('email', { type: 'email' })}
        {text('phone', { type: 'tel' })}
        {text('representative')}
      </SimpleGrid>
      <Group gap="lg">
        <Checkbox label={k('fields.vat_payer')} checked={form.vat_payer} onChange={(e) => set('vat_payer', e.currentTarget.checked)} />
        <Checkbox label={k('fields.is_client')} checked={form.is_client} onChange={(e) => set('is_client', e.currentTarget.checked)} />
        <Checkbox label={k('fields.is_supplier')} checked={form.is_supplier} onChange={(e) => set('is_supplier', e.currentTarget.checked)} />
      </Group>
      {form.addresses.map((a, i) => (
        <Fieldset key={a.key} legend={k(a.address_id === undefined ? 'newAddress' : 'address', { n: i + 1 })} data-testid="contact-address">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {(['street', 'number', 'building', 'stair', 'floor', 'apartment', 'city', 'county', 'zip', 'country'] as const).map((field) => (
              <TextInput
                key={field}
                label={k(`fields.${field}`)}
                value={a[field]}
                required={field === 'street' || field === 'city' || field === 'county'}
                onChange={(e) => setAddress(i, field, e.currentTarget.value)}
                onBlur={blur(`addresses.${i}.${field}`)}
                error={errorOf(`addresses.${i}.${field}`)}
              />
            ))}
          </SimpleGrid>
          <Group mt="xs" justify="space-between">
            <Checkbox label={k('fields.is_main')} checked={a.is_main === 1} onChange={(e) => setAddress(i, 'is_main', e.currentTarget.checked ? 1 : 0)} />
            {a.address_id === undefined && (
              <Button size="xs" variant="subtle" color="red" onClick={() => removeNew(a.key)}>
                {k('removeNew')}
              </Button>
            )}
          </Group>
        </Fieldset>
      ))}
      <Group>
        <Button size="xs" variant="light" onClick={addAddress} data-testid="contact-add-address">
          {k('addAddress')}
        </Button>
      </Group>
    </ActionDialog>
  );
}
