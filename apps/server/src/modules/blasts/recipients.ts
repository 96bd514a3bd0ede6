import {
  type BadRecipientRow,
  BLAST_MSG,
  BLAST_RECIPIENTS_MAX,
  type CreateBlastFields,
} from '@app/contract/blasts';
import { PHONE_PATTERN } from '@app/contract/constants';
import { and, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Db } from '../../db/client.ts';
import { contacts } from '../../db/schema/messaging.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { likePattern } from '../../http/pagination.ts';

export interface Recipient {
  chatId: string;
  name: string | null;
}

/** 08123… and +62 812… become 62812…; answers null when it is not an Indonesian mobile number. */
export function normalizePhone(raw: string): string | null {
  let digits = raw.replace(/[\s\-().+]/g, '');
  if (digits.startsWith('0')) digits = `62${digits.slice(1)}`;
  return PHONE_PATTERN.test(digits) ? digits : null;
}

const tooMany = () =>
  badRequest(`A blast can have at most ${BLAST_RECIPIENTS_MAX.toLocaleString('en')} recipients`);

/**
 * Who a blast goes to. WhatsApp integrations reach any valid number; a Telegram bot reaches only
 * people who wrote to it, so its recipients must be known contacts.
 */
export async function resolveRecipients(
  db: Db,
  companyId: number,
  chatType: 'wa' | 'telegram',
  fields: Pick<CreateBlastFields, 'recipent_type' | 'recipent_contact' | 'contact_search'>,
  file: Buffer | null,
): Promise<Recipient[]> {
  const mine = and(eq(contacts.companyId, companyId), eq(contacts.chatType, chatType)) as SQL;
  const known = async (where: SQL) =>
    (
      await db
        .select({ chatId: contacts.chatId, name: contacts.name })
        .from(contacts)
        .where(and(mine, where))
        .limit(BLAST_RECIPIENTS_MAX + 1)
    ).map((row) => ({ chatId: row.chatId, name: row.name }));

  let recipients: Recipient[];
  if (fields.recipent_type === 'all_contact') {
    recipients = await known(mine);
  } else if (fields.recipent_type === 'contact' && fields.contact_search !== undefined) {
    const pattern = likePattern(fields.contact_search);
    recipients = await known(or(ilike(contacts.name, pattern), ilike(contacts.phone, pattern)) as SQL);
  } else if (fields.recipent_type === 'contact') {
    const values = (fields.recipent_contact ?? '')
      .split(',')
      .map((value) => value.trim())
      .filter(Boolean);
    if (values.length === 0)
      throw badRequest(BLAST_MSG.contactsRequired, [
        { field: 'recipent_contact', message: BLAST_MSG.contactsRequired },
      ]);
    recipients = await fromList(
      db,
      mine,
      chatType,
      values.map((phone, i) => ({ row: i + 1, phone, name: null })),
    );
  } else {
    if (!file) throw badRequest(BLAST_MSG.fileRequired, [{ field: 'file', message: BLAST_MSG.fileRequired }]);
    recipients = await fromList(db, mine, chatType, await readSheet(file));
  }
  if (recipients.length > BLAST_RECIPIENTS_MAX) throw tooMany();
  if (recipients.length === 0) throw badRequest(BLAST_MSG.noRecipients);
  return recipients;
}

/**
 * Phones (or chat ids) with their row numbers, checked and de-duplicated. Any bad row refuses the
 * whole list with every bad row named, so that nothing is sent to half a list by mistake.
 */
