/**
 * The stand-in host agent on its own (docs/managed-hosting.md): what it renders for a server, the
 * `nginx -t` staging check that refuses a configuration nginx would not load and leaves the live
 * one untouched, its HTTP API with its key, and the product-rules-only mode without nginx.
 */
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MANAGED_MESSAGES as M } from '../../src/shared/managed/messages.ts';
import { hostAgentClient } from '../../src/server/managed/client.ts';
import { nginxChecker, type NginxChecker } from '../../src/server/managed/nginx-check.ts';
import { renderNginx } from '../../src/server/managed/render.ts';
import { createStandInAgent } from '../../src/server/managed/stand-in/agent.ts';
import { createHostAgentApp } from '../../src/server/managed/stand-in/app.ts';
import { emptyServerState } from '../../src/server/managed/state.ts';
import { makeCa, selfSigned } from './certs.ts';

const root = mkdtempSync(path.join(os.tmpdir(), 'agent-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const newDir = () => path.join(root, String((n += 1)));
const nginx = nginxChecker();

describe('the stand-in agent', () => {
  it('runs with a real nginx here (CI installs it)', () => {
    expect(nginx.real).toBe(true);
  });

  it('renders vhosts, aliases, ssl_only, certificates, redirects and PHP settings that nginx -t accepts', async () => {
    const dir = newDir();
    const agent = createStandInAgent({ dir, checker: nginx });
    const { cert, key } = selfSigned(['shop.example.com', 'www.shop.example.com']);
    const made = await agent.apply(7, {
      type: 'ssl_cert.create',
      name: 'shop',
      cert,
      key,
      ca: null,
    });
    expect(made).toMatchObject({
      ok: true,
      record: { ssl_id: 1, names: ['shop.example.com', 'www.shop.example.com'] },
    });
    expect(JSON.stringify(made)).not.toContain('PRIVATE KEY');
    const vhost = await agent.apply(7, {
      type: 'vhost.create',
      domain: 'Shop.Example.com ',
      aliases: [' www.shop.example.com', '  '],
      ssl_enabled: true,
      ssl_id: 1,
      ssl_only: true,
    });
    expect(vhost).toMatchObject({
      ok: true,
      record: { domain: 'shop.example.com', aliases: ['www.shop.example.com'] },
    });
    await agent.apply(7, {
      type: 'redirect.create',
      redirect_from: 'old.example.com',
      redirect_to: 'https://shop.example.com/new?a=1',
    });
    await agent.apply(7, { type: 'php_setting.set', key: 'memory_limit', value: '256M' });
    await agent.apply(7, { type: 'php_setting.set', key: 'display_errors', value: 'Off' });

    const live = path.join(dir, '7', 'live');
    const site = readFileSync(path.join(live, 'sites', 'vhost-2.conf'), 'utf8');
    expect(site).toContain('server_name shop.example.com www.shop.example.com;');
    expect(site).toMatch(
      /listen 80;\s+server_name [^;]+;\s+return 301 https:\/\/\$host\$request_uri;/,
    );
    expect(site).toContain('listen 443 ssl;');
    expect(site).toContain('ssl_certificate ssl/cert-1.crt;');
    expect(site).toContain('ssl_certificate_key ssl/cert-1.key;');
    expect(site).toContain('fastcgi_param PHP_VALUE "memory_limit=256M\\ndisplay_errors=Off";');
    const redirect = readFileSync(path.join(live, 'sites', 'redirect-3.conf'), 'utf8');
    expect(redirect).toContain('server_name old.example.com;');
    expect(redirect).toContain('return 301 "https://shop.example.com/new?a=1";');
    // The live folder is a configuration nginx loads as it is.
    expect(await nginx.check(live)).toEqual({ ok: true });
    // The preview holds no key or certificate.
    const preview = await agent.configuration(7);
    expect(preview.map((f) => f.path).sort()).toEqual([
      'nginx.conf',
      'sites/redirect-3.conf',
      'sites/vhost-2.conf',
    ]);
    expect(JSON.stringify(preview)).not.toContain('PRIVATE KEY');
  });

  it('refuses what nginx -t refuses with nginx message and leaves the live configuration untouched', async () => {
    const dir = newDir();
    // nginx itself checks these files: a rendering that nginx refuses is planted by a checker
    // that sees the staged files (the rules never let such a change through on their own).
    let plant = false;
    const planting: NginxChecker = {
      real: true,
      check: async (folder) => {
        if (plant) {
          const { writeFile } = await import('node:fs/promises');
          await writeFile(
            path.join(folder, 'sites', 'broken.conf'),
            'server { server_name old..test; }\n',
          );
        }
        return nginx.check(folder);
      },
    };
    const agent = createStandInAgent({ dir, checker: planting });
    expect(
      (
        await agent.apply(3, {
          type: 'vhost.create',
          domain: 'a.example.com',
          aliases: [],
          ssl_enabled: false,
          ssl_id: null,
          ssl_only: false,
        })
      ).ok,
    ).toBe(true);
    const before = readFileSync(path.join(dir, '3', 'live', 'sites', 'vhost-1.conf'), 'utf8');
    plant = true;
    const refused = await agent.apply(3, {
      type: 'vhost.create',
      domain: 'b.example.com',
      aliases: [],
      ssl_enabled: false,
      ssl_id: null,
      ssl_only: false,
    });
    expect(refused).toMatchObject({ ok: false, status: 422, msg: M.nginxRefused });
    expect(refused.ok ? '' : refused.detail).toContain(
      'invalid server name or wildcard "old..test"',
    );
    expect(agent.stagingRefusals).toBe(1);
    expect(readFileSync(path.join(dir, '3', 'live', 'sites', 'vhost-1.conf'), 'utf8')).toBe(before);
    expect(existsSync(path.join(dir, '3', 'live', 'sites', 'vhost-2.conf'))).toBe(false);
    expect((await agent.list(3, 'vhosts')).map((h) => h.domain)).toEqual(['a.example.com']);
    expect(readdirStaging(path.join(dir, '3'))).toEqual([]);
  });

  it('keeps a CA chain in the certificate file and checks a certificate it did not issue', async () => {
    const dir = newDir();
    const agent = createStandInAgent({ dir, checker: nginx });
    const ca = makeCa();
    const leaf = ca.issue(['api.example.com']);
    expect(
      (await agent.apply(1, { type: 'ssl_cert.create', name: 'api', ...leaf, ca: ca.cert })).ok,
    ).toBe(true);
    await agent.apply(1, {
      type: 'vhost.create',
      domain: 'api.example.com',
      aliases: [],
      ssl_enabled: true,
      ssl_id: 1,
      ssl_only: false,
    });
    const chain = readFileSync(path.join(dir, '1', 'live', 'ssl', 'cert-1.crt'), 'utf8');
    expect(chain.match(/BEGIN CERTIFICATE/g)).toHaveLength(2);
    const other = makeCa('Other CA');
    const refused = await agent.apply(1, {
      type: 'ssl_cert.create',
      name: 'api2',
      ...leaf,
      ca: other.cert,
    });
    expect(refused).toMatchObject({ ok: false, status: 422, errors: { ca: M.chainDoesNotIssue } });
  });

  it('without nginx, says so and checks by the product rules only', async () => {
    const checker = nginxChecker(path.join(root, 'no-such-nginx'));
    expect(checker.real).toBe(false);
    const agent = createStandInAgent({ dir: newDir(), checker });
    expect(
      (
        await agent.apply(1, {
          type: 'vhost.create',
          domain: 'ok.example.com',
          aliases: [],
          ssl_enabled: false,
          ssl_id: null,
          ssl_only: false,
        })
      ).ok,
    ).toBe(true);
    expect(
      await agent.apply(1, {
        type: 'vhost.create',
        domain: 'old..test',
        aliases: [],
        ssl_enabled: false,
        ssl_id: null,
        ssl_only: false,
      }),
    ).toMatchObject({ ok: false, errors: { domain: M.hostName } });
  });

  it('answers its HTTP API only with its key, and the client reads it', async () => {
    const agent = createStandInAgent({ dir: newDir(), checker: nginx });
    const app = createHostAgentApp(agent, 'k'.repeat(32));
    expect((await app.request('/servers/1/nginx')).status).toBe(401);
    const { serve } = await import('@hono/node-server');
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    const port = (server.address() as { port: number }).port;
    try {
      const client = hostAgentClient({ url: `http://127.0.0.1:${port}`, apiKey: 'k'.repeat(32) });
      expect(await client.nginx(1)).toEqual({ status: 'on' });
      expect(await client.apply(1, { type: 'nginx.set', enable: false })).toEqual({
        ok: true,
        record: { status: 'off' },
      });
      expect(await client.nginx(1)).toEqual({ status: 'off' });
      expect(await client.apply(1, { type: 'database.delete', id: 9 })).toMatchObject({
        ok: false,
        status: 404,
      });
      expect(await client.list(1, 'vhosts')).toEqual([]);
    } finally {
      server.close();
    }
  });

  it('stages only the files a change changes: the others are the live files, hard-linked', async () => {
    const dir = newDir();
    const agent = createStandInAgent({ dir, checker: nginx });
    const vhost = (domain: string) => ({
      type: 'vhost.create' as const,
      domain,
      aliases: [],
      ssl_enabled: false,
      ssl_id: null,
      ssl_only: false,
    });
    for (const domain of ['a.example.com', 'b.example.com', 'c.example.com']) {
      expect((await agent.apply(4, vhost(domain))).ok).toBe(true);
    }
    const live = path.join(dir, '4', 'live');
    const inode = (file: string) => statSync(path.join(live, file)).ino;
    const before = Object.fromEntries(
      ['nginx.conf', 'sites/vhost-1.conf', 'sites/vhost-2.conf', 'sites/vhost-3.conf'].map(
        (file) => [file, inode(file)],
      ),
    );
    const changed = await agent.apply(4, {
      type: 'vhost.aliases',
      id: 2,
      aliases: ['www.b.example.com'],
    });
    expect(changed.ok).toBe(true);
    expect(inode('nginx.conf')).toBe(before['nginx.conf']);
    expect(inode('sites/vhost-1.conf')).toBe(before['sites/vhost-1.conf']);
    expect(inode('sites/vhost-3.conf')).toBe(before['sites/vhost-3.conf']);
    expect(inode('sites/vhost-2.conf')).not.toBe(before['sites/vhost-2.conf']);
    expect(readFileSync(path.join(live, 'sites', 'vhost-2.conf'), 'utf8')).toContain(
      'server_name b.example.com www.b.example.com;',
    );
    // A deleted vhost's file is not carried over.
    expect((await agent.apply(4, { type: 'vhost.delete', id: 3 })).ok).toBe(true);
    expect(existsSync(path.join(live, 'sites', 'vhost-3.conf'))).toBe(false);
    expect(await nginx.check(live)).toEqual({ ok: true });

    // After a restart, or with a live file removed by hand, the live folder is written whole.
    rmSync(path.join(live, 'sites', 'vhost-1.conf'));
    expect((await agent.apply(4, vhost('d.example.com'))).ok).toBe(true);
    expect(readFileSync(path.join(live, 'sites', 'vhost-1.conf'), 'utf8')).toContain(
      'server_name a.example.com;',
    );
    const restarted = createStandInAgent({ dir, checker: nginx });
    writeFileSync(path.join(live, 'sites', 'vhost-1.conf'), '# edited by hand\n');
    expect((await restarted.apply(4, vhost('e.example.com'))).ok).toBe(true);
    expect(readFileSync(path.join(live, 'sites', 'vhost-1.conf'), 'utf8')).toContain(
      'server_name a.example.com;',
    );
    expect(
      readdirSync(path.join(live, 'sites'))
        .filter((file) => file.endsWith('.conf'))
        .sort(),
    ).toEqual(
      renderNginx(JSON.parse(readFileSync(path.join(dir, '4', 'state.json'), 'utf8')))
        .filter((file) => file.path.startsWith('sites/'))
        .map((file) => file.path.slice('sites/'.length))
        .sort(),
    );
    expect(readdirStaging(path.join(dir, '4'))).toEqual([]);
  });

  it('renders an empty server as a configuration nginx loads', async () => {
    const dir = newDir();
    const { writeFiles } = await import('../../src/server/managed/nginx-check.ts');
    await writeFiles(dir, renderNginx(emptyServerState()));
    expect(await nginx.check(dir)).toEqual({ ok: true });
  });
});

function readdirStaging(folder: string): string[] {
  return readdirSync(folder).filter(
    (name) => name.startsWith('staging-') || name.includes('.old-'),
  );
}
