import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse, stubApi } from '../../../test/api-stub.ts';
import { renderApp, signIn } from '../../../test/render.tsx';
import {
  centreFixture,
  korenPaper,
  paperPageFixture,
  topicFixture,
  transformerPaper,
} from '../../../test/research-fixtures.ts';

describe('/research_center', () => {
  it('shows the topics with their counts and first lines, then every paper', async () => {
    stubApi({
      'GET /api/research/centre': centreFixture(),
      'GET /api/research/papers': paperPageFixture([korenPaper, transformerPaper]),
    });
    renderApp('/research_center');
    expect(await screen.findByRole('heading', { level: 1, name: 'Research centre' })).toBeVisible();
    const topics = await screen.findByRole('list', { name: 'Topics' });
    const [recsys] = within(topics).getAllByRole('listitem');
    expect(within(recsys as HTMLElement).getByRole('link', { name: 'Recommender systems' })).toHaveAttribute(
      'href',
      '/research_center/topics/recommender-systems',
    );
    expect(recsys).toHaveTextContent('14 papers · 2 reading lists');
    expect(recsys).toHaveTextContent('A recommender decides which handful of items');
    expect(recsys).not.toHaveTextContent('Two shifts');
    const papers = await screen.findByRole('list', { name: 'All papers' });
    expect(within(papers).getByRole('link', { name: korenPaper.title })).toHaveAttribute(
      'href',
      `/research_center/papers/${korenPaper.id}`,
    );
    expect(screen.queryByRole('button', { name: 'New topic' })).not.toBeInTheDocument();
  });

  it('says "more than" when the count stopped at its cap', async () => {
    stubApi({
      'GET /api/research/centre': centreFixture(),
      'GET /api/research/papers': paperPageFixture([korenPaper, transformerPaper], {
        total: 500,
        totalCapped: true,
        nextCursor: 2,
      }),
    });
    renderApp('/research_center');
    expect(await screen.findByText('More than 500 papers.')).toBeVisible();
  });

  it('says so when the topics cannot be loaded', async () => {
    stubApi({
      'GET /api/research/centre': () => errorResponse(500, 'common/internal', 'Something went wrong.'),
      'GET /api/research/papers': paperPageFixture([]),
    });
    renderApp('/research_center');
    expect(await screen.findByText(/The topics could not be loaded/)).toBeVisible();
  });

  it('lets an editor create a topic, showing the server’s sentence by the field', async () => {
    const u = userEvent.setup();
    signIn();
    const { requests } = stubApi({
      'GET /api/research/centre': centreFixture({ canEdit: true }),
      'GET /api/research/papers': paperPageFixture([]),
      'POST /api/research/topics': ({ body }) =>
        (body as { slug: string }).slug === 'recommender-systems'
          ? errorResponse(422, 'common/invalid-input', 'Check the fields.', {
              fields: [{ path: 'slug', message: 'This address is taken.' }],
            })
          : jsonResponse(200, topicFixture({ slug: 'graphs', title: 'Graphs', lists: [] })),
      'GET /api/research/topics/graphs': topicFixture({ slug: 'graphs', title: 'Graphs', lists: [] }),
    });
    const { router } = renderApp('/research_center');
    await u.click(await screen.findByRole('button', { name: 'New topic' }));
    const dialog = await screen.findByRole('dialog', { name: 'New topic' });
    await u.type(within(dialog).getByRole('textbox', { name: 'Address' }), 'recommender-systems');
    await u.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Graphs');
    await u.type(within(dialog).getByRole('textbox', { name: 'Tags' }), 'graphs, networks');
    await u.click(within(dialog).getByRole('button', { name: 'Create the topic' }));
    expect(await within(dialog).findByText('This address is taken.')).toBeVisible();
    expect(within(dialog).getByRole('textbox', { name: 'Address' })).toHaveAttribute('aria-invalid', 'true');

    await u.clear(within(dialog).getByRole('textbox', { name: 'Address' }));
    await u.type(within(dialog).getByRole('textbox', { name: 'Address' }), 'graphs');
    await u.click(within(dialog).getByRole('button', { name: 'Create the topic' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/research_center/topics/graphs'));
    expect(requests('POST /api/research/topics')[1]?.body).toEqual({
      slug: 'graphs',
      title: 'Graphs',
      introduction: '',
      tags: ['graphs', 'networks'],
      courses: [],
      links: [],
    });
  });

  it('keeps the search in the address and sends it to the API', async () => {
    const u = userEvent.setup();
    const { requests } = stubApi({
      'GET /api/research/centre': centreFixture(),
      'GET /api/research/papers': ({ query }) =>
        jsonResponse(
          200,
          paperPageFixture(query.get('hasCode') === 'true' ? [transformerPaper] : [korenPaper]),
        ),
    });
    const { router } = renderApp('/research_center?q=attention&yearFrom=2015&sort=readers');
    expect(await screen.findByRole('searchbox', { name: 'Search papers' })).toHaveValue('attention');
    expect(screen.getByRole('textbox', { name: 'Year from' })).toHaveValue('2015');
    expect(screen.getByRole('combobox', { name: 'Sort' })).toHaveValue('readers');
    await waitFor(() => expect(requests('GET /api/research/papers').length).toBeGreaterThan(0));
    const first = requests('GET /api/research/papers')[0]?.query;
    expect(Object.fromEntries(first ?? [])).toEqual({ q: 'attention', yearFrom: '2015', sort: 'readers' });

    await u.click(screen.getByRole('checkbox', { name: 'Has code' }));
    await waitFor(() => expect(router.state.location.search).toContain('hasCode=1'));
    expect(await screen.findByRole('link', { name: transformerPaper.title })).toBeVisible();

    await u.click(screen.getAllByRole('button', { name: 'Clear the filters' })[0] as HTMLElement);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('searchbox', { name: 'Search papers' })).toHaveValue('');
  });

  it('explains an empty search and offers to clear it', async () => {
    stubApi({
      'GET /api/research/centre': centreFixture(),
      'GET /api/research/papers': paperPageFixture([]),
    });
    renderApp('/research_center?venue=Nowhere');
    expect(await screen.findByText('No paper matches this search.')).toBeVisible();
  });
});
