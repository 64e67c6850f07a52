import type { CircleRole } from "#shared/domain/circles.ts";
import type { CircleMember } from "#shared/schemas/circles.ts";

/*
 * What the circle's page offers whom (the server decides; this mirrors its rules so nobody is
 * shown a button that can only fail).
 */

export const canModerate = (role: CircleRole | null): boolean => role === "owner" || role === "moderator";

/** "3 new", "99+ new" when the server capped the count, nothing when there is none. */
export function newPiecesLabel(count: number, capped: boolean): string | null {
  if (count <= 0) return null;
  return capped ? `${count}+ new` : `${count} new`;
}

export const ROLE_LABELS: Record<CircleRole, string> = { owner: "Owner", moderator: "Moderator", member: "Member" };

export type MemberAction = "make-moderator" | "unmake-moderator" | "hand-over" | "remove";

/** The actions a viewer with `viewerRole` has on another member's row (never on their own: that is Leave). */
export function memberActions(viewerRole: CircleRole | null, member: CircleMember): MemberAction[] {
  if (member.isMe || member.role === "owner") return [];
  const actions: MemberAction[] = [];
  if (viewerRole === "owner") {
    actions.push(member.role === "moderator" ? "unmake-moderator" : "make-moderator", "hand-over");
  }
  // A moderator removes members; the owner removes moderators and members alike.
  if (viewerRole === "owner" || (viewerRole === "moderator" && member.role === "member")) actions.push("remove");
  return actions;
}

/** "1 member", "12 members". */
export const membersLabel = (n: number): string => `${n} ${n === 1 ? "member" : "members"}`;

/** The circles a piece goes to, and whether the community sees it: at least one of the two. */
export interface Audience {
  community: boolean;
  circles: string[];
  /** Fixed by a circle's prompt (to that circle alone): shown, not offered. */
  locked?: boolean;
}
