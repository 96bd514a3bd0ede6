import { AI_MSG, type AiReplyMeta, type SimulateBody, type Simulation } from '@app/contract/ai-characters';
import type { Deps } from '../../deps.ts';
import type { Tenant } from '../../http/access.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { type Llm, LlmError } from '../../providers/llm/port.ts';
import { aiCharactersRepo } from '../ai-characters/ai-characters.repo.ts';
import type { QuotaService } from '../billing/quota.service.ts';
import { chatConfigsRepo } from '../chats/chat-configs.repo.ts';
import type { ContactRow, MessageRow } from '../chats/chats.repo.ts';
import { agentChatsRepo } from '../chats/chats.repo.ts';
import type { ChatsService } from '../chats/chats.service.ts';
import { companiesRepo } from '../companies/companies.repo.ts';
import { retrievePassages } from '../knowledge/retrieval.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { InboundStep } from '../webhooks/inbound.service.ts';
import type { WorkflowsService } from '../workflows/workflows.service.ts';
import {
  asksForPerson,
  type Category,
  classify,
  handoffText,
  historyTurns,
  retrievalAnswer,
  systemPrompt,
} from './compose.ts';

const REPLY_JOB = 'agent.reply';
/** The model name shown on replies composed from passages without a language model. */
const RETRIEVAL_MODEL = 'knowledge-base retrieval';
const HISTORY_TURNS = 10;
const BLOCKED_COMPANY = ['suspended', 'inactive'];

export interface AgentPorts {
  llm: Llm | null;
  quota: QuotaService;
  chats: ChatsService;
  notifications: NotificationsService;
  queue: JobQueue;
  /** Answers for companies whose AI type is external (N8N). */
  workflows: WorkflowsService;
}

/**
 * The AI agent. Each inbound message of a company with Use AI on becomes a durable job; the job
 * classifies the message, retrieves passages, writes the reply (with the LLM when one is
 * configured, else from the passages) and sends it through the channel, spending one AI answer and
 * one WhatsApp message. Whatever stops it (quota, no answer, the LLM down, a customer asking for a
 * person) leaves the chat flagged for a person and tells the company.
 */
