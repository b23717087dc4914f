import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";

const strings = lazySchema(() => z.array(z.string()).optional());
const flag = lazySchema(() => z.boolean().optional());
const denyOrMask = lazySchema(() => z.enum(["deny", "mask"]));
const passthrough = lazySchema(() => z.enum(["deny", "passthrough"]).optional());
const credentialRule = () => ({
  mode: denyOrMask,
  extract: z.string().optional(),
  onExtractNoMatch: z.enum(["deny", "error", "warn"]).optional(),
  decode: z.literal("jwt").optional(),
  maskClaims: strings,
  injectHosts: strings,
});

/** Network limits of the sandbox: allowed/denied domains, sockets, proxies, TLS termination. */
export const SandboxNetworkConfigSchema = lazySchema(() =>
  z.looseObject({
    allowedDomains: strings,
    deniedDomains: strings,
    strictAllowlist: flag,
    allowManagedDomainsOnly: flag,
    allowUnixSockets: strings,
    allowAllUnixSockets: flag,
    allowLocalBinding: flag,
    allowMachLookup: strings,
    httpProxyPort: z.number().optional(),
    socksProxyPort: z.number().optional(),
    tlsTerminate: z
      .looseObject({ caCertPath: z.string().optional(), caKeyPath: z.string().optional() })
      .optional(),
  }),
);
export type SandboxNetworkConfig = z.infer<typeof SandboxNetworkConfigSchema>;

/** Filesystem limits of the sandbox. */
export const SandboxFilesystemConfigSchema = lazySchema(() =>
  z.looseObject({
    allowWrite: strings,
    denyWrite: strings,
    denyRead: strings,
    allowRead: strings,
    allowManagedReadPathsOnly: flag,
    disabled: flag,
  }),
);
export type SandboxFilesystemConfig = z.infer<typeof SandboxFilesystemConfigSchema>;

/** Credentials the sandbox hides from or masks for sandboxed commands. */
export const SandboxCredentialsConfigSchema = lazySchema(() =>
  z.looseObject({
    files: z.array(z.looseObject({ path: z.string(), ...credentialRule(), maskDuplicates: flag })).optional(),
    envVars: z.array(z.looseObject({ name: z.string(), ...credentialRule() })).optional(),
    allowPlaintextInject: flag,
    awsPairs: z
      .array(
        z.looseObject({
          accessKeyIdVar: z.string(),
          secretAccessKeyVar: z.string(),
          sessionTokenVar: z.string().optional(),
        }),
      )
      .optional(),
    sigv4: z.looseObject({ streaming: passthrough, presigned: passthrough, sigv4a: passthrough }).optional(),
  }),
);
export type SandboxCredentialsConfig = z.infer<typeof SandboxCredentialsConfigSchema>;

/** How the CLI sandboxes Bash commands (merged into the `--settings` JSON under `sandbox`). */
export const SandboxSettingsSchema = lazySchema(() =>
  z.looseObject({
    enabled: flag,
    failIfUnavailable: flag,
    autoAllowBashIfSandboxed: flag,
    allowUnsandboxedCommands: flag,
    network: SandboxNetworkConfigSchema.optional(),
    filesystem: SandboxFilesystemConfigSchema.optional(),
    credentials: SandboxCredentialsConfigSchema.optional(),
    ignoreViolations: z.record(z.string(), z.array(z.string())).optional(),
    enableWeakerNestedSandbox: flag,
    allowNestedUserNamespaces: flag,
    enableWeakerNetworkIsolation: flag,
    allowAppleEvents: flag,
    excludedCommands: strings,
    ripgrep: z.looseObject({ command: z.string(), args: strings }).optional(),
    bwrapPath: z.string().optional(),
    socatPath: z.string().optional(),
  }),
);
export type SandboxSettings = z.infer<typeof SandboxSettingsSchema>;
