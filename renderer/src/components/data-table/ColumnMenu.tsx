import { Menu } from '@mantine/core';
import { ToolButton } from './ToolButton.tsx';
import { DENSITIES, type Density } from './prefs-store.ts';
import type { DataTableColumn, DataTableLabels } from './types.ts';

function ColumnsIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.5">
      <rect x="1.75" y="2.75" width="12.5" height="10.5" rx="1.5" />
      <path d="M6 2.75v10.5M10 2.75v10.5" />
    </svg>
  );
}

/**
 * The column chooser (show / hide each hideable column) and the density, in one menu. The
 * choices are the user's preferences for this table (prefs-store).
 */
export function ColumnMenu<T>(props: {
  columns: readonly DataTableColumn<T>[];
  visible: (columnId: string) => boolean;
  onToggle: (columnId: string, visible: boolean) => void;
  density: Density;
  onDensity: (density: Density) => void;
  onReset: () => void;
  labels: DataTableLabels;
  iconOnly: boolean;
}) {
  const { columns, visible, onToggle, density, onDensity, onReset, labels, iconOnly } = props;
  const hideable = columns.filter((column) => column.hideable !== false);
  const shown = hideable.filter((column) => visible(column.id));
  return (
    <Menu position="bottom-end" closeOnItemClick={false} shadow="md" width={230}>
      <Menu.Target>
        <ToolButton icon={<ColumnsIcon />} label={labels.columns} iconOnly={iconOnly} />
      </Menu.Target>
      <Menu.Dropdown mah="75vh" style={{ overflowY: 'auto' }}>
        <Menu.Label>{labels.columns}</Menu.Label>
        {hideable.map((column) => (
          <Menu.CheckboxItem
            key={column.id}
            checked={visible(column.id)}
            // The last shown column stays: a grid with no column says nothing.
            disabled={shown.length === 1 && visible(column.id)}
            onChange={(checked) => onToggle(column.id, checked)}
          >
            {column.header}
          </Menu.CheckboxItem>
        ))}
        <Menu.Divider />
        <Menu.Label>{labels.density}</Menu.Label>
        <Menu.RadioGroup value={density} onChange={(value) => onDensity(value as Density)}>
          {DENSITIES.map((value) => (
            <Menu.RadioItem key={value} value={value}>
              {labels.densities[value]}
            </Menu.RadioItem>
          ))}
        </Menu.RadioGroup>
        <Menu.Divider />
        <Menu.Item onClick={onReset}>{labels.resetColumns}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
