export { menusPlugin } from './plugin';
export { ORG_MENUS, APP_MENUS, menuMap } from './menu-map';
