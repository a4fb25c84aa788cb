/**
 * The daily allowance of language-model requests that the card assistant, Ask the library and the blog
 * builder share: one count per person against their plan's `assistantRequestsPerDay`.
 */
export { countModelRequestsToday } from './repository.ts';
