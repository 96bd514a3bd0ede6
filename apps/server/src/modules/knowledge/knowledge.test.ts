import { and, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knowledgeEntries, knowledgeTerms } from '../../db/schema/knowledge.ts';
import { type Client, standardWorld, startApp, type TestEnv } from '../../test/harness.ts';
import { docx, multipart, pdf } from '../../test/uploads.ts';
import { retrievePassages } from './retrieval.ts';

let env: TestEnv;
let world: Awaited<ReturnType<typeof standardWorld>>;
let admin: Client;
let agent: Client;
let adminB: Client;
const BASE = '/api/integrations/knowledges';

beforeAll(async () => {
  env = await startApp();
  world = await standardWorld(env);
  admin = await world.as(world.adminA);
  agent = await world.as(world.agentA);
  adminB = await world.as(world.adminB);
});
afterAll(() => env.close());

const upload = (
  as: Client,
  fields: Record<string, string>,
  file?: { filename: string; content: Buffer | string },
) => {
  const body = multipart(fields, file);
  return as('POST', BASE, body.payload, body.headers);
};
const indexed = async (id: number) => {
  await env.app.jobs.idle();
  return (await admin('GET', `${BASE}/id/${id}`)).body.data;
};
const count = async () => (await admin('GET', BASE)).body.meta.total as number;

const FAQ = `# Store hours
We are open Monday to Friday from 08.00 to 17.00 and on Saturday from 09.00 to 13.00.

# Shipping
Orders ship within two working days. Delivery to Java takes three days.

## Returns
You can return an unused product within 14 days for a full refund.`;

