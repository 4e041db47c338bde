// The bundle thread's entry: a worker does not inherit the TypeScript loader of the thread that starts it, so it registers its own.
import { register } from "tsx/esm/api";

register();
await import("./bundle-worker.ts");
