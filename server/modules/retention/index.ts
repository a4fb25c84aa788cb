/** The retention sweep that deletes what the privacy policy says is kept for a while only. */
export { default as retentionPlugin } from './plugin.ts';
