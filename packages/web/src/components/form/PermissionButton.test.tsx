import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Privilege } from '@tscloud/contracts';
import { PermissionButton, missingPrivileges } from './PermissionButton';

describe('PermissionButton', () => {
  afterEach(cleanup);

  it('is enabled when the caller holds the privilege', () => {
    render(<PermissionButton held={[Privilege.DB_CREATE]} needs={{ allOf: [Privilege.DB_CREATE] }}>Create database</PermissionButton>);
    expect((screen.getByRole('button', { name: 'Create database' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('is disabled and names the missing privilege otherwise', () => {
    render(<PermissionButton held={[Privilege.DB_READ]} needs={{ allOf: [Privilege.DB_CREATE] }}>Create database</PermissionButton>);
    const button = screen.getByRole('button', { name: 'Create database' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.parentElement?.getAttribute('data-denied')).toBe(Privilege.DB_CREATE);
  });

  it('is disabled in a read-only organization even with the privilege', () => {
    render(<PermissionButton held={[Privilege.DB_CREATE]} needs={{ allOf: [Privilege.DB_CREATE] }} readOnly>Create database</PermissionButton>);
    expect((screen.getByRole('button', { name: 'Create database' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('lists what is missing of allOf and anyOf', () => {
    expect(missingPrivileges([Privilege.DB_READ], { allOf: [Privilege.DB_READ, Privilege.DB_WRITE], anyOf: [Privilege.DB_DROP] })).toEqual([Privilege.DB_WRITE, Privilege.DB_DROP]);
    expect(missingPrivileges([Privilege.DB_DROP], { anyOf: [Privilege.DB_DROP, Privilege.DB_WRITE] })).toEqual([]);
  });
});
