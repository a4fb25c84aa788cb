import {
  conferLimits,
  type Message,
  type PresenceStatus,
  type RealtimeServerEvent,
} from '../../../contracts/confer.ts';
import type { ProfileSummary } from '../../../contracts/profiles.ts';

/**
 * What people are doing right now, from the realtime connection: who is typing where (each event lasts
 * `typingTtlMs`), who is online, and the assistant's answer while it is being written. Nothing of it is
 * stored anywhere; a reconnection simply starts again.
 */

interface Typist {
  profile: ProfileSummary;
  threadRootId: string | null;
  until: number;
}

export interface AssistantDraft {
  replyTo: string;
  text: string;
}

const noTypists: readonly ProfileSummary[] = [];

export class ActivityStore {
  private readonly typists = new Map<string, Map<string, Typist>>();
  private readonly presence = new Map<string, PresenceStatus>();
  private readonly drafts = new Map<string, AssistantDraft>();
  private readonly listeners = new Set<() => void>();
  private readonly typingCache = new Map<string, readonly ProfileSummary[]>();
  private timer: ReturnType<typeof setTimeout> | undefined;

  private readonly now: () => number;

  constructor(now: () => number = Date.now) {
    this.now = now;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private changed() {
    this.typingCache.clear();
    for (const listener of [...this.listeners]) listener();
  }

  receive(event: RealtimeServerEvent): void {
    switch (event.type) {
      case 'typing': {
        const byPerson = this.typists.get(event.conversationId) ?? new Map<string, Typist>();
        byPerson.set(event.profile.key, {
          profile: event.profile,
          threadRootId: event.threadRootId ?? null,
          until: this.now() + conferLimits.typingTtlMs,
        });
        this.typists.set(event.conversationId, byPerson);
        this.schedulePrune();
        this.changed();
        return;
      }
      case 'presence':
        this.setPresence(event.profileKey, event.status);
        return;
      case 'assistant-draft':
        this.drafts.set(event.conversationId, { replyTo: event.replyTo, text: event.text });
        this.changed();
        return;
      case 'ready':
        // Whoever was typing before the connection dropped has stopped or will say so again.
        if (this.typists.size > 0) {
          this.typists.clear();
          this.changed();
        }
        return;
      default:
        return;
    }
  }

  /** A message arrived: its author has stopped typing, and an assistant's answer is no longer a draft. */
  messageArrived(message: Message): void {
    let changed = this.typists.get(message.conversationId)?.delete(message.author.key) ?? false;
    if (message.fromAssistant && this.drafts.delete(message.conversationId)) changed = true;
    if (changed) this.changed();
  }

  /** Presence read from a member list; events that come later replace it. */
  setPresence(profileKey: string, status: PresenceStatus): void {
    if (this.presence.get(profileKey) === status) return;
    this.presence.set(profileKey, status);
    this.changed();
  }

  presenceOf(profileKey: string): PresenceStatus | undefined {
    return this.presence.get(profileKey);
  }

  /** Who is typing in a conversation's timeline (threadRootId null) or in one thread, in the order they began. */
  typingIn(conversationId: string, threadRootId: string | null): readonly ProfileSummary[] {
    const key = `${conversationId}/${threadRootId ?? ''}`;
    const cached = this.typingCache.get(key);
    if (cached) return cached;
    const now = this.now();
    const people = [...(this.typists.get(conversationId)?.values() ?? [])]
      .filter((typist) => typist.threadRootId === threadRootId && typist.until > now)
      .map((typist) => typist.profile);
    const value = people.length === 0 ? noTypists : people;
    this.typingCache.set(key, value);
    return value;
  }

  draftIn(conversationId: string): AssistantDraft | undefined {
    return this.drafts.get(conversationId);
  }

  private schedulePrune() {
    clearTimeout(this.timer);
    let next = Infinity;
    for (const byPerson of this.typists.values())
      for (const typist of byPerson.values()) next = Math.min(next, typist.until);
    if (next === Infinity) return;
    this.timer = setTimeout(() => this.prune(), Math.max(0, next - this.now()) + 10);
  }

  private prune() {
    const now = this.now();
    let changed = false;
    for (const [conversationId, byPerson] of this.typists) {
      for (const [key, typist] of byPerson) {
        if (typist.until <= now) {
          byPerson.delete(key);
          changed = true;
        }
      }
      if (byPerson.size === 0) this.typists.delete(conversationId);
    }
    if (changed) this.changed();
    this.schedulePrune();
  }

  dispose(): void {
    clearTimeout(this.timer);
  }
}

/** "Ada is typing…", "Ada and Bob are typing…", "Ada, Bob and 2 others are typing…". */
export function typingSentence(people: readonly Pick<ProfileSummary, 'displayName' | 'handle'>[]): string {
  const names = people.map((person) => person.displayName?.trim() || `@${person.handle}`);
  if (names.length === 0) return '';
  if (names.length === 1) return `${names[0]} is typing…`;
  if (names.length === 2) return `${names[0]} and ${names[1]} are typing…`;
  if (names.length === 3) return `${names[0]}, ${names[1]} and ${names[2]} are typing…`;
  return `${names[0]}, ${names[1]} and ${names.length - 2} others are typing…`;
}
