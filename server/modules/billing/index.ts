/** Premium: Stripe Checkout, its webhook, administrators' grants and the expiry sweep. */
export { default as billingRoutes } from './routes.ts';
