import { getRequestListener } from "@hono/node-server";

/*
 * The running server answers through @hono/node-server, which puts its own lighter Request and
 * Response in place of the global ones the first time a listener is made (its `overrideGlobalObjects`).
 * Files share their worker's globals (vitest.config.ts), so without this a file would see one or
 * the other depending on whether an earlier file in its worker started a listening server
 * (tests/setup/listening.ts). Made here, before each server file, every file sees what production
 * does. Making it again is a no-op.
 */
getRequestListener(() => new Response(null));
