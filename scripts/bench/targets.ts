/**
 * The endpoints under load, as autocannon requests. Reads are anonymous (the portfolio is its
 * owner's) with gzip; writes are signed in, one writer per connection, and follow the app's
 * rules: same origin, JSON, a signed writing session for each piece, a fresh request key.
 */
import { randomUUID } from "node:crypto";
import { issueWritingSession } from "../../src/server/modules/writing/writing-session-token.ts";
import { writeHeaders, type Fixture } from "./fixture.ts";
import { BENCH_AUTH_SECRET } from "./server.ts";

/** An autocannon request (the part of its options we use). */
export interface Request {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (req: Request, context: Context) => Request;
  onResponse?: (status: number, body: string, context: Context) => void;
}
/** Per connection: its number (0..connections-1) and how many requests it sent. */
export interface Context {
  client?: number;
  sent?: number;
}

export interface Target {
  name: string;
  kind: "read" | "write";
  /** The request names a piece from `fx.pieceIds` that changes from one request to the next (floors.ts). */
  variesBy?: "piece";
  /** `run` numbers the runs of this target against one server, so writes never repeat themselves. */
  requests(fx: Fixture, connections: number, run: number): Request[];
}

const READ_HEADERS = { accept: "application/json", "accept-encoding": "gzip" };

const get = (name: string, path: (fx: Fixture) => string, headers?: (fx: Fixture) => Record<string, string>): Target => ({
  name,
  kind: "read",
  requests: (fx) => [{ method: "GET", path: path(fx), headers: { ...READ_HEADERS, ...headers?.(fx) } }],
});

/**
 * Gives each connection its number the first time it sends, and yields (client, n): the n-th
 * request of that connection. `k = client + n * connections` then never repeats within a run.
 */
function numbered(connections: number, build: (req: Request, client: number, k: number) => Request) {
  let next = 0;
  return (req: Request, context: Context): Request => {
    context.client ??= next++;
    const n = (context.sent = (context.sent ?? 0) + 1) - 1;
    return build(req, context.client, context.client + n * connections);
  };
}

const feed = "/api/community/feed";

/** A read of a different piece each request, at `path` of its id. */
function eachPiece(name: string, path: (id: string) => string): Target {
  return {
    name,
    kind: "read",
    variesBy: "piece",
    requests: (fx, connections) => [
      {
        method: "GET",
        path: "/",
        headers: READ_HEADERS,
        setupRequest: numbered(connections, (req, _client, k) => ({ ...req, path: path(fx.pieceIds[k % fx.pieceIds.length]!) })),
      },
    ],
  };
}

export const READS: Target[] = [
  get("feed, first page", () => feed),
  get("feed, Most Liked", () => `${feed}?sort=liked`),
  get('search, common word ("lighthouse")', () => `${feed}?q=lighthouse`),
  get('search, rare word ("marovel")', () => `${feed}?q=marovel`),
  get("feed, one prompt (prompt filter)", (fx) => `${feed}?prompt=${fx.filterPromptId}`),
  get("prompt filter's list (prompt history)", () => "/api/community/prompts"),
  get("feed, first page, signed in", () => feed, (fx) => ({ cookie: fx.cookies[0]! })),
  get("feed, page 2 by cursor", (fx) => `${feed}?cursor=${encodeURIComponent(fx.page2Cursor)}`),
  get("feed, page 5 by cursor", (fx) => `${feed}?cursor=${encodeURIComponent(fx.laterCursor)}`),
  eachPiece("piece (a different one each request)", (id) => `/api/community/pieces/${id}`),
  eachPiece("a piece's comments (a different piece each request)", (id) => `/api/community/pieces/${id}/comments`),
  get("a writer's portfolio (365 pieces)", () => "/api/me/submissions", (fx) => ({ cookie: fx.cookies[0]! })),
];

const PIECE_TEXT =
  "The kettle sang in the next room and nobody moved to lift it. I remember the harbour lights, how they blinked like slow punctuation. " +
  "Ten minutes is longer than it sounds, and shorter than it feels. The rain started before the sentence did, and outlasted it.";

/** Writer 1 + client (writer 0 owns the portfolio that is read). */
const writerCookie = (fx: Fixture, client: number) => fx.cookies[1 + (client % (fx.cookies.length - 1))]!;

export const WRITES: Target[] = [
  {
    name: "publish a piece",
    kind: "write",
    requests: (fx, connections) => [
      {
        method: "POST",
        path: "/api/submissions",
        setupRequest: numbered(connections, (req, client) => {
          // A session that starts now (writing time 0 s on the bench server) and after this
          // writer's last piece, whose answer came before this request was built.
          const { token } = issueWritingSession(BENCH_AUTH_SECRET, new Date(Date.now() + 1));
          const body = { content: PIECE_TEXT, title: "Bench", promptId: fx.todayPromptId, action: "publish", signature: "name", page: "write", writingSession: token, idempotencyKey: randomUUID() };
          return { ...req, headers: writeHeaders(fx.appUrl, client, writerCookie(fx, client)), body: JSON.stringify(body) };
        }),
      },
    ],
  },
  {
    name: "like (and unlike) a piece",
    kind: "write",
    variesBy: "piece",
    requests: (fx, connections, run) => {
      // Each run of this target likes its own half of the pieces; a connection that went round
      // them all unlikes them on the next round, so every request changes something.
      const half = Math.max(1, Math.floor(fx.pieceIds.length / 2));
      const pool = fx.pieceIds.slice((run % 2) * half, (run % 2) * half + half);
      return [
        {
          method: "PUT",
          path: "/",
          setupRequest: numbered(connections, (req, client, k) => ({
            ...req,
            method: Math.floor(k / pool.length) % 2 === 0 ? "PUT" : "DELETE",
            path: `/api/community/pieces/${pool[k % pool.length]!}/like`,
            headers: writeHeaders(fx.appUrl, client, writerCookie(fx, client)),
          })),
        },
      ];
    },
  },
  {
    name: "comment on a piece",
    kind: "write",
    variesBy: "piece",
    requests: (fx, connections) => [
      {
        method: "POST",
        path: "/",
        setupRequest: numbered(connections, (req, client, k) => ({
          ...req,
          path: `/api/community/pieces/${fx.pieceIds[k % fx.pieceIds.length]!}/comments`,
          headers: writeHeaders(fx.appUrl, client, writerCookie(fx, client)),
          body: JSON.stringify({ content: "This stayed with me all day." }),
        })),
      },
    ],
  },
];
