/** The charts page's catalogue of statecharts (docs/statecharts.md), loaded once. */
import { createLoaderMachine } from '../session/loader.machine.ts';
import { selectData, type LoaderSnapshot } from '../session/loader.selectors.ts';
import type { ChartCatalogue } from './catalogue.ts';

export const catalogueLoader = createLoaderMachine<ChartCatalogue>();

export function selectCatalogue(snapshot: LoaderSnapshot<ChartCatalogue>): ChartCatalogue | null {
  return selectData(snapshot);
}
