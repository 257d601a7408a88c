export { seedDemo, DEMO_EMAIL, DEMO_ORG_NAME, DEFAULT_DEMO_PASSWORD, type DemoAccount } from './seed';
export { DEMO_INSTANCE_ALIAS, demoTokenText, type DemoInstance } from './instance';
export { demoRefusal, isLoopbackHost } from './exposure';
