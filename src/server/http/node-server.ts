import { createServer, type IncomingMessage, type RequestListener, type ServerOptions, type ServerResponse } from "node:http";

/**
 * Node's createServer with a fast path in front of the app's listener: `fast` answers what it
 * can straight from Node's request and returns true; everything else goes to the app.
 */
export function withFastPath(fast: (req: IncomingMessage, res: ServerResponse) => boolean) {
  return ((options: ServerOptions, listener: RequestListener) =>
    createServer(options, (req, res) => {
      if (!fast(req, res)) void listener(req, res);
    })) as typeof createServer;
}
