import type { AiCharacter, MessageCategoryInput, SaveAiCharacterBody } from '@app/contract/ai-characters';
import { and, asc, eq, inArray, notInArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { aiCharacters, messageCategories } from '../../db/schema/ai.ts';

export type CategoryRow = typeof messageCategories.$inferSelect;

/** A company that never saved its character talks professionally in English, without categories. */
const DEFAULT_CHARACTER = { conversationType: 'professional', primaryLanguage: 'en', customPrompt: '' };

export function aiCharactersRepo(db: Db, companyId: number) {
  const myCategories = eq(messageCategories.companyId, companyId);

  async function categories() {
    return db.select().from(messageCategories).where(myCategories).orderBy(asc(messageCategories.position));
  }

  return {
    categories,

    async findCategory(id: number) {
      const [row] = await db
        .select()
        .from(messageCategories)
        .where(and(myCategories, eq(messageCategories.id, id)));
      return row;
    },

    async get(): Promise<AiCharacter> {
      const [row] = await db.select().from(aiCharacters).where(eq(aiCharacters.companyId, companyId));
      const character = row ?? { ...DEFAULT_CHARACTER, updatedAt: null };
      return {
        conversation_type: character.conversationType as AiCharacter['conversation_type'],
        primary_language: character.primaryLanguage as AiCharacter['primary_language'],
        custom_prompt: character.customPrompt,
        categories: (await categories()).map((category) => ({
          id: category.id,
          icon: category.icon as AiCharacter['categories'][number]['icon'],
          title: category.title,
          description: category.description,
        })),
        updated_at: character.updatedAt?.toISOString() ?? null,
      };
    },

    /**
     * Saves the character and its categories as one list: rows with a known id are updated, rows
     * without one are added, saved ones left out are deleted. An id of another company is refused.
     */
    async save(body: SaveAiCharacterBody): Promise<'ok' | 'unknown-category'> {
      return db.transaction(async (tx) => {
        const ids = body.categories.flatMap((category) => (category.id ? [category.id] : []));
        if (ids.length > 0) {
          const known = await tx
            .select({ id: messageCategories.id })
            .from(messageCategories)
            .where(and(myCategories, inArray(messageCategories.id, ids)));
          if (known.length !== new Set(ids).size) return 'unknown-category';
        }
        const character = {
          conversationType: body.conversation_type,
          primaryLanguage: body.primary_language,
          customPrompt: body.custom_prompt,
        };
        await tx
          .insert(aiCharacters)
          .values({ companyId, ...character })
          .onConflictDoUpdate({ target: aiCharacters.companyId, set: character });
        await tx
          .delete(messageCategories)
          .where(
            (ids.length > 0 ? and(myCategories, notInArray(messageCategories.id, ids)) : myCategories) as SQL,
          );
        for (const [position, category] of body.categories.entries()) {
          const values = categoryValues(category, position);
          if (category.id) {
            await tx
              .update(messageCategories)
              .set(values)
              .where(and(myCategories, eq(messageCategories.id, category.id)));
          } else {
            await tx.insert(messageCategories).values({ companyId, ...values });
          }
        }
        return 'ok';
      });
    },

    /** The character as the agent uses it. */
    async forAgent() {
      const [row] = await db.select().from(aiCharacters).where(eq(aiCharacters.companyId, companyId));
      return {
        conversationType: row?.conversationType ?? DEFAULT_CHARACTER.conversationType,
        primaryLanguage: row?.primaryLanguage ?? DEFAULT_CHARACTER.primaryLanguage,
        customPrompt: row?.customPrompt ?? '',
      };
    },
  };
}

const categoryValues = (category: MessageCategoryInput, position: number) => ({
  position,
  icon: category.icon,
  title: category.title,
  description: category.description,
});
