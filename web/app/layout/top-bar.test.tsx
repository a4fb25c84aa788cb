import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, signIn } from '../../test/render.tsx';
import { setViewportWidth } from '../../test/media.ts';
import { errorResponse, stubApi } from '../../test/api-stub.ts';

// Opening the popover fetches the profile; with none stored the card shows the defaults.
const noProfile = () => errorResponse(404, 'common/not-found', 'Not found.');

const toolButtons = ['Explore', 'Build', 'Play', 'Confer'];
const sectionLinks = [
  ['CLASSROOM', '/classroom'],
  ['RESEARCH', '/research_center'],
  ['BLOG', '/blog'],
  ['ABOUT', '/about'],
] as const;

async function renderAt(path: string) {
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1 });
  return app;
}

describe('top bar on a wide screen', () => {
  it('shows the logo link, the section links and the four tool buttons inline', async () => {
    await renderAt('/');
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'CARD WEB home' })).toHaveAttribute('href', '/');
    for (const [label, href] of sectionLinks) {
      expect(within(banner).getByRole('link', { name: label })).toHaveAttribute('href', href);
    }
    const tools = within(banner).getByRole('navigation', { name: 'Tools' });
    for (const name of toolButtons) expect(within(tools).getByRole('button', { name })).toBeVisible();
    expect(screen.queryByRole('navigation', { name: 'Primary' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open navigation menu' })).not.toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: 'Toggle light/dark theme' })).toBeVisible();
  });

  it('marks the current section', async () => {
    await renderAt('/classroom');
    expect(screen.getByRole('link', { name: 'CLASSROOM' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'BLOG' })).not.toHaveAttribute('aria-current');
  });

  it('makes "Skip to content" the first stop for the keyboard', async () => {
    const user = userEvent.setup();
    await renderAt('/about');
    await user.tab();
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
  });
});

describe('top bar below 600 px', () => {
  it('moves the tool buttons to a bottom bar and the section links into a menu', async () => {
    const user = userEvent.setup();
    setViewportWidth(400);
    await renderAt('/');
    const banner = screen.getByRole('banner');
    expect(within(banner).queryByRole('navigation', { name: 'Tools' })).not.toBeInTheDocument();
    expect(within(banner).queryByRole('link', { name: 'CLASSROOM' })).not.toBeInTheDocument();

    const bottomBar = await screen.findByRole('navigation', { name: 'Primary' });
    expect(banner).not.toContainElement(bottomBar);
    for (const name of toolButtons) expect(within(bottomBar).getByRole('button', { name })).toBeVisible();

    await user.click(within(banner).getByRole('button', { name: 'Open navigation menu' }));
    const menu = await screen.findByRole('menu');
    for (const [label, href] of sectionLinks) {
      expect(within(menu).getByRole('menuitem', { name: label })).toHaveAttribute('href', href);
    }
  });

  it('switches layouts live when the window is resized across 600 px', async () => {
    await renderAt('/');
    expect(screen.queryByRole('button', { name: 'Open navigation menu' })).not.toBeInTheDocument();
    act(() => setViewportWidth(599));
    expect(
      within(screen.getByRole('banner')).queryByRole('button', { name: 'Explore' }),
    ).not.toBeInTheDocument();
    expect(await screen.findByRole('navigation', { name: 'Primary' })).toBeVisible();
    act(() => setViewportWidth(600));
    expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Explore' })).toBeVisible();
  });
});

describe('navigation guard', () => {
  it.each(toolButtons.map((name) => [name, `/${name === 'Explore' ? 'exploration' : name.toLowerCase()}`]))(
    'sends a signed-out visitor from %s to the sign-in page, remembering %s',
    async (name, target) => {
      const user = userEvent.setup();
      const { router } = await renderAt('/about');
      await user.click(screen.getByRole('button', { name }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      expect(router.state.location.search).toBe(`?next=${encodeURIComponent(target)}`);
      expect(await screen.findByText(target)).toBeInTheDocument();
      expect(screen.getByText(/After signing in you will return to/)).toBeInTheDocument();
    },
  );

  it('lets a signed-in user through', async () => {
    const user = userEvent.setup();
    signIn();
    const { router } = await renderAt('/about');
    await user.click(screen.getByRole('button', { name: 'Build' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Build' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/build');
    expect(screen.getByRole('button', { name: 'Build' })).toHaveAttribute('aria-current', 'page');
  });

  it('guards the bottom bar too', async () => {
    const user = userEvent.setup();
    setViewportWidth(375);
    const { router } = await renderAt('/');
    const bottomBar = await screen.findByRole('navigation', { name: 'Primary' });
    await user.click(within(bottomBar).getByRole('button', { name: 'Confer' }));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/login?next=%2Fconfer',
      ),
    );
  });

  it('does not guard typing the address directly', async () => {
    await renderAt('/build');
    expect(screen.getByRole('heading', { level: 1, name: 'Build' })).toBeInTheDocument();
  });
});

describe('profile popover', () => {
  it('is absent when nobody is signed in', async () => {
    await renderAt('/');
    expect(screen.queryByRole('button', { name: 'Open profile' })).not.toBeInTheDocument();
  });

  it('shows the signed-in identity and signs out to the home page', async () => {
    const user = userEvent.setup();
    signIn({ sub: 'google-42', name: 'Grace Hopper', email: 'grace@example.com' });
    stubApi({ 'GET /api/profiles/google-42': noProfile });
    const { router } = await renderAt('/about');

    await user.click(await screen.findByRole('button', { name: 'Open profile' }));
    const popover = await screen.findByRole('dialog', { name: 'Grace Hopper' });
    expect(within(popover).getByText('grace@example.com')).toBeVisible();
    expect(within(popover).getByText('GH')).toBeVisible();

    await user.click(within(popover).getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(window.localStorage.getItem('user')).toBeNull();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Open profile' })).not.toBeInTheDocument(),
    );
  });

  it('falls back to "User" when the identity has no name', async () => {
    const user = userEvent.setup();
    signIn({ id: '7' });
    stubApi({ 'GET /api/profiles/7': noProfile });
    await renderAt('/');
    await user.click(await screen.findByRole('button', { name: 'Open profile' }));
    expect(await screen.findByRole('dialog', { name: 'User' })).toBeVisible();
  });
});
