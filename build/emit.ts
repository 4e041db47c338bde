// Every GET response of the file routes, as (path, body) pairs: each route's producer (lib/bodies/bodies.ts) at each prebuilt query form (lib/routes/routes.ts).
import { FILE_BODIES, FILE_ROUTE_IDS } from "../lib/bodies/bodies.ts";
import type { BodyInputs, Resource } from "../lib/datasets/producer.ts";
import { filePath, prebuiltQueries, queryDefaults, routeById, type Route } from "../lib/routes/routes.ts";

export interface ApiFile {
  /** Path below the publish directory, starting with /api/v1/public. */
  path: string;
  route: Route;
  body: unknown;
}

/** One file per resource and prebuilt query form; the form's values spell the file's path. */
function* filesOf(route: Route, resources: Iterable<Resource>): Generator<ApiFile> {
  const defaults = queryDefaults(route);
  for (const r of resources) {
    for (const q of prebuiltQueries(route, r.total)) {
      yield { path: filePath(route, r.pathValues, q), route, body: r.body({ ...defaults, ...q }) };
    }
  }
}

/** Every file-route response for the given inputs. */
export function* apiFiles(inputs: BodyInputs): Generator<ApiFile> {
  for (const id of FILE_ROUTE_IDS) yield* filesOf(routeById(id), FILE_BODIES[id](inputs));
}
