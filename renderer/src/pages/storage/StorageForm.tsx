import { useState, type FormEvent, type ReactNode } from 'react';
import type { StoragePatch, StorageSettings } from '../../../../shared/domain/attachments.ts';
import { FIELD_LABELS, plainErrors, type StorageField } from './plain-errors.ts';

type FtpPatch = NonNullable<StoragePatch['ftp']>;

function Field({ name, error, children }: { name: StorageField; error: string | undefined; children: ReactNode }) {
  return (
    <div className={`field${error ? ' has-error' : ''}`}>
      <label htmlFor={`storage-${name}`}>{FIELD_LABELS[name]}</label>
      {children}
      {error && (
        <span className="field-error" id={`storage-${name}-error`}>
          {FIELD_LABELS[name]} {error}
        </span>
      )}
    </div>
  );
}

/** What the form sends: empty port, password and root are left out (default 21, kept, '/'). */
function toPatch(values: { host: string; port: string; user: string; password: string; root: string; secure: boolean }): FtpPatch {
  return {
    host: values.host.trim(),
    user: values.user,
    secure: values.secure,
    ...(values.port.trim() !== '' && { port: Number(values.port) }),
    ...(values.password !== '' && { password: values.password }),
    ...(values.root.trim() !== '' && { root: values.root.trim() }),
  };
}

/**
 * Host, port, user, password (write-only), root folder and FTPS of an external FTP server.
 * Starts from the stored values; the parent remounts it (key) when they change.
 */
export function StorageForm({
  current,
  busy,
  error,
  onSave,
  children,
}: {
  current: StorageSettings['ftp'];
  busy: boolean;
  error: Error | null;
  onSave: (ftp: FtpPatch) => void;
  /** More actions shown beside Save. */
  children?: ReactNode;
}) {
  const [values, setValues] = useState({
    host: current?.host ?? '',
    port: String(current?.port ?? 21),
    user: current?.user ?? '',
    password: '',
    root: current?.root ?? '/',
    secure: current?.secure ?? false,
  });
  const set = (name: keyof typeof values) => (event: { target: HTMLInputElement }) =>
    setValues((v) => ({ ...v, [name]: name === 'secure' ? event.target.checked : event.target.value }));
  const errors = plainErrors(error);
  const describedBy = (name: StorageField) => (errors.fields[name] ? `storage-${name}-error` : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave(toPatch(values));
  };

  return (
    <form className="storage-form" aria-label="FTP storage" onSubmit={submit} noValidate>
      <div className="form-grid">
        <Field name="host" error={errors.fields.host}>
          <input id="storage-host" value={values.host} onChange={set('host')} placeholder="ftp.example.com" autoComplete="off" aria-describedby={describedBy('host')} />
        </Field>
        <Field name="port" error={errors.fields.port}>
          <input id="storage-port" type="number" min={1} max={65535} value={values.port} onChange={set('port')} aria-describedby={describedBy('port')} />
        </Field>
        <Field name="user" error={errors.fields.user}>
          <input id="storage-user" value={values.user} onChange={set('user')} autoComplete="off" aria-describedby={describedBy('user')} />
        </Field>
        <Field name="password" error={errors.fields.password}>
          <input
            id="storage-password"
            type="password"
            value={values.password}
            onChange={set('password')}
            autoComplete="new-password"
            placeholder={current?.password_set ? 'stored — leave empty to keep' : ''}
            aria-describedby={describedBy('password')}
          />
        </Field>
        <Field name="root" error={errors.fields.root}>
          <input id="storage-root" value={values.root} onChange={set('root')} placeholder="/" aria-describedby={describedBy('root')} />
        </Field>
        <div className="field">
          <span className="field-label">FTPS</span>
          <label className="switch">
            <input id="storage-secure" type="checkbox" role="switch" checked={values.secure} onChange={set('secure')} />
            <span>{values.secure ? 'On (explicit TLS)' : 'Off (plain FTP)'}</span>
          </label>
        </div>
      </div>
      {errors.general.length > 0 && (
        <div role="alert" className="notice error" data-testid="storage-error">
          <strong>The storage setting was not saved:</strong> {errors.general.join(' ')}
        </div>
      )}
      {Object.keys(errors.fields).length > 0 && errors.general.length === 0 && (
        <div role="alert" className="notice error" data-testid="storage-error">
          <strong>The storage setting was not saved:</strong> correct the fields marked in red.
        </div>
      )}
      <div className="button-row">
        <button type="submit" className="primary" disabled={busy}>
          Save
        </button>
        {children}
      </div>
    </form>
  );
}
