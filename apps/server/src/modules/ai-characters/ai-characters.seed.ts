import type { Db } from '../../db/client.ts';
import { aiCharactersRepo } from './ai-characters.repo.ts';

/** The demo company's AI character, with categories its FAQ answers. */
export async function seedAiCharacter(db: Db, companyId: number) {
  await aiCharactersRepo(db, companyId).save({
    conversation_type: 'friendly',
    primary_language: 'en',
    custom_prompt: 'Call the customer "Kak" and keep answers short.',
    categories: [
      { icon: 'question', title: 'Store information', description: 'Opening hours and how to reach us.' },
      {
        icon: 'package',
        title: 'Shipping',
        description: 'Delivery times and costs; ask for the order number when needed.',
      },
      {
        icon: 'refresh',
        title: 'Returns',
        description: 'Explain the return and refund policy step by step.',
      },
      { icon: 'money', title: 'Payment', description: 'The payment methods we accept.' },
    ],
  });
}
