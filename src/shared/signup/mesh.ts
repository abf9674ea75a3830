/**
 * The mesh extenders of a router order (signup.md §4 "Router choice", "Out of stock"): with the
 * XWi router the visitor chooses none, or 1 up to the number in stock; none is `mesh_none`, one
 * or more are leased (`mesh_lease`). The wizard, the order summary's cart and the server's order
 * all ask these functions, so they cannot disagree about the stock limit or the mesh type.
 */
import type { MeshType } from './constants.ts';
import type { MeshOption } from './serviceability.ts';

/** What the stock rule needs of an offering's mesh option. */
export type MeshStock = Pick<MeshOption, 'mesh_available' | 'quantity_available'>;

/** No extender can be ordered now: the choice is disabled with the call-or-chat message. */
export function meshOutOfStock(mesh: MeshStock): boolean {
  return !mesh.mesh_available || mesh.quantity_available <= 0;
}

/** A number of extenders one order may lease: a whole number from 1 up to the number in stock. */
export function meshQuantityInStock(mesh: MeshStock, quantity: number): boolean {
  return (
    !meshOutOfStock(mesh) &&
    Number.isInteger(quantity) &&
    quantity >= 1 &&
    quantity <= mesh.quantity_available
  );
}

/** The choices the visitor is offered: 0 (none), then 1 up to the number in stock. */
export function meshChoices(mesh: MeshStock): number[] {
  const most = meshOutOfStock(mesh) ? 0 : Math.floor(mesh.quantity_available);
  return Array.from({ length: most + 1 }, (_, quantity) => quantity);
}

/** The mesh type of a router line with this many extenders: leased for one or more. */
export function meshTypeOf(quantity: number): MeshType {
  return quantity > 0 ? 'mesh_lease' : 'mesh_none';
}
