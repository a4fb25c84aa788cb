import fs from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cardSchema, draftSchema, type DraftInput } from '../../../contracts/cards.ts';
import { setupTestApp } from '../../test/app.ts';
import { people, type Person } from '../../test/people.ts';
import { escapeHtml } from './open-graph.ts';

const indexHtml = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="CARD WEB is a web of knowledge cards."
    />
    <title>CARD WEB</title>
    <script type="module" src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

/** The `content` of each `<meta property|name="key">` in the page, by key. */
function metaTags(html: string): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const match of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)" \/>/g))
    tags[match[1]!] = match[2]!;
  return tags;
}

describe('link previews of card pages', () => {
  const context = setupTestApp();
  const { signUp, request } = people(context, '100.64.7');
  let author: Person;

  beforeAll(async () => {
    // The web app plugin finds the build when the app is built: write a small one and build the app again.
    const root = context.config.webDistDir;
    await fs.mkdir(root, { recursive: true });
    await fs.writeFile(path.join(root, 'index.html'), indexHtml);
    await context.app.close();
    const { buildApp } = await import('../../app.ts');
    context.app = await buildApp({ config: context.config, db: context.db, version: 'test', logger: false });
    author = await signUp('Preview Writer');
  });

  async function card(changes: Partial<DraftInput>, { publish = true } = {}) {
    const created = await request('POST', '/api/cards', author, {});
    const draft = draftSchema.parse(created.json());
    const saved = await request('PUT', `/api/cards/${draft.cardId}/draft`, author, {
      title: 'A card',
      body: 'Some text.',
      type: 'note',
      fields: {},
      tags: [],
      coverURL: null,
      visibility: 'public',
      typedLinks: [],
      baseRevision: draft.revision,
      ...changes,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    if (!publish) return draft.cardId;
    const published = await request('POST', `/api/cards/${draft.cardId}/publish`, author);
    expect(published.statusCode, published.body).toBe(200);
    return cardSchema.parse(published.json()).id;
  }

  it('gives a public card its title, excerpt, cover, address and type, every value escaped', async () => {
    const id = await card({
      title: 'Quotes "<script>alert(1)</script> & more',
      body: 'The **softmax** of <b>logits</b> & "friends" — see [[Nowhere]].',
      coverURL: 'https://images.example/cover.png?a=1&b="2"',
    });
    const response = await request('GET', `/cards/${id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    const html = response.body;
    // Nothing the author wrote reaches the page as markup.
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('"<script>');
    expect(html).toContain(
      '<title>Quotes &quot;&lt;script&gt;alert(1)&lt;/script&gt; &amp; more · CARD WEB</title>',
    );
    const tags = metaTags(html);
    expect(tags).toMatchObject({
      'og:type': 'article',
      'og:title': escapeHtml('Quotes "<script>alert(1)</script> & more'),
      'og:url': `${context.config.PUBLIC_URL}/cards/${id}`,
      'og:image': escapeHtml('https://images.example/cover.png?a=1&b=%222%22'),
      'og:description': escapeHtml('The softmax of logits & "friends" — see Nowhere.'),
      description: escapeHtml('The softmax of logits & "friends" — see Nowhere.'),
      'twitter:card': 'summary_large_image',
    });
    expect(tags.robots).toBeUndefined();
    // One description only: the card's replaced the site's.
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain('<script type="module" src="/assets/index-abc.js"></script>');
  });

  it('makes an uploaded cover absolute, and asks search engines to skip unlisted cards', async () => {
    const hash = 'a'.repeat(64);
    const id = await card({ title: 'Unlisted one', visibility: 'unlisted', coverURL: `/api/files/${hash}` });
    const tags = metaTags((await request('GET', `/cards/${id}`)).body);
    expect(tags['og:image']).toBe(`${context.config.PUBLIC_URL}/api/files/${hash}`);
    expect(tags.robots).toBe('noindex');
    expect(tags['og:title']).toBe('Unlisted one');
  });

  it('says nothing about private cards, drafts and unknown ids', async () => {
    const privateId = await card({ title: 'Secret plans', body: 'Hidden text.', visibility: 'private' });
    const draftId = await card({ title: 'Unfinished thought', body: 'Draft text.' }, { publish: false });
    for (const url of [
      `/cards/${privateId}`,
      `/cards/${draftId}`,
      '/cards/00000000-0000-4000-8000-000000000000',
      '/cards/not-a-uuid',
    ]) {
      const response = await request('GET', url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(indexHtml);
      expect(response.body).not.toMatch(/Secret plans|Hidden text|Unfinished thought|Draft text/);
    }
  });

  it('leaves every other page as it is', async () => {
    const response = await request('GET', '/exploration');
    expect(response.body).toBe(indexHtml);
  });
});
