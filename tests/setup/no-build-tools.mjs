/**
 * `node --import ./tests/setup/no-build-tools.mjs ...`: a stand-in for a production install
 * (`npm ci --omit=dev`), where the build tools are not there. Loading one of them fails the way a
 * missing package does, from `import` and `require`, on the main thread and in worker threads
 * (they inherit --import).
 */
import Module, { register } from "node:module";

const BUILD_TOOLS = String.raw`^(tsx|typescript|vite|esbuild|rolldown|@vitejs/plugin-react|@tailwindcss/vite)(/|$)`;
const message = (specifier) => `Cannot find package '${specifier}' (a build tool: not installed in production)`;

register(
  `data:text/javascript,${encodeURIComponent(`
    const tools = new RegExp(${JSON.stringify(BUILD_TOOLS)});
    export async function resolve(specifier, context, next) {
      if (tools.test(specifier)) throw Object.assign(new Error(${JSON.stringify(message("SPECIFIER"))}.replace("SPECIFIER", specifier)), { code: "ERR_MODULE_NOT_FOUND" });
      return next(specifier, context);
    }`)}`,
);

const tools = new RegExp(BUILD_TOOLS);
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (tools.test(request)) throw Object.assign(new Error(message(request)), { code: "MODULE_NOT_FOUND" });
  return resolveFilename.call(this, request, ...rest);
};