async function fromList(
  db: Db,
  mine: SQL,
  chatType: 'wa' | 'telegram',
  rows: { row: number; phone: string; name: string | null }[],
): Promise<Recipient[]> {
  if (rows.length > BLAST_RECIPIENTS_MAX) throw tooMany();
  const bad: BadRecipientRow[] = [];
  const wanted = new Map<string, { row: number; name: string | null; phone: string }>();
  for (const row of rows) {
    const chatId = row.phone.includes('@') ? row.phone : normalizePhone(row.phone);
    if (!chatId) {
      bad.push({ row: row.row, phone: row.phone, reason: 'Invalid phone number' });
      continue;
    }
    const key = chatType === 'wa' && !chatId.includes('@') ? `${chatId}@c.us` : chatId;
    if (!wanted.has(key)) wanted.set(key, { row: row.row, name: row.name, phone: chatId });
  }
  const keys = [...wanted.keys()];
  const byChatId = new Map<string, { chatId: string; name: string; phone: string | null }>();
  for (let i = 0; i < keys.length; i += 1000) {
    const slice = keys.slice(i, i + 1000);
    const phones = slice.map((key) => wanted.get(key)!.phone).filter((phone) => !phone.includes('@'));
    const found = await db
      .select({ chatId: contacts.chatId, name: contacts.name, phone: contacts.phone })
      .from(contacts)
      .where(
        and(
          mine,
          or(inArray(contacts.chatId, slice), phones.length ? inArray(contacts.phone, phones) : undefined),
        ),
      );
    for (const contact of found) {
      byChatId.set(contact.chatId, contact);
      if (contact.phone) byChatId.set(contact.phone, contact);
    }
  }
  const recipients: Recipient[] = [];
  const seen = new Set<string>();
  for (const [key, entry] of wanted) {
    const contact = byChatId.get(key) ?? byChatId.get(entry.phone);
    if (chatType === 'telegram' && !contact) {
      bad.push({
        row: entry.row,
        phone: entry.phone,
        reason: 'Nobody with this number has written to the Telegram bot',
      });
      continue;
    }
    const chatId = contact?.chatId ?? key;
    if (seen.has(chatId)) continue;
    seen.add(chatId);
    recipients.push({ chatId, name: entry.name ?? contact?.name ?? null });
  }
  if (bad.length > 0) {
    bad.sort((a, b) => a.row - b.row);
    const listed = bad
      .slice(0, 5)
      .map((row) => `row ${row.row} (${row.phone || 'empty'})`)
      .join(', ');
    throw new AppError(
      400,
      'bad_recipients',
      `${bad.length} ${bad.length === 1 ? 'row has' : 'rows have'} an invalid recipient: ${listed}${bad.length > 5 ? ', …' : ''}`,
      bad,
    );
  }
  return recipients;
}

/** The first sheet of an .xlsx: a 'phone' column (or the first column) and an optional 'name' column. */
async function readSheet(file: Buffer) {
  if (file.subarray(0, 4).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0]))) {
    throw badRequest('Excel 97-2003 (.xls) files cannot be read; save the list as .xlsx and upload it again');
  }
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(file as unknown as ArrayBuffer);
  } catch {
    throw badRequest(BLAST_MSG.fileType);
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw badRequest(BLAST_MSG.noRecipients);
  if (sheet.actualRowCount > BLAST_RECIPIENTS_MAX + 1) throw tooMany();
  const header = (sheet.getRow(1).values as unknown[]).map((value) =>
    String(value ?? '')
      .trim()
      .toLowerCase(),
  );
  const phoneColumn = Math.max(
    1,
    header.findIndex((value) => /phone|nomor|number|whatsapp/.test(value)),
  );
  const nameColumn = header.findIndex((value) => /name|nama/.test(value));
  const rows: { row: number; phone: string; name: string | null }[] = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    const phone = cellText(row.getCell(phoneColumn).value);
    const name = nameColumn > 0 ? cellText(row.getCell(nameColumn).value) : '';
    if (!phone && !name) return;
    rows.push({ row: number, phone, name: name || null });
  });
  return rows;
}

const cellText = (value: unknown): string => {
  if (value == null) return '';
  if (typeof value === 'object' && 'text' in (value as object))
    return String((value as { text: unknown }).text).trim();
  if (typeof value === 'object' && 'result' in (value as object))
    return cellText((value as { result: unknown }).result);
  return String(value).trim();
};
