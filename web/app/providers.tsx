import { useEffect, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import { QueryClientContext } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { ThemeModeProvider } from '../lib/theme-mode.tsx';

// The app's one query client, made once its code has loaded. The home page and the signed-out shell read
// nothing through it, so `/` starts without that code (10 KB gzip).
let appClient: QueryClient | undefined;
let appClientLoading: Promise<QueryClient> | undefined;
const appClientListeners = new Set<() => void>();

/**
 * Loads the query client's code and makes the app's client, once. Whatever reads from the API waits for it
 * before its first render: every page but the home page (see `buildRoutes`) and the shell's signed-in parts.
 */
export function loadQueryClient(): Promise<QueryClient> {
  appClientLoading ??= import('./query-client.ts').then(
    ({ createQueryClient }) => {
      appClient = createQueryClient();
      // Providers re-render with the client before whatever awaited it renders (an update from an external
      // store is flushed ahead of the router's transition and of a lazy component's retry).
      for (const listener of appClientListeners) listener();
      return appClient;
    },
    (error: unknown) => {
      // A failed download (offline) is tried again by the next page that needs the client.
      appClientLoading = undefined;
      throw error;
    },
  );
  return appClientLoading;
}

function subscribeToAppClient(listener: () => void): () => void {
  appClientListeners.add(listener);
  return () => appClientListeners.delete(listener);
}

const currentAppClient = () => appClient;

/**
 * Everything the pages need around them: data fetching and the light/dark theme. Tests pass a fresh
 * `queryClient`; the app uses the one `loadQueryClient` makes, from when it is ready.
 */
export function Providers({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const loaded = useSyncExternalStore(subscribeToAppClient, currentAppClient, currentAppClient);
  const client = queryClient ?? loaded;
  // What QueryClientProvider does (it needs a client from the start): listens for focus and the connection.
  useEffect(() => {
    if (!client) return;
    client.mount();
    return () => client.unmount();
  }, [client]);
  return (
    <QueryClientContext value={client}>
      <ThemeModeProvider>{children}</ThemeModeProvider>
    </QueryClientContext>
  );
}
