/**
 * Where to send someone after signing in. Only same-origin paths are allowed: a value like
 * `https://evil.example` or `//evil.example` (protocol-relative) would turn the sign-in page into an open
 * redirect, and a backslash is treated as a slash by browsers (`/\evil.example`).
 */
export function safeNextPath(raw: string | null | undefined): string | null {
  if (!raw) return null;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return null;
  // Control characters are stripped by URL parsers, which could turn "/\t/evil" into "//evil".
  for (let i = 0; i < raw.length; i++) {
    const code = raw.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return null;
  }
  try {
    const url = new URL(raw, 'https://card-web.invalid');
    if (url.origin !== 'https://card-web.invalid') return null;
  } catch {
    return null;
  }
  return raw;
}

/**
 * The sign-in (or sign-up) URL that returns to `target` afterwards, e.g. `/login?next=%2Fbuild`: the value
 * is percent-encoded as URLSearchParams would, so a target with its own query string survives intact.
 */
export function authPathFor(page: '/login' | '/signup', target: string | null): string {
  const next = safeNextPath(target);
  if (next === null) return page;
  return `${page}?next=${encodeURIComponent(next)}`;
}

export function loginPathFor(target: string): string {
  return authPathFor('/login', target);
}

/**
 * The in-app path of `url` when it points at this site (an email link's `continueUrl` is absolute), else
 * null, so a link can never send someone to another site.
 */
export function sameOriginPath(
  url: string | null | undefined,
  origin: string = window.location.origin,
): string | null {
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url, origin);
  } catch {
    return null;
  }
  if (parsed.origin !== origin) return null;
  return safeNextPath(`${parsed.pathname}${parsed.search}${parsed.hash}`);
}
