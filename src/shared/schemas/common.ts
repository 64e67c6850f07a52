import { z } from "zod";

/** Every id is a UUID (any version: 8-4-4-4-12 hex digits); anything else names nothing. */
export const uuidSchema = z.guid();
/** An instant as JSON carries it: ISO 8601 in UTC ("2026-03-01T12:00:00.000Z"). */
export const isoTime = z.iso.datetime();
/** A calendar date, "YYYY-MM-DD". */
export const isoDate = z.iso.date();
