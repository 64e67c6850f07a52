import type { WriteInPanel, WriteInPanelDelta } from "#shared/schemas/write-ins.ts";

/**
 * A live stream's delta applied to the panel the page shows (issue 30 item 4): the totals taken
 * as they come, the changed named entries put in by seat, the gone seats taken out; the list stays
 * in seat order. Every value is absolute, so applying a delta to a newer panel is harmless. With
 * no panel yet there is nothing to apply to: the page waits for a whole one.
 */
export function applyPanelDelta(panel: WriteInPanel | undefined, delta: WriteInPanelDelta): WriteInPanel | undefined {
  if (!panel || panel.id !== delta.id) return panel;
  const { named: changed, gone, ...totals } = delta;
  const bySeat = new Map(panel.named.map((n) => [n.seat, n]));
  for (const seat of gone) bySeat.delete(seat);
  for (const n of changed) bySeat.set(n.seat, n);
  return { ...panel, ...totals, named: [...bySeat.values()].sort((a, b) => a.seat - b.seat) };
}
