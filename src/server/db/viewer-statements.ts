import type { SQL } from "drizzle-orm";
import { VISITOR, viewerIdOf, type Viewer } from "./audience.ts";
import { FixedStatement } from "./typed-rows.ts";

/**
 * A hot read whose statement depends on who reads (audience.ts: a visitor, a writer, an admin),
 * built by Drizzle once for each kind of viewer (FixedStatement); the reader's id is the
 * parameter `viewerId` (a visitor's statement has none), the read's own value `key`. Returns the
 * statement for a read and its values, for fixedRows.
 */
export function perViewer<K extends string>(key: K, build: (value: string, viewer: Viewer) => SQL) {
  const byKind = {
    visitor: new FixedStatement<K | "viewerId">([key], (v) => build(v[key], VISITOR)),
    writer: new FixedStatement<K | "viewerId">([key, "viewerId"], (v) => build(v[key], { kind: "writer", id: v.viewerId })),
    admin: new FixedStatement<K | "viewerId">([key, "viewerId"], (v) => build(v[key], { kind: "admin", id: v.viewerId })),
  } satisfies Record<Viewer["kind"], FixedStatement<K | "viewerId">>;
  return (value: string, viewer: Viewer): [FixedStatement<K | "viewerId">, Record<K | "viewerId", string>] => [
    byKind[viewer.kind],
    { [key]: value, viewerId: viewerIdOf(viewer) ?? "" } as Record<K | "viewerId", string>,
  ];
}
