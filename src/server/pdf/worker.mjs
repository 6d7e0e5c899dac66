// Worker-thread entry in plain JS: Node 20 does not apply the parent's `--import tsx` (or vitest's
// transform) to worker threads, so this file loads the TypeScript worker through tsx's API.
import { tsImport } from "tsx/esm/api";

await tsImport("./worker.ts", import.meta.url);
