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

/** Whether `url` (absolute, or a path on this site) may be used as a destination: its host must be authorized. */
export function isAuthorizedUrl(url: string, authorizedDomains: string[]): boolean {
  if (url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\')) return true;
  try {
    const parsed = new URL(url);
    return (
      (parsed.protocol === 'http:' || parsed.protocol === 'https:') &&
      authorizedDomains.includes(parsed.hostname.toLowerCase())
    );
  } catch {
    return false;
  }
}
