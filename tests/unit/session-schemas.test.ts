/**
 * The session API's request bodies (docs/api.md "Session", "Password and username recovery",
 * "Site admins") and the browser's error report: what the server accepts and what it answers
 * with a 422 and which message. Usernames are lowercase (portal.md §5), so a login's username is
 * taken without case or surrounding spaces.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { DATABASE_ID_MAX, PASSWORD_MAX_LENGTH } from '../../src/shared/constants.ts';
import { FIELD_MESSAGES } from '../../src/shared/messages.ts';
import { PASSWORD_MESSAGES } from '../../src/shared/messages/account.ts';
import { ClientErrorReportSchema } from '../../src/shared/schemas/client-error.ts';
import {
  AdminProxySchema,
  CustomerSearchSchema,
  LoginSchema,
  PasswordRecoverySchema,
  PasswordResetSchema,
  RefreshSchema,
  UpdatePasswordSchema,
  UsernameRecoverySchema,
} from '../../src/shared/session/schemas.ts';
import { errors } from '../support/schema-messages.ts';

/** Any password the rules allow fits four times over; longer is refused before hashing. */
const PASSWORD_INPUT_MAX = 4 * PASSWORD_MAX_LENGTH;
const password = (length: number) => 'p'.repeat(length);

describe('logging in (POST /auth/tokens)', () => {
  it('takes the username without case or surrounding spaces, and keeps the cookies by default', () => {
    expect(v.parse(LoginSchema, { username: '  Demo ', password: 'secret' })).toEqual({
      username: 'demo',
      password: 'secret',
      store_in_cookies: true,
    });
    expect(
      v.parse(LoginSchema, { username: 'demo', password: 'x', store_in_cookies: false })
        .store_in_cookies,
    ).toBe(false);
  });

  it('needs a username and a password', () => {
    expect(errors(LoginSchema, { username: '   ', password: '' })).toEqual({
      username: FIELD_MESSAGES.required,
      password: FIELD_MESSAGES.required,
    });
    expect(errors(LoginSchema, { username: 7, password: null })).toEqual({
      username: FIELD_MESSAGES.required,
      password: FIELD_MESSAGES.required,
    });
  });

  it('refuses a username over 200 characters and a password past four times the longest allowed', () => {
    expect(errors(LoginSchema, { username: 'd'.repeat(200), password: 'x' })).toEqual({});
    expect(errors(LoginSchema, { username: 'd'.repeat(201), password: 'x' })).toEqual({
      username: FIELD_MESSAGES.required,
    });
    expect(
      errors(LoginSchema, { username: 'demo', password: password(PASSWORD_INPUT_MAX) }),
    ).toEqual({});
    expect(
      errors(LoginSchema, { username: 'demo', password: password(PASSWORD_INPUT_MAX + 1) }),
    ).toEqual({ password: PASSWORD_MESSAGES.tooLong });
  });

  it('says what store_in_cookies must be', () => {
    expect(
      errors(LoginSchema, { username: 'demo', password: 'x', store_in_cookies: 'yes' }),
    ).toEqual({ store_in_cookies: 'store_in_cookies must be true or false' });
    expect(v.parse(RefreshSchema, {})).toEqual({ store_in_cookies: true });
    expect(errors(RefreshSchema, { store_in_cookies: 1 })).toEqual({
      store_in_cookies: 'store_in_cookies must be true or false',
    });
  });
});

describe('a session body with a field left out', () => {
  it('names each missing field by its own message, not a generic one', () => {
    expect(errors(LoginSchema, {})).toEqual({
      username: FIELD_MESSAGES.required,
      password: FIELD_MESSAGES.required,
    });
    expect(errors(PasswordResetSchema, {})).toEqual({
      old_password: PASSWORD_MESSAGES.currentRequired,
      new_password: PASSWORD_MESSAGES.tooShort,
    });
    expect(errors(UsernameRecoverySchema, {})).toEqual({ email: FIELD_MESSAGES.email });
    expect(errors(PasswordRecoverySchema, {})).toEqual({ username: FIELD_MESSAGES.required });
    expect(errors(UpdatePasswordSchema, {})).toEqual({
      username: FIELD_MESSAGES.required,
      password: PASSWORD_MESSAGES.tooShort,
    });
    expect(errors(AdminProxySchema, {})).toEqual({ cid: 'Choose a customer' });
  });

  it.each([null, 'demo', 42])('asks for a JSON object when the body is %j', (body) => {
    expect(errors(LoginSchema, body)).toEqual({ _: 'Send a JSON object' });
  });
});

