/** Instance users: what other region areas use (the SQL/explorer calls run a member's SQL as their engine user). */
export { instanceUsersRoutes } from './routes';
export { reconcileInstanceUsers, engineCredentialsOf } from './reconcile';
export { engineUserName } from './engine-users';
