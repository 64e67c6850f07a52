import type { WritingSessionResponse } from "#shared/schemas/writing.ts";
import { api, unwrap } from "#client/lib/api-client.ts";

/** Asks the server to start the clock on a piece (POST /api/writing-sessions). */
export const startWritingSession = (): Promise<WritingSessionResponse> => unwrap(api.api["writing-sessions"].$post());
