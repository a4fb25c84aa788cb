/**
 * An entry's name as a path inside the archive's root (`a/b.ts`), or null when it could leave the root or
 * name nothing: absolute (`/etc`, `\\server`), a drive (`C:…`), a `..` segment anywhere, a NUL byte. Backslashes
 * count as separators (archives made on Windows), and `.` and empty segments are dropped.
 */
export function safeEntryPath(name: string): string | null {
  if (name.includes('\0')) return null;
  const slashed = name.replace(/\\/g, '/');
  if (slashed.startsWith('/') || /^[A-Za-z]:/.test(slashed)) return null;
  const parts = slashed.split('/').filter((part) => part !== '' && part !== '.');
  if (parts.length === 0 || parts.includes('..')) return null;
  return parts.join('/');
}
