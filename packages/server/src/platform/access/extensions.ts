import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps';

/**
 * What access control needs to know about areas built by later issues, behind small interfaces so that this
 * area does not depend on them:
 * - instances: which organization an instance belongs to (the 'instance' access level refuses an instance of
 *   another organization) and how many an organization has (an organization is deleted only without any);
 * - billing: whether an organization is in arrears (it is deleted only without arrears).
 * Until those issues exist, the defaults say "no instance exists" and "no arrears": every 'instance' route is
 * refused with not-found and every organization can be deleted. The instances and billing areas replace them
 * at registration with provideInstanceDirectory / provideBillingStanding.
 */
export interface InstanceDirectory {
  /** The organization of an instance, or null when there is no such instance. */
  orgOf(instanceId: string): Promise<string | null>;
  countByOrg(orgId: string): Promise<number>;
}

export interface BillingStanding {
  hasArrears(orgId: string): Promise<boolean>;
  /** Whether the organization's instances were stopped for unpaid arrears (a start waits for the payment). */
  stoppedForArrears(orgId: string): Promise<boolean>;
}

export interface AccessExtensions {
  instances: InstanceDirectory;
  billing: BillingStanding;
}

declare module 'fastify' {
  interface FastifyInstance {
    accessExtensions: AccessExtensions;
  }
}

export const noInstances: InstanceDirectory = {
  orgOf: async () => null,
  countByOrg: async () => 0,
};

export const noArrears: BillingStanding = {
  hasArrears: async () => false,
  stoppedForArrears: async () => false,
};

const registerAccessExtensionsPlugin: FastifyPluginAsync<AppDeps> = async (app) => {
  app.decorate('accessExtensions', { instances: noInstances, billing: noArrears });
};

export const accessExtensionsPlugin = fp(registerAccessExtensionsPlugin, { name: 'access-extensions' });

export function provideInstanceDirectory(app: FastifyInstance, directory: InstanceDirectory): void {
  app.accessExtensions.instances = directory;
}

export function provideBillingStanding(app: FastifyInstance, standing: BillingStanding): void {
  app.accessExtensions.billing = standing;
}
