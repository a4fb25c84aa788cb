import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  errorResponse,
  jsonResponse,
  stubApi,
  type StubRequest,
  type StubRoute,
} from '../../test/api-stub.ts';
import { cardId } from '../../test/card-fixtures.ts';
import { feedbackItem } from '../../test/recommendation-fixtures.ts';
import { renderWithProviders, signIn } from '../../test/render.tsx';
import { YourFeedSection } from './your-feed-section.tsx';

function renderSection(routes: Record<string, StubRoute | object>) {
  const stub = stubApi({
    'GET /api/recommendations/preferences': { tilt: 0, tags: ['memory', 'ml'] },
    'GET /api/recommendations/feedback': { items: [] },
    ...routes,
  });
  signIn();
  renderWithProviders(<YourFeedSection />, { path: '/settings' });
  return stub;
}

const section = () => screen.findByRole('region', { name: 'Your feed' });

/** The PUT answers what it was sent, as the server stores it. */
const echo = (request: StubRequest) => jsonResponse(200, request.body);

describe('the Your feed section of settings', () => {
  it('lists what was marked “Not interested” and who was muted, and takes one back', async () => {
    const u = userEvent.setup();
    let items = [
      feedbackItem('card', cardId(4), 'Attention'),
      feedbackItem('author', 'u_ada', 'ada'),
      feedbackItem('tag', 'sleep', 'sleep'),
      feedbackItem('mute', 'u_grace', 'grace'),
    ];
    const { requests } = renderSection({
      'GET /api/recommendations/feedback': () => jsonResponse(200, { items }),
      'DELETE /api/recommendations/feedback': (request: StubRequest) => {
        items = items.filter(
          (item) => item.kind !== request.query.get('kind') || item.target !== request.query.get('target'),
        );
        return jsonResponse(200, { removed: true });
      },
    });
    const region = await section();
    const lists = await within(region).findAllByRole('list');
    expect(
      within(lists[0]!)
        .getAllByRole('listitem')
        .map((item) => item.firstChild?.textContent),
    ).toEqual(['Not interested in “Attention”', 'Less from @ada', 'Less about #sleep']);
    expect(within(lists[1]!).getByText('@grace', { selector: 'p' })).toBeVisible();

    await u.click(within(region).getByRole('button', { name: 'Undo Less from @ada' }));
    await waitFor(() => expect(within(region).queryByText('Less from @ada')).not.toBeInTheDocument());
    expect(within(region).getByText('Undone: Less from @ada.')).toBeVisible();
    const removals = requests('DELETE /api/recommendations/feedback');
    expect(removals.map((request) => Object.fromEntries(request.query))).toEqual([
      { kind: 'author', target: 'u_ada' },
    ]);
    expect(within(region).getByText('Not interested in “Attention”', { selector: 'p' })).toBeVisible();

    await u.click(within(region).getByRole('button', { name: 'Unmute @grace' }));
    expect(await within(region).findByText('You have not muted anyone.', { exact: false })).toBeVisible();
    expect(within(region).getByText('@grace is no longer muted.')).toBeVisible();
    expect(Object.fromEntries(requests('DELETE /api/recommendations/feedback')[1]!.query)).toEqual({
      kind: 'mute',
      target: 'u_grace',
    });
  });

  it('says when there is nothing to take back', async () => {
    renderSection({});
    const region = await section();
    expect(await within(region).findByText(/^Nothing yet\./)).toBeVisible();
    expect(within(region).getByText(/^You have not muted anyone\./)).toBeVisible();
    expect(within(region).queryByRole('button', { name: /^Undo/ })).not.toBeInTheDocument();
  });

  it('keeps the feedback when taking it back fails, and says why', async () => {
    const u = userEvent.setup();
    renderSection({
      'GET /api/recommendations/feedback': { items: [feedbackItem('tag', 'sleep', 'sleep')] },
      'DELETE /api/recommendations/feedback': () =>
        errorResponse(503, 'common/service-unavailable', 'The service is busy. Please try again.'),
    });
    const region = await section();
    await u.click(await within(region).findByRole('button', { name: 'Undo Less about #sleep' }));
    expect(
      await within(region).findByText('That could not be undone. The service is busy. Please try again.'),
    ).toBeVisible();
    expect(within(region).getByText('Less about #sleep', { selector: 'p' })).toBeVisible();
  });

  it('saves the tilt when the slider is moved, with the topics unchanged', async () => {
    const u = userEvent.setup();
    const { requests } = renderSection({ 'PUT /api/recommendations/preferences': echo });
    const region = await section();
    const slider = await within(region).findByRole('slider', {
      name: 'More from people I follow ↔ More new topics',
    });
    expect(slider).toHaveAttribute('aria-valuetext', 'Balanced');
    slider.focus();
    await u.keyboard('{ArrowRight}');
    expect(await within(region).findByText('Saved.')).toBeVisible();
    expect(slider).toHaveAttribute('aria-valuetext', 'More new topics');
    await u.keyboard('{ArrowLeft}{ArrowLeft}');
    await waitFor(() => expect(requests('PUT /api/recommendations/preferences')).toHaveLength(3));
    expect(requests('PUT /api/recommendations/preferences').map((request) => request.body)).toEqual([
      { tilt: 0.5, tags: ['memory', 'ml'] },
      { tilt: 0, tags: ['memory', 'ml'] },
      { tilt: -0.5, tags: ['memory', 'ml'] },
    ]);
    expect(slider).toHaveAttribute('aria-valuetext', 'More from people I follow');
  });

  it('puts the slider back and says so when the tilt is not saved', async () => {
    const u = userEvent.setup();
    renderSection({
      'PUT /api/recommendations/preferences': () =>
        errorResponse(503, 'common/service-unavailable', 'The service is busy. Please try again.'),
    });
    const region = await section();
    const slider = await within(region).findByRole('slider');
    slider.focus();
    await u.keyboard('{ArrowLeft}');
    expect(
      await within(region).findByText(
        'The feed setting was not saved. The service is busy. Please try again.',
      ),
    ).toBeVisible();
    expect(slider).toHaveAttribute('aria-valuetext', 'Balanced');
    expect(within(region).queryByText('Saved.')).not.toBeInTheDocument();
  });

  it('edits the picked topics and saves them with the tilt', async () => {
    const u = userEvent.setup();
    const { requests } = renderSection({
      'GET /api/recommendations/preferences': { tilt: -0.5, tags: ['memory', 'ml'] },
      'PUT /api/recommendations/preferences': echo,
    });
    const region = await section();
    const save = await within(region).findByRole('button', { name: 'Save topics' });
    expect(save).toBeDisabled();
    const field = within(region).getByRole('combobox', { name: 'Topics you picked' });
    await u.type(field, 'Compilers{Enter}');
    await u.click(within(region).getByRole('button', { name: 'memory' }).querySelector('svg')!);
    await u.click(save);
    expect(await within(region).findByText('Your topics are saved.')).toBeVisible();
    expect(requests('PUT /api/recommendations/preferences').map((request) => request.body)).toEqual([
      { tilt: -0.5, tags: ['ml', 'compilers'] },
    ]);
  });
});
