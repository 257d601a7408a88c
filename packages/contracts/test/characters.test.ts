import { describe, expect, it } from 'vitest';
import {
  groupCreateSchema,
  instanceNameSchema,
  isVisibleText,
  martPublishSchema,
  orgNameSchema,
  pathOfNulCharacter,
  personNameSchema,
  profileTextSchema,
  roleCreateSchema,
  signupSchema,
  translate,
} from '../src';

const HIDDEN = [
  '\u202E', // right-to-left override ("exe.txt" shown for "txt.exe")
  '\u202A', '\u202B', '\u202C', '\u202D', '\u2066', '\u2067', '\u2068', '\u2069', // embeddings, isolates
  '\u200E', '\u200F', '\u061C', // direction marks
  '\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', // zero widths
  '\u00AD', '\u034F', '\u3164', '\uFE0F', '\u{E0041}', // soft hyphen, grapheme joiner, Hangul filler, variation selector, tag
  '\u0000', '\u0007', '\n', '\u2028', '\u2029', // controls, separators
];

describe('names show what they are', () => {
  it('refuses invisible and text-direction characters, and keeps every visible script', () => {
    for (const c of HIDDEN) expect(isVisibleText(`ab${c}cd`), `U+${c.codePointAt(0)!.toString(16)}`).toBe(false);
    for (const name of ['Plant A', 'Müller', '北京工厂', 'Ünïcødé-名前_1', 'ümlaut ß', 'emoji ❄ ok']) expect(isVisibleText(name), name).toBe(true);
  });

  it('in the name of an organization, a person, a profile, an instance, a group, a role, a company and a mart entry', () => {
    const spoof = 'Admin\u202Etxt.exe';
    const refused = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => {
      expect(result.success).toBe(false);
      expect(result.error!.issues[0].message).toBe('validation.hiddenCharacter');
    };
    refused(orgNameSchema.safeParse('Acme\u200B'));
    refused(personNameSchema.safeParse(spoof));
    refused(profileTextSchema.safeParse(spoof));
    refused(instanceNameSchema.safeParse(spoof));
    refused(instanceNameSchema.safeParse('\u200B'));
    refused(groupCreateSchema.safeParse({ name: spoof }));
    refused(roleCreateSchema.safeParse({ name: 'Ops\u200D', privileges: ['org:read'] }));
    refused(signupSchema.safeParse({ email: 'a@example.com', password: 'Passw0rd.', firstName: 'Ada', lastName: 'L', company: 'Evil\u202Ecorp', acceptTerms: true }));
    refused(martPublishSchema.safeParse({ app_id: 'x', db_name: 'db1', title: 'Open\u2066data' }));
    expect(instanceNameSchema.safeParse('Plant A (北京)').success).toBe(true);
    expect(groupCreateSchema.safeParse({ name: 'Operators' }).success).toBe(true);
  });

  it('says so in English and Chinese', () => {
    expect(translate('validation.hiddenCharacter', 'en')).toBe('Names cannot contain invisible or text-direction characters (such as U+200B or U+202E)');
    expect(translate('validation.hiddenCharacter', 'zh')).toBe('名称不能包含不可见字符或文字方向控制字符（如 U+200B、U+202E）');
  });
});

describe('NUL characters in a request value', () => {
  it('are found in strings, keys and nested values, with their path', () => {
    expect(pathOfNulCharacter('a\u0000')).toBe('');
    expect(pathOfNulCharacter({ a: 'x', b: [{ c: 'y' }, { d: 'z\u0000' }] })).toBe('b.1.d');
    expect(pathOfNulCharacter({ 'k\u0000': 1 })).toBe('k\u0000');
    expect(pathOfNulCharacter({ a: 'x', n: 1, t: true, z: null })).toBeNull();
    expect(pathOfNulCharacter(new Uint8Array([0, 1]))).toBeNull();
  });
});
