import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';

// Lazy routes import their modules on first render; on a busy two-core machine that can take more than the
// default second. Waiting longer costs nothing when things are quick.
configure({ asyncUtilTimeout: 5000 });
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetRealtimeConnection } from '../lib/realtime.ts';
import { installFakeWebSocket, resetFakeWebSockets } from './fake-websocket.ts';
import { installMatchMedia, resetViewport } from './media.ts';

installMatchMedia();
// Signed-in pages open the realtime connection; jsdom's WebSocket would try to reach a server.
installFakeWebSocket();
// jsdom does not implement scrolling; the router's scroll restoration calls it on every navigation.
window.scrollTo = () => undefined;
Element.prototype.scrollIntoView = () => undefined;

// A console.error in a component test means React, MUI or the router reported a real problem (a missing
// key, a bad prop, an act() warning). Such tests fail, after the test body, with the messages in the report.
let consoleErrors: unknown[][] = [];

beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  try {
    window.localStorage.clear();
  } catch {
    // A test replaced localStorage with one that throws; it restores its own stub.
  }
  resetViewport();
  // The tab's connection outlives its last user for a moment; the next test starts with none.
  resetRealtimeConnection();
  resetFakeWebSockets();
  document.documentElement.removeAttribute('data-theme');
  document.documentElement.removeAttribute('style');
  const errors = consoleErrors;
  consoleErrors = [];
  if (errors.length > 0) {
    const text = errors.map((args) =>
      args.map((arg) => (arg instanceof Error ? arg.stack : String(arg))).join(' '),
    );
    throw new Error(`console.error was called during the test:\n${text.join('\n---\n')}`);
  }
});
