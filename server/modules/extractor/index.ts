/**
 * The repository extractor (issue 20): a repository as one clean, token-counted document, and as cards. This
 * far: which of a repository's files are taken (`createSelection`).
 */
export {
  createSelection,
  DEFAULT_IGNORES,
  IGNORE_FILE_NAMES,
  isBinary,
  isLfsPointer,
  type FileDecision,
  type Selection,
  type SelectionOptions,
} from './selection.ts';
