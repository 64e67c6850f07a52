import type { FastPath } from "#server/http/node-server.ts";

/** The fast path as it is, with `answered` told of each request it answers itself (at once or later). */
export function counting(fast: FastPath, answered: () => void): FastPath {
  return (req, res) => {
    const result = fast(req, res);
    if (typeof result === "boolean") {
      if (result) answered();
      return result;
    }
    return result.then((ok) => {
      if (ok) answered();
      return ok;
    });
  };
}
