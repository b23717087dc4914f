// Options that make an otherwise read-only program run another program or touch files it was not pointed
// at (CVE-2025-58764: `rg --pre` bypassed an allow-list). A command using one never matches an allow
// rule. The list is best effort: allow rules reduce prompts, they are not a sandbox.
const RISKY_FLAGS: ReadonlyMap<string, readonly string[]> = new Map([
  ["rg", ["--pre", "--hostname-bin"]],
  ["find", ["-exec", "-execdir", "-ok", "-okdir", "-delete", "-fprint", "-fprint0", "-fprintf", "-fls"]],
  ["fd", ["-x", "--exec", "-X", "--exec-batch"]],
  [
    "git",
    [
      "-c",
      "--config-env",
      "--exec-path",
      "--upload-pack",
      "--receive-pack",
      "-C",
      "--git-dir",
      "--work-tree",
    ],
  ],
  [
    "tar",
    [
      "--to-command",
      "--checkpoint-action",
      "--use-compress-program",
      "-I",
      "--info-script",
      "-F",
      "--new-volume-script",
      "--rsh-command",
    ],
  ],
  ["rsync", ["-e", "--rsh", "--rsync-path"]],
  ["zip", ["-TT", "--unzip-command"]],
  ["sort", ["--compress-program"]],
  ["man", ["-P", "--pager", "-H", "--html"]],
]);

/**
 * The option in `words` (a simple command, program first) that lets the program run other programs, or
 * `undefined`. Long options match with or without `=value`, one-letter options also with the value attached.
 */
export function riskyFlagIn(words: readonly string[]): string | undefined {
  const program = words[0]?.split("/").at(-1);
  const flags = program === undefined ? undefined : RISKY_FLAGS.get(program);
  if (!flags) return undefined;
  for (const word of words.slice(1)) {
    if (word === "--") break;
    for (const flag of flags) {
      if (word === flag) return flag;
      if (flag.startsWith("--") && word.startsWith(`${flag}=`)) return flag;
      if (flag.length === 2 && !word.startsWith("--") && word.startsWith(flag)) return flag;
    }
  }
  return undefined;
}
