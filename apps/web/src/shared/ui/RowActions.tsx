import { ActionIcon, Group, Menu } from '@mantine/core';
import { IconDotsVertical, type TablerIcon } from '@tabler/icons-react';
import { Fragment } from 'react';

export interface RowAction {
  /** The menu item's text, or the icon button's accessible name. */
  label: string;
  icon: TablerIcon;
  onClick: () => void;
  color?: string;
  /** A line above this menu item. */
  divider?: boolean;
}

/** A row's or card's actions as icon buttons side by side; `false` leaves an action out. */
export function RowActionIcons({
  actions,
  variant = 'subtle',
}: {
  actions: (RowAction | false | undefined)[];
  variant?: 'subtle' | 'default';
}) {
  return (
    <Group gap={4} wrap="nowrap">
      {actions.map(
        (action) =>
          action && (
            <ActionIcon
              key={action.label}
              variant={variant}
              color={action.color}
              aria-label={action.label}
              onClick={action.onClick}
            >
              <action.icon size={16} />
            </ActionIcon>
          ),
      )}
    </Group>
  );
}

/** A row's or card's actions behind a '⋮' button named `label`. */
export function RowActionsMenu({
  label,
  actions,
  variant = 'subtle',
  size,
}: {
  label: string;
  actions: RowAction[];
  variant?: 'subtle' | 'default';
  size?: 'lg';
}) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant={variant} size={size} aria-label={label}>
          <IconDotsVertical size={size === 'lg' ? 18 : 16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.map((action) => (
          <Fragment key={action.label}>
            {action.divider && <Menu.Divider />}
            <Menu.Item color={action.color} leftSection={<action.icon size={16} />} onClick={action.onClick}>
              {action.label}
            </Menu.Item>
          </Fragment>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
