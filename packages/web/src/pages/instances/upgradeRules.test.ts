import { describe, expect, it } from 'vitest';
import { ALL_PRIVILEGES, Privilege, creditCheckPasses, type PricePlan } from '@tscloud/contracts';
import { mayQueryCredit, upgradeOffered, upgradeStep, type PlanChoice } from './upgradeRules';

const plan = (level: 0 | 1 | 2, price: number): PricePlan =>
  ({ id: String(level), name: `P${level}`, planName: `P${level}`, planNameShow: `P${level}`, level, basicChargeHourPrice: price, additionalConnector: [], limits: {} }) as unknown as PricePlan;
const plans = [plan(0, 0), plan(1, 0.25), plan(2, 1)];
const noCredit = { balance: 0, credit_card: false, marketplace: false };

describe('the §5 credit check', () => {
  it('passes on a marketplace or with a card on file, whatever the balance', () => {
    expect(creditCheckPasses({ marketplace: true, creditCard: false, balance: 0 }, 1)).toBe(true);
    expect(creditCheckPasses({ marketplace: false, creditCard: true, balance: 0 }, 1)).toBe(true);
  });

  it('otherwise needs a balance of at least the basic hourly charge (a failed read, -1, never passes)', () => {
    expect(creditCheckPasses({ marketplace: false, creditCard: false, balance: 0.25 }, 0.25)).toBe(true);
    expect(creditCheckPasses({ marketplace: false, creditCard: false, balance: 0.2499 }, 0.25)).toBe(false);
    expect(creditCheckPasses({ marketplace: false, creditCard: false, balance: -1 }, 0)).toBe(false);
    expect(creditCheckPasses({ marketplace: false, creditCard: false, balance: 0 }, 0)).toBe(true);
  });
});

describe('confirming the plan dialog', () => {
  it('closes when nothing changed, refuses lower plans and HA turned off', () => {
    expect(upgradeStep({ level: 1, ha: 0 }, { level: 1, ha: 0 }, plans, noCredit, 'none')).toEqual({ kind: 'unchanged' });
    expect(upgradeStep({ level: 1, ha: 0 }, { level: 0, ha: 0 }, plans, noCredit, 'none')).toEqual({ kind: 'notUpward' });
    expect(upgradeStep({ level: 1, ha: 1 }, { level: 1, ha: 0 }, plans, noCredit, 'none')).toEqual({ kind: 'notUpward' });
    expect(upgradeStep({ level: 1, ha: 1 }, { level: 2, ha: 0 }, plans, noCredit, 'none')).toEqual({ kind: 'notUpward' });
  });

  it('shows the warning when the balance is below the chosen plan charge, with the HA price', () => {
    expect(upgradeStep({ level: 0, ha: 0 }, { level: 1, ha: 0 }, plans, { ...noCredit, balance: 0.1 }, 'none')).toEqual({
      kind: 'insufficientCredit',
      hourlyCharge: 0.25,
      balance: 0.1,
    });
    const haPlans = [plan(1, 0.5), plan(2, 2)];
    expect(upgradeStep({ level: 1, ha: 0 }, { level: 1, ha: 1 }, haPlans, { ...noCredit, balance: 0.3 }, 'none').kind).toBe('insufficientCredit');
  });

  it('asks for confirmation when the credit check passes: balance, card, marketplace account or deployment', () => {
    expect(upgradeStep({ level: 0, ha: 0 }, { level: 1, ha: 0 }, plans, { ...noCredit, balance: 0.25 }, 'none')).toEqual({ kind: 'confirm', plan: plans[1], metrics: [] });
    expect(upgradeStep({ level: 0, ha: 0 }, { level: 2, ha: 0 }, plans, { ...noCredit, credit_card: true }, 'none').kind).toBe('confirm');
    expect(upgradeStep({ level: 0, ha: 0 }, { level: 2, ha: 0 }, plans, { ...noCredit, marketplace: true }, 'none').kind).toBe('confirm');
    expect(upgradeStep({ level: 0, ha: 0 }, { level: 2, ha: 0 }, plans, noCredit, 'aws').kind).toBe('confirm');
  });
});

