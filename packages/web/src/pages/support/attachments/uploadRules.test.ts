import { describe, expect, it } from 'vitest';
import { TICKET_FILE_MAX_BYTES } from '@tscloud/contracts';
import { megabytes, uploadRefusal } from './uploadRules';

describe('upload rules before sending', () => {
  const limits = { maxFiles: 2, maxBytes: TICKET_FILE_MAX_BYTES };
  it('refuses a file over 10 MB with the spec message, and accepts exactly 10 MB', () => {
    expect(uploadRefusal({ size: TICKET_FILE_MAX_BYTES + 1 }, 0, limits)).toEqual({ key: 'validation.fileTooLarge' });
    expect(uploadRefusal({ size: TICKET_FILE_MAX_BYTES }, 0, limits)).toBeNull();
  });
  it('refuses a file past the configured count', () => {
    expect(uploadRefusal({ size: 10 }, 1, limits)).toBeNull();
    expect(uploadRefusal({ size: 10 }, 2, limits)).toEqual({ key: 'support.tooManyFiles', count: 2 });
  });
  it('states the size in megabytes', () => {
    expect(megabytes(TICKET_FILE_MAX_BYTES)).toBe(10);
  });
});
