import type { Quota } from '@app/contract/billing';
import type { Db } from '../../db/client.ts';
import { type QuotaKind, quotaRepo } from './billing.repo.ts';

/**
 * The quota other modules spend: WhatsApp messages ('wa') and AI answers ('ai') of the package
 * period in force. Without one, or after it ends unrenewed, everything remaining is zero.
 */
export function quotaService(db: Db) {
  const repo = quotaRepo(db);
  const amount = (n: number) => {
    if (!Number.isInteger(n) || n < 1)
      throw new RangeError(`quota amount must be a positive integer, got ${n}`);
    return n;
  };
  return {
    /** What is left in the period in force: `wa_message_remain` and `ai_usage_remain`. */
    async remaining(companyId: number): Promise<Quota> {
      const left = await repo.remaining(companyId);
      return { wa_message_remain: left.wa, ai_usage_remain: left.ai };
    },
    /** Takes `n` units, all or nothing; false when the period in force lacks them (or there is none). */
    consume: (companyId: number, kind: QuotaKind, n = 1) => repo.consume(companyId, kind, amount(n)),
    /** Returns units taken for a send that did not go out. */
    release: (companyId: number, kind: QuotaKind, n = 1) => repo.release(companyId, kind, amount(n)),
  };
}
export type QuotaService = ReturnType<typeof quotaService>;
