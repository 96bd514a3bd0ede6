import {
  CATEGORY_ICON_EMOJI,
  TICKET_PRIORITIES,
  TICKET_SEARCH_DEBOUNCE_MS,
  TICKET_STATUSES,
  type Ticket,
} from '@app/contract/tickets';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  MultiSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconFilter, IconPlus, IconSearch, IconSettings } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../shared/api/client.ts';
import { pageCount } from '../../shared/format/pagination.ts';
import { relativeTime } from '../../shared/format/relative-time.ts';
import { usePermissions } from '../../shared/permissions/use-permissions.ts';
import { CenteredText } from '../../shared/ui/errors.tsx';
import { Pager } from '../../shared/ui/Pager.tsx';
import { PageTitle } from '../../shared/ui/PageTitle.tsx';
import { TicketFormDialog } from './TicketFormDialog.tsx';
import { PRIORITY_COLOR, STATUS_COLOR } from './ticket-format.ts';
import { TICKETS_PAGE_SIZE, type TicketFilters, useCategories, useTickets } from './tickets.api.ts';
import './tickets.i18n.ts';

function TicketCard({ ticket, onOpen }: { ticket: Ticket; onOpen: () => void }) {
  const { t } = useTranslation();
  const created = relativeTime(ticket.created_at, new Date(), (unit, count) => t(`time.${unit}`, { count }));
  return (
    <Card
      withBorder
      padding="md"
      data-testid="ticket-card"
      role="link"
      tabIndex={0}
      aria-label={ticket.title}
      style={{ cursor: 'pointer' }}
      onClick={onOpen}
      onKeyDown={(event) => event.key === 'Enter' && onOpen()}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Stack gap={2} miw={0}>
          <Text size="xs" c="dimmed">
            {ticket.ticket_number}
          </Text>
          <Text fw={600} lineClamp={2}>
            {ticket.title}
          </Text>
        </Stack>
        <Group gap={4} wrap="nowrap">
          <Badge color={STATUS_COLOR[ticket.status]} variant="light" tt="none" data-testid="ticket-status">
            {t(`tickets.statuses.${ticket.status}`)}
          </Badge>
          <Badge
            color={PRIORITY_COLOR[ticket.priority]}
            variant="outline"
            tt="none"
            data-testid="ticket-priority"
          >
            {t(`tickets.priorities.${ticket.priority}`)}
          </Badge>
        </Group>
      </Group>
      <Text size="sm" c="dimmed" lineClamp={2} mt="xs">
        {ticket.description}
      </Text>
      <Group gap="xs" mt="sm" wrap="wrap">
        <Text size="xs" c="dimmed">
          {t('tickets.created', { time: created })}
        </Text>
        <Text size="xs">· {ticket.assignee_name ?? t('tickets.unassigned')}</Text>
        <Text size="xs">
          ·{' '}
          {ticket.category
            ? `${CATEGORY_ICON_EMOJI[ticket.category_icon as keyof typeof CATEGORY_ICON_EMOJI] ?? ''} ${ticket.category}`
            : t('tickets.noCategory')}
        </Text>
        <Badge size="xs" variant="default" tt="none">
          {t(`tickets.escalations.${ticket.escalation_level}`, { defaultValue: ticket.escalation_level })}
        </Badge>
        {ticket.tags.map((tag) => (
          <Badge key={tag} size="xs" variant="dot" tt="none">
            {tag}
          </Badge>
        ))}
      </Group>
    </Card>
  );
}

/** Tickets list (client-area §2): search, filters with several values each, cards, pages, create. */
export function TicketsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { can, guard } = usePermissions();
  const [input, setInput] = useState('');
  const [showFilters, setShowFilters] = useState(false);
  const [filters, setFilters] = useState<TicketFilters>({
    search: '',
    status: [],
    priority: [],
    category: [],
  });
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const tickets = useTickets(page, filters, can('ticket_read'));
  const categories = useCategories(can('ticket_read'));

  const change = (next: Partial<TicketFilters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPage(1);
  };
  const debouncedSearch = useDebouncedCallback(
    (value: string) => change({ search: value.trim() }),
    TICKET_SEARCH_DEBOUNCE_MS,
  );

  const rows = tickets.data?.rows ?? [];
  let body: ReactNode;
  if (tickets.isError) {
    body = <Alert color="red">{t('tickets.errorLoading', { message: errorMessage(tickets.error) })}</Alert>;
  } else if (tickets.isPending) {
    body = <CenteredText>{t('tickets.loading')}</CenteredText>;
  } else if (rows.length === 0) {
    body = <CenteredText>{t('tickets.empty')}</CenteredText>;
  } else {
    body = (
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        {rows.map((ticket) => (
          <TicketCard
            key={ticket.id}
            ticket={ticket}
            onOpen={() => navigate(`/client/tickets/${ticket.id}`)}
          />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <PageTitle>{t('tickets.title')}</PageTitle>
        <Group gap="xs">
          <Anchor component={Link} to="/client/tickets/configuration" size="sm">
            <Group gap={4} component="span">
              <IconSettings size={16} />
              {t('tickets.configure')}
            </Group>
          </Anchor>
          {can('ticket_create') && (
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => guard('ticket_create') && setCreating(true)}
            >
              {t('tickets.create')}
            </Button>
          )}
        </Group>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          leftSection={<IconSearch size={16} />}
          placeholder={t('tickets.search')}
          aria-label={t('tickets.search')}
          value={input}
          onChange={(event) => {
            setInput(event.currentTarget.value);
            debouncedSearch(event.currentTarget.value);
          }}
        />
        <Button
          variant={showFilters ? 'filled' : 'default'}
          leftSection={<IconFilter size={16} />}
          aria-pressed={showFilters}
          onClick={() => setShowFilters((shown) => !shown)}
        >
          {t('tickets.filters')}
        </Button>
      </Group>
      {showFilters && (
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <MultiSelect
            label={t('tickets.status')}
            data={TICKET_STATUSES.map((value) => ({ value, label: t(`tickets.statuses.${value}`) }))}
            value={filters.status}
            onChange={(status) => change({ status })}
            clearable
          />
          <MultiSelect
            label={t('tickets.priority')}
            data={TICKET_PRIORITIES.map((value) => ({ value, label: t(`tickets.priorities.${value}`) }))}
            value={filters.priority}
            onChange={(priority) => change({ priority })}
            clearable
          />
          <MultiSelect
            label={t('tickets.category')}
            data={(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
            value={filters.category}
            onChange={(category) => change({ category })}
            clearable
          />
        </SimpleGrid>
      )}
      {body}
      <Pager
        page={page}
        totalPages={pageCount(tickets.data?.total ?? 0, TICKETS_PAGE_SIZE)}
        onChange={setPage}
      />
      {creating && <TicketFormDialog onClose={() => setCreating(false)} />}
    </Stack>
  );
}
