/**
 * `npm run bench:rag`: retrieval quality and speed of the knowledge base without an LLM.
 *
 * 1. Uploads the shipped FAQ corpus (bench/rag/corpus.ts) as Markdown, PDF, DOCX and XLSX through
 *    the knowledge service and indexes it with the job queue, as the product does.
 * 2. Asks the 40 paraphrased questions and prints top-3 recall (target ≥ 90%).
 * 3. Adds 50,000 filler entries to the same company and prints retrieval p50/p99 (target p99 ≤ 30 ms).
 * 4. Indexes a generated 200-page PDF and prints the time (target ≤ 10 s).
 *
 * Embedded PGlite by default; DATABASE_URL=postgres://… measures on PostgreSQL (a fresh database is
 * created and dropped).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { knowledgeEntries, knowledgeItems } from '../../apps/server/src/db/schema/knowledge.ts';
import type { Deps } from '../../apps/server/src/deps.ts';
import { jobQueue } from '../../apps/server/src/jobs/queue.ts';
import { companiesRepo } from '../../apps/server/src/modules/companies/companies.repo.ts';
import { knowledgeService } from '../../apps/server/src/modules/knowledge/knowledge.service.ts';
import { retrievePassages } from '../../apps/server/src/modules/knowledge/retrieval.ts';
import { docx, pdf } from '../../apps/server/src/test/uploads.ts';
import { openBenchDatabase, percentile } from '../bench-app.ts';
import { type Faq, PARTS, QUESTIONS } from './corpus.ts';

const here = dirname(fileURLToPath(import.meta.url));
const FILLER_ENTRIES = 50_000;
const ROUNDS = 5;

const text = (faqs: Faq[]) => faqs.map((faq) => `${faq.question} ${faq.answer}`);

async function main() {
  const database = await openBenchDatabase('rag');
  const silent = { info() {}, warn() {}, error() {}, debug() {} } as unknown as Deps['log'];
  const deps = { db: database.db, log: silent } as Deps;
  const queue = jobQueue(deps, 60_000);
  const knowledge = knowledgeService(deps, queue, null);
  const company = await companiesRepo(database.db).create({
    companyName: 'Toko Maju Elektronik',
    industry: 'Retail',
    city: 'Jakarta',
    status: 'active',
    contactEmail: 'cs@tokomaju.example',
    contactPhone: '6281500123',
    website: null,
    address: 'Jakarta',
  });
  const tenant = { companyId: company.id, userId: 0, actingSuperAdminId: null };

  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('FAQ');
  sheet.addRow(['Question', 'Answer']);
  for (const faq of PARTS.xlsx) sheet.addRow([faq.question, faq.answer]);
  const files: [string, Buffer][] = [
    ['faq-general.md', Buffer.from(PARTS.md.map((faq) => `## ${faq.question}\n${faq.answer}\n`).join('\n'))],
    ['faq-delivery.pdf', pdf(text(PARTS.pdf))],
    ['faq-returns.docx', docx(text(PARTS.docx))],
    ['faq-payment.xlsx', Buffer.from(await book.xlsx.writeBuffer())],
  ];
  for (const [filename, bytes] of files) {
    await knowledge.create(tenant, { fields: { name: filename }, file: { filename, bytes } });
  }
  await queue.runDue();

  let hits = 0;
  const misses: string[] = [];
  for (const question of QUESTIONS) {
    const passages = await retrievePassages(database.db, null, company.id, question.ask, 3);
    if (passages.some((passage) => passage.content.includes(question.expect))) hits += 1;
    else misses.push(question.ask);
  }
  const recall = hits / QUESTIONS.length;

  // Filler: sentences of shop vocabulary, so that questions meet many candidate entries.
  const vocabulary = (
    PARTS.md
      .concat(PARTS.pdf, PARTS.docx, PARTS.xlsx)
      .map((faq) => faq.answer)
      .join(' ')
      .match(/[A-Za-z]{4,}/g) ?? ([] as string[])
  ).concat(Array.from({ length: 4000 }, (_, i) => `term${i.toString(36)}`));
  const [filler] = await database.db
    .insert(knowledgeItems)
    .values({
      companyId: company.id,
      name: 'Filler',
      filename: 'filler.txt',
      fileType: 'txt',
      size: 0,
      file: Buffer.alloc(0),
      sha256: 'filler',
      status: 'ready',
      totalEntry: FILLER_ENTRIES,
    })
    .returning({ id: knowledgeItems.id });
  let seed = 42;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const sentence = () =>
    Array.from({ length: 60 }, () => vocabulary[Math.floor(random() * vocabulary.length)]).join(' ');
  for (let i = 0; i < FILLER_ENTRIES; i += 1000) {
    await database.db.insert(knowledgeEntries).values(
      Array.from({ length: 1000 }, (_, j) => ({
        knowledgeId: filler!.id,
        companyId: company.id,
        position: i + j,
        content: sentence(),
      })),
    );
  }
  await database.db.execute(sql`analyze knowledge_entries`);
  const timings: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const question of QUESTIONS) {
      const started = performance.now();
      await retrievePassages(database.db, null, company.id, question.ask, 3);
      timings.push(performance.now() - started);
    }
  }
  timings.sort((a, b) => a - b);

  const pages = Array.from(
    { length: 200 },
    (_, i) => `Page ${i + 1}. ${sentence()} ${sentence()} ${sentence()}`,
  );
  const started = performance.now();
  await knowledge.create(tenant, {
    fields: { name: 'Manual' },
    file: { filename: 'manual.pdf', bytes: pdf(pages) },
  });
  await queue.runDue();
  const ingestSeconds = (performance.now() - started) / 1000;

  const result = {
    database: database.kind,
    questions: QUESTIONS.length,
    top3_recall: Number(recall.toFixed(3)),
    misses,
    retrieval_entries: FILLER_ENTRIES + 40,
    retrieval_p50_ms: Number(percentile(timings, 50).toFixed(2)),
    retrieval_p99_ms: Number(percentile(timings, 99).toFixed(2)),
    pdf_200_pages_ingest_s: Number(ingestSeconds.toFixed(2)),
  };
  console.log(
    `top-3 recall        ${(recall * 100).toFixed(1)}% (${hits}/${QUESTIONS.length}, target ≥ 90%)`,
  );
  if (misses.length) console.log(`  missed: ${misses.join(' | ')}`);
  console.log(
    `retrieval p50 / p99 ${result.retrieval_p50_ms} / ${result.retrieval_p99_ms} ms over ${result.retrieval_entries} entries (target p99 ≤ 30 ms)`,
  );
  console.log(`200-page PDF ingest ${result.pdf_200_pages_ingest_s} s (target ≤ 10 s)`);
  mkdirSync(join(here, '../results'), { recursive: true });
  writeFileSync(join(here, `../results/rag-${database.kind}.json`), `${JSON.stringify(result, null, 2)}\n`);
  await database.close();
}

await main();
