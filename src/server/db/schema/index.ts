export * from "./auth.ts";
export * from "./content.ts";
export * from "./blocks.ts";
