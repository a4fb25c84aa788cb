import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import boundaries from './boundaries.js';

const root = path.resolve(import.meta.dirname, '..', '..');

function lint(file: string, code: string): string[] {
  const linter = new Linter({ configType: 'flat' });
  const messages = linter.verify(
    code,
    [
      {
        files: ['**/*.ts', '**/*.tsx'],
        languageOptions: { parser: tseslint.parser as Linter.Parser },
        plugins: { 'card-web': boundaries },
        rules: { 'card-web/boundaries': 'error' },
      },
    ],
    path.join(root, file),
  );
  return messages.map((message) => message.message);
}

describe('card-web/boundaries', () => {
  it('keeps feature folders from importing each other', () => {
    expect(lint('web/features/cards/page.tsx', "import { x } from '../chat/api.ts';")[0]).toMatch(
      /Feature "cards" must not import from feature "chat"/,
    );
    expect(lint('web/features/cards/page.tsx', "import { x } from './api.ts';")).toEqual([]);
    expect(lint('web/features/cards/page.tsx', "import { x } from '../../components/x.tsx';")).toEqual([]);
  });

  it('keeps the database inside repositories and server/db', () => {
    expect(lint('server/modules/cards/service.ts', "import { eq } from 'drizzle-orm';")[0]).toMatch(
      /Only repositories/,
    );
    expect(lint('server/modules/cards/routes.ts', "import { cards } from '../../db/schema.ts';")[0]).toMatch(
      /Only repositories/,
    );
    expect(lint('server/modules/cards/repository.ts', "import { eq } from 'drizzle-orm';")).toEqual([]);
    // A repository split by job: the files of its repository/ folder, and nothing deeper or beside it.
    expect(lint('server/modules/confer/repository/messages.ts', "import { eq } from 'drizzle-orm';")).toEqual(
      [],
    );
    expect(lint('server/modules/play/reviews/repository.ts', "import { eq } from 'drizzle-orm';")).toEqual(
      [],
    );
    expect(
      lint('server/modules/confer/repository/x/deeper.ts', "import { eq } from 'drizzle-orm';")[0],
    ).toMatch(/Only repositories/);
    expect(
      lint('server/modules/confer/repository-helpers.ts', "import { eq } from 'drizzle-orm';")[0],
    ).toMatch(/Only repositories/);
    expect(lint('server/db/client.ts', "import pg from 'pg';")).toEqual([]);
    expect(lint('server/app.ts', "import type { Database } from './db/client.ts';")).toEqual([]);
  });

  it('opens archives only through the guarded reader', () => {
    expect(lint('server/modules/importer/service.ts', "import yauzl from 'yauzl';")[0]).toMatch(
      /Open archives through server\/lib\/archive/,
    );
    expect(lint('server/modules/importer/service.ts', "import { extract } from 'tar-stream';")[0]).toMatch(
      /the one guarded reader/,
    );
    expect(lint('server/modules/importer/service.ts', "import { unzipSync } from 'fflate';")[0]).toMatch(
      /the one guarded reader/,
    );
    // Making a zip to send is not opening one.
    expect(lint('server/modules/cards/service.ts', "import { zipSync, strToU8 } from 'fflate';")).toEqual([]);
    expect(lint('server/lib/archive/read.ts', "import yauzl from 'yauzl';")).toEqual([]);
    expect(lint('server/lib/archive/archive.test.ts', "import tar from 'tar-stream';")).toEqual([]);
  });

  it('lets other code reach a server module only through its index.ts', () => {
    expect(
      lint('server/modules/confer/service.ts', "import { x } from '../explore/repository.ts';")[0],
    ).toMatch(/Reach module "explore" through its surface, server\/modules\/explore\/index.ts/);
    expect(
      lint('server/modules/cards/service.ts', "import type { X } from '../profiles/summary.ts';")[0],
    ).toMatch(/Reach module "profiles"/);
    expect(lint('server/app.ts', "import x from './modules/cards/routes.ts';")[0]).toMatch(
      /Reach module "cards"/,
    );
    expect(lint('server/modules/confer/service.ts', "import { x } from '../explore/index.ts';")).toEqual([]);
    expect(lint('server/modules/confer/service.ts', "import { x } from './repository.ts';")).toEqual([]);
    expect(lint('server/app.ts', "import { cards } from './modules/cards/index.ts';")).toEqual([]);
    expect(
      lint('server/modules/confer/messages.test.ts', "import { x } from '../cards/repository.ts';"),
    ).toEqual([]);
    expect(lint('server/test/cards.ts', "import { x } from '../modules/cards/service.ts';")).toEqual([]);
  });
});
