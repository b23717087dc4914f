import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import { IsoTimestampSchema } from "../shared/timestamps.ts";
import { DependencyGraphSchema } from "./dependency-graph.ts";
import { DirectoryNodeSchema } from "./directory-node.ts";
import { FileInfoSchema } from "./file-info.ts";
import { ProjectStructureProblemSchema } from "./project-structure-problem.ts";

/** Which view of the project a ProjectStructure message carries; it decides the shape of `content`. */
export const ProjectStructureTypeSchema = lazySchema(() => z.enum(["tree", "file_list", "dependencies"]));
export type ProjectStructureType = z.infer<typeof ProjectStructureTypeSchema>;

const commonFields = () => ({
  root_path: z.string().min(1),
  generated_at: IsoTimestampSchema,
  excluded_patterns: z.array(z.string()),
  /** Set when a depth or count limit cut the content short (the content says where). */
  truncated: z.boolean().optional(),
  /** Files the generator could not use (too large, invalid, past its time budget…): never left out silently. */
  problems: z.array(ProjectStructureProblemSchema).optional(),
  /** Problems past the ones listed in `problems`. */
  omitted_problem_count: z.number().int().nonnegative().optional(),
});

/** A project structure whose content is the directory tree. */
export const ProjectTreeSchema = lazySchema(() =>
  z.looseObject({
    ...commonFields(),
    structure_type: z.literal("tree"),
    content: DirectoryNodeSchema,
  }),
);
export type ProjectTree = z.infer<typeof ProjectTreeSchema>;

/** A project structure whose content is a flat list of files. */
export const ProjectFileListSchema = lazySchema(() =>
  z.looseObject({
    ...commonFields(),
    structure_type: z.literal("file_list"),
    content: z.array(FileInfoSchema),
    /** Files a count limit left out of `content`. */
    omitted_count: z.number().int().nonnegative().optional(),
  }),
);
export type ProjectFileList = z.infer<typeof ProjectFileListSchema>;

/** A project structure whose content is the dependency graph read from its manifests. */
export const ProjectDependenciesSchema = lazySchema(() =>
  z.looseObject({
    ...commonFields(),
    structure_type: z.literal("dependencies"),
    content: DependencyGraphSchema,
  }),
);
export type ProjectDependencies = z.infer<typeof ProjectDependenciesSchema>;

/** The data of a ProjectStructure rich message (seed 001's `ProjectStructMsg`), keyed by `structure_type`. */
export const ProjectStructureDataSchema = lazySchema(() =>
  z.discriminatedUnion("structure_type", [
    ProjectTreeSchema,
    ProjectFileListSchema,
    ProjectDependenciesSchema,
  ]),
);
export type ProjectStructureData = z.infer<typeof ProjectStructureDataSchema>;

/** A ProjectStructure rich message. */
export const ProjectStructureMessageSchema = lazySchema(() =>
  z.looseObject({
    kind: z.literal("ProjectStructure"),
    data: ProjectStructureDataSchema,
  }),
);
export type ProjectStructureMessage = z.infer<typeof ProjectStructureMessageSchema>;
