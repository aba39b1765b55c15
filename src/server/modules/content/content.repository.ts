import { eq } from 'drizzle-orm';
import { contentSchema, type Content } from '@/contracts/content';
import type { Queryable } from '../../db/client';
import { siteContent } from '../../db/schema';

/** The operator's saved content, or undefined before the first save. */
export async function findSavedContent(db: Queryable): Promise<Content | undefined> {
  const [row] = await db.select().from(siteContent).where(eq(siteContent.id, 1)).limit(1);
  // Stored JSON is parsed, not trusted: a hand-edited row cannot break the pages.
  const parsed = row ? contentSchema.safeParse(row.content) : undefined;
  return parsed?.success ? parsed.data : undefined;
}

export async function saveContent(db: Queryable, content: Content, now: Date): Promise<void> {
  await db
    .insert(siteContent)
    .values({ id: 1, content, updatedAt: now })
    .onConflictDoUpdate({ target: siteContent.id, set: { content, updatedAt: now } });
}
