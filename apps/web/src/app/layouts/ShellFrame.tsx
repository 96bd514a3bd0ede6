import {
  ActionIcon,
  AppShell,
  Box,
  Burger,
  Divider,
  Drawer,
  Group,
  NavLink,
  ScrollArea,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { useDisclosure, useLocalStorage } from '@mantine/hooks';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '../../shared/ui/errors.tsx';

export interface NavItem {
  labelKey: string;
  icon: ComponentType<{ size?: number | string }>;
  to?: string;
  /** Only this exact path marks the item active (e.g. /client/messages vs its sub-pages). */
  exact?: boolean;
  children?: NavItem[];
}

export interface NavAction {
  labelKey: string;
  icon: ComponentType<{ size?: number | string }>;
  onClick: () => void;
  color?: string;
}

const isActive = (pathname: string, item: NavItem) =>
  Boolean(
    item.to &&
      (item.exact ? pathname === item.to : pathname === item.to || pathname.startsWith(`${item.to}/`)),
  );

/**
 * The frame both areas share: a sidebar that collapses to icons on desktop and is a slide-in drawer
 * on phones, a header, and the main area with its own error boundary.
 */
export function ShellFrame({
  brand,
  items,
  footer,
  actions,
  headerRight,
  testId,
  banner,
}: {
  brand: ReactNode;
  items: NavItem[];
  /** Shown above the bottom actions (e.g. the admin's role and e-mail). */
  footer?: ReactNode;
  actions: NavAction[];
  headerRight: ReactNode;
  testId: string;
  /** Shown above every page (e.g. the client shell's maintenance notice). */
  banner?: ReactNode;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [drawerOpened, drawer] = useDisclosure(false);
  const [collapsed, setCollapsed] = useLocalStorage({
    key: 'ai-admin.sidebar-collapsed',
    defaultValue: false,
  });

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: collapsed ? 76 : 264, breakpoint: 'sm', collapsed: { mobile: true } }}
      padding={{ base: 'sm', sm: 'md' }}
      data-testid={testId}
    >
      <AppShell.Header>
        <Group h="100%" px={{ base: 'sm', sm: 'md' }} justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap" miw={0}>
            <Burger
              opened={drawerOpened}
              onClick={drawer.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('nav.openNavigation')}
            />
            <ActionIcon
              variant="subtle"
              visibleFrom="sm"
              size="lg"
              aria-label={t('nav.toggleSidebar')}
              aria-expanded={!collapsed}
              onClick={() => setCollapsed((value) => !value)}
            >
              {collapsed ? (
                <IconLayoutSidebarLeftExpand size={20} />
              ) : (
                <IconLayoutSidebarLeftCollapse size={20} />
              )}
            </ActionIcon>
            <Text fw={700} truncate>
              {t('app.name')}
            </Text>
          </Group>
          <Group gap="xs" wrap="nowrap">
            {headerRight}
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="sidebar">
        <NavContent
          brand={brand}
          items={items}
          footer={footer}
          actions={actions}
          collapsed={collapsed}
          pathname={pathname}
        />
      </AppShell.Navbar>
      <Drawer
        opened={drawerOpened}
        onClose={drawer.close}
        hiddenFrom="sm"
        size={288}
        padding="xs"
        title={<Text fw={700}>{t('app.name')}</Text>}
        data-testid="nav-drawer"
      >
        <Box h="calc(100dvh - 80px)">
          <NavContent
            brand={brand}
            items={items}
            footer={footer}
            actions={actions}
            collapsed={false}
            pathname={pathname}
            onNavigate={drawer.close}
          />
        </Box>
      </Drawer>
      <AppShell.Main>
        {banner}
        <ErrorBoundary key={pathname}>
          <Outlet />
        </ErrorBoundary>
      </AppShell.Main>
    </AppShell>
  );
}

function NavContent({
  brand,
  items,
  footer,
  actions,
  collapsed,
  pathname,
  onNavigate,
}: {
  brand: ReactNode;
  items: NavItem[];
  footer?: ReactNode;
  actions: NavAction[];
  collapsed: boolean;
  pathname: string;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const link = (item: NavItem, nested = false) => {
    const Icon = item.icon;
    const label = t(item.labelKey);
    const node = (
      <NavLink
        key={item.to}
        component={Link}
        to={item.to ?? '#'}
        label={collapsed ? undefined : label}
        aria-label={collapsed ? label : undefined}
        leftSection={<Icon size={nested ? 16 : 20} />}
        active={isActive(pathname, item)}
        onClick={onNavigate}
        pl={nested && !collapsed ? 'lg' : undefined}
      />
    );
    return collapsed ? (
      <Tooltip key={item.to} label={label} position="right" withArrow>
        {node}
      </Tooltip>
    ) : (
      node
    );
  };

  return (
    <Stack h="100%" gap="xs" justify="space-between">
      {!collapsed && (
        <Box px="sm" pt={4}>
          {brand}
        </Box>
      )}
      <ScrollArea style={{ flex: 1 }} type="auto">
        <Stack gap={2}>
          {items.map((item) => {
            if (!item.children) return link(item);
            if (collapsed) return item.children.map((child) => link(child, true));
            const Icon = item.icon;
            const childActive = item.children.some((child) => isActive(pathname, child));
            return (
              <NavLink
                key={item.labelKey}
                label={t(item.labelKey)}
                leftSection={<Icon size={20} />}
                defaultOpened={childActive}
                childrenOffset={0}
              >
                {item.children.map((child) => link(child, true))}
              </NavLink>
            );
          })}
        </Stack>
      </ScrollArea>
      <Stack gap={2}>
        <Divider />
        {!collapsed && footer}
        {actions.map((action) => {
          const Icon = action.icon;
          const label = t(action.labelKey);
          const node = (
            <NavLink
              key={action.labelKey}
              component="button"
              label={collapsed ? undefined : label}
              aria-label={collapsed ? label : undefined}
              leftSection={<Icon size={20} />}
              color={action.color}
              c={action.color}
              onClick={() => {
                onNavigate?.();
                action.onClick();
              }}
            />
          );
          return collapsed ? (
            <Tooltip key={action.labelKey} label={label} position="right" withArrow>
              {node}
            </Tooltip>
          ) : (
            node
          );
        })}
      </Stack>
    </Stack>
  );
}
