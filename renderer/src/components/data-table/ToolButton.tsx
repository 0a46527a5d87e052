import { forwardRef, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { ActionIcon, Button, Tooltip } from '@mantine/core';

interface ToolButtonProps extends Omit<ComponentPropsWithoutRef<'button'>, 'children' | 'color'> {
  icon: ReactNode;
  label: string;
  /** The toolbar is short of room (toolbar-fit.ts): the icon alone, its name in a tooltip and as the accessible name. */
  iconOnly: boolean;
}

/** A tool of the table's toolbar (Columns, Export CSV): its icon and name, or its icon alone when room is short. */
export const ToolButton = forwardRef<HTMLButtonElement, ToolButtonProps>(function ToolButton({ icon, label, iconOnly, ...button }, ref) {
  if (!iconOnly) {
    return (
      <Button ref={ref} size="xs" variant="default" leftSection={icon} {...button}>
        {label}
      </Button>
    );
  }
  return (
    <Tooltip label={label}>
      <ActionIcon ref={ref} size={30} variant="default" aria-label={label} {...button}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );
});
