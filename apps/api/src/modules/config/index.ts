export { configRoutes } from './config-routes';
