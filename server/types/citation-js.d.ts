// citation-js 0.8 ships no types: only the calls the citation export, import and styles make are declared here.
declare module '@citation-js/core' {
  /** A list of references in CSL-JSON, which the registered plugins turn into other formats. */
  export class Cite {
    constructor(data: unknown);
    /**
     * `format('bibtex', { format: 'object' })`, `format('ris')`, `format('data', { format: 'object' })`,
     * `format('bibliography', { template, format: 'text', asEntryArray: true })`, `format('citation', …)`…
     */
    format(name: string, options?: Record<string, unknown>): unknown;
  }
  /** The plugin registry: input parsers (by format name, "@biblatex/text", "@ris/file") and plugin configs. */
  export const plugins: {
    input: {
      /** One parsing step of a named format ("@biblatex/text" → BibTeX entries as objects). */
      data(input: unknown, type: string): unknown;
      /** Parsing steps from a named format until CSL-JSON items (an array). */
      chain(input: unknown, options: { forceType: string; generateGraph?: boolean }): unknown;
    };
    config: {
      /** plugin-csl's config: its CSL styles ("apa", "vancouver", "harvard1") by name. */
      get(name: '@csl'): { styles: { add(name: string, xml: string): void; has(name: string): boolean } };
    };
  };
}
declare module '@citation-js/plugin-bibtex';
declare module '@citation-js/plugin-ris';
declare module '@citation-js/plugin-csl';