export function agentService(deps: Deps, ports: AgentPorts) {
  const { db } = deps;
  const { llm, quota, chats, notifications, queue, workflows } = ports;
  const chatsRepo = agentChatsRepo(db);

  /** Writes a reply to `text`; `answered` is false when the knowledge base held nothing relevant. */
  async function compose(
    companyId: number,
    text: string,
    options: { category?: Category | null; history?: MessageRow[] } = {},
  ): Promise<{ text: string; meta: AiReplyMeta; answered: boolean }> {
    const characters = aiCharactersRepo(db, companyId);
    const character = await characters.forAgent();
    const category =
      options.category !== undefined ? options.category : classify(text, await characters.categories());
    const passages = await retrievePassages(db, llm, companyId, text);
    const meta = {
      category: category?.title ?? null,
      passages: passages.map((passage) => ({
        knowledge: passage.knowledge,
        excerpt: passage.content.slice(0, 300),
      })),
    };
    if (!llm) {
      return {
        text: retrievalAnswer(character, passages),
        answered: passages.length > 0,
        meta: { ...meta, model: RETRIEVAL_MODEL, mode: 'retrieval', prompt_tokens: 0, completion_tokens: 0 },
      };
    }
    const company = await companiesRepo(db).findById(companyId);
    const completion = await llm.complete([
      {
        role: 'system',
        content: systemPrompt(company?.companyName ?? 'the company', character, category, passages),
      },
      ...historyTurns((options.history ?? []).slice(-HISTORY_TURNS)),
      { role: 'user', content: text },
    ]);
    return {
      text: completion.content,
      answered: true,
      meta: {
        ...meta,
        model: completion.model,
        mode: 'llm',
        prompt_tokens: completion.promptTokens,
        completion_tokens: completion.completionTokens,
      },
    };
  }

  /** Leaves the chat to a person, telling the company once per hand-over. */
  async function handOver(contact: ContactRow, reason: string) {
    if (await chatsRepo.flagForPerson(contact.id)) {
      await notifications.notify(
        { companyId: contact.companyId },
        { title: 'Chat needs a person', body: `${contact.name}: ${reason}`, typeMessage: 'Chat' },
      );
    }
  }

  /** Sends a reply the agent wrote, having taken one WhatsApp message. */
  async function sendReply(contact: ContactRow, text: string, meta: AiReplyMeta) {
    if (!(await quota.consume(contact.companyId, 'wa', 1))) return false;
    await chats.sendFromAgent(contact, text, meta);
    return true;
  }

  /** AI type external: the company's N8N workflow writes the answer; without one a person does. */
  async function answerByWorkflow(contact: ContactRow, message: MessageRow) {
    const history = await chatsRepo.recent(contact.id, HISTORY_TURNS + 1);
    const answer = await workflows
      .answerFor(contact.companyId, contact.integrationId, {
        chat_id: contact.chatId,
        customer_name: contact.name,
        message: message.content,
        history: history.map((turn) => ({ from_me: turn.isFromMe, content: turn.content })),
      })
      .catch((error: unknown) => {
        deps.log.warn({ err: error, message: message.id }, 'the N8N workflow could not answer');
        return null;
      });
    if (!answer) {
      await handOver(contact, 'no active N8N workflow answered this chat');
      return;
    }
    const meta: AiReplyMeta = { ...handoffMeta, model: 'n8n', mode: 'workflow' };
    if (!(await sendReply(contact, answer, meta))) await handOver(contact, 'the WhatsApp quota is used up');
  }

  async function reply({ messageId }: { messageId: number }) {
    const found = await chatsRepo.messageWithContact(messageId);
    if (!found || found.message.isFromMe) return;
    const { message, contact } = found;
    const config = await chatConfigsRepo(db, contact.companyId).get();
    if (!config.useAi || contact.needsHuman) return;
    if (contact.aiPausedUntil && contact.aiPausedUntil > new Date()) return;
    // A newer message gets its own job, which answers with this one in its history.
    if (await chatsRepo.newerIncoming(contact.id, message.id)) return;
    if (await chatsRepo.answeredAfter(contact.id, message.id)) return; // this job ran before and died after sending
    const company = await companiesRepo(db).findById(contact.companyId);
    if (!company || BLOCKED_COMPANY.includes(company.status)) return;
    const character = await aiCharactersRepo(db, contact.companyId).forAgent();

    if (asksForPerson(message.content)) {
      await handOver(contact, 'asked to talk to a person');
      await sendReply(contact, handoffText(character), handoffMeta);
      return;
    }
    if (config.aiType === 'external') return answerByWorkflow(contact, message);
    if (!(await quota.consume(contact.companyId, 'ai', 1))) {
      await handOver(contact, 'the AI usage of the package is used up');
      return;
    }
    let written: Awaited<ReturnType<typeof compose>>;
    try {
      written = await compose(contact.companyId, message.content, {
        history: (await chatsRepo.recent(contact.id, HISTORY_TURNS + 1)).filter(
          (turn) => turn.id !== message.id,
        ),
      });
    } catch (error) {
      if (!(error instanceof LlmError)) throw error;
      deps.log.warn({ err: error, message: message.id }, 'the LLM could not answer');
      await quota.release(contact.companyId, 'ai', 1);
      await handOver(contact, 'the AI could not answer just now');
      return;
    }
    if (!(await sendReply(contact, written.text, written.meta))) {
      await quota.release(contact.companyId, 'ai', 1);
      await handOver(contact, 'the WhatsApp quota is used up');
      return;
    }
    if (!written.answered)
      await handOver(contact, `no answer was found for "${message.content.slice(0, 80)}"`);
  }

  queue.define<{ messageId: number }>(REPLY_JOB, {
    run: reply,
    maxAttempts: 3,
    async giveUp({ messageId }) {
      const found = await chatsRepo.messageWithContact(messageId);
      if (found) await handOver(found.contact, 'the AI could not answer');
    },
  });

  /** The inbound pipeline's step: a job per message of a company with Use AI on (and no bot). */
  const step: InboundStep = async ({ message, config }) => {
    // With the bot menu on, the menu answers (client-area §9: the AI switch turns the bot off).
    if (config.useAi && !config.useBot) await queue.enqueue(REPLY_JOB, { messageId: message.id });
  };

  return {
    step,
    handOver,

    /** The Response Simulator: the same composition a customer gets, for a chosen category. */
    async simulate(tenant: Tenant, body: SimulateBody): Promise<Simulation> {
      const category = await aiCharactersRepo(db, tenant.companyId).findCategory(body.category_id);
      if (!category) throw notFound(AI_MSG.categoryNotFound);
      if (!(await quota.consume(tenant.companyId, 'ai', 1)))
        throw new AppError(402, 'quota_exceeded', AI_MSG.aiQuotaReached);
      try {
        const written = await compose(tenant.companyId, body.message, { category });
        return { response: written.text, meta: written.meta };
      } catch (error) {
        await quota.release(tenant.companyId, 'ai', 1);
        if (error instanceof LlmError)
          throw new AppError(502, 'llm_unavailable', 'The AI could not answer just now. Please try again.');
        throw error;
      }
    },
  };
}
export type AgentService = ReturnType<typeof agentService>;

const handoffMeta: AiReplyMeta = {
  model: 'handoff',
  mode: 'retrieval',
  category: null,
  prompt_tokens: 0,
  completion_tokens: 0,
  passages: [],
};
