export { alertsPlugin } from './plugin';
export { createAlert, type NewAlert } from './alert-service';
