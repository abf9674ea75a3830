/**
 * What the host agent may claim about its nginx check (docs/managed-hosting.md "Without nginx" and
 * "How many checks at once"): without nginx a production agent does not start, and in development
 * a change that makes the configuration different says it was not checked (never success as if
 * checked); at most N `nginx -t` run at once per agent, the rest wait in a bounded queue, and one
 * change beyond it is answered busy at once. Counting uses a fake nginx that writes when it starts
 * and ends and waits to be told to go on, or a checker the test finishes itself: no timing.
 */
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { MANAGED_MESSAGES as M } from '../../src/shared/managed/messages.ts';
import { MANAGED } from '../../src/shared/managed/constants.ts';
import { ConfigError } from '../../src/server/config.ts';
import { createLogger } from '../../src/server/logger.ts';
import type { ManagedChange } from '../../src/server/managed/agent.ts';
import { hostAgentClient } from '../../src/server/managed/client.ts';
import {
  nginxChecker,
  type NginxChecker,
  type NginxVerdict,
} from '../../src/server/managed/nginx-check.ts';
import { createStandInAgent } from '../../src/server/managed/stand-in/agent.ts';
import { createHostAgentApp } from '../../src/server/managed/stand-in/app.ts';
import { startHostAgent } from '../../src/server/managed/stand-in/server.ts';
import { testConfig } from '../support/database.ts';

