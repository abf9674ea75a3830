/**
 * The card processor of a configuration. Routes call `cardProcessorFor(c.var.deps.config)`; the
 * processor is made once per configuration from CARD_PROCESSOR. Tests may put another processor
 * (or the sandbox reached in process) in place with {@link useCardProcessor}.
 */
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Logger } from '../logger.ts';
import type { CardProcessor } from './card-processor.ts';
import { createSandboxCardProcessor } from './sandbox-processor.ts';

export * from './card-processor.ts';

const processors = new WeakMap<Config, CardProcessor>();

export function createCardProcessor(config: Config): CardProcessor {
  switch (config.cardProcessor) {
    case 'sandbox':
      return createSandboxCardProcessor(config);
  }
}

export function cardProcessorFor(config: Config): CardProcessor {
  let processor = processors.get(config);
  if (!processor) {
    processor = createCardProcessor(config);
    processors.set(config, processor);
  }
  return processor;
}

/** Makes `processor` the one used with this configuration. */
export function useCardProcessor(config: Config, processor: CardProcessor): void {
  processors.set(config, processor);
}
export * from './bank-crypto.ts';

/**
 * Makes the stand-in card provider, reached in process on this database, the processor of this
 * configuration (the billing command and tests: the provider's own tables live in the same
 * database, so its charges are the same whichever process calls).
 */
export async function useInProcessSandbox(
  config: Config,
  db: Database,
  logger: Logger,
): Promise<void> {
  const { createCardProviderApp } = await import('../card-provider/app.ts');
  const provider = createCardProviderApp({ config, db, logger });
  useCardProcessor(
    config,
    createSandboxCardProcessor(config, {
      fetch: async (input, init) => provider.request(input, init),
    }),
  );
}
