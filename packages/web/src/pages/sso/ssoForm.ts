import { ssoCreateSchema, ssoUpdateSchema, type SsoSetting } from '@tscloud/contracts';

/**
 * The form's rules are the server's: a first setting needs a secret; a saved one keeps its secret when the field
 * is left empty (the server never sends it back). Apart from ssoRules.ts, which the sign-in page loads: these
 * schemas are for the settings page only.
 */
export function ssoFormSchema(existing: SsoSetting | null | undefined) {
  return existing?.clientSecretSaved ? ssoUpdateSchema : ssoCreateSchema;
}