const root = mkdtempSync(path.join(os.tmpdir(), 'nginx-trust-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const newDir = () => path.join(root, String((n += 1)));
const missingNginx = path.join(root, 'no-such-nginx');
const KEY = 'nginx-trust-key-'.padEnd(32, 'x');

const vhost = (domain: string): ManagedChange => ({
  type: 'vhost.create',
  domain,
  aliases: [],
  ssl_enabled: false,
  ssl_id: null,
  ssl_only: false,
});

/** A checker whose checks end when the test says so; it counts how many run at once. */
function gate(): NginxChecker & { started: string[]; most: number; finishAll(): void } {
  const waiting: (() => void)[] = [];
  let running = 0;
  let go = false;
  const checker = {
    real: true,
    started: [] as string[],
    most: 0,
    check(folder: string): Promise<NginxVerdict> {
      checker.started.push(folder);
      running += 1;
      checker.most = Math.max(checker.most, running);
      return new Promise((resolve) => {
        const finish = () => {
          running -= 1;
          resolve({ ok: true });
        };
        if (go) finish();
        else waiting.push(finish);
      });
    },
    finishAll() {
      go = true;
      for (const finish of waiting.splice(0)) finish();
    },
  };
  return checker;
}

/**
 * A fake nginx: each run writes "start" to `log`, waits until the `go` file exists, writes "end"
 * and accepts the configuration.
 */
function fakeNginx(dir: string) {
  const log = path.join(dir, 'runs.log');
  const go = path.join(dir, 'go');
  const binary = path.join(dir, 'nginx');
  writeFileSync(log, '');
  writeFileSync(
    binary,
    `#!/bin/sh\necho start >> '${log}'\nwhile [ ! -e '${go}' ]; do sleep 0.01; done\necho end >> '${log}'\n`,
  );
  chmodSync(binary, 0o755);
  const lines = () => readFileSync(log, 'utf8').split('\n').filter(Boolean);
  return {
    binary,
    starts: () => lines().filter((line) => line === 'start').length,
    /** The most runs that were between their start and their end at one moment. */
    mostAtOnce: () => {
      let running = 0;
      let most = 0;
      for (const line of lines()) {
        running += line === 'start' ? 1 : -1;
        most = Math.max(most, running);
      }
      return most;
    },
    lines,
    goOn: () => writeFileSync(go, ''),
  };
}

/** Checks waiting in an agent (one that keeps no queue holds none). */
const queuedIn = (agent: { checks?: { queued: number } }) => agent.checks?.queued ?? 0;

describe('without nginx', () => {
  it('a production host agent refuses to start, naming NGINX_BINARY and the nginx package', async () => {
    const config = testConfig({
      NGINX_BINARY: missingNginx,
      HOST_AGENT_DIR: newDir(),
      HOST_AGENT_API_KEY: KEY,
    });
    const outcome = await startHostAgent({
      config: { ...config, mode: 'production', production: true },
      logger: createLogger('error'),
      port: 0,
    }).then(
      async (running) => {
        await running.close();
        return 'started';
      },
      (error: unknown) => error,
    );
    expect(outcome).toBeInstanceOf(ConfigError);
    const message = (outcome as Error).message;
    expect(message).toContain('NGINX_BINARY');
    expect(message).toContain(missingNginx);
    expect(message).toContain("Debian's nginx package");
  });

  it('a file that is not a program is no nginx either', async () => {
    const notProgram = path.join(root, 'not-a-program');
    writeFileSync(notProgram, 'text\n', { mode: 0o644 });
    expect(nginxChecker(notProgram).real).toBe(false);
    const outcome = await startHostAgent({
      config: {
        ...testConfig({ NGINX_BINARY: notProgram, HOST_AGENT_DIR: newDir() }),
        mode: 'production',
        production: true,
      },
      logger: createLogger('error'),
      port: 0,
    }).then(
      async (running) => {
        await running.close();
        return 'started';
      },
      (error: unknown) => error,
    );
    expect(outcome).toBeInstanceOf(ConfigError);
  });

  it('in development the agent starts, and a vhost change answers that it was not checked', async () => {
    const running = await startHostAgent({
      config: testConfig({
        NGINX_BINARY: missingNginx,
        HOST_AGENT_DIR: newDir(),
        HOST_AGENT_API_KEY: KEY,
      }),
      logger: createLogger('error'),
      port: 0,
    });
    try {
      expect(running.agent.checker.real).toBe(false);
      const client = hostAgentClient({ url: running.url, apiKey: KEY });
      const made = await client.apply(1, vhost('ok.example.com'));
      expect(made).toEqual({
        ok: true,
        record: expect.objectContaining({ domain: 'ok.example.com' }) as unknown,
        checked: false,
      });
      // Removing it changes the configuration too.
      const id = (made as { record: { vhost_id: number } }).record.vhost_id;
      expect(await client.apply(1, { type: 'vhost.delete', id })).toEqual({
        ok: true,
        record: null,
        checked: false,
      });
      // A change that leaves the nginx files as they were has nothing to check.
      const database = await client.apply(1, {
        type: 'database.create',
        database_name: 'shop',
        username: 'shop',
        password: 'Quiet-Harbor-Lantern-42',
      });
      expect(database.ok).toBe(true);
      expect(database).not.toHaveProperty('checked');
      // The rules still refuse what they refuse.
      expect(await client.apply(1, vhost('old..test'))).toMatchObject({
        ok: false,
        status: 422,
        errors: { domain: M.hostName },
      });
    } finally {
      await running.close();
    }
  });

  it('with nginx, an accepted change does not say it was unchecked', async () => {
    const agent = createStandInAgent({ dir: newDir(), checker: nginxChecker() });
    expect(agent.checker.real).toBe(true);
    const made = await agent.apply(1, vhost('ok.example.com'));
    expect(made.ok).toBe(true);
    expect(made).not.toHaveProperty('checked');
  });
});

describe('nginx -t at once', () => {
  it('with N=1, three servers changed together never run two nginx -t at once (a fake nginx)', async () => {
    const dir = newDir();
    const nginxDir = newDir();
    mkdirSync(nginxDir);
    const nginx = fakeNginx(nginxDir);
    const agent = createStandInAgent({
      dir,
      checker: nginxChecker(nginx.binary),
      limits: { checks: 1, queue: 10 },
    });
    expect(agent.checker.real).toBe(true);
    const answers = [1, 2, 3].map((iid) => agent.apply(iid, vhost(`site${iid}.example.com`)));
    // Every change is either running its nginx -t or waiting for one (the first cannot end yet).
    await vi.waitFor(() => expect(nginx.starts() + queuedIn(agent)).toBe(3), {
      timeout: 15_000,
      interval: 20,
    });
    expect(nginx.starts()).toBe(1);
    nginx.goOn();
    for (const answer of await Promise.all(answers)) expect(answer.ok).toBe(true);
    expect(nginx.starts()).toBe(3);
    expect(nginx.mostAtOnce()).toBe(1);
    expect(nginx.lines()).toEqual(['start', 'end', 'start', 'end', 'start', 'end']);
  });

  it('with N=2, four changes run two checks at once and the other two wait their turn', async () => {
    const checker = gate();
    const agent = createStandInAgent({ dir: newDir(), checker, limits: { checks: 2, queue: 10 } });
    const answers = [1, 2, 3, 4].map((iid) => agent.apply(iid, vhost(`site${iid}.example.com`)));
    await vi.waitFor(() => expect(checker.started.length + agent.checks.queued).toBe(4), {
      timeout: 15_000,
      interval: 5,
    });
    expect(checker.started).toHaveLength(2);
    expect(agent.checks).toEqual({ running: 2, queued: 2 });
    checker.finishAll();
    for (const answer of await Promise.all(answers)) expect(answer.ok).toBe(true);
    expect(checker.started).toHaveLength(4);
    expect(checker.most).toBe(2);
  });

  it('beyond the queue the agent answers busy at once, with when to ask again', async () => {
    const checker = gate();
    const agent = createStandInAgent({ dir: newDir(), checker, limits: { checks: 1, queue: 1 } });
    const first = agent.apply(1, vhost('one.example.com'));
    const second = agent.apply(2, vhost('two.example.com'));
    // Two changes taken: one checking, one waiting. The third is not taken.
    const third = await agent.apply(3, vhost('three.example.com'));
    expect(third).toEqual({
      ok: false,
      status: 503,
      msg: M.agentBusy,
      retryAfter: MANAGED.busyRetryAfterSeconds,
    });
    checker.finishAll();
    expect((await first).ok).toBe(true);
    expect((await second).ok).toBe(true);
    // Its server is as it was: nothing of the busy change was kept.
    expect(await agent.list(3, 'vhosts')).toEqual([]);
    // Once the others are done, the agent takes changes again.
    expect((await agent.apply(3, vhost('three.example.com'))).ok).toBe(true);
  }, 10_000);

  it('its HTTP API answers busy with 503 and Retry-After, and the client passes that on', async () => {
    const checker = gate();
    const agent = createStandInAgent({ dir: newDir(), checker, limits: { checks: 1, queue: 0 } });
    const app = createHostAgentApp(agent, KEY);
    const post = (iid: number, change: ManagedChange) =>
      app.request(`/servers/${iid}/changes`, {
        method: 'POST',
        headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify(change),
      });
    const first = post(1, vhost('one.example.com'));
    await vi.waitFor(() => expect(checker.started).toHaveLength(1), { timeout: 10_000 });
    const busy = await post(2, vhost('two.example.com'));
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBe(String(MANAGED.busyRetryAfterSeconds));
    expect(await busy.json()).toEqual({ msg: M.agentBusy, busy: true });

    const { serve } = await import('@hono/node-server');
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const port = (server.address() as { port: number }).port;
      const client = hostAgentClient({ url: `http://127.0.0.1:${port}`, apiKey: KEY });
      expect(await client.apply(3, vhost('three.example.com'))).toEqual({
        ok: false,
        status: 503,
        msg: M.agentBusy,
        retryAfter: MANAGED.busyRetryAfterSeconds,
      });
    } finally {
      server.close();
    }
    checker.finishAll();
    expect((await first).status).toBe(200);
  }, 10_000);
});

describe('the configuration preview', () => {
  it('names no source file of the product', async () => {
    const agent = createStandInAgent({ dir: newDir(), checker: nginxChecker(missingNginx) });
    await agent.apply(1, vhost('ok.example.com'));
    const preview = JSON.stringify(await agent.configuration(1));
    expect(preview).toContain('server_names_hash_bucket_size');
    expect(preview).not.toMatch(/src\/|#shared|\.tsx?\b|isHostName/);
  });
});
