import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { CustomerSupportPage } from './customer-support-page.tsx';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function stubFetch(handler: () => Promise<Response>) {
  const fetchMock = vi.fn<typeof fetch>(handler);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function field(name: RegExp) {
  return screen.getByRole('textbox', { name });
}

async function fillValidForm(user: UserEvent) {
  await user.type(field(/^Name/), 'Ada Lovelace');
  await user.type(field(/^Email/), 'ada@example.com');
  await user.click(screen.getByRole('combobox', { name: /^Topic/ }));
  await user.click(await screen.findByRole('option', { name: 'Cards and the builder' }));
  await user.type(field(/^Message/), 'My cards do not show their math.');
}

const submitButton = () => screen.getByRole('button', { name: 'Send message' });

describe('customer support form', () => {
  it('shows an error on every invalid field and never sends invalid input', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch(() => Promise.resolve(jsonResponse(201, {})));
    renderWithProviders(<CustomerSupportPage />);

    await user.type(field(/^Email/), 'not-an-email');
    await user.type(field(/^Message/), 'short');
    await user.click(submitButton());

    expect(await screen.findByText('Please tell us your name')).toBeVisible();
    expect(screen.getByText('Enter a valid email address')).toBeVisible();
    expect(screen.getByText('Choose a topic')).toBeVisible();
    expect(screen.getByText('Please write at least 10 characters')).toBeVisible();
    expect(field(/^Name/)).toHaveAttribute('aria-invalid', 'true');
    expect(field(/^Email/)).toHaveAttribute('aria-invalid', 'true');
    expect(field(/^Email/)).toHaveAccessibleDescription('Enter a valid email address');
    expect(field(/^Message/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('combobox', { name: /^Topic/ })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('combobox', { name: /^Topic/ })).toHaveAccessibleDescription('Choose a topic');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('rejects a name of only spaces', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch(() => Promise.resolve(jsonResponse(201, {})));
    renderWithProviders(<CustomerSupportPage />);
    await fillValidForm(user);
    await user.clear(field(/^Name/));
    await user.type(field(/^Name/), '   ');
    await user.click(submitButton());
    expect(await screen.findByText('Please tell us your name')).toBeVisible();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('files the ticket and shows its reference, with the button disabled while sending', async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderWithProviders(<CustomerSupportPage />);

    await fillValidForm(user);
    await user.click(submitButton());
    await waitFor(() => expect(submitButton()).toBeDisabled());

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/support/tickets');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('same-origin');
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      topic: 'cards',
      message: 'My cards do not show their math.',
    });

    answer(jsonResponse(201, { reference: 'CW-7K2Q-9XHP', createdAt: '2026-11-21T10:00:00.000Z' }));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('CW-7K2Q-9XHP');
    expect(submitButton()).toBeEnabled();
    expect(field(/^Name/)).toHaveValue('');
  });

  it('puts the server’s field errors on the matching fields', async () => {
    const user = userEvent.setup();
    stubFetch(() =>
      Promise.resolve(
        jsonResponse(400, {
          error: {
            code: 'common/validation-failed',
            message: 'Some fields need attention.',
            details: { fields: [{ path: 'email', message: 'This address cannot receive mail' }] },
          },
        }),
      ),
    );
    renderWithProviders(<CustomerSupportPage />);
    await fillValidForm(user);
    await user.click(submitButton());

    expect(await screen.findByText('This address cannot receive mail')).toBeVisible();
    expect(field(/^Email/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows other server errors in an alert', async () => {
    const user = userEvent.setup();
    stubFetch(() =>
      Promise.resolve(
        jsonResponse(429, {
          error: {
            code: 'common/too-many-requests',
            message: 'Too many requests. Please wait a moment and try again.',
          },
        }),
      ),
    );
    renderWithProviders(<CustomerSupportPage />);
    await fillValidForm(user);
    await user.click(submitButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many requests. Please wait a moment and try again.',
    );
    expect(submitButton()).toBeEnabled();
  });

  it('says so when CARD WEB cannot be reached', async () => {
    const user = userEvent.setup();
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderWithProviders(<CustomerSupportPage />);
    await fillValidForm(user);
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not reach CARD WEB. Check your connection and try again.',
    );
  });
});
