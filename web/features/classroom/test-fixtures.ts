/**
 * The classroom's test courses, kept in web/test/ beside the other shared fixtures so Home's tests may use them
 * too (a feature does not import from another); the classroom's tests import them from here.
 */
export * from '../../test/course-fixtures.ts';
