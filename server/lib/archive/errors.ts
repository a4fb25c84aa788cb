/** Why an archive was refused; callers turn it into their own error code (`extractor/…`, `import/…`). */
export type ArchiveErrorKind =
  | 'not-an-archive'
  | 'corrupt'
  | 'unsafe-path'
  | 'too-many-entries'
  | 'entry-too-large'
  | 'too-large'
  | 'ratio';

/** An archive the guarded reader will not read further; nothing of it should be kept. */
export class ArchiveError extends Error {
  override name = 'ArchiveError';
  readonly kind: ArchiveErrorKind;
  /** The entry it was reading, when one is to blame. */
  readonly entry: string | undefined;

  constructor(kind: ArchiveErrorKind, message: string, options: { entry?: string; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.kind = kind;
    this.entry = options.entry;
  }
}
