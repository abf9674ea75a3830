/**
 * The chart catalogue: every registered machine's name, title, description and chart model, as
 * `npm run charts` writes it to docs/charts/charts.json. The /control/charts/ page reads that
 * file, never the models (`*.model.ts`, machines/registry.ts and their samples stay out of the
 * app's bundle). The models' state tree is kept once: `states` is read back from it.
 */
import type { ChartModel, ChartState } from './model.ts';

export const CATALOGUE_FILE = 'charts.json';

/** A chart model as the catalogue holds it: `states` is the tree's walk, so it is left out. */
export type ChartModelData = Omit<ChartModel, 'states'>;

export interface CatalogueEntry {
  /** The registry name (`signup-address`), the page's `#name`. */
  name: string;
  title: string;
  description: string;
  model: ChartModelData;
}

export interface ChartCatalogue {
  machines: CatalogueEntry[];
}

/** The catalogue of registered machines and their models, in registry order. */
export function chartCatalogue(
  entries: readonly { name: string; title: string; description: string }[],
  models: readonly ChartModel[],
): ChartCatalogue {
  return {
    machines: entries.map(({ name, title, description }, i) => {
      const { states: _states, ...model } = models[i];
      return { name, title, description, model };
    }),
  };
}

/** The catalogue as its file holds it: stable, one key a line. */
export function catalogueJson(catalogue: ChartCatalogue): string {
  return `${JSON.stringify(catalogue, null, 1)}\n`;
}

/** A catalogue entry's model with its `states` (every state but the machine, in document order). */
export function modelOf(data: ChartModelData): ChartModel {
  const states: ChartState[] = [];
  const walk = (state: ChartState) => {
    for (const child of state.children) {
      states.push(child);
      walk(child);
    }
  };
  walk(data.root);
  return { ...data, states };
}
