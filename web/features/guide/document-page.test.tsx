import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { filterLabels, recommendationLimits } from '../../../contracts/recommendations.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { DocumentPage } from './document-page.tsx';

describe('user guide', () => {
  it('prints the rank thresholds and points the server uses', () => {
    renderWithProviders(<DocumentPage />, { path: '/document' });
    const table = screen.getByRole('table', { name: 'Ranks and the reputation each needs' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['C', 'below 0'],
      ['B', '0 to 199'],
      ['A', '200 to 1,999'],
      ['S', '2,000 to 19,999'],
      ['SS', '20,000 and more'],
    ]);
    const section = screen.getByRole('heading', { name: 'Reputation and ranks' }).parentElement!;
    expect(section).toHaveTextContent('at most 200 points a day');
    expect(section).toHaveTextContent('one of your cards is liked: +10');
  });

  it('explains the recommendation debug page with the recommender’s own filters and metrics', () => {
    renderWithProviders(<DocumentPage />, { path: '/document' });
    const section = screen.getByRole('region', { name: 'Recommendation debug' });
    for (const label of Object.values(filterLabels)) expect(section).toHaveTextContent(label);
    expect(section).toHaveTextContent(`until you have ${recommendationLimits.signalsNeeded} signals`);
    for (const metric of [
      'Recall@k',
      'NDCG@k',
      'MAP@k',
      'Coverage',
      'Novelty, in bits',
      'Jaccard distance',
    ]) {
      expect(section).toHaveTextContent(metric);
    }
  });
});
