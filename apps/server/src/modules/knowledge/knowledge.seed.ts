import { createHash } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { incrementDaily } from '../statistics/statistics.repo.ts';
import { knowledgeRepo } from './knowledge.repo.ts';
import { INDEX_JOB } from './knowledge.service.ts';

const DEMO_FAQ = `# Demo Company FAQ

## Opening hours
Our store and customer service are open Monday to Friday from 08.00 to 17.00 WIB and on Saturday from 09.00 to 13.00 WIB. We are closed on Sundays and public holidays.

## Shipping
Orders placed before 14.00 WIB ship the same working day. Delivery takes 1-2 days within Jakarta and 3-5 days elsewhere in Indonesia. Shipping is free for orders above Rp 500.000.

## Returns and refunds
An unused product in its original box can be returned within 14 days of delivery for a full refund. Refunds reach your account within 3 working days after we receive the product.

## Payment
We accept QRIS, bank transfer through virtual accounts (BCA, BNI, BRI, Mandiri) and cash on delivery in Jakarta.

## Warranty
Every device comes with a one-year official warranty. Keep your invoice: it is your warranty card.
`;

/** The demo company's knowledge base: one FAQ, indexed by the job queue once the server runs. */
export async function seedKnowledge(db: Db, companyId: number) {
  const file = Buffer.from(DEMO_FAQ);
  const sha256 = createHash('sha256').update(file).digest('hex');
  const item = await knowledgeRepo(db, companyId).create({
    name: 'Demo Company FAQ',
    content: 'Opening hours, shipping, returns, payment and warranty',
    filename: 'demo-faq.md',
    fileType: 'md',
    size: file.length,
    file,
    sha256,
  });
  await db.insert(jobs).values({ kind: INDEX_JOB, payload: { companyId, id: item.id, sha256 } });
  await incrementDaily(db, companyId, 'knowledge');
}
