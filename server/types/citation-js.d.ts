// citation-js 0.8 ships no types: only the calls the citation export makes are declared here.
declare module '@citation-js/core' {
  /** A list of references in CSL-JSON, which the registered plugins turn into other formats. */
  export class Cite {
    constructor(data: unknown);
    /** `format('bibtex', { format: 'object' })`, `format('ris')`, `format('data', { format: 'object' })`… */
    format(name: string, options?: Record<string, unknown>): unknown;
  }
}
declare module '@citation-js/plugin-bibtex';
declare module '@citation-js/plugin-ris';
