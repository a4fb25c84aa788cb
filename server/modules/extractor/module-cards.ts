import type { RepositoryModule } from './modules.ts';
import type { RepositorySummary } from './summary.ts';

/** A card to publish: its title and Markdown body, and the tags it carries. */
export interface ComposedCard {
  title: string;
  body: string;
  tags: string[];
  /** The module's folder, or null for the repository's own card. */
  module: string | null;
}

/** What the cards say about where they come from. */
export interface CardSource {
  /** `owner/name`, or the archive's name. */
  name: string;
  /** The address to open it at (a git address), or null for an upload. */
  url: string | null;
  ref: string;
  commit: string;
  extractionId: string;
  /** The README's opening, for the repository's card. */
  readme: string | null;
}

const FILES_LISTED = 40;

/** A tag made of a name: lower case letters, digits and hyphens (the cards' tag rules). */
function tagOf(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'repository'
  );
}

/** Text that cannot close a wiki link or start Markdown of its own inside one. */
const titleText = (text: string) =>
  text
    .replace(/[[\]|#^]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const code = (text: string) => `\`${text.replace(/`/g, 'ʼ')}\``;

/** The address of a module in the code visualiser, opened from its card. */
export function visualiserPath(extractionId: string, path: string): string {
  const query = new URLSearchParams({ extraction: extractionId });
  if (path) query.set('path', path);
  return `/code_visualizer?${query.toString()}`;
}

/**
 * The cards of a repository's modules: one per module (what it is for, its public exports, the modules it
 * depends on and those that use it as `[[links]]`, its files, and a link to open it in the code visualiser),
 * and one for the repository that links them all. Titles are unique, so every link names one card.
 */
export function composeModuleCards(
  source: CardSource,
  summary: RepositorySummary,
  modules: readonly RepositoryModule[],
): ComposedCard[] {
  const repository = titleText(source.name);
  const titles = new Map<string, string>();
  const used = new Set([repository.toLowerCase()]);
  for (const module of modules) {
    let title = `${repository} · ${titleText(module.name) || titleText(module.path) || 'root'}`;
    // Two modules with the same name (two `utils` folders) are told apart by their folders.
    if (used.has(title.toLowerCase())) title = `${title} (${titleText(module.path) || 'root'})`;
    used.add(title.toLowerCase());
    titles.set(module.path, title);
  }
  const usedBy = new Map<string, string[]>();
  for (const module of modules)
    for (const target of module.imports) usedBy.set(target, [...(usedBy.get(target) ?? []), module.path]);
  const links = (paths: readonly string[]) =>
    paths.flatMap((path) => (titles.has(path) ? [`- [[${titles.get(path)}]]`] : []));
  const tags = ['code', tagOf(source.name)];
  const origin = `From ${source.url ? `[${source.name}](${source.url})` : source.name} at ${code(source.ref)} (${code(source.commit.slice(0, 12))}).`;

  const cards = modules.map((module): ComposedCard => {
    const facts = [
      `**Folder:** ${code(module.path || '/')}`,
      module.language ? `**Language:** ${module.language}` : null,
      `**Size:** ${module.files.length.toLocaleString('en')} ${module.files.length === 1 ? 'file' : 'files'}, ${module.lines.toLocaleString('en')} lines of code`,
    ].filter(Boolean);
    const sections = [
      module.purpose ?? '_Nothing in the module says what it is for: no README, description or doc comment._',
      facts.join(' · '),
    ];
    if (module.exports.length > 0)
      sections.push(
        `## Public exports\n\n${module.exports.map((entry) => `- ${code(entry.name)} (${entry.kind}) in ${code(entry.file)}`).join('\n')}`,
      );
    const dependsOn = links(module.imports);
    if (dependsOn.length > 0) sections.push(`## Depends on\n\n${dependsOn.join('\n')}`);
    const users = links(usedBy.get(module.path) ?? []);
    if (users.length > 0) sections.push(`## Used by\n\n${users.join('\n')}`);
    const listed = module.files.slice(0, FILES_LISTED).map((file) => `- ${code(file)}`);
    if (module.files.length > FILES_LISTED)
      listed.push(`- and ${(module.files.length - FILES_LISTED).toLocaleString('en')} more`);
    sections.push(`## Files\n\n${listed.join('\n')}`);
    sections.push(
      `[Open in the code visualiser](${visualiserPath(source.extractionId, module.path)}) · Part of [[${repository}]]. ${origin}`,
    );
    return { title: titles.get(module.path)!, body: sections.join('\n\n'), tags, module: module.path };
  });

  const languages = summary.languages
    .slice(0, 5)
    .map((entry) => `${entry.language} (${entry.files.toLocaleString('en')} files)`)
    .join(', ');
  const overview = [
    source.readme ?? `_${repository} has no README._`,
    `**Size:** ${summary.files.toLocaleString('en')} files, ${summary.lines.toLocaleString('en')} lines, ${summary.tokens.toLocaleString('en')} tokens${languages ? ` · **Languages:** ${languages}` : ''}`,
  ];
  if (modules.length > 0)
    overview.push(
      `## Modules\n\n${modules
        .map((module) => {
          const purpose = module.purpose ? `: ${module.purpose.split(/(?<=[.!?])\s/)[0]}` : '';
          return `- [[${titles.get(module.path)}]]${purpose}`;
        })
        .join('\n')}`,
    );
  overview.push(`[Open in the code visualiser](${visualiserPath(source.extractionId, '')}) · ${origin}`);
  return [{ title: repository, body: overview.join('\n\n'), tags, module: null }, ...cards];
}