describe('changing the password (POST /token/password_reset)', () => {
  it('needs the current password, and neither may be longer than four times the longest allowed', () => {
    expect(errors(PasswordResetSchema, { old_password: '', new_password: 'n' })).toEqual({
      old_password: PASSWORD_MESSAGES.currentRequired,
    });
    expect(errors(PasswordResetSchema, { old_password: null, new_password: 'n' })).toEqual({
      old_password: PASSWORD_MESSAGES.currentRequired,
    });
    expect(errors(PasswordResetSchema, { old_password: 'o', new_password: 5 })).toEqual({
      new_password: PASSWORD_MESSAGES.tooShort,
    });
    expect(
      errors(PasswordResetSchema, {
        old_password: password(PASSWORD_INPUT_MAX),
        new_password: password(PASSWORD_INPUT_MAX),
      }),
    ).toEqual({});
    expect(
      errors(PasswordResetSchema, {
        old_password: password(PASSWORD_INPUT_MAX + 1),
        new_password: password(PASSWORD_INPUT_MAX + 1),
      }),
    ).toEqual({
      old_password: PASSWORD_MESSAGES.tooLong,
      new_password: PASSWORD_MESSAGES.tooLong,
    });
  });
});

describe('recovery (POST /token/password_recovery, /token/update_password/{url})', () => {
  it('takes the username as a login does', () => {
    expect(v.parse(PasswordRecoverySchema, { username: ' Demo' })).toEqual({ username: 'demo' });
    expect(errors(PasswordRecoverySchema, { username: '' })).toEqual({
      username: FIELD_MESSAGES.required,
    });
  });

  it('needs the new password as text, and refuses one past four times the longest allowed', () => {
    expect(v.parse(UpdatePasswordSchema, { username: 'Demo', password: 'p' })).toEqual({
      username: 'demo',
      password: 'p',
    });
    expect(errors(UpdatePasswordSchema, { username: 'demo', password: 5 })).toEqual({
      password: PASSWORD_MESSAGES.tooShort,
    });
    expect(
      errors(UpdatePasswordSchema, {
        username: 'demo',
        password: password(PASSWORD_INPUT_MAX + 1),
      }),
    ).toEqual({ password: PASSWORD_MESSAGES.tooLong });
  });
});

describe('site admins (GET /admin/customers, POST /admin/proxy)', () => {
  it('searches by at most 100 characters, spaces aside, and lists everyone without a search', () => {
    expect(v.parse(CustomerSearchSchema, {})).toEqual({ q: '' });
    expect(v.parse(CustomerSearchSchema, { q: `  ${'a'.repeat(100)}  ` })).toEqual({
      q: 'a'.repeat(100),
    });
    expect(errors(CustomerSearchSchema, { q: 'a'.repeat(101) })).toEqual({
      q: 'The search is too long',
    });
  });

  it('acts as a customer by a whole id from 1 to the largest id', () => {
    expect(v.parse(AdminProxySchema, { cid: 1 })).toEqual({ cid: 1 });
    expect(v.parse(AdminProxySchema, { cid: DATABASE_ID_MAX })).toEqual({ cid: DATABASE_ID_MAX });
    for (const cid of [0, 1.5, DATABASE_ID_MAX + 1, '7', null])
      expect(errors(AdminProxySchema, { cid }), String(cid)).toEqual({ cid: 'Choose a customer' });
  });
});

describe("the browser's error report (POST /client_errors)", () => {
  const report = { message: 'Boom', url: 'https://example.test/control/' };

  it('takes a message, the page and, when known, the stack and the route', () => {
    expect(v.parse(ClientErrorReportSchema, { ...report, message: '  Boom  ' })).toEqual(report);
    expect(
      v.parse(ClientErrorReportSchema, { ...report, stack: 'at x', route: '/control/dns' }),
    ).toEqual({ ...report, stack: 'at x', route: '/control/dns' });
  });

  it('refuses what is missing, not text, too long or not asked for', () => {
    expect(errors(ClientErrorReportSchema, { ...report, message: '   ' })).toEqual({
      message: 'message is required',
    });
    expect(errors(ClientErrorReportSchema, { message: 1, url: 2, stack: 3, route: 4 })).toEqual({
      message: 'message must be text',
      url: 'url must be text',
      stack: 'stack must be text',
      route: 'route must be text',
    });
    expect(
      errors(ClientErrorReportSchema, {
        message: 'm'.repeat(2000),
        url: 'u'.repeat(2000),
        stack: 's'.repeat(20_000),
        route: 'r'.repeat(200),
      }),
    ).toEqual({});
    expect(
      errors(ClientErrorReportSchema, {
        message: 'm'.repeat(2001),
        url: 'u'.repeat(2001),
        stack: 's'.repeat(20_001),
        route: 'r'.repeat(201),
      }),
    ).toEqual({
      message: 'message is too long',
      url: 'url is too long',
      stack: 'stack is too long',
      route: 'route is too long',
    });
    expect(Object.keys(errors(ClientErrorReportSchema, { ...report, extra: true }))).toEqual([
      'extra',
    ]);
  });
});
