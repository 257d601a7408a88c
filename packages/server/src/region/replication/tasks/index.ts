export { datainTasksPlugin } from './plugin';
export { refuseDataSourceDrops, refuseDropOfDataSourceDatabase } from './database-guard';
