import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse, stubApi } from '../../../test/api-stub.ts';
import { renderApp, signIn } from '../../../test/render.tsx';
import {
  korenPaper,
  mineFixture,
  paperDetailFixture,
  sarwarPaper,
  transformerPaper,
} from '../../../test/research-fixtures.ts';

const path = `/research_center/papers/${korenPaper.id}`;
const api = `/api/research/papers/${korenPaper.id}`;

describe('/research_center/papers/:id', () => {
  it('shows the record, abstract and how the paper connects, with a sign-in link for visitors', async () => {
    stubApi({ [`GET ${api}`]: paperDetailFixture() });
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: korenPaper.title })).toBeVisible();
    expect(screen.getByRole('link', { name: /^10\.1109\/MC\.2009\.263/ })).toHaveAttribute(
      'href',
      'https://doi.org/10.1109/MC.2009.263',
    );
    expect(
      screen.getByRole('link', {
        name: 'ORCID iD of Yehuda Koren: 0000-0002-1825-0097 (opens in a new tab)',
      }),
    ).toHaveAttribute('href', 'https://orcid.org/0000-0002-1825-0097');
    expect(screen.getByText('Netflix Prize').tagName).toBe('STRONG');
    expect(screen.getByText('Latent factors beat neighbourhoods on the Netflix Prize.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Recommender systems' })).toHaveAttribute(
      'href',
      '/research_center/topics/recommender-systems',
    );
    expect(screen.getByRole('link', { name: 'Why latent factors work' })).toHaveAttribute(
      'href',
      '/cards/30000000-0000-4000-8000-000000000001',
    );
    const references = screen.getByRole('region', { name: 'References' });
    expect(within(references).getByRole('link', { name: sarwarPaper.title })).toHaveAttribute(
      'href',
      `/research_center/papers/${sarwarPaper.id}`,
    );
    expect(references).toHaveTextContent('Bennett, J. and Lanning, S. (2007). The Netflix Prize.');
    expect(within(references).getAllByRole('link')).toHaveLength(1);
    expect(
      within(screen.getByRole('region', { name: 'Cited by' })).getByRole('link', {
        name: transformerPaper.title,
      }),
    ).toBeVisible();
    expect(screen.getByRole('region', { name: 'Related' })).toHaveTextContent('Shares tags');
    expect(screen.getByRole('link', { name: 'Sign in to add it to your queue' })).toHaveAttribute(
      'href',
      `/login?next=${encodeURIComponent(path)}`,
    );
    expect(screen.queryByRole('link', { name: 'Write a note' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Read/ })).not.toBeInTheDocument();
  });

  it('adds the paper to the reader’s queue and moves it along', async () => {
    const u = userEvent.setup();
    signIn();
    const { requests } = stubApi({
      [`GET ${api}`]: paperDetailFixture({
        mine: mineFixture({
          pdf: { id: transformerPaper.id, title: 'koren.pdf', lastPage: 7, pageCount: 9 },
        }),
      }),
      [`PUT /api/research/queue/${korenPaper.id}`]: ({ body }) =>
        jsonResponse(200, {
          paper: korenPaper,
          status: (body as { status: string }).status,
          priority: 2,
          addedAt: '2026-11-27T09:00:00.000Z',
          startedAt: null,
          finishedAt: null,
          pdf: null,
          hasNote: false,
        }),
    });
    renderApp(path);
    expect(await screen.findByRole('link', { name: 'Write a note' })).toHaveAttribute(
      'href',
      `/research?paper=${korenPaper.id}`,
    );
    expect(screen.getByRole('link', { name: 'Read from page 7' })).toHaveAttribute(
      'href',
      `/learn/pdf-library/${transformerPaper.id}?page=7`,
    );
    await u.click(screen.getByRole('button', { name: 'Add to my queue' }));
    const box = await screen.findByRole('combobox', { name: 'In my queue' });
    expect(box).toHaveValue('to-read');
    await u.selectOptions(box, 'reading');
    await waitFor(() => expect(requests(`PUT /api/research/queue/${korenPaper.id}`)).toHaveLength(2));
    expect(requests(`PUT /api/research/queue/${korenPaper.id}`).map((request) => request.body)).toEqual([
      { status: 'to-read' },
      { status: 'reading' },
    ]);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'In my queue' })).toHaveValue('reading'));
  });

  it('cites the paper in each style, with its BibTeX', async () => {
    const u = userEvent.setup();
    const { requests } = stubApi({
      [`GET ${api}`]: paperDetailFixture(),
      [`GET ${api}/cite`]: ({ query }) =>
        jsonResponse(200, {
          style: query.get('style'),
          text: `${query.get('style')} reference of Koren`,
          bibtex: '@article{koren2009matrix, title={Matrix Factorization}}',
        }),
    });
    renderApp(path);
    await u.click(await screen.findByRole('button', { name: 'Cite' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cite this paper' });
    expect(await within(dialog).findByText('apa reference of Koren')).toBeVisible();
    expect(within(dialog).getByLabelText('BibTeX entry')).toHaveTextContent('@article{koren2009matrix');
    await u.click(within(dialog).getByRole('tab', { name: 'IEEE' }));
    expect(await within(dialog).findByText('ieee reference of Koren')).toBeVisible();
    expect(requests(`GET ${api}/cite`).map((request) => request.query.get('style'))).toEqual(['apa', 'ieee']);
    await u.click(within(dialog).getByRole('button', { name: 'Copy the IEEE reference' }));
    expect(await navigator.clipboard.readText()).toBe('ieee reference of Koren');
    expect(within(dialog).getAllByRole('status')[0]).toHaveTextContent('Copied.');
  });

  it('says a paper is not found, and shows other failures with a retry', async () => {
    stubApi({ [`GET ${api}`]: () => errorResponse(404, 'common/not-found', 'No such paper.') });
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Paper not found' })).toBeVisible();
  });

  it('offers to try again when the paper cannot be loaded', async () => {
    stubApi({ [`GET ${api}`]: () => errorResponse(503, 'common/unavailable', 'The server is busy.') });
    renderApp(path);
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(alert).toHaveTextContent('The paper could not be loaded.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});
