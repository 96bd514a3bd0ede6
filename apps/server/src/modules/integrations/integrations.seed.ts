import { randomBytes } from 'node:crypto';
import type { Config } from '../../config.ts';
import { secretBox } from '../../crypto/secrets.ts';
import type { Db } from '../../db/client.ts';
import { inboundRepo } from '../chats/chats.repo.ts';
import { integrationsRepo, platformIntegrationsRepo } from './integrations.repo.ts';

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

/**
 * The demo company's living inbox: a sandbox Telegram bot and a sandbox WhatsApp number with a
 * few conversations. They are switched on with the provider after the server listens.
 */
export async function seedMessaging(db: Db, config: Config, companyId: number) {
  const secrets = secretBox(config.encryptionKey);
  const platforms = await platformIntegrationsRepo(db).platforms();
  const platformOf = (kind: string) => platforms.find((p) => p.kind === kind)!;
  const repo = integrationsRepo(db, companyId);
  const make = (kind: string, title: string, accountId: string, hint: string, lookup: string) =>
    repo.create({
      type: 'message_platform',
      title,
      platformId: platformOf(kind).id,
      status: 'active',
      accountIdEncrypted: secrets.seal(accountId),
      accountHint: hint,
      accountLookup: lookup,
      webhookSecretEncrypted: secrets.seal(randomBytes(24).toString('base64url')),
      connectionState: 'connected',
    });
  const botToken = `7000${Date.now() % 100000}:${randomBytes(24).toString('base64url')}`;
  const telegram = await make(
    'telegram',
    'Demo Telegram bot',
    botToken,
    `••••${botToken.slice(-4)}`,
    botToken.split(':')[0]!,
  );
  const whatsapp = await make(
    'whatsapp_cloud',
    'Demo WhatsApp',
    '106540352242922',
    '106540352242922',
    '106540352242922',
  );

  const inbound = inboundRepo(db);
  const conversations = [
    {
      integration: whatsapp,
      chatType: 'wa' as const,
      chatId: '6281234567890@c.us',
      phone: '6281234567890',
      name: 'Budi Santoso',
      texts: ['Halo, stok kemeja biru ukuran L masih ada?', 'Kalau ada, bisa kirim ke Bandung?'],
    },
    {
      integration: whatsapp,
      chatType: 'wa' as const,
      chatId: '6285712345678@c.us',
      phone: '6285712345678',
      name: 'Siti Aminah',
      texts: ['Pesanan saya INV-1042 kapan dikirim ya?'],
    },
    {
      integration: telegram,
      chatType: 'telegram' as const,
      chatId: '5511223344@telegram',
      phone: null,
      name: 'Rina S',
      texts: ['Hi, do you ship to Singapore?'],
    },
  ];
  let minute = 90;
  for (const conversation of conversations) {
    for (const text of conversation.texts) {
      minute -= 7;
      // Stored as a webhook stores it, which also counts it on the dashboard.
      await inbound.ingest(
        { id: conversation.integration.id, companyId, chatType: conversation.chatType },
        {
          providerMessageId: `seed-${conversation.chatId}-${minute}`,
          chatId: conversation.chatId,
          senderName: conversation.name,
          phone: conversation.phone,
          text,
          timestamp: minutesAgo(minute),
        },
      );
    }
  }
}
