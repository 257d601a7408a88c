import { describe, expect, it } from 'vitest';
import { en, topicCreateSchema, zh } from '@tscloud/contracts';
import { TOPIC_FORM_DEFAULTS, topicPreview } from './topicForm';

const issues = (values: object) => {
  const parsed = topicCreateSchema.safeParse({ ...TOPIC_FORM_DEFAULTS, ...values });
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('topic create form rules', () => {
  it('names: a letter or underscore first, letters, digits and underscores, at most 192', () => {
    expect(issues({ name: 'meters_1', db: 'power' })).toEqual({});
    expect(issues({ name: '_x', db: 'power' })).toEqual({});
    expect(issues({ name: '1meters', db: 'power' })).toEqual({ name: 'validation.topicName' });
    expect(issues({ name: 'a-b', db: 'power' })).toEqual({ name: 'validation.topicName' });
    expect(issues({ name: 'a'.repeat(193), db: 'power' })).toEqual({ name: 'validation.topicName' });
    expect(issues({ name: 'a'.repeat(192), db: 'power' })).toEqual({});
    expect(issues({ name: '', db: 'power' })).toEqual({ name: 'validation.topicName' });
  });

  it('needs a database, a SELECT for a query topic and a super table for a super table topic', () => {
    expect(issues({ name: 't', db: '' })).toEqual({ db: 'validation.topicDatabase' });
    expect(issues({ name: 't', db: 'power', kind: 'query', query: 'DELETE FROM meters' })).toEqual({ query: 'validation.topicQuery' });
    expect(issues({ name: 't', db: 'power', kind: 'query', query: 'SELECT * FROM meters; DROP DATABASE power' })).toEqual({ query: 'validation.topicQuery' });
    expect(issues({ name: 't', db: 'power', kind: 'query', query: "SELECT * FROM meters WHERE location = 'a;b';" })).toEqual({});
    expect(issues({ name: 't', db: 'power', kind: 'stable', stable: '' })).toEqual({ stable: 'validation.topicStable' });
    expect(issues({ name: 't', db: 'power', kind: 'stable', stable: 'meters', condition: 'groupid = 1; drop' })).toEqual({ condition: 'validation.topicCondition' });
  });

  it('every rule message exists in English and Chinese', () => {
    for (const key of ['validation.topicName', 'validation.topicDatabase', 'validation.topicQuery', 'validation.topicStable', 'validation.topicCondition', 'error.topicExists', 'error.topicWalRetention'] as const) {
      expect(en[key]).toBeTruthy();
      expect(zh[key]).toBeTruthy();
    }
    expect(en['error.topicExists']).toBe('Topic name already exists');
  });

  it('shows the generated CREATE TOPIC statement of each kind, or nothing while invalid', () => {
    expect(topicPreview({ ...TOPIC_FORM_DEFAULTS, name: 'Meters', db: 'power' })).toBe('CREATE TOPIC `Meters` AS DATABASE `power`');
    expect(topicPreview({ ...TOPIC_FORM_DEFAULTS, name: 'm', db: 'power', with_meta: true })).toBe('CREATE TOPIC `m` WITH META AS DATABASE `power`');
    expect(topicPreview({ ...TOPIC_FORM_DEFAULTS, name: 'm', kind: 'stable', db: 'power', stable: 'meters', condition: "location = 'office'" })).toBe(
      "CREATE TOPIC `m` AS STABLE `power`.`meters` WHERE location = 'office'",
    );
    expect(topicPreview({ ...TOPIC_FORM_DEFAULTS, name: 'm', kind: 'stable', db: 'power', stable: 'meters' })).toBe('CREATE TOPIC `m` AS STABLE `power`.`meters`');
    expect(topicPreview({ ...TOPIC_FORM_DEFAULTS, name: 'm', kind: 'query', db: 'power', query: 'SELECT ts, current FROM meters;', with_meta: true })).toBe(
      'CREATE TOPIC `m` AS SELECT ts, current FROM meters',
    );
    expect(topicPreview({ ...TOPIC_FORM_DEFAULTS, name: '9', db: 'power' })).toBeNull();
  });
});
