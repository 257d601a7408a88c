/** What other areas use of single sign-on: the plugin, and the password sign-in's check. */
export { ssoPlugin } from './plugin';
export { refusePasswordSignInUnderSso } from './password-policy';
