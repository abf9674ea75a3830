/**
 * Runs the stand-in host agent on its own port (HOST_AGENT_PORT, default 3002), beside the
 * product's server, as the card provider runs: `npm start`, `npm run dev` and the browser tests
 * start it; the API reaches it at HOST_AGENT_URL with HOST_AGENT_API_KEY. Without nginx
 * (NGINX_BINARY) it refuses to start in production; in development it says so on start, and each
 * change it lets through says its configuration was not checked.
 */
import { serve, type ServerType } from '@hono/node-server';
import { ConfigError, type Config } from '../../config.ts';
import type { Logger } from '../../logger.ts';
import { nginxChecker } from '../nginx-check.ts';
import { createStandInAgent, type StandInAgent } from './agent.ts';
import { createHostAgentApp } from './app.ts';

export interface RunningHostAgent {
  url: string;
  port: number;
  agent: StandInAgent;
  close(): Promise<void>;
}

export async function startHostAgent(options: {
  config: Config;
  logger: Logger;
  /** The port to listen on; the configured one by default (0: any free port). */
  port?: number;
  now?: () => Date;
}): Promise<RunningHostAgent> {
  const { config } = options;
  const logger = options.logger.child({ service: 'host-agent' });
  const { nginxBinary, nginxChecks, queueSize } = config.hostAgent;
  const checker = nginxChecker(nginxBinary);
  if (!checker.real && config.production) {
    throw new ConfigError(
      'NGINX_BINARY',
      `is ${nginxBinary}, which is not an nginx this user can run: the host agent checks every ` +
        'configuration with nginx -t and does not start without it in production. Install ' +
        "Debian's nginx package (apt-get install nginx) or set NGINX_BINARY to the nginx binary.",
    );
  }
  if (checker.real) {
    logger.info(
      { nginx: nginxBinary, checks: nginxChecks, queue: queueSize },
      'nginx -t checks every change',
    );
  } else {
    logger.warn(
      { nginx: nginxBinary },
      'Configuration not checked: nginx is not installed (NGINX_BINARY); each change says so',
    );
  }
  const agent = createStandInAgent({
    dir: config.hostAgent.dir,
    checker,
    now: options.now,
    limits: { checks: nginxChecks, queue: queueSize },
  });
  const app = createHostAgentApp(agent, config.hostAgent.apiKey);
  const server: ServerType = await new Promise((resolve, reject) => {
    const s = serve(
      { fetch: app.fetch, port: options.port ?? config.hostAgent.port, hostname: '127.0.0.1' },
      () => resolve(s),
    );
    s.once('error', reject);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.hostAgent.port;
  let closing: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    agent,
    close: () =>
      (closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ('closeAllConnections' in server) server.closeAllConnections();
      })),
  };
}
