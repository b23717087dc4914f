import packageJson from "../package.json" with { type: "json" };

/** Parley's version, reported as `claude_code_version` in `system/init` (the field SDK hosts read). */
export const PARLEY_VERSION: string = packageJson.version;
