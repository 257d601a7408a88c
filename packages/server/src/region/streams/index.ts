export { streamRoutes } from './routes';
