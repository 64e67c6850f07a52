import { parseDraft } from "../lib/storage.ts";
import { draftStorage, loadDrafts } from "./draft-store.ts";
import { idbQueueStore, queueChanged } from "./queue-store.ts";

/**
 * A deleted account leaves none of its writing on this device (issue 16 item 2): its drafts, the
 * versions its tabs kept, and its pieces still waiting for the connection. A visitor's draft and
 * other writers' stay. (Signing out keeps them: the writer comes back to their words.)
 */
export async function forgetWriterOnDevice(owner: string): Promise<void> {
  await loadDrafts();
  const keys: string[] = [];
  for (let i = 0; i < draftStorage.length; i++) {
    const key = draftStorage.key(i);
    if (key && parseDraft(draftStorage.getItem(key))?.owner === owner) keys.push(key);
  }
  for (const key of keys) draftStorage.removeItem(key);
  try {
    const waiting = (await idbQueueStore.all()).filter((i) => i.owner === owner);
    for (const item of waiting) await idbQueueStore.remove(item.key);
    if (waiting.length) queueChanged();
  } catch {
    // No IndexedDB: nothing was queued either.
  }
}
