import type { SnapshotFrom } from 'xstate';
import type { ServiceActionType } from '#shared/constants';
import type { MeshType } from '#shared/signup/constants';
import { meshChoices, meshOutOfStock, meshTypeOf } from '#shared/signup/mesh';
import type { MeshOption, RouterOption, SpeedOption } from '#shared/signup/serviceability';
import {
  bundlesRouter,
  routerAvailable,
  routerOption,
  speedOption,
  type servicesMachine,
} from './services.machine.ts';

export type ServicesSnapshot = SnapshotFrom<typeof servicesMachine>;

/** The router line of the order (signup.md §3 "Connectivity order": router). */
export interface RouterOrder {
  service_action_type: ServiceActionType;
  router_model: string | null;
  mesh_quantity: number;
  mesh_type: MeshType;
}

/** The connectivity line of the order, as far as the services decide it. */
export interface ConnectivityOrder {
  service_action_type: ServiceActionType;
  display_id: string | null;
  speed_id: string | null;
  new_speed_id: string | null;
  external_soid: string | null;
  new_external_soid: string | null;
}

/** What the wizard keeps of the services section. */
export interface ServicesSummary {
  speedValid: boolean;
  routerValid: boolean;
  speed: SpeedOption | null;
  router: RouterOrder | null;
  connectivity: ConnectivityOrder;
}

export type RouterChoice = 'no choice' | 'own router' | 'bundle offered' | 'xwi';

export function selectRouterChoice(snapshot: ServicesSnapshot): RouterChoice {
  if (snapshot.matches({ router: 'own router' })) return 'own router';
  if (snapshot.matches({ router: 'bundle offered' })) return 'bundle offered';
  if (snapshot.matches({ router: 'xwi' })) return 'xwi';
  return 'no choice';
}

function meshDecided(snapshot: ServicesSnapshot): boolean {
  return (
    snapshot.matches({ router: { xwi: 'no mesh' } }) ||
    snapshot.matches({ router: { xwi: 'mesh leased' } }) ||
    snapshot.matches({ router: { xwi: 'mesh out of stock' } })
  );
}

export function selectSpeedValid(snapshot: ServicesSnapshot): boolean {
  return snapshot.matches({ speed: 'chosen' });
}

/** Router no, or router yes with the mesh decided. */
export function selectRouterValid(snapshot: ServicesSnapshot): boolean {
  return snapshot.matches({ router: 'own router' }) || meshDecided(snapshot);
}

export function selectRouterOrder(snapshot: ServicesSnapshot): RouterOrder | null {
  const { offering, speedId, meshQuantity } = snapshot.context;
  if (snapshot.matches({ router: 'own router' })) {
    return {
      service_action_type: 'none',
      router_model: null,
      mesh_quantity: 0,
      mesh_type: meshTypeOf(0),
    };
  }
  if (!meshDecided(snapshot)) return null;
  const quantity = snapshot.matches({ router: { xwi: 'mesh leased' } }) ? (meshQuantity ?? 0) : 0;
  return {
    service_action_type: 'new',
    router_model: routerOption(offering, speedId)?.router_model ?? null,
    mesh_quantity: quantity,
    mesh_type: meshTypeOf(quantity),
  };
}

export function selectConnectivityAction(snapshot: ServicesSnapshot): ServiceActionType {
  if (snapshot.matches({ 'connectivity action': 'new' })) return 'new';
  if (snapshot.matches({ 'connectivity action': 'alter' })) return 'alter';
  return 'none';
}

export function selectConnectivityOrder(snapshot: ServicesSnapshot): ConnectivityOrder {
  const { offering, speedId, existing } = snapshot.context;
  const action = selectConnectivityAction(snapshot);
  const chosen = speedOption(offering, speedId);
  if (action === 'alter' && existing) {
    return {
      service_action_type: 'alter',
      display_id: existing.display_id,
      speed_id: existing.speed_id,
      new_speed_id: chosen?.speed_id ?? null,
      external_soid: existing.external_soid,
      new_external_soid: chosen?.external_soid ?? null,
    };
  }
  return {
    service_action_type: action,
    display_id: existing?.display_id ?? null,
    speed_id: action === 'new' ? (chosen?.speed_id ?? null) : (existing?.speed_id ?? null),
    new_speed_id: null,
    external_soid:
      action === 'new' ? (chosen?.external_soid ?? null) : (existing?.external_soid ?? null),
    new_external_soid: null,
  };
}

export function selectServicesSummary(snapshot: ServicesSnapshot): ServicesSummary {
  return {
    speedValid: selectSpeedValid(snapshot),
    routerValid: selectRouterValid(snapshot),
    speed: speedOption(snapshot.context.offering, snapshot.context.speedId),
    router: selectRouterOrder(snapshot),
    connectivity: selectConnectivityOrder(snapshot),
  };
}

export interface RouterView {
  choice: RouterChoice;
  /** The chosen speed (its router image). */
  speedId: string | null;
  /** What the router adds to the chosen speed's monthly rate (0 when nothing or unknown). */
  extraMonthly: number;
  /** The chosen speed's router (model, label, price), when the offering has one. */
  option: RouterOption | null;
  /** Yes is disabled and the call-or-chat message shows. */
  outOfStock: boolean;
  mesh: MeshOption;
  meshOutOfStock: boolean;
  /** Shown only with the router chosen: none or 1..available. */
  showMesh: boolean;
  meshQuantity: number | null;
  /** The mesh choice in the select: 0 for none, null before a choice. */
  meshChoices: number[];
  bundled: boolean;
}

export function selectRouterView(snapshot: ServicesSnapshot): RouterView {
  const { offering, speedId, meshQuantity } = snapshot.context;
  const choice = selectRouterChoice(snapshot);
  const speed = speedOption(offering, speedId);
  const bundled = bundlesRouter(speed);
  return {
    choice,
    speedId,
    // A bundled router is included: it adds nothing to the plan.
    extraMonthly:
      speed && !bundled
        ? Math.max(
            0,
            speed.monthly_gross_connectivity_router_rate - speed.monthly_gross_connectivity_rate,
          )
        : 0,
    option: routerOption(offering, speedId),
    outOfStock: !routerAvailable(offering, speedId),
    mesh: offering.mesh_option,
    meshOutOfStock: meshOutOfStock(offering.mesh_option),
    showMesh: choice === 'xwi',
    meshQuantity: snapshot.matches({ router: { xwi: 'no mesh' } })
      ? 0
      : snapshot.matches({ router: { xwi: 'mesh leased' } })
        ? meshQuantity
        : null,
    meshChoices: meshChoices(offering.mesh_option),
    bundled,
  };
}

export interface SpeedView {
  options: readonly SpeedOption[];
  speedId: string | null;
  alter: boolean;
  existingSpeedId: string | null;
}

export function selectSpeedView(snapshot: ServicesSnapshot): SpeedView {
  return {
    options: snapshot.context.offering.speed_options,
    speedId: snapshot.context.speedId,
    alter: snapshot.matches({ 'connectivity action': 'alter' }),
    existingSpeedId: snapshot.context.existing?.speed_id ?? null,
  };
}
