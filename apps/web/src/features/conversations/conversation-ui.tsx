import type { AiReplyMeta } from '@app/contract/ai-characters';
import type { Conversation } from '@app/contract/chats';
import { Alert, Badge, Button, Collapse, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconChevronDown, IconSparkles, IconUserExclamation } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuota } from '../../shared/quota/quota.api.ts';
import type { WsStatus } from '../../shared/ws/ws-client.ts';
import './conversations.i18n.ts';

export function ChannelBadge({ chatType }: { chatType: Conversation['chat_type'] }) {
  const { t } = useTranslation();
  return chatType === 'telegram' ? (
    <Badge color="blue" variant="light" tt="none" size="sm">
      {t('conversations.channelTelegram')}
    </Badge>
  ) : (
    <Badge color="green" variant="light" tt="none" size="sm">
      {t('conversations.channelWhatsapp')}
    </Badge>
  );
}

export function LiveBadge({ status }: { status: WsStatus }) {
  const { t } = useTranslation();
  const open = status === 'open';
  const busy = status === 'connecting' || status === 'reconnecting';
  return (
    <Badge
      data-testid="live-status"
      data-status={status}
      variant="dot"
      color={open ? 'teal' : busy ? 'yellow' : 'red'}
      tt="none"
    >
      {t(open ? 'conversations.live' : busy ? 'conversations.connecting' : 'conversations.offline')}
    </Badge>
  );
}

/** The quota banner: what is left, or the spec's text when WhatsApp sending is used up. */
export function QuotaBanner() {
  const { t } = useTranslation();
  const quota = useQuota();
  if (!quota.data) return null;
  const remain = quota.data.wa_message_remain;
  if (remain > 0) {
    return (
      <Text size="xs" c="dimmed" data-testid="quota-left">
        {t('conversations.quotaLeft', { count: remain })}
      </Text>
    );
  }
  return (
    <Alert color="yellow" icon={<IconAlertTriangle size={18} />} data-testid="quota-banner" mb="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm">{t('conversations.noQuota')}</Text>
        <Button component={Link} to="/client/billing" size="xs" variant="light" color="yellow">
          {t('conversations.upgrade')}
        </Button>
      </Group>
    </Alert>
  );
}

/** The card's mark for a chat the AI stopped answering: a person has to take over. */
export function NeedsHumanBadge() {
  const { t } = useTranslation();
  return (
    <Badge
      color="orange"
      variant="light"
      tt="none"
      size="sm"
      leftSection={<IconUserExclamation size={12} />}
      data-testid="needs-human"
    >
      {t('conversations.needsHuman')}
    </Badge>
  );
}

/**
 * An AI reply's 'AI' badge; pressing it shows what the agent used: the model, how the reply was
 * made, the category, the tokens and the knowledge passages.
 */
export function AiReplyDetails({ meta }: { meta: AiReplyMeta }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  return (
    <Stack gap={4} mt={4}>
      <UnstyledButton
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        aria-controls={detailsId}
        aria-label={t('conversations.ai.toggle')}
        data-testid="ai-badge"
        style={{ alignSelf: 'flex-start' }}
      >
        <Badge
          color="violet"
          variant="light"
          size="sm"
          leftSection={<IconSparkles size={12} />}
          rightSection={
            <IconChevronDown
              size={12}
              style={{ transform: open ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }}
            />
          }
          style={{ cursor: 'pointer' }}
        >
          {t('conversations.ai.badge')}
        </Badge>
      </UnstyledButton>
      <Collapse expanded={open} id={detailsId}>
        <Stack gap={2} data-testid="ai-details">
          <Text size="xs" c="dimmed">
            {t('conversations.ai.model', { model: meta.model })} · {t(`conversations.ai.modes.${meta.mode}`)}
          </Text>
          {meta.category && (
            <Text size="xs" c="dimmed">
              {t('conversations.ai.category', { category: meta.category })}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {t('conversations.ai.tokens', { prompt: meta.prompt_tokens, completion: meta.completion_tokens })}
          </Text>
          <Text size="xs" fw={600} mt={4}>
            {t('conversations.ai.passages', { count: meta.passages.length })}
          </Text>
          {meta.passages.map((passage, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: passages have no id; their order is the answer's
            <Text key={index} size="xs" c="dimmed" lineClamp={3} style={{ whiteSpace: 'pre-wrap' }}>
              <Text span size="xs" fw={600} c="violet">
                {passage.knowledge}:
              </Text>{' '}
              {passage.excerpt}
            </Text>
          ))}
        </Stack>
      </Collapse>
    </Stack>
  );
}