describe('storage and connectors in the plan dialog', () => {
  const withConnectors = (level: 0 | 1 | 2, price: number): PricePlan => ({
    ...plan(level, price),
    additionalConnector: [
      { name: 'CSV', price: 0, support: true },
      { name: 'MQTT', price: 0.05, support: level > 0 },
    ],
  });
  const offered = [withConnectors(0, 0), withConnectors(1, 0.25), withConnectors(2, 1)];
  const addons = (storageGb: number, connectors: string[] = []) => ({ storageGb, connectors });
  const rich = { ...noCredit, balance: 10 };

  it('only add-ons changed: confirmation of the metrics, storage as the difference, no credit check', () => {
    const current = { level: 1, ha: 0, addons: addons(50, ['CSV']) };
    expect(upgradeStep(current, { level: 1, ha: 0, addons: addons(150, ['CSV', 'MQTT']) }, offered, noCredit, 'none')).toEqual({
      kind: 'confirmMetrics',
      metrics: [
        { metric_type: 'STORAGE', value: 100 },
        { metric_type: 'ADDITIONAL_CONNECTOR', value: 'MQTT' },
      ],
    });
    expect(upgradeStep(current, { level: 1, ha: 0, addons: addons(50, ['CSV']) }, offered, noCredit, 'none')).toEqual({ kind: 'unchanged' });
  });

  it('a plan change carries the add-ons; an HA change sends the full values', () => {
    const current = { level: 1, ha: 0, addons: addons(50) };
    const step = upgradeStep(current, { level: 2, ha: 0, addons: addons(100) }, offered, rich, 'none');
    expect(step).toMatchObject({ kind: 'confirm', metrics: [{ metric_type: 'STORAGE', value: 50 }] });
    const ha = upgradeStep(current, { level: 1, ha: 1, addons: addons(100, ['CSV']) }, offered, rich, 'none');
    expect(ha).toMatchObject({ kind: 'confirm', metrics: [{ metric_type: 'STORAGE', value: 100 }, { metric_type: 'ADDITIONAL_CONNECTOR', value: 'CSV' }] });
  });

  it('refuses what the server refuses: off-step storage, storage on the free plan, removals, connectors not offered', () => {
    const problem = (current: PlanChoice, chosen: PlanChoice) => {
      const step = upgradeStep(current, chosen, offered, rich, 'none');
      return step.kind === 'addOnProblem' ? step.problem.key : step.kind;
    };
    expect(problem({ level: 1, ha: 0 }, { level: 1, ha: 0, addons: addons(30) })).toBe('error.storageStep');
    expect(problem({ level: 0, ha: 0 }, { level: 0, ha: 0, addons: addons(50) })).toBe('error.storageUnsupported');
    expect(problem({ level: 1, ha: 0, addons: addons(100) }, { level: 1, ha: 0, addons: addons(50) })).toBe('error.addOnNotUpward');
    expect(problem({ level: 0, ha: 0 }, { level: 0, ha: 0, addons: addons(0, ['MQTT']) })).toBe('error.connectorUnsupported');
    expect(problem({ level: 0, ha: 0 }, { level: 1, ha: 0, addons: addons(0, ['MQTT']) })).toBe('confirm');
  });
});

describe('the Upgrade action', () => {
  const instance = { cluster_status: 'Running', privileges: [...ALL_PRIVILEGES] };
  const context = { readOnly: false, orgMarketplaceType: null, deploymentMarketplace: 'none' as const };

  it('is offered with billing:instance:upgrade in a writable, non-marketplace organization', () => {
    expect(upgradeOffered(instance, context)).toBe(true);
    expect(upgradeOffered({ ...instance, privileges: [Privilege.INSTANCE_READ] }, context)).toBe(false);
    expect(upgradeOffered(instance, { ...context, readOnly: true })).toBe(false);
    expect(upgradeOffered({ ...instance, cluster_status: 'Deleted' }, context)).toBe(false);
  });

  it('is hidden for marketplace or Aliyun-hosted organizations on a deployment of our own', () => {
    expect(upgradeOffered(instance, { ...context, orgMarketplaceType: 'aws' })).toBe(false);
    expect(upgradeOffered(instance, { ...context, orgMarketplaceType: 'aliyun' })).toBe(false);
  });

  it('is offered on a marketplace deployment (the Plan dialog), still with the privilege', () => {
    expect(upgradeOffered(instance, { ...context, orgMarketplaceType: 'aws', deploymentMarketplace: 'aws' })).toBe(true);
    expect(upgradeOffered({ ...instance, privileges: [Privilege.INSTANCE_READ] }, { ...context, orgMarketplaceType: 'aws', deploymentMarketplace: 'aws' })).toBe(false);
  });

  it('needs billing:credit:query to go on (else the alert)', () => {
    expect(mayQueryCredit([Privilege.BILLING_INSTANCE_UPGRADE])).toBe(false);
    expect(mayQueryCredit([Privilege.BILLING_CREDIT_QUERY])).toBe(true);
  });
});
