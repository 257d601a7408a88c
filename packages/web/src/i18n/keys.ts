/**
 * Both catalogues, for code that needs every language at once (tests, the WebKey type). The app itself loads one
 * language's module at a time (catalogues/en.ts, catalogues/zh.ts; i18n/index.ts `loadCatalogue`).
 */
export { enCatalogue, type WebKey } from './catalogues/en';
export { zhCatalogue } from './catalogues/zh';
