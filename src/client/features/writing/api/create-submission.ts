import { SAVE_TIMEOUT_MS } from "#shared/constants.ts";
import type { SubmissionInput, SubmissionResponse } from "#shared/schemas/writing.ts";
import { api, callOptions, unwrap } from "#client/lib/api-client.ts";

/** Saves privately or publishes (POST /api/submissions); gives up after 15 s (spec §9). */
export const createSubmission = (input: SubmissionInput): Promise<SubmissionResponse> =>
  unwrap(api.api.submissions.$post({ json: input }, callOptions({ timeoutMs: SAVE_TIMEOUT_MS })));
