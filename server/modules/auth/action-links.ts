import type { ActionMode } from '../../../contracts/auth.ts';
import type { Config } from '../../config.ts';

/** Builds the seed's email action link: `/auth/action?mode=…&oobCode=…&apiKey=…&continueUrl=…&lang=en`. */
export function actionLink(
  config: Pick<Config, 'PUBLIC_URL'>,
  apiKey: string,
  mode: ActionMode,
  oobCode: string,
  continueUrl?: string | null,
): string {
  const url = new URL('/auth/action', config.PUBLIC_URL);
  url.searchParams.set('mode', mode);
  url.searchParams.set('oobCode', oobCode);
  url.searchParams.set('apiKey', apiKey);
  if (continueUrl) url.searchParams.set('continueUrl', continueUrl);
  url.searchParams.set('lang', 'en');
  return url.toString();
}

/** The `callbackURL` the identity library put in its own link, which we carry on as `continueUrl`. */
export function callbackFrom(libraryUrl: string): string | null {
  try {
    const value = new URL(libraryUrl).searchParams.get('callbackURL');
    return value && value !== '/' ? value : null;
  } catch {
    return null;
  }
}

/** Host names of this machine, whose origins are allowed on any port outside production (development servers). */
const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether `url` (absolute, or a path on this site) is on an authorized site: its whole origin (scheme, host and
 * port) must be one of the authorized origins, or, outside production only, a loopback one.
 */
export function isAuthorizedUrl(
  url: string,
  config: Pick<Config, 'authorizedOrigins' | 'isProduction'>,
): boolean {
  if (url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\')) return true;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
    if (config.authorizedOrigins.includes(parsed.origin)) return true;
    return !config.isProduction && loopbackHosts.has(parsed.hostname);
  } catch {
    return false;
  }
}
