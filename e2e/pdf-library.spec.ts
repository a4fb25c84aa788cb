import type { Page } from '@playwright/test';
import { pdfLibrarySchema } from '../contracts/pdfs.ts';
import { makePaperPdf } from '../server/test/pdfs.ts';
import { expect, signUpThroughApi, test } from './fixtures.ts';

const title = 'Spacing effects in long-term retention';
const sentence = 'The zanzibarite effect appears on this page alone.';

/** A real paper: a title block, and a word only its third page holds. */
function paper() {
  return makePaperPdf({
    title,
    authors: ['Ada Lovelace', 'Alan Turing'],
    year: 2021,
    doi: '10.1234/spacing.2021.5',
    pages: [
      'Reviews spaced over days strengthen memory more than massed practice.',
      'A second page about forgetting curves and retrieval practice.',
      `${sentence} Other words follow it on the same page.`,
      'A fourth page about sleep and consolidation.',
    ],
  });
}

/** Waits until the library has read the text of every PDF (a background job) and returns the list. */
async function whenIndexed(page: Page) {
  let library = pdfLibrarySchema.parse(await (await page.request.get('/api/pdfs')).json());
  await expect
    .poll(
      async () => {
        library = pdfLibrarySchema.parse(await (await page.request.get('/api/pdfs')).json());
        return library.items.map((item) => item.textStatus);
      },
      { timeout: 20_000 },
    )
    .toEqual(['extracted']);
  return library;
}

/** Selects `text` in the rendered text layer of page `number`, as a reader dragging over it would. */
async function select(page: Page, number: number, text: string) {
  await page.locator(`.page[data-page-number="${number}"] .textLayer span`).first().waitFor();
  await page.evaluate(
    ({ number, text }) => {
      const layer = document.querySelector(`.page[data-page-number="${number}"] .textLayer`)!;
      const walker = document.createTreeWalker(layer, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.textContent!.indexOf(text);
        if (at < 0) continue;
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + text.length);
        const selection = window.getSelection()!;
        selection.removeAllRanges();
        selection.addRange(range);
        window.dispatchEvent(new PointerEvent('pointerup', { bubbles: true }));
        return;
      }
      throw new Error(`No "${text}" on page ${number}`);
    },
    { number, text },
  );
}

test('upload a paper, find a word on its page 3, highlight it, make a card and follow it back', async ({
  page,
  seriousA11yViolations,
}) => {
  await signUpThroughApi(page, 'Paper Reader');
  const bytes = await paper();
  await page.goto('/learn/pdf-library');
  await expect(page.getByRole('meter', { name: 'Storage' })).toBeVisible();

  await page
    .getByLabel('PDF files to upload')
    .setInputFiles({ name: 'spacing.pdf', mimeType: 'application/pdf', buffer: bytes });
  const list = page.getByRole('list', { name: 'Your PDFs' });
  await expect(list.getByRole('link', { name: title, exact: true })).toBeVisible();
  await expect(list).toContainText('Ada Lovelace, Alan Turing');

  // The same file again opens the one already there.
  await page
    .getByLabel('PDF files to upload')
    .setInputFiles({ name: 'copy.pdf', mimeType: 'application/pdf', buffer: bytes });
  await expect(page.getByText(/Already in your library/)).toBeVisible();
  expect((await whenIndexed(page)).total).toBe(1);

  // Full-text search finds the word on page 3 only.
  await page.getByRole('searchbox', { name: 'Search your PDFs' }).fill('zanzibarite');
  await page.getByRole('searchbox', { name: 'Search your PDFs' }).press('Enter');
  const results = page.getByRole('list', { name: 'Search results' });
  const hit = results.getByRole('link', { name: /p\. 3/ });
  await expect(hit).toHaveCount(1);
  await expect(results.locator('mark')).toHaveText(['zanzibarite']);
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.evaluate((theme) => localStorage.setItem('theme', theme), theme);
    await page.reload();
    await expect(results.getByRole('link', { name: /p\. 3/ })).toBeVisible();
    expect(await seriousA11yViolations(page), `library, ${theme}`).toEqual([]);
  }

  // The hit opens the reader at page 3.
  await results.getByRole('link', { name: /p\. 3/ }).click();
  await expect(page).toHaveURL(/\/learn\/pdf-library\/[0-9a-f-]{36}\?page=3/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Page number' })).toHaveValue('3');

  // Highlight the sentence, then Make card, publishing.
  await select(page, 3, sentence);
  await page.getByRole('toolbar', { name: 'Highlight' }).getByRole('button', { name: 'Yellow' }).click();
  const highlights = page.getByRole('region', { name: 'Highlights' });
  await expect(highlights).toContainText(sentence);
  await highlights.getByRole('button', { name: 'Make card' }).click();
  const ask = page.getByRole('dialog', { name: 'Make cards as drafts, or publish them?' });
  await ask.getByRole('button', { name: 'Publish' }).click();
  const cards = page.getByRole('region', { name: 'Cards from this PDF' });
  const cardLink = cards.getByRole('link', { name: sentence });
  await expect(cardLink).toBeVisible();
  expect(await seriousA11yViolations(page), 'reader, dark').toEqual([]);

  // The card quotes and cites the paper, and leads back to the page and the highlight.
  await cardLink.click();
  await expect(page.getByRole('heading', { level: 1, name: sentence })).toBeVisible();
  await expect(page.getByRole('article')).toContainText('Ada Lovelace and Alan Turing (2021)');
  await page.getByRole('link', { name: `${title}, p. 3` }).click();
  await expect(page).toHaveURL(/\?page=3#h-[0-9a-f-]{36}$/);
  await expect(page.getByRole('textbox', { name: 'Page number' })).toHaveValue('3');
  const highlightId = new URL(page.url()).hash.slice(1);
  await expect(page.locator(`[data-highlight-id="${highlightId.slice(2)}"]`).first()).toBeVisible();
  await page.emulateMedia({ colorScheme: 'light' });
  await page.evaluate(() => localStorage.setItem('theme', 'light'));
  await page.reload();
  await expect(page.getByRole('region', { name: 'Highlights' })).toContainText(sentence);
  expect(await seriousA11yViolations(page), 'reader, light').toEqual([]);
});

test('a file that is not a PDF is refused with its reason and nothing is added', async ({ page }) => {
  await signUpThroughApi(page, 'Careful Uploader');
  await page.goto('/learn/pdf-library');
  await page.getByLabel('PDF files to upload').setInputFiles({
    name: 'notes.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('These are plain notes, not a PDF.'),
  });
  await expect(page.getByText(/not a PDF/)).toBeVisible();
  const library = pdfLibrarySchema.parse(await (await page.request.get('/api/pdfs')).json());
  expect(library.total).toBe(0);
});
