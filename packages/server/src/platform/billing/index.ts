export { billingPlugin } from './plugin';
