/**
 * The package-lock.json of the security report that froze Parley: one package nested `depth` folders deep
 * (`node_modules/p0/node_modules/p1/…/node_modules/p<depth-1>`) requiring `requirements` packages. Resolving
 * each requirement by walking up the folders costs depth × requirements: 13 s for the report's 21 KB
 * (depth 1,000, 300 requirements, none installed: `installed: false`). By default every requirement
 * `d<i>` is installed at the root, and `shadow` both at the root (1.0.0) and one level down the chain
 * (2.0.0), so a correct resolver finds all of them and picks the nearer `shadow`.
 */
export function deepNpmLockfile(options: {
  depth: number;
  requirements: number;
  installed?: boolean;
}): string {
  const deepKey = Array.from({ length: options.depth }, (_, index) => `node_modules/p${index}`).join("/");
  const required = Object.fromEntries(
    Array.from({ length: options.requirements }, (_, index) => [`d${index}`, "^1.0.0"]),
  );
  const packages: Record<string, unknown> = {
    "": { name: "crafted", version: "1.0.0", dependencies: { p0: "^1.0.0", shadow: "^1.0.0" } },
    "node_modules/shadow": { version: "1.0.0" },
    "node_modules/p0/node_modules/shadow": { version: "2.0.0" },
    [deepKey]: { version: "1.0.0", dependencies: { ...required, shadow: "*" } },
  };
  if (options.installed !== false)
    for (let index = 0; index < options.requirements; index++)
      packages[`node_modules/d${index}`] = { version: "1.0.0" };
  return JSON.stringify({ name: "crafted", version: "1.0.0", lockfileVersion: 3, packages });
}

/**
 * An ordinary package-lock.json with `count` installed packages, pretty-printed as npm writes it (about
 * 380 bytes a package; 155,000 make the report's 59 MB): a few top-level dependencies, each package
 * requiring the next few, every tenth nested one level down.
 */
export function ordinaryNpmLockfile(count: number): string {
  const packages: Record<string, unknown> = {
    "": { name: "large", version: "1.0.0", dependencies: { p0: "^1.0.0", p1: "^1.0.0", p2: "^1.0.0" } },
  };
  for (let index = 0; index < count; index++) {
    const nested = index % 10 === 9;
    const key = nested ? `node_modules/p${index - 1}/node_modules/p${index}` : `node_modules/p${index}`;
    packages[key] = {
      version: `1.${index % 7}.0`,
      resolved: `https://registry.npmjs.org/p${index}/-/p${index}-1.${index % 7}.0.tgz`,
      integrity: `sha512-${"x".repeat(86)}==`,
      ...(index % 3 === 0 && { dev: true }),
      dependencies: Object.fromEntries(
        [1, 2, 3].filter((step) => index + step < count).map((step) => [`p${index + step}`, "^1.0.0"]),
      ),
    };
  }
  return JSON.stringify({ name: "large", version: "1.0.0", lockfileVersion: 3, packages }, null, 2);
}
