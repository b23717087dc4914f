// Joins the chunks `parley serve` loads before it is healthy into one ES module. esbuild splits the bundle
// into a chunk per set of entry points that reach a module, so the start loaded ~20 chunks, and Node's ES
// module loader resolves (a stat and a realpath), reads, compiles and links each on its own
// (docs/decisions/2026-11-27-serve-start-in-fewer-modules.md). The chunks it joins become one-line modules that
// re-export from the joined one, so code loaded later (the agents, the engine) still shares every instance.
import { readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { build } from "esbuild";

const SERVE_COMMAND = "packages/cli/src/commands/serve/serve-command.ts";
const MAIN = "packages/cli/src/main.ts";

/**
 * The groups of chunks to join, each into its first chunk (the hub): the chunks the serve command's start
 * loads beyond `parley.js`'s, first into the serve command's own chunk, then what is left (what `parley run`
 * shares with it) into its largest. A group leaves out any chunk a graph could load without the rest (a
 * command's or a lazy module's graph that holds part of the group and is not only ever loaded after all of
 * it), and any chunk that a chunk the group imports imports back. So no process loads code it did not load
 * before, but for the serve command's own 8 KB in the commands that load the rest of its start.
 * @param {import("esbuild").Metafile} metafile
 * @returns {string[][]} output paths as the metafile names them, hub first
 */
export function serveStartGroups(metafile) {
  const outputs = metafile.outputs;
  const entry = (/** @type {string} */ source) =>
    Object.keys(outputs).find((path) => outputs[path]?.entryPoint === source);
  const serve = entry(SERVE_COMMAND);
  const main = entry(MAIN);
  if (serve === undefined || main === undefined) return [];
  /** @type {(path: string) => string[]} */
  const staticImports = (path) =>
    (outputs[path]?.imports ?? [])
      .filter((i) => i.kind === "import-statement" && !i.external)
      .map((i) => i.path);
  /** @type {(...from: string[]) => Set<string>} */
  const closure = (...from) => {
    /** @type {Set<string>} */
    const seen = new Set();
    const pending = [...from];
    while (pending.length > 0) {
      const path = /** @type {string} */ (pending.pop());
      if (seen.has(path)) continue;
      seen.add(path);
      pending.push(...staticImports(path));
    }
    return seen;
  };
  // Roots: what a process starts from (entry points) or loads with import().
  const dynamicImporters = new Map();
  for (const [path, output] of Object.entries(outputs)) {
    for (const imported of output.imports) {
      if (imported.kind !== "dynamic-import" || imported.external) continue;
      dynamicImporters.set(imported.path, [...(dynamicImporters.get(imported.path) ?? []), path]);
    }
  }
  const roots = [
    ...new Set([...Object.keys(outputs).filter((p) => outputs[p]?.entryPoint), ...dynamicImporters.keys()]),
  ];
  const closures = new Map(roots.map((root) => [root, closure(root)]));
  const loadedBefore = alwaysLoadedBefore(roots, closures, dynamicImporters);

  /** @param {string} hub @param {string[]} candidates */
  const group = (hub, candidates) => {
    const joined = new Set([hub, ...candidates]);
    /** @type {(paths: string[]) => boolean} */
    const drop = (paths) => {
      let dropped = false;
      for (const path of paths) if (path !== hub && joined.delete(path)) dropped = true;
      return dropped;
    };
    for (let changed = true; changed; ) {
      changed = false;
      // Which members a graph's process has: the serve command's start may add that command's own chunk.
      const counted = () => [...joined].filter((path) => path !== serve);
      for (const root of roots) {
        if (root === hub || loadedBefore.get(root)?.has(hub)) continue;
        const graph = /** @type {Set<string>} */ (closures.get(root));
        /** @type {(path: string) => boolean} */
        const has = (path) => graph.has(path) || loadedBefore.get(root)?.has(path) === true;
        const members = counted();
        if (!members.some(has) || members.every(has)) continue;
        // A graph holding part of the group would load the rest with it: the part it holds stays apart, or
        // when it holds the hub, the part it does not.
        const held = members.filter((path) => graph.has(path));
        changed = drop(has(hub) ? members.filter((path) => !has(path)) : held) || changed;
      }
      // The joined module imports what the group imports; none of that may import the group back.
      for (const path of closure(...joined)) {
        if (!joined.has(path)) changed = drop(staticImports(path)) || changed;
      }
    }
    return [hub, ...[...joined].filter((path) => path !== hub)];
  };

  const mainClosure = /** @type {Set<string>} */ (closures.get(main));
  const start = [.../** @type {Set<string>} */ (closures.get(serve))].filter(
    (path) => !mainClosure.has(path) && path !== serve,
  );
  const first = group(serve, start);
  const rest = start
    .filter((path) => !first.includes(path))
    .sort((a, b) => (outputs[b]?.bytes ?? 0) - (outputs[a]?.bytes ?? 0));
  const groups = [first];
  if (rest[0] !== undefined) groups.push(group(rest[0], rest.slice(1)));
  return groups.filter((joined) => joined.length > 1);
}

/**
 * For each root, the chunks certainly loaded whenever it loads: those of every graph that can import() it
 * (a dataflow fixpoint from "everything" down; entry points start with nothing loaded).
 * @param {string[]} roots
 * @param {Map<string, Set<string>>} closures
 * @param {Map<string, string[]>} dynamicImporters
 */
function alwaysLoadedBefore(roots, closures, dynamicImporters) {
  const all = new Set(roots.flatMap((root) => [...(closures.get(root) ?? [])]));
  /** @type {Map<string, Set<string>>} */
  const before = new Map(roots.map((root) => [root, dynamicImporters.has(root) ? new Set(all) : new Set()]));
  // Whenever `chunk` is loaded: the intersection, over the roots whose graph holds it, of what that root has.
  /** @type {(chunk: string) => Set<string>} */
  const loadedWith = (chunk) => {
    /** @type {Set<string> | undefined} */
    let common;
    for (const root of roots) {
      const graph = closures.get(root);
      if (!graph?.has(chunk)) continue;
      const has = new Set([...graph, ...(before.get(root) ?? [])]);
      common = common === undefined ? has : new Set([...common].filter((path) => has.has(path)));
    }
    return common ?? new Set();
  };
  for (let changed = true; changed; ) {
    changed = false;
    for (const root of roots) {
      const importers = dynamicImporters.get(root);
      if (importers === undefined) continue;
      /** @type {Set<string> | undefined} */
      let next;
      for (const importer of importers) {
        const has = loadedWith(importer);
        next = next === undefined ? has : new Set([...next].filter((path) => has.has(path)));
      }
      const current = /** @type {Set<string>} */ (before.get(root));
      const narrowed = [...current].filter((path) => next?.has(path));
      if (narrowed.length < current.size) {
        before.set(root, new Set(narrowed));
        changed = true;
      }
    }
  }
  return before;
}

/**
 * Rewrites the build in `folder`: for each group of `serveStartGroups`, the hub becomes one module holding
 * every chunk of the group, and each of the others a module re-exporting its names from it.
 * @param {string} folder
 * @param {string} repositoryRoot
 * @param {import("esbuild").Metafile} metafile
 * @param {Omit<import("esbuild").BuildOptions, "entryPoints" | "outdir" | "outfile">} options
 */
export async function joinServeStart(folder, repositoryRoot, metafile, options) {
  // The last group first: a group joined later reads the earlier ones' re-exporting modules through, so it
  // imports their hubs directly instead of loading those one-line modules at every start.
  const reexporting = new Set();
  for (const [hub, ...members] of serveStartGroups(metafile).reverse()) {
    await joinGroup(
      folder,
      repositoryRoot,
      metafile,
      options,
      /** @type {string} */ (hub),
      members,
      reexporting,
    );
    for (const member of members) reexporting.add(basename(member));
  }
}

/**
 * @param {string} folder
 * @param {string} repositoryRoot
 * @param {import("esbuild").Metafile} metafile
 * @param {Omit<import("esbuild").BuildOptions, "entryPoints" | "outdir" | "outfile">} options
 * @param {string} hub
 * @param {string[]} members
 * @param {Set<string>} reexporting chunks already made re-exporting modules of an earlier group's hub
 */
async function joinGroup(folder, repositoryRoot, metafile, options, hub, members, reexporting) {
  const file = (/** @type {string} */ path) => basename(path);
  const hubFile = file(hub);
  const joined = new Set([hubFile, ...members.map(file)]);
  const alias = (/** @type {number} */ index, /** @type {string} */ name) => `__parleyJoined${index}_${name}`;
  const reexports = members.map((path, index) => ({
    path,
    names: metafile.outputs[path]?.exports ?? [],
    index,
  }));
  const entry = [
    `export * from "./${hubFile}";`,
    ...reexports.map(({ path, names, index }) =>
      names.length > 0
        ? `export { ${names.map((name) => `${name} as ${alias(index, name)}`).join(", ")} } from "./${file(path)}";`
        : // A chunk kept for its evaluation alone (no names) still runs.
          `import "./${file(path)}";`,
    ),
  ].join("\n");
  const staged = join(folder, `${hubFile}.joined`);
  await build({
    ...options,
    absWorkingDir: repositoryRoot,
    stdin: { contents: entry, resolveDir: folder, sourcefile: "serve-start.js", loader: "js" },
    outfile: staged,
    bundle: true,
    splitting: false,
    // The chunks are esbuild's own output: everything in them is kept, whatever package.json says.
    treeShaking: false,
    ignoreAnnotations: true,
    plugins: [
      {
        name: "other-chunks-stay-apart",
        setup(joinBuild) {
          joinBuild.onResolve({ filter: /.*/ }, (args) => {
            if (args.kind === "entry-point") return undefined;
            const name = args.path.startsWith("./") ? args.path.slice(2) : "";
            if (args.kind !== "dynamic-import" && (joined.has(name) || reexporting.has(name)))
              return { path: join(folder, name) };
            return { path: args.path, external: true };
          });
        },
      },
    ],
  });
  for (const { path, names, index } of reexports) {
    const target = join(folder, file(path));
    rmSync(`${target}.map`, { force: true });
    writeFileSync(
      target,
      names.length === 0
        ? `import "./${hubFile}";\n`
        : `export { ${names.map((name) => `${alias(index, name)} as ${name}`).join(", ")} } from "./${hubFile}";\n`,
    );
  }
  const hubPath = join(folder, hubFile);
  // The source map is named after the file it was written as.
  const text = readFileSync(staged, "utf8").replace(
    /\/\/# sourceMappingURL=\S+\s*$/,
    `//# sourceMappingURL=${hubFile}.map\n`,
  );
  writeFileSync(staged, text);
  renameSync(`${staged}.map`, `${hubPath}.map`);
  renameSync(staged, hubPath);
}
