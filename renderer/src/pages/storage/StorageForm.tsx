import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Button, Group, NumberInput, PasswordInput, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { StoragePatch, StorageSettings } from '../../../../shared/domain/attachments.ts';
import { IconAlert } from '../../app/shell/icons.tsx';
import { plainErrors, type StorageField } from './plain-errors.ts';

type FtpPatch = NonNullable<StoragePatch['ftp']>;

interface Values {
  host: string;
  port: string;
  user: string;
  password: string;
  root: string;
  secure: boolean;
}

/** What the form sends: empty port, password and root are left out (default 21, kept, '/'). */
function toPatch(values: Values): FtpPatch {
  return {
    host: values.host.trim(),
    user: values.user,
    secure: values.secure,
    ...(values.port.trim() !== '' && { port: Number(values.port) }),
    ...(values.password !== '' && { password: values.password }),
    ...(values.root.trim() !== '' && { root: values.root.trim() }),
  };
}

/** The form's values for a stored setting (or none). */
function valuesOf(current: StorageSettings['ftp']): Values {
  return {
    host: current?.host ?? '',
    port: String(current?.port ?? 21),
    user: current?.user ?? '',
    password: '',
    root: current?.root ?? '/',
    secure: current?.secure ?? false,
  };
}

/**
 * Host, port, user, password (write-only), root folder and FTPS of an external FTP server.
 * Starts from the stored values (with the embedded server on: the ones it uses); the parent
 * remounts it (key) when they change. Save is enabled once something differs from them.
 */
export function StorageForm({
  current,
  embedded,
  busy,
  saving,
  error,
  onSave,
  children,
}: {
  current: StorageSettings['ftp'];
  /** The embedded FTP server is on: `current` is what it uses; saving switches to an external server. */
  embedded: boolean;
  busy: boolean;
  saving: boolean;
  error: Error | null;
  onSave: (ftp: FtpPatch) => void;
  /** More actions shown beside Save. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const initial = valuesOf(current);
  const [values, setValues] = useState<Values>(initial);
  const changed = (Object.keys(initial) as (keyof Values)[]).some((name) => values[name] !== initial[name]);
  const set = (name: Exclude<keyof Values, 'secure'>) => (event: { currentTarget: HTMLInputElement }) => {
    const value = event.currentTarget.value;
    setValues((v) => ({ ...v, [name]: value }));
  };
  const errors = plainErrors(t, error);
  const label = (name: StorageField) => t(`storage.fields.${name}`);
  const fieldError = (name: StorageField) => (errors.fields[name] ? `${label(name)} ${errors.fields[name]}` : undefined);

  // The server forgets the stored password when host, port, user or FTPS change without a new
  // one (it would go to another server, or in clear text): said at the field before saving.
  const connectionChanged =
    current !== null &&
    (values.host.trim() !== current.host ||
      (values.port.trim() === '' ? 21 : Number(values.port)) !== current.port ||
      values.user !== current.user ||
      values.secure !== current.secure);
  const passwordHint =
    embedded && connectionChanged && values.password === ''
      ? t('storage.passwordNeeded')
      : embedded || current === null || values.password !== ''
      ? undefined
      : !current.password_set
        ? t('storage.passwordNeeded')
        : connectionChanged
          ? t('storage.passwordForgotten')
          : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave(toPatch(values));
  };

  return (
    <form aria-label={t('storage.form')} onSubmit={submit} noValidate>
      <Stack gap="md">
        {embedded && (
          <Text size="sm" c="dimmed" data-testid="storage-embedded-values">
            {t('storage.embeddedValues')}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="sm">
          <TextInput id="storage-host" label={label('host')} value={values.host} onChange={set('host')} placeholder="ftp.example.com" autoComplete="off" error={fieldError('host')} />
          <NumberInput
            id="storage-port"
            label={label('port')}
            value={values.port}
            onChange={(value) => setValues((v) => ({ ...v, port: String(value) }))}
            min={1}
            max={65535}
            allowDecimal={false}
            allowNegative={false}
            hideControls
            thousandSeparator={false}
            error={fieldError('port')}
          />
          <TextInput id="storage-user" label={label('user')} value={values.user} onChange={set('user')} autoComplete="off" error={fieldError('user')} />
          <PasswordInput
            id="storage-password"
            label={label('password')}
            value={values.password}
            onChange={set('password')}
            autoComplete="new-password"
            placeholder={current && !embedded ? (current.password_set ? t('storage.passwordStored') : t('storage.passwordMissing')) : ''}
            description={passwordHint}
            // Under the input: the fields of the row stay aligned while the hint comes and goes.
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            error={fieldError('password')}
          />
          <TextInput id="storage-root" label={label('root')} value={values.root} onChange={set('root')} placeholder="/" error={fieldError('root')} />
          <Switch
            id="storage-secure"
            label={label('secure')}
            description={values.secure ? t('storage.secureOn') : t('storage.secureOff')}
            checked={values.secure}
            onChange={(event) => {
              const checked = event.currentTarget.checked;
              setValues((v) => ({ ...v, secure: checked }));
            }}
            mt={{ base: 0, sm: 26 }}
          />
        </SimpleGrid>
        {(errors.general.length > 0 || Object.keys(errors.fields).length > 0) && (
          <Alert color="red" variant="light" icon={<IconAlert />} data-testid="storage-error">
            <strong>{t('storage.notSaved')}</strong> {errors.general.length > 0 ? errors.general.join(' ') : t('storage.correctFields')}
          </Alert>
        )}
        <Group gap="sm">
          <Button type="submit" disabled={(busy && !saving) || !changed} loading={saving}>
            {t('common.save')}
          </Button>
          {children}
        </Group>
      </Stack>
    </form>
  );
}
