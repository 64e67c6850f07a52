import { describe, expect, it } from "vitest";
import type { NotificationItem } from "#shared/schemas/notifications.ts";
import { hrefOf } from "./notification-list.tsx";

const item = (over: Partial<NotificationItem>): NotificationItem =>
  ({ id: "n1", kind: "comment", message: "m", read: false, pieceId: null, circleSlug: null, writeInId: null, count: 1, updatedAt: "2026-01-01T00:00:00.000Z", ...over }) as NotificationItem;

describe("hrefOf", () => {
  it("links a circle's notifications to the circle", () => {
    for (const kind of ["circle_joined", "circle_prompt", "circle_pieces"] as const) expect(hrefOf(item({ kind, circleSlug: "poets-1a2b" }))).toBe("/circles/poets-1a2b");
  });
  it("links a write-in's reminder to the write-in", () => {
    expect(hrefOf(item({ kind: "write_in_soon", writeInId: "22222222-2222-4222-8222-222222222222" }))).toBe("/write-ins/22222222-2222-4222-8222-222222222222");
  });
  it("links a piece's notification to the piece", () => expect(hrefOf(item({ pieceId: "11111111-1111-4111-8111-111111111111" }))).toBe("/submission/11111111-1111-4111-8111-111111111111"));
  it("links an achievement to the profile, and nothing else nowhere", () => {
    expect(hrefOf(item({ kind: "achievement" }))).toBe("/profile");
    expect(hrefOf(item({ kind: "pick" }))).toBeNull();
  });
});
