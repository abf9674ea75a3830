/**
 * The card and bank processors of a configuration. Routes and the billing code call
 * `cardProcessorFor(deps.config)` and `bankProcessorFor(deps)`; each is made once per
 * configuration: the card processor from CARD_PROCESSOR, the bank processor as the stand-in ACH
 * processor on the app's database (the only one so far). Tests and tools put another in place
 * with {@link useCardProcessor} and {@link useBankProcessor}.
 */
import type { Config } from '../../config.ts';
import type { Database, DatabaseHandle } from '../../db/client.ts';
import type { Logger } from '../../logger.ts';
import { createSandboxBankProcessor } from './ach-processor.ts';
import type { BankProcessor } from './bank-processor.ts';
import type { CardProcessor } from './card-processor.ts';
import { createSandboxCardProcessor } from './sandbox-processor.ts';

export * from './bank-processor.ts';
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

const bankProcessors = new WeakMap<Config, BankProcessor>();

export function bankProcessorFor(deps: {
  config: Config;
  database: DatabaseHandle;
}): BankProcessor {
  let processor = bankProcessors.get(deps.config);
  if (!processor) {
    processor = createSandboxBankProcessor(deps.database.db);
    bankProcessors.set(deps.config, processor);
  }
  return processor;
}

/** Makes `processor` the bank processor used with this configuration. */
export function useBankProcessor(config: Config, processor: BankProcessor): void {
  bankProcessors.set(config, processor);
}

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
