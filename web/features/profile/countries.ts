import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json';

// Only English is registered: the app is in English, and every other locale would be dead weight in the chunk.
countries.registerLocale(en);

// The browser's names are the everyday ones ("Taiwan", "Russia", "Vatican City"); the library's first name is
// the formal one, kept for a code the browser does not know.
const displayNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

export interface CountryOption {
  /** ISO 3166-1 alpha-2, the value the API stores. */
  code: string;
  name: string;
  /** What typing can match: the name, the library's other English names ("UK", "USA") and the code. */
  searchText: string;
}

function nameOf(code: string): string {
  return displayNames.of(code) ?? countries.getName(code, 'en') ?? code;
}

/** Every country the API accepts (the same library's list), sorted by English name. */
export const countryOptions: readonly CountryOption[] = Object.keys(countries.getAlpha2Codes())
  .map((code) => {
    const name = nameOf(code);
    const aliases = countries.getName(code, 'en', { select: 'all' }) ?? [];
    return { code, name, searchText: [name, ...aliases, code].join(' | ') };
  })
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));

const byCode = new Map(countryOptions.map((option) => [option.code, option]));

/** The English name of an alpha-2 code; the code itself for one outside the list. */
export function countryName(code: string): string {
  return byCode.get(code)?.name ?? code;
}

export function countryOption(code: string | null): CountryOption | null {
  return code === null ? null : (byCode.get(code) ?? null);
}
