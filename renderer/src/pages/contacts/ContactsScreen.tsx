import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dateColumn, numberColumn, Pill, textColumn, type DataTableColumn, type ListRow, type ListSortKey } from '../../components/data-table/index.ts';
import { FlagFilter, SearchFilter } from '../documents-common/filters.tsx';
import { ListScreen } from '../documents-common/ListScreen.tsx';
import { useListScreen } from '../documents-common/use-list-screen.ts';
import { ContactDetail } from './ContactDetail.tsx';

type Row = ListRow<'lists.contacts'>;
type Sort = ListSortKey<'lists.contacts'>;

/** Catalogue › Contacts: the clients and suppliers of the account. */
export function ContactsScreen() {
  const { t } = useTranslation();
  const state = useListScreen('lists.contacts', 'bocp_id');
  const { companyId, search, patch } = state;

  const columns = useMemo<DataTableColumn<Row, Sort>[]>(
    () => [
      numberColumn('bocp_id', t('documents.contacts.columns.id'), (r) => r.bocp_id, { sortKey: 'bocp_id', sortDescFirst: true, width: 80 }),
      textColumn('name', t('documents.contacts.columns.name'), (r) => r.name, { priority: 'high', sortKey: 'name', width: 240 }),
      textColumn('vat_id', t('documents.contacts.columns.vatId'), (r) => r.vat_id, { priority: 'high', width: 130 }),
      textColumn('client_code', t('documents.contacts.columns.clientCode'), (r) => r.client_code, { priority: 'low', width: 110 }),
      textColumn('registration_nr', t('documents.contacts.columns.regNr'), (r) => r.registration_nr, { priority: 'low', width: 140, defaultHidden: true }),
      {
        id: 'roles',
        header: t('documents.contacts.columns.roles'),
        width: 150,
        value: (r) => [r.is_client ? 'client' : '', r.is_supplier ? 'supplier' : ''].filter(Boolean).join(' '),
        cell: (r) => (
          <>
            {r.is_client ? <Pill color="blue">{t('documents.contacts.roles.client')}</Pill> : null}{' '}
            {r.is_supplier ? <Pill color="violet">{t('documents.contacts.roles.supplier')}</Pill> : null}
          </>
        ),
      },
      textColumn('kind', t('documents.contacts.columns.kind'), (r) => (r.is_company ? t('documents.contacts.kinds.company') : t('documents.contacts.kinds.person')), { priority: 'low', width: 120, defaultHidden: true }),
      textColumn('email', t('documents.contacts.columns.email'), (r) => r.email, { width: 220 }),
      textColumn('phone', t('documents.contacts.columns.phone'), (r) => r.phone, { priority: 'low', width: 130 }),
      textColumn('group', t('documents.contacts.columns.group'), (r) => r.group_name, { priority: 'low', width: 180, defaultHidden: true }),
      dateColumn('lastupdated', t('documents.contacts.columns.updated'), (r) => r.lastupdated, { priority: 'low', withTime: true, defaultHidden: true }),
    ],
    [t],
  );

  return (
    <ListScreen
      screen="contacts"
      op="lists.contacts"
      state={state}
      columns={columns}
      rowKey={(r) => r.bocp_id}
      exportFileName={`contacte-${companyId}`}
      empty={{ title: t('documents.contacts.empty.title'), description: t('documents.contacts.empty.description') }}
      emptyFiltered={t('documents.contacts.emptyFiltered')}
      filters={
        <>
          <SearchFilter value={search.q} onChange={(q) => patch({ q })} placeholder={t('documents.contacts.filters.q')} />
          <FlagFilter
            label={t('documents.contacts.filters.client')}
            any={t('documents.contacts.filters.clientAny')}
            yes={t('documents.contacts.filters.clientYes')}
            no={t('documents.contacts.filters.clientNo')}
            value={search.is_client}
            onChange={(is_client) => patch({ is_client })}
            testId="filter-is-client"
          />
          <FlagFilter
            label={t('documents.contacts.filters.supplier')}
            any={t('documents.contacts.filters.supplierAny')}
            yes={t('documents.contacts.filters.supplierYes')}
            no={t('documents.contacts.filters.supplierNo')}
            value={search.is_supplier}
            onChange={(is_supplier) => patch({ is_supplier })}
            testId="filter-is-supplier"
            width={160}
          />
        </>
      }
      detail={(id) => <ContactDetail companyId={companyId} id={id} onClose={() => state.setOpen(null)} />}
    />
  );
}
