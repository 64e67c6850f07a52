/**
 * A round-robin HTTP proxy for the scale-out measurement (scale.ts), in its own process so it
 * does not share a thread with the load generator:
 *   node --import tsx scripts/bench/proxy.ts PORT http://127.0.0.1:A http://127.0.0.1:B ...
 * Each request goes to the next instance in turn over kept-alive connections; headers pass
 * unchanged (the load gives each connection its own X-Forwarded-For, which the apps trust).
 */
import { Agent, createServer, request } from "node:http";

const [portArg, ...targetArgs] = process.argv.slice(2);
const targets = targetArgs.map((t) => new URL(t));
if (!portArg || targets.length === 0) {
  console.error("usage: proxy.ts PORT TARGET_URL...");
  process.exit(2);
}
const agents = targets.map(() => new Agent({ keepAlive: true, maxSockets: 512 }));
let next = 0;

const server = createServer((req, res) => {
  const i = next++ % targets.length;
  const target = targets[i]!;
  const upstream = request(
    { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers, agent: agents[i] },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on("error", () => {
    if (!res.headersSent) res.writeHead(502);
    res.end();
  });
  req.pipe(upstream);
});
server.keepAliveTimeout = 5_000;
server.listen(Number(portArg), "127.0.0.1", () => console.log("listening"));
process.on("SIGTERM", () => process.exit(0));
