import { describe, expect, it } from 'vitest';
import { ageBandOptionLabel, ageBandUpdatedMessage, DEFAULT_FORM_AGE_BAND } from '#common/age-bands.js';
import {
  changePasswordSchema,
  firstError,
  profileUpdateSchema,
  signInSchema,
  signUpSchema,
} from '#common/validation/accounts.js';
import { feedbackSchema } from '#common/validation/feedback.js';

const validSignUp = {
  displayName: 'Maya',
  authorName: '',
  ageBand: 'B',
  email: 'maya@example.com',
  password: 'Dragons1',
  guardianConfirmed: true,
};
const emailOf = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`;

describe('sign-in rules (SPEC §5)', () => {
  it.each([
    [{ email: 'not-an-email', password: 'x' }, 'Invalid email format'],
    [{ email: emailOf(256), password: 'x' }, 'Email too long'],
    [{ email: 'maya@example.com', password: '' }, 'Password is required'],
  ])('%j → %s', (input, message) => {
    expect(firstError(signInSchema.safeParse(input))).toBe(message);
  });

  it('accepts a 255-character e-mail and any non-empty password', () => {
    expect(firstError(signInSchema.safeParse({ email: emailOf(255), password: 'x' }))).toBeUndefined();
  });
});

describe('sign-up rules (SPEC §5)', () => {
  it.each([
    [{ password: 'Dragon1' }, 'Password must be at least 8 characters'],
    [{ password: 'dragons12' }, 'Password must contain an uppercase letter'],
    [{ password: 'Dragonsss' }, 'Password must contain a number'],
    [{ displayName: '   ' }, 'Display name is required'],
    [{ displayName: 'x'.repeat(51) }, 'Display name too long'],
    [{ authorName: 'x'.repeat(51) }, 'Author name too long'],
    [{ email: 'maya@' }, 'Invalid email format'],
    [{ email: emailOf(256) }, 'Email too long'],
    [{ guardianConfirmed: false }, 'Please confirm you are a parent or guardian and at least 18.'],
  ])('%j → %s', (change, message) => {
    expect(firstError(signUpSchema.safeParse({ ...validSignUp, ...change }))).toBe(message);
  });

  it.each([
    [{ password: 'Dragons1' }, '8-character password with an uppercase letter and a digit'],
    [{ displayName: 'x'.repeat(50) }, '50-character display name'],
    [{ authorName: 'x'.repeat(50) }, '50-character author name'],
    [{ email: emailOf(255) }, '255-character e-mail'],
    [{ ageBand: 'A' }, 'band A'],
  ])('accepts %j (%s)', (change, _why) => {
    expect(firstError(signUpSchema.safeParse({ ...validSignUp, ...change }))).toBeUndefined();
  });

  it('shows only the first error, in the order of the form (name before e-mail before password)', () => {
    const result = signUpSchema.safeParse({ displayName: '', authorName: '', ageBand: 'B', email: 'x', password: 'y' });
    expect(firstError(result)).toBe('Display name is required');
  });

  it('trims names and the e-mail, and keeps a blank author name as empty', () => {
    const parsed = signUpSchema.parse({
      ...validSignUp,
      displayName: '  Maya  ',
      authorName: '   ',
      email: ' maya@example.com ',
    });
    expect(parsed).toMatchObject({ displayName: 'Maya', authorName: '', email: 'maya@example.com' });
  });

  it('offers the two bands with the SPEC labels, B by default', () => {
    expect(ageBandOptionLabel('A')).toBe('Little Storytellers (5-7)');
    expect(ageBandOptionLabel('B')).toBe('Young Adventurers (8-10)');
    expect(DEFAULT_FORM_AGE_BAND).toBe('B');
    expect(ageBandUpdatedMessage('A')).toBe('Age band updated to 5-7 years!');
    expect(ageBandUpdatedMessage('B')).toBe('Age band updated to 8-10 years!');
  });
});

describe('profile and password rules (SPEC §5)', () => {
  it('refuses an empty or too long display name, unknown fields and an empty update', () => {
    expect(firstError(profileUpdateSchema.safeParse({ displayName: ' ' }))).toBe('Display name is required');
    expect(firstError(profileUpdateSchema.safeParse({ displayName: 'x'.repeat(51) }))).toBe('Display name too long');
    expect(profileUpdateSchema.safeParse({ displayName: 'Ok', role: 'admin' }).success).toBe(false);
    expect(profileUpdateSchema.safeParse({}).success).toBe(false);
    expect(profileUpdateSchema.parse({ authorName: '  ' })).toEqual({ authorName: '' });
  });

  it.each([
    [{ newPassword: '', confirmPassword: 'Dragons1' }, 'Please fill in both password fields'],
    [{ newPassword: 'Dragons1', confirmPassword: '' }, 'Please fill in both password fields'],
    [{ newPassword: 'Dragons1', confirmPassword: 'Dragons2' }, 'Passwords do not match'],
    [{ newPassword: 'Drag1', confirmPassword: 'Drag1' }, 'Password must be at least 8 characters'],
    [{ newPassword: 'dragons1', confirmPassword: 'dragons1' }, 'Password must contain an uppercase letter'],
    [{ newPassword: 'Dragonss', confirmPassword: 'Dragonss' }, 'Password must contain a number'],
    [{ newPassword: 'Dragons1', confirmPassword: 'Dragons1' }, undefined],
  ])('new password %j → %s', (input, message) => {
    expect(firstError(changePasswordSchema.safeParse(input))).toBe(message);
  });

  it('refuses empty, unknown-kind and oversized feedback', () => {
    expect(feedbackSchema.safeParse({ kind: 'idea', message: 'More dragons' }).success).toBe(true);
    expect(feedbackSchema.safeParse({ kind: 'idea', message: '  ' }).success).toBe(false);
    expect(feedbackSchema.safeParse({ kind: 'spam', message: 'x' }).success).toBe(false);
    expect(feedbackSchema.safeParse({ kind: 'idea', message: 'x'.repeat(2001) }).success).toBe(false);
  });
});