describe('uploading knowledge', () => {
  it('stores a Markdown file at once, indexes it by sections, and counts its entries', async () => {
    const created = await upload(admin, { name: 'Store FAQ' }, { filename: 'faq.md', content: FAQ });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('Knowledge base created successfully');
    expect(created.body.data).toMatchObject({
      name: 'Store FAQ',
      file_type: 'md',
      status: 'processing',
      total_entry: 0,
    });
    const item = await indexed(created.body.data.id);
    expect(item).toMatchObject({
      status: 'ready',
      total_entry: 3,
      error: null,
      size: Buffer.byteLength(FAQ),
    });
    const entries = await env.database.db
      .select()
      .from(knowledgeEntries)
      .where(eq(knowledgeEntries.knowledgeId, item.id));
    expect(entries.map((entry) => entry.content)).toContainEqual(
      'Shipping › Returns\nYou can return an unused product within 14 days for a full refund.',
    );
  });

  it('reads DOCX paragraphs, PDF pages and XLSX rows as "header: value" lines', async () => {
    const word = await upload(
      admin,
      { name: 'Warranty' },
      {
        filename: 'warranty.docx',
        content: docx(['Every blender has a two year warranty.', 'Keep the receipt.']),
      },
    );
    expect((await indexed(word.body.data.id)).status).toBe('ready');
    const paper = await upload(
      admin,
      { name: 'Payments' },
      {
        filename: 'payments.pdf',
        content: pdf(['We accept QRIS and virtual accounts.', 'Cash on delivery in Jakarta.']),
      },
    );
    expect(await indexed(paper.body.data.id)).toMatchObject({ status: 'ready', total_entry: 2 });
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Prices');
    sheet.addRow(['Product', 'Price']);
    sheet.addRow(['Blender X1', 'Rp 450.000']);
    sheet.addRow(['Mixer M2', 'Rp 300.000']);
    const sheetUpload = await upload(
      admin,
      { name: 'Price list' },
      { filename: 'prices.xlsx', content: Buffer.from(await book.xlsx.writeBuffer()) },
    );
    expect(await indexed(sheetUpload.body.data.id)).toMatchObject({ status: 'ready', total_entry: 2 });

    const passages = await retrievePassages(
      env.database.db,
      null,
      world.companyA.id,
      'How much is the blender X1?',
    );
    expect(passages[0]?.content).toBe('Prices\nProduct: Blender X1\nPrice: Rp 450.000');
    const warranty = await retrievePassages(
      env.database.db,
      null,
      world.companyA.id,
      'what warranty do blenders get',
    );
    expect(warranty[0]?.content).toContain('two year warranty');
    const cash = await retrievePassages(
      env.database.db,
      null,
      world.companyA.id,
      'can I pay cash on delivery?',
    );
    expect(cash[0]?.content).toContain('Cash on delivery in Jakarta.');
  });

  it('refuses what is not an allowed, well-formed file with a 400 that says why, storing nothing', async () => {
    const before = await count();
    const cases: [
      Record<string, string>,
      { filename: string; content: Buffer | string } | undefined,
      string,
    ][] = [
      [{ name: 'No file' }, undefined, 'File is required'],
      [{}, { filename: 'a.txt', content: 'hello' }, 'Name is required'],
      [{ name: '   ' }, { filename: 'a.txt', content: 'hello' }, 'Name is required'],
      [
        { name: 'Program' },
        { filename: 'setup.exe', content: 'MZ' },
        'Only PDF, XLSX, DOCX, TXT or MD files are allowed',
      ],
      [{ name: 'Fake PDF' }, { filename: 'fake.pdf', content: 'just text' }, 'The file is not a PDF'],
      [
        { name: 'Fake DOCX' },
        { filename: 'fake.docx', content: 'just text' },
        'The file is not an Office document',
      ],
      [
        { name: 'Binary' },
        { filename: 'data.txt', content: Buffer.from([0x41, 0x00, 0x42]) },
        'The file is not a text file',
      ],
      [
        { name: 'Bomb' },
        { filename: 'bomb.docx', content: docx(['boom'], 3_000_000_000) },
        'The file expands to more than 200MB and was refused',
      ],
      [{ name: 'Empty' }, { filename: 'empty.md', content: '' }, 'The file is empty'],
      [{ name: 'x', extra: '1' }, { filename: 'a.txt', content: 'hello' }, 'Unknown field: extra'],
    ];
    for (const [fields, file, message] of cases) {
      const response = await upload(admin, fields, file);
      expect(response.status, message).toBe(400);
      expect(response.body.message).toBe(message);
    }
    expect(await count()).toBe(before);
  });

  it('refuses a file over 50MB with 413 while it streams', async () => {
    const response = await upload(
      admin,
      { name: 'Huge' },
      { filename: 'huge.txt', content: Buffer.alloc(52_428_801, 97) },
    );
    expect(response.status).toBe(413);
    expect(response.body.message).toBe('File size must not exceed 50MB');
  });

  it('marks a sheet of more than 20,000 rows failed with the reason, leaving no entries', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Orders');
    sheet.addRow(['Order', 'Status']);
    for (let i = 0; i < 20_001; i++) sheet.addRow([`ORD-${i}`, 'shipped']);
    const response = await upload(
      admin,
      { name: 'All orders' },
      { filename: 'orders.xlsx', content: Buffer.from(await book.xlsx.writeBuffer()) },
    );
    expect(response.status).toBe(201);
    const item = await indexed(response.body.data.id);
    expect(item).toMatchObject({
      status: 'failed',
      total_entry: 0,
      error: 'The sheet "Orders" has more than 20,000 rows; split it into smaller files',
    });
    expect(
      await env.database.db.select().from(knowledgeEntries).where(eq(knowledgeEntries.knowledgeId, item.id)),
    ).toEqual([]);
  });
});

