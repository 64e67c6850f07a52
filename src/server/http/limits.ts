/*
 * What our rate limits (rate-limit.ts) and better-auth's (auth.ts) agree on. Imports nothing, so
 * auth.ts can read it without reaching the request context that names the app's Deps.
 */

/** The header the server fills with the socket's address (client-ip.ts); both key their limits on it. */
export const CLIENT_IP_HEADER = "x-inkwell-client-ip";

/**
 * The longest window of any rate limit (our daily caps, rate-limit.ts). better-auth prunes
 * every row of the shared `rate_limit` table older than the longest window it knows of, ours
 * included: auth.ts's rule that matches no path tells it this one, so our counters live as long
 * as their windows.
 */
export const LONGEST_LIMIT_WINDOW_MS = 24 * 60 * 60_000;
