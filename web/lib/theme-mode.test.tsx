import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ThemeToggle } from '../app/layout/theme-toggle.tsx';
import { renderWithProviders } from '../test/render.tsx';
import { setSystemPrefersDark } from '../test/media.ts';
import { pageBackground } from './theme.ts';
import source from '../public/theme-init.js?raw';

const toggleName = 'Toggle light/dark theme';

function shownMode() {
  return document.documentElement.dataset.theme;
}

describe('theme mode', () => {
  it('writes exactly "dark" and "light" to local storage when toggled', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ThemeToggle />);
    expect(shownMode()).toBe('light');
    expect(window.localStorage.getItem('theme')).toBeNull();

    await user.click(screen.getByRole('button', { name: toggleName }));
    expect(window.localStorage.getItem('theme')).toBe('dark');
    expect(shownMode()).toBe('dark');
    expect(document.documentElement.style.colorScheme).toBe('dark');

    await user.click(screen.getByRole('button', { name: toggleName }));
    expect(window.localStorage.getItem('theme')).toBe('light');
    expect(shownMode()).toBe('light');
  });

  it('starts from the stored choice', () => {
    window.localStorage.setItem('theme', 'dark');
    renderWithProviders(<ThemeToggle />);
    expect(shownMode()).toBe('dark');
    expect(screen.getByRole('button', { name: toggleName })).toHaveAttribute('data-mode', 'dark');
  });

  it('follows the system preference, live, while nothing is stored', async () => {
    setSystemPrefersDark(true);
    renderWithProviders(<ThemeToggle />);
    expect(shownMode()).toBe('dark');

    act(() => setSystemPrefersDark(false));
    expect(shownMode()).toBe('light');
    act(() => setSystemPrefersDark(true));
    expect(shownMode()).toBe('dark');
  });

  it('stops following the system once the user chose', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ThemeToggle />);
    await user.click(screen.getByRole('button', { name: toggleName }));
    expect(shownMode()).toBe('dark');

    act(() => setSystemPrefersDark(false));
    act(() => setSystemPrefersDark(true));
    act(() => setSystemPrefersDark(false));
    expect(shownMode()).toBe('dark');
  });

  it('picks up a choice made in another tab', () => {
    renderWithProviders(<ThemeToggle />);
    act(() => {
      window.localStorage.setItem('theme', 'dark');
      window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: 'dark' }));
    });
    expect(shownMode()).toBe('dark');
  });

  it('still toggles when local storage throws', async () => {
    const user = userEvent.setup();
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    renderWithProviders(<ThemeToggle />);
    expect(shownMode()).toBe('light');
    await user.click(screen.getByRole('button', { name: toggleName }));
    expect(shownMode()).toBe('dark');
  });
});

describe('public/theme-init.js', () => {
  const run = () => new Function(source)();

  it('applies the stored mode before the app loads', () => {
    window.localStorage.setItem('theme', 'dark');
    run();
    expect(shownMode()).toBe('dark');
    expect(document.documentElement.style.colorScheme).toBe('dark');
    expect(document.documentElement.style.backgroundColor).toBe('rgb(18, 18, 18)');
  });

  it('falls back to the system preference, also when storage throws', () => {
    setSystemPrefersDark(true);
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    run();
    expect(shownMode()).toBe('dark');
  });

  it('ignores stored values other than "dark" and "light"', () => {
    window.localStorage.setItem('theme', 'purple');
    run();
    expect(shownMode()).toBe('light');
  });

  it('paints the same backgrounds as the React theme', () => {
    expect(source).toContain(`'${pageBackground.dark}'`);
    expect(source).toContain(`'${pageBackground.light}'`);
  });
});
