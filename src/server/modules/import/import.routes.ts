import { Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { validator } from "hono/validator";
import { IMPORT_MAX_FILES, IMPORT_MAX_UPLOAD_BYTES, IMPORT_RATE_MAX, IMPORT_RATE_WINDOW_MS } from "#shared/constants.ts";
import { localDate } from "#shared/domain/dates.ts";
import { IMPORT_MESSAGES, importResponse } from "#shared/schemas/import.ts";
import type { AppEnv } from "../../http/context.ts";
import { requireUser } from "../../http/context.ts";
import { HttpError } from "../../http/errors.ts";
import { rateLimit } from "../../http/rate-limit.ts";
import { respond } from "../../http/respond.ts";
import { importPieces } from "./import.service.ts";
import { readUpload } from "./read-files.ts";
import { unzipUpload, type UploadedFile } from "./unzip.ts";

/** The import route's path: app.ts lets it past the API's 1 MB body limit (it has its own) and same-origin.ts lets its multipart body in. */
export const IMPORT_PATH = "/api/me/import";

/** A signed-in writer sending a multipart upload (anything else is refused before the body is read). */
const signedInUpload: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireUser(c, IMPORT_MESSAGES.signIn);
  const type = (c.req.header("content-type") ?? "").toLowerCase();
  if (!type.startsWith("multipart/form-data")) throw new HttpError(415, "import_wrong_type", IMPORT_MESSAGES.noFiles);
  await next();
};

/** The body is counted as it arrives (Content-Length or not): past the limit, nothing more is read. */
const uploadLimit = bodyLimit({
  maxSize: IMPORT_MAX_UPLOAD_BYTES,
  onError: (c) => {
    c.header("Connection", "close");
    throw new HttpError(413, "import_too_large", IMPORT_MESSAGES.tooLarge);
  },
});

const importLimit = rateLimit({ bucket: "import", windowMs: IMPORT_RATE_WINDOW_MS, max: IMPORT_RATE_MAX, per: "account" });

/** The body read as a form once (the validator reuses it): one that is not a form is a 422 of ours, not the validator's 400. */
const readableForm: MiddlewareHandler<AppEnv> = async (c, next) => {
  const read = await c.req.formData().then(
    () => true,
    () => false,
  );
  if (!read) throw new HttpError(422, "import_no_files", IMPORT_MESSAGES.notForm);
  await next();
};

/** The form's `files` (one or many); the typed client sends them as `{ form: { files } }`. */
const uploadForm = validator("form", (value) => {
  const field = value["files"];
  return { files: (Array.isArray(field) ? field : [field]).filter((f): f is File => f instanceof File) };
});

const kindOf = (name: string) => name.toLowerCase().match(/\.(zip|md|txt)$/)?.[1] ?? null;

/** The upload's files: one zip inflated within the limits, or the .md/.txt files as they are. Anything else refuses the whole upload. */
async function uploadedFiles(files: File[]): Promise<UploadedFile[]> {
  if (files.length === 0) throw new HttpError(422, "import_no_files", IMPORT_MESSAGES.noFiles);
  if (files.length > IMPORT_MAX_FILES) throw new HttpError(413, "import_too_many_files", IMPORT_MESSAGES.tooManyFiles);
  const kinds = files.map((f) => kindOf(f.name));
  if (kinds.some((k) => k === null)) throw new HttpError(415, "import_wrong_type", IMPORT_MESSAGES.wrongType);
  if (kinds.includes("zip")) {
    if (files.length > 1) throw new HttpError(422, "import_mixed", IMPORT_MESSAGES.mixed);
    return unzipUpload(new Uint8Array(await files[0]!.arrayBuffer()));
  }
  return Promise.all(files.map(async (f) => ({ path: f.name, bytes: new Uint8Array(await f.arrayBuffer()) })));
}

/** POST /api/me/import: a zip, or .md/.txt files, into the signed-in writer's own portfolio (private, not counted). */
export const importRoutes = new Hono<AppEnv>().post("/me/import", signedInUpload, uploadLimit, importLimit, readableForm, uploadForm, async (c) => {
  const user = requireUser(c, IMPORT_MESSAGES.signIn);
  const deps = c.get("deps");
  const uploaded = await uploadedFiles(c.req.valid("form").files);
  const now = deps.clock.now();
  const { pieces, unreadable } = readUpload(uploaded, localDate(now, user.timeZone), now);
  return respond(c, importResponse, await importPieces(deps, user.id, pieces, unreadable));
});
