import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Orm } from '../../../db/client.ts';
import {
  conversationMembers,
  conversations,
  follows,
  profiles,
  realtimePresence,
} from '../../../db/schema.ts';
import { notBlockedBetween } from '../../../db/visibility.ts';
import { notify } from './shared.ts';

/** A person's presence row counts while it is this fresh; instances renew theirs every PRESENCE_RENEW_MS. */
export const PRESENCE_RENEW_MS = 30_000;
const PRESENCE_FRESH_SECONDS = 75;

/** Presence: each instance's rows of who is connected to it, and how. */
export function createPresenceRepository(orm: Orm) {
  return {
    /** Records how a person is connected to this instance (`offline`: not at all). */
    async setPresence(instanceId: string, profileKey: string, status: 'online' | 'away' | 'offline') {
      await orm.transaction(async (tx) => {
        if (status === 'offline') {
          await tx
            .delete(realtimePresence)
            .where(
              and(eq(realtimePresence.instanceId, instanceId), eq(realtimePresence.profileKey, profileKey)),
            );
        } else {
          await tx
            .insert(realtimePresence)
            .values({ instanceId, profileKey, status })
            .onConflictDoUpdate({
              target: [realtimePresence.instanceId, realtimePresence.profileKey],
              set: { status, seenAt: sql`now()` },
            });
        }
        await notify(tx, { t: 'presence', p: profileKey });
      });
    },

    /** Renews this instance's presence rows (so they stay fresh while it runs). */
    async renewPresence(instanceId: string) {
      await orm
        .update(realtimePresence)
        .set({ seenAt: sql`now()` })
        .where(eq(realtimePresence.instanceId, instanceId));
    },

    /** Removes this instance's presence rows and those of instances that stopped renewing theirs. */
    async clearPresence(instanceId: string) {
      const removed = await orm
        .delete(realtimePresence)
        .where(
          sql`${realtimePresence.instanceId} = ${instanceId} or ${realtimePresence.seenAt} < now() - make_interval(secs => ${PRESENCE_FRESH_SECONDS * 4})`,
        )
        .returning({ key: realtimePresence.profileKey });
      return [...new Set(removed.map((row) => row.key))];
    },

    /**
     * Which of `keys` the viewer may see the presence of: themselves, and people they share a conversation
     * with that is joined by invitation (a direct or group message, a private channel) or who follow them or
     * whom they follow; never anyone blocked either way. Public channels do not count: anyone may join one.
     */
    async presenceVisibleAmong(viewerKey: string, keys: string[]): Promise<string[]> {
      const others = [...new Set(keys)].filter((key) => key !== viewerKey);
      const visible = keys.includes(viewerKey) ? [viewerKey] : [];
      if (others.length === 0) return visible;
      const rows = await orm
        .select({ key: profiles.key })
        .from(profiles)
        .where(
          and(
            inArray(profiles.key, others),
            notBlockedBetween(viewerKey, profiles.key),
            sql`(exists (select 1 from ${follows} where (${follows.followerKey} = ${viewerKey} and ${follows.followeeKey} = ${profiles.key}) or (${follows.followerKey} = ${profiles.key} and ${follows.followeeKey} = ${viewerKey}))
              or exists (select 1 from ${conversationMembers} mine
                join ${conversationMembers} theirs on theirs.conversation_id = mine.conversation_id
                join ${conversations} on ${conversations.id} = mine.conversation_id
                where mine.profile_key = ${viewerKey} and theirs.profile_key = ${profiles.key}
                  and ${conversations.kind} in ('direct', 'group', 'private')))`,
          ),
        );
      return [...visible, ...rows.map((row) => row.key)];
    },

    /** Each person's presence over every instance: online if any connection is, else away, else offline. */
    async presenceOf(keys: string[]): Promise<Map<string, 'online' | 'away'>> {
      if (keys.length === 0) return new Map();
      const rows = await orm
        .select({
          key: realtimePresence.profileKey,
          online: sql<boolean>`bool_or(${realtimePresence.status} = 'online')`,
        })
        .from(realtimePresence)
        .where(
          and(
            inArray(realtimePresence.profileKey, keys),
            gt(realtimePresence.seenAt, sql`now() - make_interval(secs => ${PRESENCE_FRESH_SECONDS})`),
          ),
        )
        .groupBy(realtimePresence.profileKey);
      return new Map(rows.map((row) => [row.key, row.online ? 'online' : 'away']));
    },
  };
}
