import { DEFAULT_PLATFORM_SETTINGS, type PlatformSettings, platformSettings } from '@app/contract/platform';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { platformSettings as settingsTable } from '../../db/schema/platform.ts';

/** Settings are key/value rows; unknown or malformed values fall back to the defaults. */
export function platformRepo(db: Db) {
  return {
    async read(): Promise<PlatformSettings> {
      const rows = await db.select().from(settingsTable);
      const stored = Object.fromEntries(rows.map((row) => [row.key, row.value]));
      const parsed = platformSettings.partial().safeParse(stored);
      return { ...DEFAULT_PLATFORM_SETTINGS, ...(parsed.success ? parsed.data : {}) };
    },

    async write(changes: Partial<PlatformSettings>) {
      const entries = Object.entries(changes).filter(([, value]) => value !== undefined);
      if (entries.length === 0) return;
      await db
        .insert(settingsTable)
        .values(entries.map(([key, value]) => ({ key, value })))
        .onConflictDoUpdate({
          target: settingsTable.key,
          set: { value: sql`excluded.value`, updatedAt: new Date() },
        });
    },
  };
}
