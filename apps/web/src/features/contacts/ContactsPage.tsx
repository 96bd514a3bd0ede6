import type { Contact } from '@app/contract/chats';
import {
  Alert,
  Avatar,
  Card,
  Group,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconLayoutGrid, IconList, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../shared/api/client.ts';
import { CONTACTS_DEBOUNCE_MS, CONTACTS_PAGE_SIZE, useContacts } from '../../shared/contacts/contacts.api.ts';
import { pageCount } from '../../shared/format/pagination.ts';
import { relativeTime } from '../../shared/format/relative-time.ts';
import { Pager } from '../../shared/ui/Pager.tsx';
import { PageTitle } from '../../shared/ui/PageTitle.tsx';
import './contacts.i18n.ts';

type View = 'grid' | 'list';

function ContactCard({ contact, view }: { contact: Contact; view: View }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const since = contact.timestamp
    ? relativeTime(contact.timestamp, new Date(), (unit, count) =>
        unit === 'justNow' ? t('time.justNow') : t(`time.${unit}`, { count }),
      )
    : t('contacts.noActivity');
  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      component="button"
      type="button"
      onClick={() => navigate(`/client/messages/${encodeURIComponent(contact.chat_id)}`)}
      data-testid="contact-card"
      aria-label={contact.name}
      style={{ textAlign: 'left', cursor: 'pointer' }}
    >
      <Group wrap="nowrap" gap="sm" align="flex-start">
        <Avatar color="initials" name={contact.name} radius="xl">
          {contact.name.trim().charAt(0).toUpperCase() || '?'}
        </Avatar>
        <Stack gap={0} miw={0} style={{ flex: 1 }}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text fw={600} truncate>
              {contact.name}
            </Text>
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {since}
            </Text>
          </Group>
          <Text size="sm" c="dimmed" truncate>
            {contact.phone || t('contacts.noPhone')}
          </Text>
          {view === 'list' && contact.message && (
            <Text size="sm" truncate data-testid="contact-message">
              {contact.message}
            </Text>
          )}
        </Stack>
      </Group>
    </Card>
  );
}

/** Contacts (client-area §2): grid or list, search debounced 800 ms, click opens the chat. */
export function ContactsPage() {
  const { t } = useTranslation();
  const [view, setView] = useState<View>('grid');
  const [draft, setDraft] = useState('');
  const [search] = useDebouncedValue(draft.trim(), CONTACTS_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const contacts = useContacts(page, search);
  const total = contacts.data?.meta?.total ?? 0;

  return (
    <>
      <PageTitle>{t('contacts.title')}</PageTitle>
      <Group justify="space-between" gap="sm" mb="md" wrap="wrap">
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t('contacts.searchPlaceholder')}
          aria-label={t('contacts.searchPlaceholder')}
          value={draft}
          onChange={(event) => {
            setDraft(event.currentTarget.value);
            setPage(1);
          }}
          style={{ flex: '1 1 220px' }}
          maw={420}
        />
        <SegmentedControl
          aria-label={t('contacts.view')}
          value={view}
          onChange={(value) => setView(value as View)}
          data={[
            {
              value: 'grid',
              label: (
                <Group gap={4} wrap="nowrap">
                  <IconLayoutGrid size={16} aria-hidden />
                  <span>{t('contacts.grid')}</span>
                </Group>
              ),
            },
            {
              value: 'list',
              label: (
                <Group gap={4} wrap="nowrap">
                  <IconList size={16} aria-hidden />
                  <span>{t('contacts.list')}</span>
                </Group>
              ),
            },
          ]}
        />
      </Group>
      {contacts.isError ? (
        <Alert color="red" title={t('contacts.errorTitle')}>
          {errorMessage(contacts.error, t('contacts.fetchFailed'))}
        </Alert>
      ) : contacts.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy="true">
          {[0, 1, 2].map((n) => (
            <Skeleton key={n} h={72} radius="md" />
          ))}
        </SimpleGrid>
      ) : contacts.data.data.length === 0 ? (
        <Stack align="center" gap={4} py="xl">
          <Text fw={600}>{t('contacts.emptyTitle')}</Text>
          <Text c="dimmed" size="sm">
            {search ? t('contacts.noMatch') : t('contacts.emptyBody')}
          </Text>
        </Stack>
      ) : (
        <SimpleGrid
          cols={view === 'grid' ? { base: 1, sm: 2, lg: 3 } : 1}
          spacing="sm"
          data-view={view}
          data-testid="contacts"
        >
          {contacts.data.data.map((contact) => (
            <ContactCard key={contact.id} contact={contact} view={view} />
          ))}
        </SimpleGrid>
      )}
      <Pager page={page} totalPages={pageCount(total, CONTACTS_PAGE_SIZE)} onChange={setPage} />
    </>
  );
}
