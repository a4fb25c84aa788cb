import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse, stubApi } from '../../../test/api-stub.ts';
import { renderApp, signIn } from '../../../test/render.tsx';
import {
  centreFixture,
  korenPaper,
  paperPageFixture,
  readingListFixture,
  sarwarPaper,
  topicFixture,
  transformerPaper,
} from '../../../test/research-fixtures.ts';

const topicPath = '/api/research/topics/recommender-systems';

describe('/research_center/topics/:slug', () => {
  it('shows the introduction, where it leads, the reading lists with notes and exports, and the papers', async () => {
    const { requests } = stubApi({
      'GET /api/research/centre': centreFixture(),
      [`GET ${topicPath}`]: topicFixture(),
      'GET /api/research/papers': paperPageFixture([korenPaper], { total: 14, nextCursor: 20 }),
    });
    renderApp('/research_center/topics/recommender-systems');
    expect(await screen.findByRole('heading', { level: 1, name: 'Recommender systems' })).toBeVisible();
    expect(screen.getByText(/A recommender decides which handful/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Course: Modern recommendation systems' })).toHaveAttribute(
      'href',
      '/classroom/classes/modern-recommendation-systems',
    );
    expect(screen.getByRole('link', { name: 'Study the foundations deck' })).toHaveAttribute('href', '/play');

    const list = screen.getByRole('list', { name: 'Start here: the foundations' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading', { level: 4 }).textContent)).toEqual([
      sarwarPaper.title,
      korenPaper.title,
    ]);
    expect(items[0]).toHaveTextContent('Why read it: Why comparing items beats comparing users.');

    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Export “Start here: the foundations”' }));
    const menu = await screen.findByRole('menu');
    const listId = readingListFixture().id;
    expect(within(menu).getByRole('menuitem', { name: 'BibTeX' })).toHaveAttribute(
      'href',
      `/api/research/export?format=bibtex&listId=${listId}`,
    );
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([
      'BibTeX',
      'RIS',
      'CSL-JSON',
      'APA references',
      'IEEE references',
      'Chicago references',
      'Harvard references',
    ]);
    await u.keyboard('{Escape}');

    const papers = await screen.findByRole('list', { name: 'Papers in this topic' });
    expect(within(papers).getByRole('link', { name: korenPaper.title })).toBeVisible();
    expect(requests('GET /api/research/papers')[0]?.query.get('topic')).toBe('recommender-systems');
    expect(screen.queryByRole('button', { name: 'Edit the topic' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New reading list' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
  });

  it('pages the papers with Show more, from the last cursor', async () => {
    const u = userEvent.setup();
    const { requests } = stubApi({
      'GET /api/research/centre': centreFixture(),
      [`GET ${topicPath}`]: topicFixture(),
      'GET /api/research/papers': ({ query }) =>
        jsonResponse(
          200,
          query.get('cursor') === '20'
            ? paperPageFixture([transformerPaper], { total: 2 })
            : paperPageFixture([korenPaper], { total: 2, nextCursor: 20 }),
        ),
    });
    renderApp('/research_center/topics/recommender-systems?tag=recsys');
    await u.click(await screen.findByRole('button', { name: 'Show more' }));
    const papers = screen.getByRole('list', { name: 'Papers in this topic' });
    expect(await within(papers).findByRole('link', { name: transformerPaper.title })).toBeVisible();
    expect(within(papers).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    const second = requests('GET /api/research/papers')[1]?.query;
    expect(Object.fromEntries(second ?? [])).toEqual({
      topic: 'recommender-systems',
      tag: 'recsys',
      cursor: '20',
    });
  });

  it('says a topic is not found', async () => {
    stubApi({
      'GET /api/research/centre': centreFixture(),
      [`GET ${topicPath}`]: () => errorResponse(404, 'common/not-found', 'There is no such topic.'),
    });
    renderApp('/research_center/topics/recommender-systems');
    expect(await screen.findByRole('heading', { level: 1, name: 'Topic not found' })).toBeVisible();
  });

  it('lets an editor reorder a list’s papers with the keyboard and save it', async () => {
    const u = userEvent.setup();
    signIn();
    let current = topicFixture();
    const { requests } = stubApi({
      'GET /api/research/centre': centreFixture({ canEdit: true }),
      [`GET ${topicPath}`]: () => jsonResponse(200, current),
      'GET /api/research/papers': paperPageFixture([korenPaper, sarwarPaper, transformerPaper]),
      [`PUT ${topicPath}/lists`]: () => {
        current = topicFixture({
          lists: [
            readingListFixture({
              items: [
                { paper: korenPaper, note: 'The Netflix Prize view of latent factors.' },
                { paper: sarwarPaper, note: 'Why comparing items beats comparing users.' },
                { paper: transformerPaper, note: '' },
              ],
            }),
          ],
        });
        return jsonResponse(200, current);
      },
    });
    renderApp('/research_center/topics/recommender-systems');
    await u.click(await screen.findByRole('button', { name: 'Edit “Start here: the foundations”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit “Start here: the foundations”' });
    const down = within(dialog).getByRole('button', { name: `Move “${sarwarPaper.title}” down` });
    down.focus();
    await u.keyboard('{Enter}');
    const order = within(dialog).getByRole('list', { name: 'Papers in this list' });
    await waitFor(() =>
      expect(within(order).getAllByRole('listitem')[0]).toHaveTextContent(`1. ${korenPaper.title}`),
    );
    // At the bottom its Down button is off: the focus moves to its Up button.
    expect(within(dialog).getByRole('button', { name: `Move “${sarwarPaper.title}” up` })).toHaveFocus();

    await u.click(await within(dialog).findByRole('button', { name: `Add “${transformerPaper.title}”` }));
    await u.click(within(dialog).getByRole('button', { name: 'Save the list' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests(`PUT ${topicPath}/lists`)[0]?.body).toEqual({
      slug: 'foundations',
      title: 'Start here: the foundations',
      description: 'Neighbourhood methods and latent factors.',
      items: [
        { paperId: korenPaper.id, note: 'The Netflix Prize view of latent factors.' },
        { paperId: sarwarPaper.id, note: 'Why comparing items beats comparing users.' },
        { paperId: transformerPaper.id, note: '' },
      ],
    });
    const list = screen.getByRole('list', { name: 'Start here: the foundations' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
  });

  it('deletes a list only once the editor confirms', async () => {
    const u = userEvent.setup();
    signIn();
    const { requests } = stubApi({
      'GET /api/research/centre': centreFixture({ canEdit: true }),
      [`GET ${topicPath}`]: topicFixture(),
      'GET /api/research/papers': paperPageFixture([]),
      [`DELETE ${topicPath}/lists/foundations`]: () => new Response(null, { status: 204 }),
    });
    renderApp('/research_center/topics/recommender-systems');
    await u.click(await screen.findByRole('button', { name: 'Delete “Start here: the foundations”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete “Start here: the foundations”?' });
    await u.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(requests(`DELETE ${topicPath}/lists/foundations`)).toHaveLength(1));
  });
});
