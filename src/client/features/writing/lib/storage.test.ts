import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DRAFT_MAX_AGE_MS } from "#shared/constants.ts";
import {
  clearDraft,
  readDraft,
  readPending,
  readStoredSession,
  restoreText,
  sideDrafts,
  VISITOR,
  writeDraft,
  writePending,
  writeSideDraft,
  writeStoredSession,
} from "./storage.ts";
import { draftStorage, forgetDrafts } from "../offline/draft-store.ts";

/** A Storage kept in memory (the API tests run without a browser). */
class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(i: number) {
    return [...this.items.keys()][i] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

beforeEach(() => {
  forgetDrafts();
  vi.stubGlobal("window", { localStorage: new MemoryStorage(), sessionStorage: new MemoryStorage() });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const now = Date.now();
const draft = (owner: string | undefined, content: string, updatedAt = now) => ({ title: "T", content, updatedAt, owner });

describe("drafts on a shared browser", () => {
  it("restores a writer's own draft to them only", () => {
    writeDraft("write", draft("user-a", "A's unsaved words"));
    expect(restoreText("write", "user-a")).toEqual({ title: "T", content: "A's unsaved words" });
    expect(restoreText("write", VISITOR)).toEqual({ title: "", content: "" });
    expect(restoreText("write", "user-b")).toEqual({ title: "", content: "" });
    // Left in storage for its writer.
    expect(readDraft("write", "user-a")?.content).toBe("A's unsaved words");
  });

  it("keeps each account's draft in its own slot: a second writer on the browser never writes over the first", () => {
    writeDraft("write", draft("user-a", "A's words"));
    writeDraft("write", draft("user-b", "B's words"));
    expect(readDraft("write", "user-a")?.content).toBe("A's words");
    expect(readDraft("write", "user-b")?.content).toBe("B's words");
    clearDraft("write", "user-b");
    expect(readDraft("write", "user-a")?.content).toBe("A's words");
    expect(readDraft("write", "user-b")).toBeNull();
  });

  it("reads a writer's draft kept before per-account slots, and moves it on their next write", () => {
    draftStorage.setItem("inkwell.draft.write", JSON.stringify(draft("user-a", "from before")));
    expect(readDraft("write", "user-a")?.content).toBe("from before");
    expect(readDraft("write", "user-b")).toBeNull();
    writeDraft("write", draft("user-a", "from before, and more"));
    expect(draftStorage.getItem("inkwell.draft.write")).toBeNull();
    expect(readDraft("write", "user-a")?.content).toBe("from before, and more");
  });

  it("carries a visitor's draft over to whoever signs in", () => {
    writeDraft("freewrite", draft(VISITOR, "written before signing up"));
    expect(restoreText("freewrite", VISITOR).content).toBe("written before signing up");
    expect(restoreText("freewrite", "user-new").content).toBe("written before signing up");
  });

  it("shows no one a draft without an owner, or one older than a day", () => {
    writeDraft("write", draft(undefined, "whose?"));
    expect(readDraft("write", VISITOR)).toBeNull();
    writeDraft("write", draft("user-a", "old", now - DRAFT_MAX_AGE_MS - 1000));
    expect(readDraft("write", "user-a", now)).toBeNull();
  });

  it("keeps a pending action and a writing session for their owner (or a visitor's for anyone)", () => {
    writePending("write", { action: "publish", title: "", content: "waiting for sign-in", owner: "user-a" });
    expect(readPending("write", "user-b")).toBeNull();
    expect(readPending("write", VISITOR)).toBeNull();
    expect(readPending("write", "user-a")?.content).toBe("waiting for sign-in");
    expect(restoreText("write", "user-a").content).toBe("waiting for sign-in");

    writeStoredSession("write", { token: "t", startedAtLocal: now, minSeconds: 600, exempt: false, owner: "user-a" });
    expect(readStoredSession("write", "user-b")).toBeNull();
    expect(readStoredSession("write", "user-a")?.token).toBe("t");
    writeStoredSession("write", { token: "v", startedAtLocal: now, minSeconds: 600, exempt: false, owner: VISITOR });
    expect(readStoredSession("write", "user-b")?.token).toBe("v");
  });

  it("lists other tabs' kept versions for their owner, newest first, and drops stale ones", () => {
    writeSideDraft("write", "t1", draft("user-a", "older", now - 5000));
    writeSideDraft("write", "t2", draft("user-a", "newer", now - 1000));
    writeSideDraft("write", "t3", draft("user-b", "not yours", now));
    writeSideDraft("write", "t4", draft("user-a", "stale", now - DRAFT_MAX_AGE_MS - 1));
    writeSideDraft("freewrite", "t5", draft("user-a", "other page", now));
    expect(sideDrafts("write", "user-a", now).map((s) => s.draft.content)).toEqual(["newer", "older"]);
    expect(draftStorage.getItem("inkwell.draft.write.tab.t4")).toBeNull();
    expect(draftStorage.getItem("inkwell.draft.write.tab.t3")).not.toBeNull();
  });
});
