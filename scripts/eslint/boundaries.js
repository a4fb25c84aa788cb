// ESLint rules for the architecture in docs/DESIGN.md, derived from paths so no list of features has to be kept:
//   - a file in web/features/<a>/ never imports from web/features/<b>/;
//   - only server/**/repository.ts, the files of a server/**/repository/ folder (a repository split by job),
//     server/db/** and tests import the database (drizzle-orm, pg, the schema);
//   - code outside server/modules/<m>/ reaches that module only through its surface, server/modules/<m>/index.ts
//     (tests and benchmarks may reach inside modules: fixtures, and the internals they measure);
//   - only server/lib/archive/ (the guarded reader) and tests open archives: no archive library elsewhere, and
//     none of fflate's readers (its writers, which make zips to send, are free to use).
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');
const DATABASE_PACKAGES = /^(drizzle-orm|pg)(\/|$)/;
const ARCHIVE_PACKAGES =
  /^(yauzl|yauzl-promise|tar|tar-stream|tar-fs|adm-zip|jszip|unzipper|decompress)(\/|$)/;
const FFLATE_READERS = /^(unzip|Unzip|gunzip|Gunzip|decompress|Decompress|inflate|Inflate)/;

function relative(file) {
  return path.relative(root, file).split(path.sep).join('/');
}

function featureOf(file) {
  const match = /^web\/features\/([^/]+)\//.exec(relative(file));
  return match?.[1];
}

function serverModuleOf(file) {
  const match = /^server\/modules\/([^/]+)\//.exec(relative(file));
  return match?.[1];
}

function isTestOrBench(file) {
  const rel = relative(file);
  return /\.test\.tsx?$/.test(rel) || rel.startsWith('server/test/') || rel.startsWith('bench/');
}

function mayTouchDatabase(file) {
  const rel = relative(file);
  return (
    /^server\/(.+\/)?repository\.ts$/.test(rel) ||
    /^server\/(.+\/)?repository\/[^/]+\.ts$/.test(rel) ||
    rel.startsWith('server/db/') ||
    rel.startsWith('server/test/') ||
    /\.test\.tsx?$/.test(rel) ||
    !rel.startsWith('server/')
  );
}

function mayOpenArchives(file) {
  const rel = relative(file);
  return rel.startsWith('server/lib/archive/') || isTestOrBench(file) || !rel.startsWith('server/');
}

/** The names a static import takes from its module (`default` for a default import). */
function importedNames(node) {
  return (node.specifiers ?? []).map((specifier) =>
    specifier.type === 'ImportSpecifier' ? (specifier.imported.name ?? specifier.imported.value) : 'default',
  );
}

function checkSource(context, node, source, typeOnly) {
  const file = context.filename;
  if (!source) return;
  const resolved = source.startsWith('.') ? path.resolve(path.dirname(file), source) : undefined;

  const from = featureOf(file);
  if (from && resolved) {
    const to = featureOf(resolved);
    if (to && to !== from) {
      context.report({
        node,
        message: `Feature "${from}" must not import from feature "${to}"; move the shared piece to web/components or web/lib.`,
      });
    }
  }

  if (resolved && !isTestOrBench(file)) {
    const target = serverModuleOf(resolved);
    const rel = relative(resolved);
    if (target && target !== serverModuleOf(file) && rel !== `server/modules/${target}/index.ts`) {
      context.report({
        node,
        message: `Reach module "${target}" through its surface, server/modules/${target}/index.ts, not "${rel}".`,
      });
    }
  }

  if (!typeOnly && !mayOpenArchives(file)) {
    const opensArchives =
      ARCHIVE_PACKAGES.test(source) ||
      (source === 'fflate' && importedNames(node).some((name) => FFLATE_READERS.test(name)));
    if (opensArchives) {
      context.report({
        node,
        message: `Open archives through server/lib/archive (readArchive), the one guarded reader, not "${source}".`,
      });
    }
  }

  if (!typeOnly && !mayTouchDatabase(file)) {
    const isDatabase =
      DATABASE_PACKAGES.test(source) || (resolved && relative(resolved) === 'server/db/schema.ts');
    if (isDatabase) {
      context.report({
        node,
        message: `Only repositories (server/**/repository.ts, server/**/repository/*.ts) and server/db/ may use the database ("${source}").`,
      });
    }
  }
}

export default {
  rules: {
    boundaries: {
      meta: { type: 'problem', schema: [] },
      create(context) {
        return {
          ImportDeclaration(node) {
            checkSource(context, node, node.source.value, node.importKind === 'type');
          },
          ExportNamedDeclaration(node) {
            if (node.source) checkSource(context, node, node.source.value, node.exportKind === 'type');
          },
          ExportAllDeclaration(node) {
            checkSource(context, node, node.source.value, node.exportKind === 'type');
          },
          ImportExpression(node) {
            if (node.source.type === 'Literal') checkSource(context, node, node.source.value, false);
          },
        };
      },
    },
  },
};
