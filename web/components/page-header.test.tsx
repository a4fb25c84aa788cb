import { render, screen, waitFor } from '@testing-library/react';
import Button from '@mui/material/Button';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PageHeader } from './page-header.tsx';

describe('PageHeader', () => {
  it('names the page once, with its subtitle, actions and the help button to its guide section', async () => {
    render(
      <MemoryRouter>
        <PageHeader
          title="Explore"
          subtitle="Everyone's public cards."
          guideAnchor="explore"
          actions={<Button>New card</Button>}
        />
      </MemoryRouter>,
    );
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Explore' })).toHaveAttribute('id', 'section-title');
    expect(screen.getByText("Everyone's public cards.")).toBeVisible();
    expect(screen.getByRole('button', { name: 'New card' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Help: Explore in the user guide' })).toHaveAttribute(
      'href',
      '/document#explore',
    );
    await waitFor(() => expect(document.title).toBe('Explore · CARD WEB'));
  });

  it('leaves out what it is not given, and can title the tab apart from the heading', async () => {
    render(
      <MemoryRouter>
        <PageHeader title="Deck: Biology" documentTitle="Biology" titleId="deck-title" />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Deck: Biology' })).toHaveAttribute(
      'id',
      'deck-title',
    );
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    await waitFor(() => expect(document.title).toBe('Biology · CARD WEB'));
  });
});
