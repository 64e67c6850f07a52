/** Business constants of the spec (§9), named once. */
export const WORDS_PER_PAGE = 250;
export const DEFAULT_MIN_WRITING_SECONDS = 600;
/** The timer shows the clock icon until this many seconds have elapsed, then the time as text. */
export const TIMER_TEXT_AFTER_SECONDS = 595;
export const DRAFT_MAX_AGE_MS = 24 * 60 * 60 * 1000;
export const DOUBLE_CLICK_GUARD_MS = 1000;
export const LIKE_LOCK_MS = 600;
export const COMMUNITY_FEED_LIMIT = 200;
export const COMMUNITY_PAGE_SIZE = 30;
export const COMMUNITY_STALE_MS = 2 * 60 * 1000;
/** Community cards cut the prompt at 60 characters; the prompt filter's labels at 25 (spec §9). */
export const COMMUNITY_PROMPT_PREVIEW_MAX = 60;
export const PROMPT_FILTER_LABEL_MAX = 25;
/** Characters of a piece the feed sends for a card's preview (the detail view loads the rest). */
export const COMMUNITY_PREVIEW_CHARS = 320;
/** The prompt history (prompt filter) lists at most this many prompts. */
export const PROMPT_HISTORY_LIMIT = 100;
/** Comments shown under a piece, oldest first. */
export const COMMENTS_LIMIT = 500;
export const SEARCH_MAX_LENGTH = 100;
/** Live stream: a heartbeat comment this often; the browser retries this long after a drop. */
export const LIVE_HEARTBEAT_MS = 25_000;
export const LIVE_RETRY_MS = 3000;
export const THIS_WEEK_DAYS = 7;
export const SHARE_LINK_HOURS = 24;
export const SHARE_TOKEN_LENGTH = 8;
export const SHARE_TOKEN_ATTEMPTS = 10;
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;
export const RESET_REDIRECT_MS = 1500;
export const TOAST_MS = 3000;
export const ADMIN_NOTICE_MS = 4000;
export const PODIUM_NOTICE_MS = 3000;
export const PIECE_EDIT_ERROR_MS = 5000;
export const PIECE_EDIT_SUCCESS_MS = 3000;
export const SAVE_TIMEOUT_MS = 15_000;
export const PROMPT_FETCH_ATTEMPTS = 5;
export const PROMPT_FETCH_BACKOFF_MS = 1000;
export const PROMPT_FETCH_TIMEOUT_MS = 10_000;
export const ADMIN_CACHE_MS = 5 * 60 * 1000;
/** A verified session is kept this long for reads (http/session-cache.ts; every change to it drops it at once). */
export const SESSION_CACHE_MS = 30 * 1000;
/** Sessions kept at most, per instance. */
export const SESSION_CACHE_MAX = 10_000;
export const COMMENT_MAX_LENGTH = 2000;
export const SOCIAL_DESCRIPTION_MAX = 180;
export const READ_MORE_CHARS = 300;
export const PODIUM_READ_MORE_CHARS = 200;
export const MAX_TITLE_LENGTH = 200;
export const MAX_CONTENT_LENGTH = 200_000;
export const MAX_ALIAS_LENGTH = 60;
export const MAX_NAME_LENGTH = 100;
export const MAX_LOCATION_LENGTH = 100;
export const MAX_PROMPT_LENGTH = 4000;
export const FREEWRITE_PROMPT_TEXT = "Freewrite Session";
export const EMERGENCY_PROMPT =
  "Write about something you've been putting off. What is it, and what's really keeping you from starting?";
