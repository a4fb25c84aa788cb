/** Profiles and the follow graph: `app.profiles`, and how a profile row is shown to others. */
export { default as profilesRoutes, createProfiles } from './routes.ts';
export type { ProfilesService } from './service.ts';
export { profileSummaryOf, subscribedNow } from './summary.ts';
