/**
 * The card processor of a configuration. Routes call `cardProcessorFor(c.var.deps.config)`; the
 * processor is made once per configuration from CARD_PROCESSOR. Tests may put another processor
 * (or the sandbox reached in process) in place with {@link useCardProcessor}.
 */
import type { Config } from '../config.ts';
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
