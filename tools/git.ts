// Runs git in a repository and returns its standard output; a failure throws with git's own message.
import { execFile } from "node:child_process";
import { promisify } from "node:util";

export async function git(repo: string, args: string[], input?: string): Promise<string> {
  const run = promisify(execFile)("git", ["-C", repo, ...args], { maxBuffer: 64 * 1024 * 1024, encoding: "utf8" });
  if (input !== undefined) {
    // A git that exits before reading all of it reports its own error; the broken pipe adds nothing.
    run.child.stdin?.on("error", () => undefined).end(input);
  }
  const { stdout } = await run;
  return stdout;
}
