import { useMemo, useState } from 'react';
import { Button, Group, Menu, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { MAX_VIEW_NAME, useSavedViews, useSavedViewsOf, type SavedView, type ViewSearch } from '../../app/stores/saved-views.ts';
import { useTablePrefs } from '../data-table/index.ts';
import { notifyInfo } from '../feedback/index.ts';

/** Address keys that are no part of a view: the scroll window and the open record. */
const NOT_VIEW = new Set(['offset', 'limit', 'open']);

/** The address values a view keeps, keys sorted (so two equal views compare equal as text). */
function viewSearchOf(search: Record<string, unknown>): ViewSearch {
  return Object.fromEntries(
    Object.keys(search)
      .filter((key) => !NOT_VIEW.has(key) && search[key] !== undefined)
      .sort()
      .map((key) => [key, search[key]]),
  );
}

const same = (a: ViewSearch, b: ViewSearch) => JSON.stringify(viewSearchOf(a)) === JSON.stringify(viewSearchOf(b));

/**
 * Saved views of a list screen (in its toolbar): the current filters, sort and shown columns
 * saved under a name, applied from the menu (a navigation: the address is the screen's state,
 * so back goes to before), renamed and deleted. `tableId`: the DataTable's id, under which its
 * column choice and the views are kept.
 */
export function SavedViews({ tableId }: { tableId: string }) {
  const { t } = useTranslation();
  const views = useSavedViewsOf(tableId);
  const search: Record<string, unknown> = useSearch({ strict: false });
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'save' | 'manage' | null>(null);
  const current = views.find((v) => same(v.search, search));

  const apply = (view: SavedView) => {
    if (view.columns) useTablePrefs.getState().setVisibility(tableId, view.columns);
    // Every key of the address is replaced: the view's filters and sort, nothing else kept.
    void navigate({ to: '.', search: () => ({ ...view.search }) } as never);
    notifyInfo(t('savedViews.applied', { name: view.name }), 2000);
  };

  return (
    <>
      <Menu position="bottom-start" withinPortal shadow="md">
        <Menu.Target>
          <Button size="xs" variant={current ? 'light' : 'default'} title={current?.name} maw={240} style={{ flexShrink: 0 }} data-testid="saved-views">
            {current ? t('savedViews.current', { name: current.name }) : t('savedViews.button')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown aria-label={t('savedViews.menuLabel')}>
          <Menu.Label>{t('savedViews.menuLabel')}</Menu.Label>
          {views.length === 0 && <Menu.Item disabled>{t('savedViews.none')}</Menu.Item>}
          {views.map((view) => (
            <Menu.Item key={view.name} onClick={() => apply(view)} fw={view === current ? 600 : undefined}>
              {view.name}
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item onClick={() => setDialog('save')}>{t('savedViews.save')}</Menu.Item>
          <Menu.Item onClick={() => setDialog('manage')} disabled={views.length === 0}>
            {t('savedViews.manage')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {dialog === 'save' && <SaveViewDialog tableId={tableId} search={search} views={views} suggested={current?.name ?? ''} onClose={() => setDialog(null)} />}
      {dialog === 'manage' && <ManageViewsDialog tableId={tableId} views={views} onApply={apply} onClose={() => setDialog(null)} />}
    </>
  );
}

function SaveViewDialog({ tableId, search, views, suggested, onClose }: { tableId: string; search: Record<string, unknown>; views: readonly SavedView[]; suggested: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(suggested);
  const trimmed = name.trim();
  const exists = views.some((v) => v.name === trimmed);
  const save = () => {
    if (trimmed === '') return;
    const visibility = useTablePrefs.getState().tables[tableId]?.visibility;
    useSavedViews.getState().save(tableId, { name: trimmed, search: viewSearchOf(search), ...(visibility && { columns: { ...visibility } }) });
    notifyInfo(t('savedViews.saved', { name: trimmed }), 2000);
    onClose();
  };
  return (
    <Modal opened onClose={onClose} title={t('savedViews.saveTitle')} closeButtonProps={{ 'aria-label': t('common.close') }} data-testid="save-view-dialog">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">{t('savedViews.saveHint')}</Text>
          <TextInput
            label={t('savedViews.name')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={MAX_VIEW_NAME}
            required
            data-autofocus
            description={exists ? t('savedViews.replaces') : undefined}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={trimmed === ''}>
              {t('savedViews.saveButton')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function ManageViewsDialog({ tableId, views, onApply, onClose }: { tableId: string; views: readonly SavedView[]; onApply: (view: SavedView) => void; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onClose} title={t('savedViews.manageTitle')} closeButtonProps={{ 'aria-label': t('common.close') }} size="lg" data-testid="manage-views-dialog">
      <Stack gap="xs">
        {views.length === 0 && <Text size="sm">{t('savedViews.manageEmpty')}</Text>}
        {views.map((view) => (
          <ViewRow key={view.name} tableId={tableId} view={view} names={views.map((v) => v.name)} onApply={() => (onApply(view), onClose())} />
        ))}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('savedViews.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function ViewRow({ tableId, view, names, onApply }: { tableId: string; view: SavedView; names: readonly string[]; onApply: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(view.name);
  const trimmed = name.trim();
  const taken = useMemo(() => trimmed !== view.name && names.includes(trimmed), [trimmed, view.name, names]);
  const canRename = trimmed !== '' && trimmed !== view.name && !taken;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (canRename) useSavedViews.getState().rename(tableId, view.name, trimmed);
      }}
    >
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          aria-label={t('savedViews.nameOf', { name: view.name })}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          maxLength={MAX_VIEW_NAME}
          error={taken ? t('savedViews.renameTaken') : undefined}
          style={{ flex: 1 }}
        />
        <Button type="submit" variant="default" disabled={!canRename}>
          {t('savedViews.rename')}
        </Button>
        <Button variant="light" onClick={onApply} aria-label={t('savedViews.applyView', { name: view.name })}>
          {t('savedViews.apply')}
        </Button>
        <Button variant="subtle" color="red" aria-label={t('savedViews.deleteView', { name: view.name })} onClick={() => useSavedViews.getState().remove(tableId, view.name)}>
          {t('savedViews.delete')}
        </Button>
      </Group>
    </form>
  );
}
