import { and, eq, gt, sql } from 'drizzle-orm';
import type { Orm } from '../../../db/client.ts';
import { chatMutes, userReports } from '../../../db/schema.ts';

/** Administrators' pauses on writing (`chat_mutes`) and reports of messages. */
export function createModerationRepository(orm: Orm) {
  return {
    /** The mute in force on someone now, if any. */
    async muteOf(profileKey: string) {
      const [row] = await orm
        .select()
        .from(chatMutes)
        .where(and(eq(chatMutes.profileKey, profileKey), gt(chatMutes.until, sql`now()`)))
        .limit(1);
      return row;
    },

    async setMute(values: { profileKey: string; until: Date; reason: string; mutedBy: string }) {
      const [row] = await orm
        .insert(chatMutes)
        .values(values)
        .onConflictDoUpdate({
          target: chatMutes.profileKey,
          set: { until: values.until, reason: values.reason, mutedBy: values.mutedBy, createdAt: sql`now()` },
        })
        .returning();
      return row;
    },

    async removeMute(profileKey: string) {
      await orm.delete(chatMutes).where(eq(chatMutes.profileKey, profileKey));
    },

    /** Files a report of a message with the administrators. */
    async report(values: {
      reporterKey: string;
      reportedKey: string;
      messageId: string;
      reason: string;
      details: string;
    }) {
      const [row] = await orm.insert(userReports).values(values).returning({ id: userReports.id });
      return row;
    },
  };
}
