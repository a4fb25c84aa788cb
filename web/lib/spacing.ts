/**
 * Spacing steps, in units of the theme's 8 px: between a page's header and its content, between sections,
 * between the blocks of a section, and inside a block. Pages use these rather than numbers of their own.
 * They live apart from theme.ts, which is in the start-up bundle, while only pages use them.
 */
export const space = { page: 3, section: 4, block: 2, inline: 1 } as const;
