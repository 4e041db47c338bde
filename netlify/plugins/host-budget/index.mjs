// Local build plugin: after the functions and the edge function are bundled, fails the build unless their manifests hold
// the one platform rate limit (lib/http/host-manifests.ts); a lost edge config is an error, not a warning.
import { register } from "tsx/esm/api";

register();
const { manifestProblems } = await import("../../../lib/http/host-manifests.ts");

export const onPostBuild = ({ utils }) => {
  const problems = manifestProblems(process.cwd());
  if (problems.length > 0) utils.build.failBuild(`The host's rate limit is not one budget:\n- ${problems.join("\n- ")}`);
};
