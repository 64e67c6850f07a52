/*
 * Requests the server makes to its own app while rendering a page (http/spa.ts): the API's
 * visitor answers, asked in process. They are marked so that the request metrics count what
 * clients asked, not the server's own questions (the page's time already includes them).
 */
const inProcess = new WeakSet<Request>();

/** A request to this app from the server itself, marked as such. */
export function inProcessRequest(input: RequestInfo | URL, init?: RequestInit): Request {
  const request = input instanceof Request ? new Request(input, init) : new Request(new URL(input, "http://localhost"), init);
  inProcess.add(request);
  return request;
}

export const isInProcess = (request: Request): boolean => inProcess.has(request);
