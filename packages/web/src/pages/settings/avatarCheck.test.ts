import { describe, expect, it } from 'vitest';
import { avatarProblem } from './avatarCheck';

describe('avatar check', () => {
  it('accepts jpg, jpeg, png and gif up to 1 MB', () => {
    for (const name of ['a.jpg', 'b.JPEG', 'c.png', 'd.gif']) expect(avatarProblem({ name, size: 1024 * 1024 })).toBeNull();
  });
  it('refuses other types', () => {
    expect(avatarProblem({ name: 'a.bmp', size: 10 })).toBe('validation.avatarType');
    expect(avatarProblem({ name: 'png', size: 10 })).toBe('validation.avatarType');
  });
  it('refuses files over 1 MB', () => {
    expect(avatarProblem({ name: 'a.png', size: 1024 * 1024 + 1 })).toBe('validation.fileTooLarge');
  });
});
