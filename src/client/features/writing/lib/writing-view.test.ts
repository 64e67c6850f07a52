import { describe, expect, it } from "vitest";
import { INITIAL_VIEW, writingView, type WritingView } from "./writing-view.ts";

const state = (over: Partial<WritingView> = {}): WritingView => ({ ...INITIAL_VIEW, ...over });

describe("writingView", () => {
  it("opens the form of the action pressed, with no notice or old failure left", () => {
    const before = state({ notice: "Keep writing", formError: "Save failed: no" });
    expect(writingView(before, { type: "open-form", action: "save" })).toEqual(state({ view: "save-form" }));
    expect(writingView(before, { type: "open-form", action: "publish" })).toEqual(state({ view: "publish-form" }));
  });

  it("says how long is left when pressed too soon, and stops saying it when the time is up", () => {
    const told = writingView(state(), { type: "too-soon", message: "Keep writing: 0:03 to go" });
    expect(told.notice).toBe("Keep writing: 0:03 to go");
    expect(told.view).toBe("editing");
    expect(writingView(told, { type: "time-up" }).notice).toBeNull();
    const quiet = state();
    expect(writingView(quiet, { type: "time-up" })).toBe(quiet);
  });

  it("sends a writer signed out mid-request from the form to the way back in", () => {
    const next = writingView(state({ view: "publish-form", formError: "old" }), { type: "join", action: "publish" });
    expect(next).toEqual(state({ view: "editing", joinAction: "publish" }));
    expect(writingView(next, { type: "close-join" }).joinAction).toBeNull();
  });

  it("shows a failure in the form and clears it for the next try", () => {
    const failed = writingView(state({ view: "save-form" }), { type: "form-error", message: "Save failed: The archive is closed" });
    expect(failed).toEqual(state({ view: "save-form", formError: "Save failed: The archive is closed" }));
    expect(writingView(failed, { type: "form-error", message: null }).formError).toBeNull();
    expect(writingView(failed, { type: "close-form" }).view).toBe("editing");
  });

  it("thanks the writer for the piece, keeps the published one's id, and starts again on request", () => {
    const saved = writingView(state({ view: "save-form" }), { type: "succeeded", action: "save", id: "p1" });
    expect(saved).toMatchObject({ view: "saved", publishedId: "p1" });
    const published = writingView(state({ view: "publish-form" }), { type: "succeeded", action: "publish", id: "p2" });
    expect(published).toMatchObject({ view: "published", publishedId: "p2" });
    expect(writingView(published, { type: "write-again" }).view).toBe("editing");
  });

  it("leaves nothing of the last writer's on screen when someone else writes here", () => {
    const busy = state({ view: "publish-form", joinAction: "save", notice: "Keep writing", formError: "Publish failed: x" });
    expect(writingView(busy, { type: "switched" })).toEqual(state());
  });

  it("closes the form to say a piece waits for the connection, and lets the notice go once it went out", () => {
    const waiting = writingView(state({ view: "publish-form", formError: "Publish failed: x" }), { type: "notice", message: "Will publish when you're back online." });
    expect(waiting).toMatchObject({ view: "editing", notice: "Will publish when you're back online.", formError: null });
    const writingOn = writingView({ ...waiting, view: "save-form" }, { type: "notice", message: null });
    expect(writingOn).toMatchObject({ view: "save-form", notice: null });
  });
});
