export { supportPlugin } from './plugin';
export { addStaff, removeStaff, listStaff, isStaff } from './staff';
