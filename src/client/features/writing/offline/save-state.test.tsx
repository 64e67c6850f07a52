// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useDraft } from "../hooks/use-draft.ts";
import { draftsWritten, draftStorage, forgetDrafts } from "./draft-store.ts";
import { ago, SaveState, saveStateText } from "./save-state.tsx";

/** The editor's text, autosaved by useDraft, with the save state under it (as on the writing page). */
function Harness() {
  const [content, setContent] = useState("");
  const draft = useDraft("write", "writer-a", { title: "", content }, (t) => setContent(t.content));
  return (
    <>
      <textarea aria-label="Your writing" value={content} onChange={(e) => setContent(e.target.value)} />
      <SaveState savedAt={draft.savedAt} online queued={null} sent={null} />
    </>
  );
}

beforeEach(() => {
  forgetDrafts();
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("the save state under the editor (issue 16 item 3)", () => {
  it("changes once after a pause in typing, never on each keystroke", async () => {
    render(<Harness />);
    const status = screen.getByRole("status");
    expect(status.getAttribute("aria-live")).toBe("polite");
    const seen: string[] = [];
    const observer = new MutationObserver(() => seen.push(status.textContent ?? ""));
    observer.observe(status, { childList: true, subtree: true, characterData: true });

    const text = screen.getByRole("textbox", { name: "Your writing" });
    let typed = "";
    for (const ch of "hello") {
      typed += ch;
      fireEvent.change(text, { target: { value: typed } });
      await act(async () => vi.advanceTimersByTime(100));
    }
    expect(status.textContent).toBe("");
    await act(async () => {
      vi.advanceTimersByTime(1000);
      await draftsWritten();
    });
    expect(status.textContent).toBe("Saved on this device · just now");
    expect(new Set(seen)).toEqual(new Set(["Saved on this device · just now"]));
    expect(JSON.parse(draftStorage.getItem("inkwell.draft.write.user.writer-a") ?? "{}")).toMatchObject({ content: "hello", owner: "writer-a" });

    // Typing on after the save changes nothing until the next pause lands (the words read out stay the same).
    seen.length = 0;
    fireEvent.change(text, { target: { value: "hello there" } });
    await act(async () => vi.advanceTimersByTime(100));
    expect(seen).toEqual([]);
    observer.disconnect();
  });

  it("brings the time up to date calmly, for the eye only", async () => {
    render(<SaveState savedAt={Date.now()} online queued={null} sent={null} />);
    await act(async () => vi.advanceTimersByTime(150_000));
    const status = screen.getByRole("status");
    expect(status.textContent).toBe("Saved on this device · 2 min ago");
    expect(status.querySelector('[aria-hidden="true"]')?.textContent).toBe(" · 2 min ago");
  });

  it("says what matters most: waiting, sent, offline, saved", () => {
    const base = { savedAt: 1000, online: true, queued: null, sent: null };
    expect(saveStateText({ ...base, queued: "publish" })).toBe("Publishing when back online");
    expect(saveStateText({ ...base, online: false, queued: "save" })).toBe("Saving when back online");
    expect(saveStateText({ ...base, sent: { action: "publish", at: 2000 } })).toBe("Published");
    expect(saveStateText({ ...base, sent: { action: "publish", at: 500 } })).toBe("Saved on this device");
    expect(saveStateText({ ...base, online: false })).toBe("Offline — saved on this device");
    expect(saveStateText({ ...base, savedAt: null })).toBe("");
    expect([10_000, 60_000, 150_000, 3 * 3_600_000].map(ago)).toEqual(["just now", "1 min ago", "2 min ago", "3 h ago"]);
  });
});
