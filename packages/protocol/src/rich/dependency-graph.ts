import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";

/** A manifest the dependency graph was read from, e.g. `package.json` (npm) or `Cargo.toml` (cargo). */
export const DependencyManifestSchema = lazySchema(() =>
  z.looseObject({
    path: z.string().min(1),
    ecosystem: z.string().min(1),
    name: z.string().optional(),
    version: z.string().optional(),
  }),
);
export type DependencyManifest = z.infer<typeof DependencyManifestSchema>;

/**
 * One package in the graph. `id` is unique within the graph (e.g. `npm:zod@4.6.7`); `direct` marks
 * packages a manifest names, and `depends_on` lists the ids this package itself requires.
 */
export const ProjectDependencySchema = lazySchema(() =>
  z.looseObject({
    id: z.string().min(1),
    name: z.string().min(1),
    version: z.string(),
    ecosystem: z.string().min(1),
    dev: z.boolean(),
    /** Installed only when available or asked for (npm optionalDependencies, Python extras). */
    optional: z.boolean().optional(),
    /** Named as a peer dependency (npm peerDependencies): the package expects its host to provide it. */
    peer: z.boolean().optional(),
    direct: z.boolean(),
    manifest: z.string().optional(),
    depends_on: z.array(z.string()),
  }),
);
export type ProjectDependency = z.infer<typeof ProjectDependencySchema>;

/**
 * Direct and transitive dependencies of a project. Every `depends_on` id names a package in the
 * graph; a generator that truncates counts what it dropped in `omitted_count`.
 */
export const DependencyGraphSchema = lazySchema(() =>
  z
    .looseObject({
      manifests: z.array(DependencyManifestSchema),
      dependencies: z.array(ProjectDependencySchema),
      omitted_count: z.number().int().nonnegative().optional(),
    })
    .superRefine((graph, context) => {
      const ids = new Set<string>();
      graph.dependencies.forEach((dependency, index) => {
        if (ids.has(dependency.id)) {
          context.addIssue({
            code: "custom",
            path: ["dependencies", index, "id"],
            message: `duplicate dependency id "${dependency.id}"`,
          });
        }
        ids.add(dependency.id);
      });
      graph.dependencies.forEach((dependency, index) => {
        dependency.depends_on.forEach((target, targetIndex) => {
          if (ids.has(target)) return;
          context.addIssue({
            code: "custom",
            path: ["dependencies", index, "depends_on", targetIndex],
            message: `"${target}" is not a dependency in this graph`,
          });
        });
      });
    }),
);
export type DependencyGraph = z.infer<typeof DependencyGraphSchema>;
