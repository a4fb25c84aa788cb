import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { conferLimits } from '../../../contracts/confer.ts';
import { bob, conversationIdOf, cy, messageFixture, messageIdOf } from '../../test/confer-fixtures.ts';
import { ActivityStore, typingSentence } from './activity-store.ts';

const conversationId = conversationIdOf(1);

describe('what people are doing', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows someone typing for typingTtlMs after their last event, per timeline or thread', () => {
    const store = new ActivityStore();
    const changes = vi.fn();
    store.subscribe(changes);
    store.receive({ type: 'typing', conversationId, profile: bob, threadRootId: null });
    store.receive({ type: 'typing', conversationId, profile: cy, threadRootId: messageIdOf(1) });
    expect(store.typingIn(conversationId, null)).toEqual([bob]);
    expect(store.typingIn(conversationId, messageIdOf(1))).toEqual([cy]);
    // The same answer until something changes, for useSyncExternalStore.
    expect(store.typingIn(conversationId, null)).toBe(store.typingIn(conversationId, null));

    vi.advanceTimersByTime(conferLimits.typingTtlMs - 1000);
    store.receive({ type: 'typing', conversationId, profile: bob, threadRootId: null });
    vi.advanceTimersByTime(1100);
    expect(store.typingIn(conversationId, null)).toEqual([bob]);
    expect(store.typingIn(conversationId, messageIdOf(1))).toEqual([]);
    vi.advanceTimersByTime(conferLimits.typingTtlMs);
    expect(store.typingIn(conversationId, null)).toEqual([]);
    expect(changes).toHaveBeenCalled();
    store.dispose();
  });

  it('stops showing someone as typing when their message arrives', () => {
    const store = new ActivityStore();
    store.receive({ type: 'typing', conversationId, profile: bob, threadRootId: null });
    store.messageArrived(messageFixture(1, { author: bob }));
    expect(store.typingIn(conversationId, null)).toEqual([]);
    store.dispose();
  });

  it('keeps the assistant’s draft until its message arrives', () => {
    const store = new ActivityStore();
    store.receive({ type: 'assistant-draft', conversationId, replyTo: messageIdOf(1), text: 'Half an' });
    store.receive({
      type: 'assistant-draft',
      conversationId,
      replyTo: messageIdOf(1),
      text: 'Half an answer',
    });
    expect(store.draftIn(conversationId)).toEqual({ replyTo: messageIdOf(1), text: 'Half an answer' });
    store.messageArrived(messageFixture(2, { fromAssistant: true }));
    expect(store.draftIn(conversationId)).toBeUndefined();
    store.dispose();
  });

  it('says who is typing in a sentence', () => {
    const people = ['Ada', 'Bob', 'Cy', 'Di'].map((displayName) => ({
      displayName,
      handle: displayName.toLowerCase(),
    }));
    expect(typingSentence([])).toBe('');
    expect(typingSentence(people.slice(0, 1))).toBe('Ada is typing…');
    expect(typingSentence(people.slice(0, 2))).toBe('Ada and Bob are typing…');
    expect(typingSentence(people.slice(0, 3))).toBe('Ada, Bob and Cy are typing…');
    expect(typingSentence(people)).toBe('Ada, Bob and 2 others are typing…');
    expect(typingSentence([{ displayName: null, handle: 'zed' }])).toBe('@zed is typing…');
  });
});