export const DEFAULT_SITE_NAME = "inkwell";
/** Admin screens (issue 6). */
export const DAYS_PER_WEEK = 7;
export const MAX_PROMPT_AUTHOR_LENGTH = 100;
export const ADMIN_PROMPTS_PAGE_SIZE = 50;
export const ADMIN_SUBMISSIONS_PAGE_SIZE = 50;
export const ADMIN_USERS_PAGE_SIZE = 50;
export const ADMIN_PODIUM_LIMIT = 100;
export const PUBLIC_PODIUM_LIMIT = 30;
export const PODIUM_EXCERPT_CHARS = 280;
export const ADMIN_SEARCH_MAX_LENGTH = 100;
export const ADMIN_SEARCH_DEBOUNCE_MS = 300;
/** "Read more" collapsed heights (spec §9). */
export const READ_MORE_COLLAPSED_PX = 100;
export const PODIUM_COLLAPSED_PX = 120;
/**
 * Import (issue 15 item 2): the largest upload read at all, what a zip may inflate to (counted
 * while inflating, never from its headers), how many files one import may hold, and how often a
 * writer may import (imports per hour).
 */
export const IMPORT_MAX_UPLOAD_BYTES = 50 * 1024 * 1024;
export const IMPORT_MAX_UNCOMPRESSED_BYTES = 100 * 1024 * 1024;
export const IMPORT_MAX_FILES = 5000;
export const IMPORT_RATE_WINDOW_MS = 60 * 60_000;
export const IMPORT_RATE_MAX = 10;
/**
 * Circles (issue 29): how many circles a writer may be in, how many members a circle holds, how
 * long an invite link lasts unless its maker says otherwise (and at most), how many uses it may be
 * given, and a circle's page of pieces and members.
 */
export const MAX_CIRCLES_PER_WRITER = 50;
export const MAX_CIRCLE_MEMBERS = 1000;
export const CIRCLE_INVITE_DEFAULT_DAYS = 7;
export const CIRCLE_INVITE_MAX_DAYS = 30;
export const CIRCLE_INVITE_MAX_USES = 1000;
export const MAX_CIRCLE_NAME_LENGTH = 60;
export const MAX_CIRCLE_DESCRIPTION_LENGTH = 280;
export const CIRCLE_PAGE_SIZE = 30;
export const CIRCLE_MEMBERS_PAGE_SIZE = 100;
/** Live invite links a circle may hold at once, and invites a writer may make per hour. */
export const MAX_LIVE_CIRCLE_INVITES = 20;
export const CIRCLE_INVITES_PER_HOUR = 30;
/** Addresses one email invitation may name (a class), and such invitations a writer may send per hour. */
export const MAX_EMAIL_INVITES = 40;
export const EMAIL_INVITES_PER_HOUR = 5;

/*
 * Write-ins (issue 30, docs/decisions/017-write-ins.md): a write-in's length, how far ahead one is
 * scheduled and how many weeks a weekly one is scheduled for at once, how many may be scheduled
 * at a time (a circle's, the community's), who may join, how often a count is taken, how long a
 * writer who sends nothing still counts as writing, and the grace after the end in which a last
 * count is still taken (then the results are final).
 */
export const WRITE_IN_MIN_MINUTES = 10;
export const WRITE_IN_MAX_MINUTES = 60;
export const WRITE_IN_MAX_AHEAD_DAYS = 90;
export const WRITE_IN_WEEKLY_WEEKS = 8;
export const WRITE_IN_MAX_UPCOMING_PER_CIRCLE = 20;
export const WRITE_IN_MAX_UPCOMING_COMMUNITY = 40;
export const WRITE_IN_MAX_PARTICIPANTS = 1000;
export const WRITE_IN_TITLE_MAX = 80;
export const WRITE_IN_JOIN_OPENS_MS = 10 * 60 * 1000;
export const WRITE_IN_COUNT_EVERY_MS = 5_000;
export const WRITE_IN_COUNT_MIN_GAP_MS = 2_000;
export const WRITE_IN_PRESENT_MS = 40_000;
export const WRITE_IN_COUNT_GRACE_MS = 15_000;
export const WRITE_IN_PANEL_TICK_MS = 1_000;
export const WRITE_IN_MAX_WORDS = 15_000;
export const WRITE_IN_MAX_WPM = 250;
export const WRITE_INS_PAGE_SIZE = 20;
