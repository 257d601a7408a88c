export { activityRecorderPlugin, activityTypeOf } from './recorder-plugin';
export { activityPlugin } from './plugin';
export { queryActivity } from './activity-service';
export { noteActivityTarget, noteSignInEvent } from './note';
