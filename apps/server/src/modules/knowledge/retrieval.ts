import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { knowledgeEntries, knowledgeItems, knowledgeTerms } from '../../db/schema/knowledge.ts';
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
  weight: number;
}

/**
 * The passages of a company's knowledge base that answer a question, best first. Full-text search
 * on the english configuration (stemmed, stop words dropped): passages holding more of the
 * question's words, rare words weighing more, rank first; with an embeddings model, cosine
 * similarity is blended in. Only
 * passages that clear the relevance bar are returned: none means "no answer".
 */
export async function retrievePassages(
  db: Db,
  llm: Llm | null,
  companyId: number,
  question: string,
  limit = 3,
) {
  const candidates = await textCandidates(db, companyId, question);
  if (!llm?.embed) return candidates.slice(0, limit);
  return blendWithVectors(db, llm, companyId, question, candidates, limit);
}

/** Known words of a question beyond this many are dropped (the rarest, the most telling, stay). */
const MAX_TERMS = 8;

interface Term {
  lexeme: string;
  /** How many of the company's entries hold it (knowledge_terms). */
  entries: number;
  weight: number;
}

/**
 * Passages holding at least the relevance bar's share of the question's words, the ones holding the
 * rarest words first: each word weighs by its rarity in the company's base (BM25's inverse document
 * frequency), so "Sulawesi" counts for more than "order". A base of tens of thousands of entries
 * holds a common word many times over, so rather than scoring every passage that clears the bar it
 * asks the GIN index in steps: passages holding every word; then those holding one of the rarest
 * words, widening the set of rare words until the last of the best found outweighs all the words
 * left out (then no passage without a rare word can beat it: the MaxScore bound).
 */
async function textCandidates(db: Db, companyId: number, question: string): Promise<Passage[]> {
  const { terms, items } = await questionTerms(db, companyId, question);
  const known = terms
    .filter((term) => term.entries > 0)
    .sort((a, b) => b.weight - a.weight)
    .slice(0, MAX_TERMS);
  const needed = Math.max(1, Math.ceil(terms.length * MIN_COVERAGE));
  if (items.length === 0 || known.length < needed) return [];
  const quoted = known.map((term) => `'${term.lexeme.replaceAll("'", "''")}'`);
  const holds = (index: number) => sql`(e.tsv @@ ${quoted[index]}::tsquery)::int`;
  const matched = sql.join(
    known.map((_, index) => holds(index)),
    sql` + `,
  );
  const weighted = sql.join(
    known.map((term, index) => sql`${holds(index)} * ${term.weight}::float8`),
    sql` + `,
  );
  const bar = combinations(quoted, needed)
    .map((group) => `(${group.join(' & ')})`)
    .join(' | ');
  const search = async (condition: string) => {
    const result = await db.execute(sql`
      select e.id, e.content, k.name as knowledge, ${matched} as matched, ${weighted} as weight
      from ${knowledgeEntries} e
      join ${knowledgeItems} k on k.id = e.knowledge_id
      where e.company_id = ${companyId} and e.knowledge_id = any(${sql.param(items)}::int[])
        and e.tsv @@ ${condition}::tsquery
      order by weight desc, ts_rank_cd(e.tsv, ${bar}::tsquery) desc, e.id
      limit ${CANDIDATES}
    `);
    return (result as unknown as { rows: Candidate[] }).rows;
  };
  let rows = await search(quoted.join(' & '));
  for (let rare = 1; rows.length < CANDIDATES && rare <= known.length; rare++) {
    rows = await search(`(${bar}) & (${quoted.slice(0, rare).join(' | ')})`);
    const left = known.slice(rare).reduce((sum, term) => sum + term.weight, 0);
    if (rows.length === CANDIDATES && Number(rows.at(-1)!.weight) >= left) break;
  }
  return rows.map((row) => ({
    entryId: Number(row.id),
    knowledge: row.knowledge,
    content: row.content,
    score: Number(row.matched) / terms.length,
  }));
}

function combinations<T>(items: T[], k: number): T[][] {
  if (k === 0) return [[]];
  if (items.length < k) return [];
  const [first, ...rest] = items as [T, ...T[]];
  return [...combinations(rest, k - 1).map((group) => [first, ...group]), ...combinations(rest, k)];
}

/** The question's lexemes with their weights, and the company's ready knowledge items. */
async function questionTerms(db: Db, companyId: number, question: string) {
  const result = await db.execute(sql`
    select
      (select coalesce(json_agg(json_build_array(q.lexeme, coalesce(t.entries, 0))), '[]')
       from unnest(tsvector_to_array(to_tsvector('english', ${question}))) as q(lexeme)
       left join ${knowledgeTerms} t on t.company_id = ${companyId} and t.lexeme = q.lexeme) as terms,
      (select coalesce(array_agg(id), '{}') from ${knowledgeItems}
       where company_id = ${companyId} and status = 'ready') as items,
      (select coalesce(sum(total_entry), 0)::int from ${knowledgeItems}
       where company_id = ${companyId} and status = 'ready') as size
  `);
  const row = (result as unknown as { rows: { terms: [string, number][]; items: number[]; size: number }[] })
    .rows[0]!;
  const size = Math.max(row.size, ...row.terms.map(([, entries]) => entries));
  const terms: Term[] = row.terms.map(([lexeme, entries]) => ({
    lexeme,
    entries,
    weight: inverseFrequency(size, entries),
  }));
  return { terms, items: row.items };
}

/** BM25's inverse document frequency: ln(1 + (N - n + 0.5) / (n + 0.5)). */
function inverseFrequency(size: number, entries: number) {
  return Math.log(1 + (size - entries + 0.5) / (entries + 0.5));
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
  if (!vector) return candidates.slice(0, limit);
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
