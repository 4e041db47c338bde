// The built openapi.json passes Redocly's recommended rules and Spectral's spectral:oas with nothing reported, and the
// types openapi-typescript generates from it let a strict client read every always-present field without a cast.
import { execFile } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, expect, inject, it } from "vitest";
import { removeTempDirs, tempDir } from "./helpers/tree.ts";

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL("..", import.meta.url));
const bin = (name: string): string => join(ROOT, "node_modules", ".bin", name);
const openapi = (): string => join(inject("distDir"), "api/v1/public/openapi.json");
// Both linters would otherwise try to report usage or look for updates over the network.
const env = { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", NO_UPDATE_NOTIFIER: "1" };

async function exec(file: string, args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await run(file, args, { cwd: ROOT, env, maxBuffer: 16 << 20 });
    return { code: 0, out: `${stdout}${stderr}` };
  } catch (e) {
    const err = e as { code?: number; stdout?: string; stderr?: string };
    return { code: err.code ?? 1, out: `${err.stdout ?? ""}${err.stderr ?? ""}` };
  }
}

afterAll(removeTempDirs);

// Three independent child processes: run side by side.
describe.concurrent("openapi.json", () => {
  it("has no problem under Redocly's recommended rules", async () => {
    const { code, out } = await exec(bin("redocly"), ["lint", "--extends", "recommended", "--format", "stylish", openapi()]);
    expect(code, out).toBe(0);
    // Redocly exits 0 on warnings; it names them in a closing count ("You have 3 warnings").
    expect(out).not.toMatch(/You have \d+ (warning|error)/);
    expect(out).toMatch(/Your API description is valid/);
  });

  it("has no problem under Spectral's spectral:oas, hints included", async () => {
    const { code, out } = await exec(bin("spectral"), [
      "lint",
      "--ruleset",
      join(ROOT, ".spectral.yaml"),
      "--fail-severity",
      "hint",
      openapi(),
    ]);
    expect(code, out).toBe(0);
    expect(out).toMatch(/No results/);
  });

  it("gives a strict client typed fields: data.uma * 30.4 compiles without a cast, a missing field does not", async () => {
    const dir = tempDir("openapi-ts");
    const types = join(dir, "api.d.ts");
    const generated = await exec(bin("openapi-typescript"), [openapi(), "-o", types]);
    expect(generated.code, generated.out).toBe(0);
    writeFileSync(
      join(dir, "client.ts"),
      [
        'import type { paths } from "./api.d.ts";',
        // A path a POST alone answers (POST /cfdi/validar) has no get: a client picks the GET operations' answers.
        'type Ok<P extends keyof paths> = paths[P] extends { get: { responses: { 200: { content: { "application/json": infer J } } } } } ? J : never;',
        'declare const data: Ok<"/uma">;',
        "export const monthly: number = data.uma * 30.4;",
        "export const since: string = data.umaVigenteDesde;",
        'declare const entry: Ok<"/cfdi/uso/{code}">;',
        "export const validFrom: string | null = entry.validFrom;",
        'declare const tariff: Ok<"/tarifa/isr/{year}/{period}">;',
        "export const top: number | null | undefined = tariff.rows.at(-1)?.upperLimit;",
        "// @ts-expect-error: the record has no such field",
        "export const absent = data.umaSemanal;",
      ].join("\n"),
    );
    const args = [
      "--noEmit",
      "--strict",
      "--noUncheckedIndexedAccess",
      "--exactOptionalPropertyTypes",
      "--module",
      "nodenext",
      "--target",
      "es2022",
      // As a client project would: the generated file is not checked for itself (2 s of the 3), only as used here.
      "--skipLibCheck",
    ];
    const checked = await exec(bin("tsc"), [...args, "--allowImportingTsExtensions", join(dir, "client.ts")]);
    expect(checked.code, checked.out).toBe(0);
  });
});
