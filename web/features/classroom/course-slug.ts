/**
 * A course's address from its title, as the new-course form suggests it: lowercase letters and digits, accents
 * dropped, every other run of characters one hyphen, at most 80 characters, no hyphen at either end.
 * "Café & Crème: Part 2" becomes "cafe-creme-part-2".
 */
export function slugFromTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 80)
    .replace(/^-+|-+$/g, '');
}
