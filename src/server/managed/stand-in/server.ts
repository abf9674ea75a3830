/**
 * Runs the stand-in host agent on its own port (HOST_AGENT_PORT, default 3002), beside the
 * product's server, as the card provider runs: `npm start`, `npm run dev` and the browser tests
 * start it; the API reaches it at HOST_AGENT_URL with HOST_AGENT_API_KEY. It says on start
 * whether a real nginx checks the configurations.
 */
import { serve, type ServerType } from '@hono/node-server';
import type { Config } from '../../config.ts';
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
  const checker = nginxChecker(config.hostAgent.nginxBinary);
  if (checker.real)
    logger.info({ nginx: config.hostAgent.nginxBinary }, 'nginx -t checks every change');
  else {
    logger.warn(
      { nginx: config.hostAgent.nginxBinary },
      'nginx is not installed: configurations are checked by the product rules only',
    );
  }
  const agent = createStandInAgent({ dir: config.hostAgent.dir, checker, now: options.now });
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
