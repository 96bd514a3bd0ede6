import { createHash } from 'node:crypto';
import {
  fileTypeOf,
  KNOWLEDGE_MSG,
  type KnowledgeFields,
  type KnowledgeItem,
  knowledgeFields,
} from '@app/contract/knowledge';
import type { Deps } from '../../deps.ts';
import type { Tenant } from '../../http/access.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { Llm } from '../../providers/llm/port.ts';
import { incrementDaily } from '../statistics/statistics.repo.ts';
import { toEntries } from './entries.ts';
import { checkContent, extractSections, UnreadableFile } from './extract.ts';
import { type KnowledgeRow, knowledgeRepo } from './knowledge.repo.ts';

/** A parsed multipart upload: its text fields and, when one was sent, the file. */
export interface Upload {
  fields: Record<string, string>;
  file: { filename: string; bytes: Buffer } | null;
}

export const INDEX_JOB = 'knowledge.index';
const EMBED_BATCH = 64;

export function presentKnowledge(row: KnowledgeRow): KnowledgeItem {
  return {
    id: row.id,
    name: row.name,
    content: row.content,
    total_entry: row.totalEntry,
    company_id: row.companyId,
    filename: row.filename,
    file_type: row.fileType as KnowledgeItem['file_type'],
    size: row.size,
    status: row.status as KnowledgeItem['status'],
    error: row.error,
    file: `/api/integrations/knowledges/id/${row.id}/file`,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The knowledge base: uploads are checked and stored at once, then indexed by a durable job. */
export function knowledgeService(deps: Deps, queue: JobQueue, llm: Llm | null) {
  const { db } = deps;

  function parseFields(upload: Upload): KnowledgeFields {
    const parsed = knowledgeFields.safeParse(upload.fields);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = String(issue.path[0] ?? 'name');
      throw badRequest(
        issue.code === 'unrecognized_keys' ? `Unknown field: ${issue.keys[0]}` : issue.message,
        [{ field, message: issue.message }],
      );
    }
    return parsed.data;
  }

  /** The checked file, or a 400 that says what is wrong with it. */
  function checkedFile(file: NonNullable<Upload['file']>) {
    const fileType = fileTypeOf(file.filename);
    if (!fileType)
      throw badRequest(KNOWLEDGE_MSG.fileType, [{ field: 'file', message: KNOWLEDGE_MSG.fileType }]);
    if (file.bytes.length === 0)
      throw badRequest('The file is empty', [{ field: 'file', message: 'The file is empty' }]);
    const problem = checkContent(fileType, file.bytes);
    if (problem) throw badRequest(problem, [{ field: 'file', message: problem }]);
    return {
      filename: file.filename.slice(-255),
      fileType,
      size: file.bytes.length,
      file: file.bytes,
      sha256: createHash('sha256').update(file.bytes).digest('hex'),
      status: 'processing',
      error: null,
      totalEntry: 0,
    };
  }

  async function index(payload: { companyId: number; id: number; sha256: string }) {
    const repo = knowledgeRepo(db, payload.companyId);
    const stored = await repo.file(payload.id);
    if (!stored) return; // deleted meanwhile
    const fileType = stored.fileType as NonNullable<ReturnType<typeof fileTypeOf>>;
    let texts: string[];
    try {
      texts = toEntries(await extractSections(fileType, stored.file));
      if (texts.length === 0) throw new UnreadableFile('No text was found in the file');
    } catch (error) {
      if (!(error instanceof UnreadableFile)) throw error;
      await repo.markFailed(payload.id, payload.sha256, error.message);
      return;
    }
    const embeddings: (number[] | null)[] = texts.map(() => null);
    if (llm?.embed) {
      for (let i = 0; i < texts.length; i += EMBED_BATCH) {
        const vectors = await llm.embed(texts.slice(i, i + EMBED_BATCH));
        vectors.forEach((vector, offset) => {
          embeddings[i + offset] = vector;
        });
      }
    }
    await repo.storeEntries(
      payload.id,
      payload.sha256,
      texts.map((content, i) => ({ content, embedding: embeddings[i] ?? null })),
    );
  }

  queue.define<{ companyId: number; id: number; sha256: string }>(INDEX_JOB, {
    run: index,
    maxAttempts: 3,
    async giveUp(payload, error) {
      await knowledgeRepo(db, payload.companyId).markFailed(
        payload.id,
        payload.sha256,
        `The file could not be indexed: ${error.message}`,
      );
    },
  });

  return {
    async create(tenant: Tenant, upload: Upload) {
      const fields = parseFields(upload);
      if (!upload.file)
        throw badRequest(KNOWLEDGE_MSG.fileRequired, [
          { field: 'file', message: KNOWLEDGE_MSG.fileRequired },
        ]);
      const file = checkedFile(upload.file);
      const row = await db.transaction(async (tx) => {
        const created = await knowledgeRepo(db, tenant.companyId).create(
          { name: fields.name, content: fields.content || null, ...file },
          tx,
        );
        await queue.enqueue(
          INDEX_JOB,
          { companyId: tenant.companyId, id: created.id, sha256: file.sha256 },
          { db: tx },
        );
        await incrementDaily(tx, tenant.companyId, 'knowledge');
        return created;
      });
      queue.wake();
      return presentKnowledge(row);
    },

    async update(tenant: Tenant, id: number, upload: Upload) {
      const fields = parseFields(upload);
      const repo = knowledgeRepo(db, tenant.companyId);
      if (!(await repo.find(id))) throw notFound(KNOWLEDGE_MSG.notFound);
      const file = upload.file ? checkedFile(upload.file) : null;
      const row = await db.transaction(async (tx) => {
        const updated = await repo.update(
          id,
          {
            name: fields.name,
            ...(fields.content !== undefined ? { content: fields.content || null } : {}),
            ...file,
          },
          tx,
        );
        if (updated && file) {
          await queue.enqueue(
            INDEX_JOB,
            { companyId: tenant.companyId, id, sha256: file.sha256 },
            { db: tx },
          );
        }
        return updated;
      });
      if (!row) throw notFound(KNOWLEDGE_MSG.notFound);
      queue.wake();
      return presentKnowledge(row);
    },

    async remove(tenant: Tenant, id: number) {
      if (!(await knowledgeRepo(db, tenant.companyId).remove(id))) throw notFound(KNOWLEDGE_MSG.notFound);
    },
  };
}
export type KnowledgeService = ReturnType<typeof knowledgeService>;
