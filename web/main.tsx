import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { forgetFreshEntryPosition } from './app/scroll-positions.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Before the router reads the kept positions: a page opened afresh starts at its top.
forgetFreshEntryPosition();
const router = createAppRouter();

createRoot(container).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
