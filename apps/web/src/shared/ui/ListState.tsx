import {
  Alert,
  Group,
  type GroupProps,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  type TextProps,
} from '@mantine/core';
import type { TablerIcon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/client.ts';

/** The part of a query result a list needs to tell its state. */
export interface ListQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

const dimmed = (content: ReactNode) =>
  typeof content === 'string' ? <Text c="dimmed">{content}</Text> : content;

/**
 * A list's body in its four states, in this order: the error (an alert), loading ('Loading...' or
 * the given placeholder), empty (the given text or node; without one, the rows are drawn anyway),
 * then the rows.
 */
export function ListState<T>({
  query,
  items,
  loading,
  empty,
  errorFallback,
  errorTitle,
  errorText,
  children,
}: {
  query: ListQuery;
  items: readonly T[] | undefined;
  loading?: ReactNode;
  empty?: ReactNode;
  /** The message when the error has none of its own. */
  errorFallback?: string;
  errorTitle?: string;
  /** The alert's text from the error's message; 'Error: {message}' by default. */
  errorText?: (message: string) => string;
  children: (items: readonly T[]) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isError) {
    const message = errorMessage(query.error, errorFallback);
    return (
      <Alert color="red" title={errorTitle}>
        {errorText ? errorText(message) : t('errors.withMessage', { message })}
      </Alert>
    );
  }
  if (query.isPending) return dimmed(loading ?? t('app.loading'));
  const rows = items ?? [];
  if (rows.length === 0 && empty !== undefined) return dimmed(empty);
  return children(rows);
}

/** A client-area list with nothing to show: an optional icon, the headline and an optional hint. */
export function EmptyState({ title, hint, icon }: { title: string; hint?: ReactNode; icon?: ReactNode }) {
  return (
    <Stack align="center" gap={4} py="xl">
      {icon}
      <Text fw={600}>{title}</Text>
      {hint && (
        <Text c="dimmed" size="sm" ta="center">
          {hint}
        </Text>
      )}
    </Stack>
  );
}

const GRID_COLUMNS = {
  2: { base: 1, md: 2 },
  3: { base: 1, sm: 2, lg: 3 },
} as const;

/** Cards one under another (1), or in 2 or 3 columns on wider screens, one column on phones. */
export function CardGrid({
  columns = 1,
  children,
  ...rest
}: {
  columns?: 1 | 2 | 3;
  children: ReactNode;
  'aria-busy'?: 'true';
  'data-testid'?: string;
}) {
  if (columns === 1) {
    return (
      <Stack gap="sm" {...rest}>
        {children}
      </Stack>
    );
  }
  return (
    <SimpleGrid cols={GRID_COLUMNS[columns]} spacing="sm" {...rest}>
      {children}
    </SimpleGrid>
  );
}

/** A card's first line: its icon, its name (and a small line under it), its actions at the right. */
export function CardHeading({
  icon: Icon,
  iconSize = 18,
  title,
  subtitle,
  subtitleProps,
  actions,
  align,
}: {
  icon: TablerIcon;
  iconSize?: number;
  title: string;
  subtitle?: string;
  subtitleProps?: TextProps;
  actions: ReactNode;
  align?: GroupProps['align'];
}) {
  const name = (
    <Text fw={600} truncate>
      {title}
    </Text>
  );
  return (
    <Group justify="space-between" wrap="nowrap" align={align}>
      <Group gap="xs" wrap="nowrap" miw={0}>
        <Icon size={iconSize} aria-hidden style={{ flexShrink: 0 }} />
        {subtitle === undefined ? (
          name
        ) : (
          <Stack gap={0} miw={0}>
            {name}
            <Text size="xs" c="dimmed" {...subtitleProps}>
              {subtitle}
            </Text>
          </Stack>
        )}
      </Group>
      {actions}
    </Group>
  );
}

/** Grey cards in place of the ones being loaded. */
export function CardSkeletons({
  count,
  height,
  columns,
}: {
  count: number;
  height: number;
  columns?: 1 | 2 | 3;
}) {
  return (
    <CardGrid columns={columns} aria-busy="true">
      {Array.from({ length: count }, (_, n) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the placeholders have no identity but their place
        <Skeleton key={n} h={height} radius="md" />
      ))}
    </CardGrid>
  );
}

/** A screen the user's permissions do not open: 'Permission Denied' and why. */
export function PermissionDenied({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" title={t('toast.permissionDenied')}>
      {children}
    </Alert>
  );
}
