/**
 * The `yaml` library, loaded when first needed (not on any start's path). The CLI's bundle gives a CommonJS
 * module's exports as `default` of a dynamic import, where Vitest and tsx give them by name: a destructured
 * `parse` was `undefined` in the bundled server, and every pnpm and Yarn Berry lockfile read as invalid YAML.
 */
export async function loadYaml(): Promise<typeof import("yaml")> {
  const loaded = (await import("yaml")) as typeof import("yaml") & { default?: typeof import("yaml") };
  return typeof loaded.parse === "function" ? loaded : (loaded.default as typeof import("yaml"));
}
