/**
 * The repository extractor (issue 20): a repository as one clean, token-counted document, and as cards. This
 * far: reading a repository's address (`parseRepositoryUrl`, `splitRefAndPath`), fetching one commit of it over
 * smart HTTP through the outbound rules (`fetchRepository`, `gitHttpClient`), which of its files are taken
 * (`createSelection`), the secrets in them (`findSecrets`, `redactSecrets`), and the document they make, whole
 * or in parts (`writeDocument`).
 */
export { findSecrets, redactSecrets, type SecretFinding } from './secrets.ts';
export { summarize, summaryText, type RepositorySummary } from './summary.ts';
export {
  languageOf,
  orderFiles,
  treeOf,
  writeDocument,
  type DocumentFile,
  type DocumentFormat,
  type DocumentOptions,
  type DocumentPart,
  type DocumentSource,
  type TokenCounter,
} from './document.ts';
export {
  fetchRepository,
  type FetchRepositoryInput,
  type RepositoryFile,
  type RepositorySnapshot,
} from './fetch-repository.ts';
export { gitHttpClient, type GitHttpLimits } from './git-http.ts';
export { parseRepositoryUrl, splitRefAndPath, type RepositoryAddress } from './repository-url.ts';
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
