import { afterEach, beforeEach } from "vitest";
import { resetEnvCache } from "~/platform/env.server";

/**
 * Sets environment variables for each test of the file (or the enclosing describe block) and
 * removes them after it. `values` may be a function, read when each test starts.
 */
export function useTestEnv(values: Record<string, string> | (() => Record<string, string>)) {
  let names: string[] = [];
  beforeEach(() => {
    const variables = typeof values === "function" ? values() : values;
    names = Object.keys(variables);
    Object.assign(process.env, variables);
    resetEnvCache();
  });
  afterEach(() => {
    for (const name of names) delete process.env[name];
    resetEnvCache();
  });
}
