import { queryOptions } from "@tanstack/react-query";
import type { Signature } from "#shared/domain/author.ts";
import type { JoinedWriteIn, WriteInPanel } from "#shared/schemas/write-ins.ts";
import { api, unwrap } from "#client/lib/api-client.ts";
import { writeInKeys } from "../api/keys.ts";

/*
 * The live session's calls (issue 30 item 2): the server's time, joining, counts (a number, never
 * the text), leaving, and the panel.
 */

/** How often the panel is read while the write-in runs and its live stream is not open (the issue asks for updates within 2 s). */
export const PANEL_POLL_MS = 2_000;

const writeIn = api.api["write-ins"][":id"];

export const getServerTime = async (): Promise<number> => (await unwrap(api.api.time.$get())).now;

export const joinWriteIn = (id: string, signature?: Signature): Promise<JoinedWriteIn> =>
  unwrap(writeIn.join.$post({ param: { id }, json: signature ? { signature } : {} }));

export const sendCount = (id: string, words: number) => unwrap(writeIn.count.$post({ param: { id }, json: { words } }));

export const leaveWriteIn = (id: string, words?: number) => unwrap(writeIn.leave.$post({ param: { id }, json: words === undefined ? {} : { words } }));

export const getPanel = (id: string): Promise<WriteInPanel> => unwrap(writeIn.panel.$get({ param: { id } }));

export const panelKey = (id: string) => [...writeInKeys.detail(id), "panel"] as const;

/** The panel's live stream (GET .../panel/stream, `event: panel`). */
export const panelStreamUrl = (id: string) => `/api/write-ins/${encodeURIComponent(id)}/panel/stream`;

/** `poll`: read it every PANEL_POLL_MS (while it runs and its live stream is not open). */
export const panelQueryOptions = (id: string, poll: boolean) =>
  queryOptions({
    queryKey: panelKey(id),
    queryFn: () => getPanel(id),
    refetchInterval: poll ? PANEL_POLL_MS : false,
    refetchIntervalInBackground: true,
  });
