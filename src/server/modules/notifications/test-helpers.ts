import { expect } from "vitest";
import type { NotificationItem, NotificationList } from "#shared/schemas/notifications.ts";
import type { TestUser } from "#tests/factories.ts";
import { t } from "../community/test-helpers.ts";

/* What the notification API tests share (on the community tests' app: `t`, writer, other, admin). */

/** The user's first page of notifications. */
export async function inbox(user: TestUser, cursor?: string): Promise<NotificationList> {
  const res = await t.json<NotificationList>(`/api/notifications${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`, { cookie: user.cookie });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** The user's notifications about one piece, newest first. */
export async function about(user: TestUser, pieceId: string): Promise<NotificationItem[]> {
  return (await inbox(user)).items.filter((n) => n.pieceId === pieceId);
}

export async function unread(user: TestUser): Promise<number> {
  const res = await t.json<{ unread: number }>("/api/notifications/unread-count", { cookie: user.cookie });
  expect(res.status).toBe(200);
  return res.body.unread;
}

export async function comment(pieceId: string, by: TestUser, content = "Lovely piece") {
  const res = await t.json<{ comment: { id: string; authorLabel: string } }>(`/api/community/pieces/${pieceId}/comments`, { cookie: by.cookie, json: { content } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.comment;
}

export async function like(pieceId: string, by: TestUser, liked = true) {
  const res = await t.json(`/api/community/pieces/${pieceId}/like`, { method: liked ? "PUT" : "DELETE", cookie: by.cookie });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}
