import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { knowledgeEntries, knowledgeItems } from '../../db/schema/knowledge.ts';
import type { Llm } from '../../providers/llm/port.ts';

export interface Passage {
  entryId: number;
  knowledge: string;
  content: string;
  /** 0..1: the share of the question's words it holds, blended with vector similarity when present. */
  score: number;
}

const CANDIDATES = 12;
/** Without vectors a passage must hold this share of the question's words to count as an answer. */
const MIN_COVERAGE = 0.4;
const MIN_SIMILARITY = 0.75;
const VECTOR_SCAN_MAX = 20_000;

interface Candidate {
  id: number;
  content: string;
  knowledge: string;
  matched: number;
}

/**
 * The passages of a company's knowledge base that answer a question, best first. Full-text search
 * on the english configuration (stemmed, stop words dropped): passages holding more of the
 * question's words rank first; with an embeddings model, cosine similarity is blended in. Only
 * passages that clear the relevance bar are returned: none means "no answer".
 */
export async function retrievePassages(
  db: Db,
  llm: Llm | null,
  companyId: number,
  question: string,
  limit = 3,
) {
  const candidates = await textCandidates(db, companyId, question, limit);
  if (!llm?.embed) return candidates.filter((passage) => passage.score >= MIN_COVERAGE).slice(0, limit);
  return blendWithVectors(db, llm, companyId, question, candidates, limit);
}

/** Words of a question beyond this many are dropped (the longest, usually the most telling, stay). */
const MAX_TERMS = 8;

/**
 * Entries holding the most of the question's words. Rather than ranking every entry that holds any
 * word (tens of thousands in a large base), it asks the GIN index for entries holding at least k of
 * the n words, from k = n down to the relevance bar, and stops at the first k that yields enough.
 */
async function textCandidates(
  db: Db,
  companyId: number,
  question: string,
  limit: number,
): Promise<Passage[]> {
  const parsed = await db.execute(sql`select tsvector_to_array(to_tsvector('english', ${question})) as lex`);
  const lexemes = ((parsed as unknown as { rows: { lex: string[] }[] }).rows[0]?.lex ?? [])
    .sort((a, b) => b.length - a.length)
    .slice(0, MAX_TERMS);
  const n = lexemes.length;
  if (n === 0) return [];
  const quoted = lexemes.map((lexeme) => `'${lexeme.replaceAll("'", "''")}'`);
  const matched = sql.join(
    quoted.map((term) => sql`(e.tsv @@ ${term}::tsquery)::int`),
    sql` + `,
  );
  let found: Passage[] = [];
  for (let k = n; k >= Math.max(1, Math.ceil(n * MIN_COVERAGE)); k--) {
    const query = combinations(quoted, k)
      .map((group) => `(${group.join(' & ')})`)
      .join(' | ');
    const result = await db.execute(sql`
      select e.id, e.content, k.name as knowledge, ${matched} as matched
      from ${knowledgeEntries} e
      join ${knowledgeItems} k on k.id = e.knowledge_id
      where e.company_id = ${companyId} and k.status = 'ready' and e.tsv @@ ${query}::tsquery
      order by matched desc, ts_rank_cd(e.tsv, ${query}::tsquery) desc, e.id
      limit ${CANDIDATES}
    `);
    found = (result as unknown as { rows: Candidate[] }).rows.map((row) => ({
      entryId: Number(row.id),
      knowledge: row.knowledge,
      content: row.content,
      score: Number(row.matched) / n,
    }));
    if (found.length >= limit) break;
  }
  return found;
}

function combinations<T>(items: T[], k: number): T[][] {
  if (k === 0) return [[]];
  if (items.length < k) return [];
  const [first, ...rest] = items as [T, ...T[]];
  return [...combinations(rest, k - 1).map((group) => [first, ...group]), ...combinations(rest, k)];
}

async function blendWithVectors(
  db: Db,
  llm: Llm,
  companyId: number,
  question: string,
  candidates: Passage[],
  limit: number,
) {
  const [vector] = (await llm.embed?.([question])) ?? [];
  if (!vector) return candidates.filter((passage) => passage.score >= MIN_COVERAGE).slice(0, limit);
  const rows = await db
    .select({
      id: knowledgeEntries.id,
      content: knowledgeEntries.content,
      embedding: knowledgeEntries.embedding,
      knowledge: knowledgeItems.name,
    })
    .from(knowledgeEntries)
    .innerJoin(knowledgeItems, eq(knowledgeItems.id, knowledgeEntries.knowledgeId))
    .where(
      and(
        eq(knowledgeEntries.companyId, companyId),
        eq(knowledgeItems.status, 'ready'),
        isNotNull(knowledgeEntries.embedding),
      ),
    )
    .limit(VECTOR_SCAN_MAX);
  const scored = new Map<number, Passage & { similarity: number }>();
  for (const passage of candidates) scored.set(passage.entryId, { ...passage, similarity: 0 });
  for (const row of rows) {
    const similarity = cosine(vector, row.embedding ?? []);
    const known = scored.get(row.id);
    if (known) known.similarity = similarity;
    else
      scored.set(row.id, {
        entryId: row.id,
        knowledge: row.knowledge,
        content: row.content,
        score: 0,
        similarity,
      });
  }
  return [...scored.values()]
    .filter((passage) => passage.score >= MIN_COVERAGE || passage.similarity >= MIN_SIMILARITY)
    .map(({ similarity, ...passage }) => ({ ...passage, score: (passage.score + similarity) / 2 }))
    .sort((a, b) => b.score - a.score)
    .slice(0, limit);
}

export function cosine(a: number[], b: number[]) {
  if (a.length === 0 || a.length !== b.length) return 0;
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}
