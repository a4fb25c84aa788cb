import type { BuilderSession, BuilderVersion } from '../../../contracts/blog-builder.ts';

/**
 * The session with `version` as its newest: it becomes `current`, and its summary replaces the one with the
 * same number in the list (a retried step may send a number again) or joins the list in order.
 */
export function withVersion(session: BuilderSession, version: BuilderVersion): BuilderSession {
  const { draft: _draft, ...summary } = version;
  const others = session.versions.filter((item) => item.number !== version.number);
  const versions = [...others, summary].sort((a, b) => a.number - b.number);
  const newest = versions.at(-1)?.number ?? version.number;
  return {
    ...session,
    versions,
    current: version.number >= newest ? version : session.current,
    title: version.draft.title || session.title,
  };
}
