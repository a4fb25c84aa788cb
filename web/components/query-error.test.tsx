import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api.ts';
import { QueryError } from './query-error.tsx';

const unavailable = new ApiError({
  code: 'common/service-unavailable',
  message: 'The service is briefly unavailable. Please try again shortly.',
  status: 503,
});

describe('QueryError', () => {
  it('says what failed and why in an alert, and Try again asks again', async () => {
    const refetch = vi.fn();
    render(<QueryError error={unavailable} onRetry={refetch} lead="The messages could not be loaded." />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The messages could not be loaded. The service is briefly unavailable. Please try again shortly.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('words a failure that is not an API answer, and shows what follows the sentence', () => {
    render(
      <QueryError error={new TypeError('boom')} onRetry={() => undefined}>
        {' '}
        <a href="/play">See your decks</a>.
      </QueryError>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Something went wrong on our side. Please try again. See your decks.',
    );
    expect(screen.getByRole('link', { name: 'See your decks' })).toBeInTheDocument();
  });

  it('offers no button when there is nothing worth asking again', () => {
    render(<QueryError error={unavailable} />);
    expect(screen.getByRole('alert')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
