import { describe, expect, it } from 'vitest';
import { composeModuleCards, visualiserPath } from './module-cards.ts';
import type { RepositoryModule } from './modules.ts';

const module = (path: string, name: string, more: Partial<RepositoryModule> = {}): RepositoryModule => ({
  path,
  name,
  purpose: null,
  files: [`${path}/index.ts`],
  exports: [],
  imports: [],
  lines: 10,
  language: 'typescript',
  ...more,
});

const source = {
  name: 'team/atlas',
  url: 'https://example.org/team/atlas',
  ref: 'main',
  commit: '0123456789abcdef0123456789abcdef01234567',
  extractionId: '6f1c5a52-0d4e-4b7b-9c1e-0c8f7a2b9d11',
  readme: 'Maps of the known world, as code.',
};
const summary = {
  files: 3,
  treeOnly: 0,
  lines: 30,
  tokens: 300,
  languages: [{ language: 'typescript', files: 3, tokens: 300 }],
  largest: [],
};

describe('module cards', () => {
  it('makes one card for the repository and one per module, linked both ways by unique titles', () => {
    const cards = composeModuleCards(source, summary, [
      module('packages/core', 'core', {
        purpose: 'Projections and scales. Used everywhere.',
        exports: [{ name: 'project', kind: 'function', file: 'packages/core/index.ts' }],
      }),
      module('packages/cli', 'cli', { imports: ['packages/core'] }),
      module('tools/core', 'core'),
    ]);
    expect(cards.map((card) => [card.title, card.module])).toEqual([
      ['team/atlas', null],
      ['team/atlas · core', 'packages/core'],
      ['team/atlas · cli', 'packages/cli'],
      ['team/atlas · core (tools/core)', 'tools/core'],
    ]);
    const [repository, core, cli] = cards;
    expect(repository!.body).toContain('Maps of the known world, as code.');
    expect(repository!.body).toContain('- [[team/atlas · core]]: Projections and scales.');
    expect(repository!.body).toContain('- [[team/atlas · core (tools/core)]]');
    expect(core!.body).toContain('- `project` (function) in `packages/core/index.ts`');
    expect(core!.body).toContain('## Used by\n\n- [[team/atlas · cli]]');
    expect(cli!.body).toContain('## Depends on\n\n- [[team/atlas · core]]');
    expect(cli!.body).toContain(`](${visualiserPath(source.extractionId, 'packages/cli')})`);
    expect(cli!.body).toContain('Part of [[team/atlas]]');
    expect(cli!.body).toContain('_Nothing in the module says what it is for');
    for (const card of cards) expect(card.tags).toEqual(['code', 'team-atlas']);
  });

  it('keeps names from breaking out of a wiki link, and lists at most 40 files', () => {
    const files = Array.from({ length: 45 }, (_, n) => `lib/f${n}.ts`);
    const [, card] = composeModuleCards({ ...source, name: 'x]]|y' }, summary, [
      module('lib', 'a]]b|c', { files }),
    ]);
    expect(card!.title).toBe('x y · a b c');
    expect(card!.body).toContain('- and 5 more');
    expect(card!.body.match(/^- `lib\/f/gm)).toHaveLength(40);
  });

  it('opens the whole repository or one folder in the code visualiser', () => {
    expect(visualiserPath('id-1', '')).toBe('/code_visualizer?extraction=id-1');
    expect(visualiserPath('id-1', 'packages/core')).toBe(
      '/code_visualizer?extraction=id-1&path=packages%2Fcore',
    );
  });
});
