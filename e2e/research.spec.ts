import type { Page } from '@playwright/test';
import { makePaperPdf } from '../server/test/pdfs.ts';
import { expect, signUpThroughApi, test } from './fixtures.ts';

const topicPath = '/research_center/topics/recommender-systems';
/** Three papers of the demo topic, by their exact titles, and the key the note cites the first by. */
const papers = [
  'Matrix Factorization Techniques for Recommender Systems',
  'Neural Collaborative Filtering',
  'BPR: Bayesian Personalized Ranking from Implicit Feedback',
];
const citationKey = 'koren2009matrix';

/** No serious axe violation on the page, in the light theme and the dark one. */
async function axeInBothThemes(page: Page, check: (page: Page) => Promise<unknown[]>, where: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    expect(await check(page), `${where}, ${scheme} theme`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('a new person gathers three papers of a topic into a project, attaches a PDF and publishes a note that cites one', async ({
  page,
  seriousA11yViolations,
}) => {
  test.slow();
  await signUpThroughApi(page, 'Research Reader');

  // The research centre opens on its topics; the recommender-systems topic has reading lists and its papers.
  await page.goto('/research_center');
  await page.getByRole('link', { name: 'Recommender systems', exact: true }).click();
  await expect(page).toHaveURL(topicPath);
  await expect(page.getByRole('heading', { level: 1, name: 'Recommender systems' })).toBeVisible();
  await expect(page.getByRole('link', { name: papers[0], exact: true }).first()).toBeVisible();
  await axeInBothThemes(page, seriousA11yViolations, 'the topic page');

  // A new project, and the three papers added to it from the project page's search.
  await page.goto('/research');
  await page.getByRole('button', { name: 'New project' }).click();
  const dialog = page.getByRole('dialog', { name: 'New project' });
  await dialog.getByLabel('Name').fill('Implicit feedback');
  await dialog.getByLabel('Question').fill('How do recommenders learn from clicks rather than ratings?');
  await dialog.getByRole('button', { name: 'Create project' }).click();
  await expect(page).toHaveURL(/\/research\/projects\/[0-9a-f-]{36}$/);
  const projectUrl = page.url();
  for (const title of papers) {
    const search = page.getByLabel('Find papers to add');
    await search.fill(title.split(':')[0]!);
    await page.getByRole('button', { name: `Add ${title}`, exact: true }).click();
    await expect(page.getByRole('button', { name: `${title} is in the project`, exact: true })).toBeVisible();
  }
  // The literature map is laid out in the browser's layout worker, with the literature map's options.
  await expect(page.getByTestId('literature-map')).toHaveAttribute('data-layout', 'ready');
  await expect(page.getByTestId('literature-map')).toContainText(papers[1]!);
  await axeInBothThemes(page, seriousA11yViolations, 'the project page');

  // A PDF of the first paper, uploaded to the library and attached to the paper's card.
  const bytes = await makePaperPdf({
    title: papers[0]!,
    authors: ['Yehuda Koren', 'Robert Bell', 'Chris Volinsky'],
    year: 2009,
    doi: '10.1109/MC.2009.263',
    pages: ['Latent factor models map users and items to a joint space.', 'A second page about biases.'],
  });
  await page.goto('/learn/pdf-library');
  await page
    .getByLabel('PDF files to upload')
    .setInputFiles({ name: 'koren-2009.pdf', mimeType: 'application/pdf', buffer: bytes });
  await page.getByRole('button', { name: `Edit the details of ${papers[0]}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit details' });
  await edit.getByRole('combobox', { name: 'Attach a paper card' }).fill('Matrix Factorization');
  await page.getByRole('option', { name: papers[0], exact: true }).click();
  await expect(edit.getByRole('link', { name: papers[0], exact: true })).toBeVisible();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();

  // The project lists the paper with its PDF; its page offers Read.
  await page.goto(projectUrl);
  await page.getByRole('link', { name: papers[0], exact: true }).first().click();
  await expect(page).toHaveURL(/\/research_center\/papers\/[0-9a-f-]{36}$/);
  const paperId = page.url().split('/').at(-1)!;
  await expect(page.getByRole('link', { name: /^Read/ })).toHaveAttribute('href', /\/learn\/pdf-library\//);
  await axeInBothThemes(page, seriousA11yViolations, 'the paper page');

  // A note on the second paper that cites the first, published as a card with its reference list.
  await page.goto(`/research?paper=${paperId}`);
  const editor = page.getByRole('textbox', { name: 'Note, in Markdown' });
  await editor.click();
  await page.keyboard.type(`Implicit feedback needs confidence weights, as in [@${citationKey}].`);
  await expect(page.getByText('Only you can see this note')).toBeVisible();
  await axeInBothThemes(page, seriousA11yViolations, 'the research home');
  await page.getByRole('button', { name: 'Publish as card' }).click();
  const published = page.getByRole('link', { name: 'a card', exact: true });
  await expect(published).toHaveAttribute('href', /^\/cards\/[0-9a-f-]{36}$/);
  await published.click();
  await expect(page).toHaveURL(/\/cards\/[0-9a-f-]{36}$/);
  const references = page.getByRole('region', { name: 'References' });
  await expect(references).toContainText('Koren');
  await expect(references.getByRole('link').first()).toHaveAttribute(
    'href',
    `/research_center/papers/${paperId}`,
  );
  await expect(page.getByRole('link', { name: 'Reference 1' })).toBeVisible();
});
