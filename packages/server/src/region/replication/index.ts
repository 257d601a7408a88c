export { replicationRoutes } from './routes';