describe('managing knowledge', () => {
  it('lists with search, renames, replaces the file (re-indexing it), downloads and deletes', async () => {
    const created = await upload(
      admin,
      { name: 'Opening notes' },
      { filename: 'notes.txt', content: 'Closed on Sunday.' },
    );
    const id = created.body.data.id;
    await indexed(id);
    const found = await admin('GET', `${BASE}?search=opening`);
    expect(found.body.data.map((item: { id: number }) => item.id)).toEqual([id]);

    const renamed = multipart({ name: 'Holiday notes' });
    const rename = await admin('PUT', `${BASE}/id/${id}`, renamed.payload, renamed.headers);
    expect(rename.status).toBe(200);
    expect(rename.body.message).toBe('Knowledge base updated successfully');
    expect(rename.body.data).toMatchObject({ name: 'Holiday notes', status: 'ready', total_entry: 1 });

    const replaced = multipart(
      { name: 'Holiday notes' },
      { filename: 'notes.md', content: '# Sunday\nClosed.\n\n# Holidays\nClosed too.' },
    );
    const replace = await admin('PUT', `${BASE}/id/${id}`, replaced.payload, replaced.headers);
    expect(replace.body.data).toMatchObject({ status: 'processing', filename: 'notes.md' });
    expect(await indexed(id)).toMatchObject({ status: 'ready', total_entry: 2 });

    expect((await env.app.inject({ method: 'GET', url: `${BASE}/id/${id}/file` })).statusCode).toBe(401);
    const download = await agent('GET', `${BASE}/id/${id}/file`);
    expect(download.status).toBe(200);
    expect(download.headers['content-disposition']).toBe("attachment; filename*=UTF-8''notes.md");

    const totalKnowledge = async () =>
      (await admin('GET', '/api/messages/statistics')).body.data.total_knowledge as number;
    const before = await totalKnowledge();
    const removed = await admin('DELETE', `${BASE}/id/${id}`);
    expect(removed.body.message).toBe('Item deleted successfully');
    expect((await admin('GET', `${BASE}/id/${id}`)).status).toBe(404);
    expect(await totalKnowledge()).toBe(before - 1);
    expect(
      await env.database.db.select().from(knowledgeEntries).where(eq(knowledgeEntries.knowledgeId, id)),
    ).toEqual([]);
  });

  it('keeps companies apart and follows the knowledge permissions', async () => {
    const created = await upload(
      admin,
      { name: 'Alpha secret' },
      { filename: 's.txt', content: 'Alpha discount code ALPHA42.' },
    );
    const id = created.body.data.id;
    await indexed(id);
    expect((await adminB('GET', `${BASE}/id/${id}`)).status).toBe(404);
    expect((await adminB('DELETE', `${BASE}/id/${id}`)).status).toBe(404);
    expect((await adminB('GET', `${BASE}/id/${id}/file`)).status).toBe(404);
    expect(await retrievePassages(env.database.db, null, world.companyB.id, 'Alpha discount code')).toEqual(
      [],
    );

    const denied = await upload(agent, { name: 'Agent file' }, { filename: 'a.txt', content: 'hello' });
    expect(denied.status).toBe(403);
    expect((await agent('DELETE', `${BASE}/id/${id}`)).status).toBe(403);
    expect((await agent('GET', BASE)).status).toBe(200);
  });
});

describe('retrieving passages', () => {
  const DELIVERY = `# Jakarta
Orders reach Jakarta within one day.

# Bandung
Orders reach Bandung within two days.

# Surabaya
Orders reach Surabaya within two days.

# Islands
Orders for the islands, Sulawesi and Papua included, take five days.`;

  const termCounts = async (lexemes: string[]) => {
    const rows = await env.database.db
      .select({ lexeme: knowledgeTerms.lexeme, entries: knowledgeTerms.entries })
      .from(knowledgeTerms)
      .where(and(eq(knowledgeTerms.companyId, world.companyB.id), inArray(knowledgeTerms.lexeme, lexemes)));
    return Object.fromEntries(rows.map((row) => [row.lexeme, row.entries]));
  };

  it("weighs the question's rare words above its common ones", async () => {
    const created = await upload(
      adminB,
      { name: 'Delivery' },
      { filename: 'delivery.md', content: DELIVERY },
    );
    await env.app.jobs.idle();
    // Every passage holds "order"; three hold "reach"; one holds "Sulawesi": the rarest decides.
    const passages = await retrievePassages(
      env.database.db,
      null,
      world.companyB.id,
      'Does my order reach Sulawesi quickly?',
    );
    expect(passages[0]?.content).toContain('Sulawesi and Papua');
    expect(passages.slice(1).map((passage) => passage.content)).toEqual([
      expect.stringContaining('Orders reach'),
      expect.stringContaining('Orders reach'),
    ]);
    await adminB('DELETE', `${BASE}/id/${created.body.data.id}`);
  });

  it('counts the entries holding each word as files are indexed, replaced and deleted', async () => {
    const created = await upload(
      adminB,
      { name: 'Delivery' },
      { filename: 'delivery.md', content: DELIVERY },
    );
    const id = created.body.data.id;
    await env.app.jobs.idle();
    expect(await termCounts(['order', 'reach', 'sulawesi', 'papua'])).toEqual({
      order: 4,
      reach: 3,
      sulawesi: 1,
      papua: 1,
    });

    const replaced = multipart(
      { name: 'Delivery' },
      { filename: 'delivery.md', content: '# Jakarta\nOrders reach Jakarta within one day.' },
    );
    expect((await adminB('PUT', `${BASE}/id/${id}`, replaced.payload, replaced.headers)).status).toBe(200);
    await env.app.jobs.idle();
    expect(await termCounts(['order', 'reach', 'sulawesi', 'papua'])).toEqual({ order: 1, reach: 1 });

    expect((await adminB('DELETE', `${BASE}/id/${id}`)).status).toBe(200);
    expect(await termCounts(['order', 'reach', 'jakarta'])).toEqual({});
  });
});
