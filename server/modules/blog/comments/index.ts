/** Comments on blog posts: the thread under a post, writing, deleting and reporting. */
export { default as blogCommentsRoutes } from './routes.ts';
