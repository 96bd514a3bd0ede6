import { describe, expect, it } from 'vitest';
import { DEFAULT_USER_ROLE, dateOfBirthValue } from './UserFormDialog.tsx';

describe('user form values', () => {
  it('sends the date of birth as null or a timestamp ending in Z', () => {
    expect(dateOfBirthValue(null)).toBeNull();
    expect(dateOfBirthValue('')).toBeNull();
    expect(dateOfBirthValue('1995-04-17')).toBe('1995-04-17T00:00:00.000Z');
  });

  it('gives new users client_user', () => {
    expect(DEFAULT_USER_ROLE).toBe('client_user');
  });
});
