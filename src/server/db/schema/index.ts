export * from "./auth.ts";
export * from "./content.ts";
export * from "./moderation.ts";
export * from "./blocks.ts";
export * from "./mail.ts";
export * from "./notifications.ts";
export * from "./trash.ts";
export * from "./prompt-counts.ts";
