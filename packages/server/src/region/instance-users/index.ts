/** Instance users: what other region areas use (the SQL/explorer calls run a member's SQL as their engine user). */
export { instanceUsersRoutes } from './routes';
export { engineCredentialsOf, type ReconcileLog } from './reconcile';
export { engineUsersReady, markAccessChanged, syncInstanceUsers, syncOrgInstances } from './engine-sync';
export { engineUserName } from './engine-users';
