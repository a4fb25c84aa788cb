/** Profile photos: upload, check, crop and store. */
export { default as profilePhotosRoutes } from './routes.ts';
