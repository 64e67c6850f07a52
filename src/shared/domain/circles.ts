import { MAX_CIRCLE_DESCRIPTION_LENGTH, MAX_CIRCLE_NAME_LENGTH, MAX_CIRCLES_PER_WRITER, CIRCLE_INVITE_MAX_DAYS, CIRCLE_INVITE_MAX_USES } from "../constants.ts";

/*
 * Circles' words and fixed sets (issue 29), without zod: the write page reads them too, and its
 * first-page budget (issue 26) has no room for the circle schemas.
 */

export const CIRCLE_ROLES = ["owner", "moderator", "member"] as const;
export type CircleRole = (typeof CIRCLE_ROLES)[number];

/** The accents a circle may pick (no images): names the client maps to its palette. */
export const CIRCLE_ACCENTS = ["ink", "rose", "amber", "moss", "teal", "violet"] as const;
export type CircleAccent = (typeof CIRCLE_ACCENTS)[number];

/** The words the circle routes answer with (one place, so client and tests read the same text). */
export const CIRCLE_MESSAGES = {
  notFound: "Circle not found",
  nameRequired: "Give your circle a name",
  nameTooLong: `A circle's name can be at most ${MAX_CIRCLE_NAME_LENGTH} characters`,
  descriptionTooLong: `A circle's description can be at most ${MAX_CIRCLE_DESCRIPTION_LENGTH} characters`,
  badAccent: "Choose one of the offered colours",
  tooManyCircles: `You can be in at most ${MAX_CIRCLES_PER_WRITER} circles. Leave one to join or create another.`,
  circleFull: "This circle is full.",
  loginToCreate: "Sign in to create a circle",
  loginToJoin: "Sign in or create an account to join this circle",
  confirmToJoin: "Confirm your email address to join or create circles",
  notModerator: "Only the circle's moderators can do that",
  notOwner: "Only the circle's owner can do that",
  ownerCannotLeave: "Hand the circle over to another member (or delete it) before you leave",
  memberNotFound: "That writer is not a member of this circle",
  inviteNotFound: "This invite link is not valid. Ask for a new one.",
  inviteExpired: "This invite link has expired. Ask for a new one.",
  inviteRevoked: "This invite link was turned off. Ask for a new one.",
  inviteUsedUp: "This invite link has been used as many times as it allows. Ask for a new one.",
  alreadyMember: "You are already in this circle",
  banned: "You can't join this circle",
  tooManyInvites: "This circle has as many live invite links as it may hold. Turn one off first.",
  badInviteDays: `An invite can last from 1 to ${CIRCLE_INVITE_MAX_DAYS} days`,
  badInviteUses: `An invite can allow from 1 to ${CIRCLE_INVITE_MAX_USES} uses`,
  badCursor: "This list has changed. Reload the page.",
  notInCircle: "You can only share with circles you are in",
  shareSomewhere: "Choose the community, a circle, or both",
  confirmDelete: "Type the circle's name to delete it",
  badWeek: "Choose a week as a date (YYYY-MM-DD)",
  badDate: "Choose a date (YYYY-MM-DD)",
  promptRequired: "Write the prompt before saving it",
  promptAnswered: "Pieces answer this prompt already: you can change its words, not remove it",
  promptNotFound: "This circle has no prompt on that day",
  requestNotFound: "There is no request from that writer",
  requestSent: "Your request to join was sent. A moderator will let you in.",
  pieceNotInCircle: "This piece is not in this circle",
  commentNotInCircle: "This comment is not on a piece of this circle only",
  circlePromptOnly: "A piece on a circle's prompt is shared with that circle only",
  /** Shown before joining and on the circle's page (issue 29 item 6): exactly what moderators see. */
  progressNotice:
    "The circle's moderators can see, for each week: the days you wrote, how many pieces you shared with the circle, how many words you wrote, and your current streak. Counts only: never the text of a piece you did not share with the circle. Pieces you sign Anonymous or with your alias are not counted.",
} as const;

