/**
 * What each form of the managed server view sends (portal.md §7 "Managed VM" bodies;
 * docs/managed-hosting.md "The view and its statecharts"): the fields the endpoint takes, as text,
 * a field never filled sent empty rather than missing.
 */
import { describe, expect, it } from 'vitest';
import {
  DATABASE_FORM,
  FTP_USER_FORM,
  PASSWORD_CHANGE_FORM,
  PHP_SETTING_FORM,
  SSL_CERT_FORM,
  VHOST_ALIASES_FORM,
  VHOST_FORM,
  VHOST_SSL_FORM,
} from '../../src/shared/managed/forms.ts';

describe('each form sends the body its endpoint takes', () => {
  it('SSL certificate: name, cert, key, ca', () => {
    expect(
      SSL_CERT_FORM.body({ name: 'shop', cert: 'CERT', key: 'KEY', ca: 'CHAIN', extra: 'x' }),
    ).toEqual({ name: 'shop', cert: 'CERT', key: 'KEY', ca: 'CHAIN' });
  });

  it('database: database_name, username, password', () => {
    expect(
      DATABASE_FORM.body({
        database_name: 'shop',
        username: 'shop_user',
        password: 'Quiet-Harbor-Lantern-42',
      }),
    ).toEqual({
      database_name: 'shop',
      username: 'shop_user',
      password: 'Quiet-Harbor-Lantern-42',
    });
  });

  it("a vhost's aliases on their own: the list, blanks removed", () => {
    expect(VHOST_ALIASES_FORM.body({ aliases: ' www.example.com,  cdn.example.com ' })).toEqual({
      aliases: ['www.example.com', 'cdn.example.com'],
    });
  });

  it('FTP user: username, password and vhost_id (portal.md §7), the vhost chosen or none', () => {
    expect(FTP_USER_FORM.body({ username: 'web-1', password: 'Quiet-Harbor-Lantern-42' })).toEqual({
      username: 'web-1',
      password: 'Quiet-Harbor-Lantern-42',
      vhost_id: null,
    });
    expect(
      FTP_USER_FORM.body({ username: 'web-1', password: 'Quiet-Harbor-Lantern-42', vhost_id: '5' }),
    ).toMatchObject({ vhost_id: 5 });
  });

  it("a database's or FTP user's new password: the password alone (PUT …/{id} (password))", () => {
    expect(
      PASSWORD_CHANGE_FORM.body({ password: 'Copper-Meadow-Whistle-77', confirm: 'x' }),
    ).toEqual({ password: 'Copper-Meadow-Whistle-77' });
  });

  it("a vhost's SSL settings: ssl_enabled, ssl_id and ssl_only (PUT /vhosts/{id})", () => {
    expect(VHOST_SSL_FORM.body({ ssl_enabled: true, ssl_id: '3', ssl_only: false })).toEqual({
      ssl_enabled: true,
      ssl_id: 3,
      ssl_only: false,
    });
    expect(VHOST_SSL_FORM.body({ ssl_enabled: false, ssl_id: '' })).toEqual({
      ssl_enabled: false,
      ssl_id: null,
      ssl_only: false,
    });
  });

  it('PHP setting: key and value', () => {
    expect(PHP_SETTING_FORM.body({ key: 'memory_limit', value: '256M' })).toEqual({
      key: 'memory_limit',
      value: '256M',
    });
  });
});

describe('a field never filled is sent as empty text', () => {
  it('SSL certificate and database forms send empty strings, not missing fields', () => {
    expect(SSL_CERT_FORM.body({})).toEqual({ name: '', cert: '', key: '', ca: '' });
    expect(DATABASE_FORM.body({ database_name: null })).toEqual({
      database_name: '',
      username: '',
      password: '',
    });
  });

  it('a vhost without aliases or certificate sends no alias and SSL off', () => {
    expect(VHOST_FORM.body({ domain: 'shop.example.com' })).toEqual({
      domain: 'shop.example.com',
      aliases: [],
      ssl_enabled: false,
      ssl_id: null,
      ssl_only: false,
    });
  });
});
