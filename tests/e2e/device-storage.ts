import type { Page } from "@playwright/test";

/**
 * What a writing page keeps in IndexedDB (issue 16 item 2), read from the page: the drafts
 * (database "inkwell-drafts", store "drafts") and the offline queue ("inkwell-queue", "pieces").
 * Opening a database that does not exist yet creates it with its store, as idb-keyval would.
 */
function readAll(page: Page, db: string, store: string): Promise<[string, unknown][]> {
  return page.evaluate(
    ([dbName, storeName]) =>
      new Promise<[string, unknown][]>((resolve, reject) => {
        const open = indexedDB.open(dbName);
        open.onupgradeneeded = () => open.result.createObjectStore(storeName);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const conn = open.result;
          const tx = conn.transaction(storeName, "readonly");
          const keys = tx.objectStore(storeName).getAllKeys();
          const values = tx.objectStore(storeName).getAll();
          tx.oncomplete = () => {
            conn.close();
            resolve(keys.result.map((k, i) => [String(k), values.result[i]]));
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    [db, store] as const,
  );
}

/** The stored draft under `key` (JSON) — a visitor's, or a writer's in their own slot `key.user.<id>` — or null. */
export async function storedDraft(page: Page, key: string): Promise<string | null> {
  const found = (await readAll(page, "inkwell-drafts", "drafts")).find(([k]) => k === key || k.startsWith(`${key}.user.`));
  return typeof found?.[1] === "string" ? found[1] : null;
}

/** Every stored draft whose key starts with `prefix`, one a line. */
export async function storedDrafts(page: Page, prefix: string): Promise<string> {
  return (await readAll(page, "inkwell-drafts", "drafts"))
    .filter(([k]) => k.startsWith(prefix))
    .map(([, v]) => String(v))
    .join("\n");
}

/** How many pieces wait in the offline queue. */
export async function queuedCount(page: Page): Promise<number> {
  return (await readAll(page, "inkwell-queue", "pieces")).length;
}
