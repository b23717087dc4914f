import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { type DependencyGraph, DependencyGraphSchema, type ProjectDependency } from "@parley/protocol";
import { describe, expect, it } from "vitest";
import { generateProjectStructure } from "../../src/project-structure/generate-project-structure.ts";
import { STRUCTURE_TEST_TIMEOUT_MS } from "../structure-test-timeout.ts";

const FIXTURES = fileURLToPath(new URL("../fixtures/project-structure/", import.meta.url));
const REPOSITORY = fileURLToPath(new URL("../../../../", import.meta.url));

async function graphOf(root: string): Promise<DependencyGraph> {
  const structure = await generateProjectStructure({ root, type: "dependencies" });
  if (structure.structure_type !== "dependencies") throw new Error("expected dependencies");
  expect(DependencyGraphSchema.safeParse(structure.content).success).toBe(true);
  return structure.content;
}

/** A package by name, with the names of the packages it requires. */
function packageNamed(graph: DependencyGraph, name: string): ProjectDependency & { requires: string[] } {
  const found = graph.dependencies.find((dependency) => dependency.name === name);
  if (found === undefined) throw new Error(`${name} is not in the graph`);
  const names = new Map(graph.dependencies.map((dependency) => [dependency.id, dependency.name]));
  return { ...found, requires: found.depends_on.map((id) => names.get(id) ?? id).sort() };
}

function flags(dependency: ProjectDependency): string {
  return [
    dependency.direct ? "direct" : "transitive",
    dependency.dev ? "dev" : "prod",
    dependency.optional ? "optional" : "",
  ]
    .filter(Boolean)
    .join(" ");
}

describe("dependencies from this repository's own package-lock.json", {
  timeout: STRUCTURE_TEST_TIMEOUT_MS,
}, () => {
  it("reads every workspace as a manifest and resolves installed versions, dev flags and requirements", async () => {
    const lock = JSON.parse(await readFile(`${REPOSITORY}package-lock.json`, "utf8")) as {
      packages: Record<string, { version?: string; dev?: boolean }>;
    };
    const graph = await graphOf(REPOSITORY);
    const manifests = graph.manifests.map((manifest) => manifest.path);
    expect(manifests).toEqual(
      expect.arrayContaining(["package.json", "packages/engine/package.json", "packages/web/package.json"]),
    );
    const zod = packageNamed(graph, "zod");
    expect(zod.version).toBe(lock.packages["node_modules/zod"]?.version);
    expect(flags(zod)).toBe("direct prod");
    const vitest = packageNamed(graph, "vitest");
    expect(flags(vitest)).toBe("direct dev");
    expect(vitest.requires).toEqual(expect.arrayContaining(["vite", "@vitest/expect"]));
    const engine = packageNamed(graph, "@parley/engine");
    expect(engine.requires).toEqual(expect.arrayContaining(["@parley/protocol", "zod", "ignore"]));
    const undiciTypes = packageNamed(graph, "undici-types");
    expect(undiciTypes.direct).toBe(false);
    expect(undiciTypes.dev).toBe(lock.packages["node_modules/undici-types"]?.dev === true);
    expect(graph.dependencies.filter((dependency) => !dependency.direct).length).toBeGreaterThan(100);
  });
});

describe("dependencies of other ecosystems, from real-format lockfiles", {
  timeout: STRUCTURE_TEST_TIMEOUT_MS,
}, () => {
  it("pnpm: importers are manifests, aliases and peer suffixes resolve, optional packages are marked", async () => {
    const graph = await graphOf(`${FIXTURES}pnpm-workspace`);
    expect(graph.manifests.map((manifest) => manifest.path)).toEqual([
      "package.json",
      "packages/app/package.json",
    ]);
    expect(flags(packageNamed(graph, "typescript"))).toBe("direct dev");
    const reactDom = packageNamed(graph, "react-dom");
    expect(reactDom.version).toBe("18.3.1");
    expect(reactDom.manifest).toBe("packages/app/package.json");
    expect(reactDom.requires).toEqual(["loose-envify", "react", "scheduler"]);
    expect(flags(packageNamed(graph, "string-width"))).toBe("direct prod");
    expect(packageNamed(graph, "string-width").requires).toEqual(["strip-ansi"]);
    expect(flags(packageNamed(graph, "fsevents"))).toBe("direct prod optional");
    expect(flags(packageNamed(graph, "js-tokens"))).toBe("transitive prod");
  });

  it("yarn classic: ranges resolve to locked versions and dev-only packages are inferred", async () => {
    const graph = await graphOf(`${FIXTURES}yarn-classic`);
    const chalk = packageNamed(graph, "chalk");
    expect([chalk.version, flags(chalk), chalk.requires.join()]).toEqual([
      "4.1.2",
      "direct prod",
      "ansi-styles,supports-color",
    ]);
    expect(flags(packageNamed(graph, "color-name"))).toBe("transitive prod");
    // has-flag is named in devDependencies, but chalk needs it through supports-color, so it ships.
    expect([packageNamed(graph, "has-flag").version, flags(packageNamed(graph, "has-flag"))]).toEqual([
      "4.0.0",
      "direct prod",
    ]);
  });

  it("yarn berry: npm: ranges resolve and a package only dev packages need is dev", async () => {
    const graph = await graphOf(`${FIXTURES}yarn-berry`);
    expect(flags(packageNamed(graph, "debug"))).toBe("direct dev");
    expect(packageNamed(graph, "debug").requires).toEqual(["ms"]);
    expect([packageNamed(graph, "ms").version, flags(packageNamed(graph, "ms"))]).toEqual([
      "2.1.3",
      "direct prod",
    ]);
  });

  it("cargo: workspace members are manifests; dev, optional and transitive crates come from Cargo.lock", async () => {
    const graph = await graphOf(`${FIXTURES}cargo-workspace`);
    expect(graph.manifests.map((manifest) => manifest.path)).toEqual(["Cargo.toml", "crates/cli/Cargo.toml"]);
    expect([packageNamed(graph, "serde").version, flags(packageNamed(graph, "serde"))]).toEqual([
      "1.0.215",
      "direct prod",
    ]);
    expect(flags(packageNamed(graph, "log"))).toBe("direct prod optional");
    expect(flags(packageNamed(graph, "tempfile"))).toBe("direct dev");
    expect(flags(packageNamed(graph, "fastrand"))).toBe("transitive dev");
    expect(packageNamed(graph, "serde_derive").requires).toEqual(["proc-macro2", "quote", "syn"]);
    expect(flags(packageNamed(graph, "unicode-ident"))).toBe("transitive prod");
    expect(graph.dependencies.some((dependency) => dependency.name === "demo-cli")).toBe(false);
  });

  it("uv: the project's own entry names direct, optional and dev packages; edges come from uv.lock", async () => {
    const graph = await graphOf(`${FIXTURES}uv-project`);
    expect(graph.manifests).toEqual([
      { path: "pyproject.toml", ecosystem: "pypi", name: "uv-demo", version: "0.1.0" },
    ]);
    const requests = packageNamed(graph, "requests");
    expect([requests.version, flags(requests)]).toEqual(["2.32.3", "direct prod"]);
    expect(requests.requires).toEqual(["certifi", "charset-normalizer", "idna", "pysocks", "urllib3"]);
    expect(flags(packageNamed(graph, "pysocks"))).toBe("direct prod optional");
    expect(flags(packageNamed(graph, "pytest"))).toBe("direct dev");
    expect(flags(packageNamed(graph, "pluggy"))).toBe("transitive dev");
    expect(flags(packageNamed(graph, "idna"))).toBe("transitive prod");
  });

  it("poetry: Poetry's dependency tables and groups are read and poetry.lock pins them", async () => {
    const graph = await graphOf(`${FIXTURES}poetry-project`);
    expect([packageNamed(graph, "click").version, flags(packageNamed(graph, "click"))]).toEqual([
      "8.1.7",
      "direct prod",
    ]);
    expect(flags(packageNamed(graph, "black"))).toBe("direct dev");
    expect(packageNamed(graph, "black").requires).toEqual(["click", "mypy-extensions"]);
    expect(flags(packageNamed(graph, "mypy-extensions"))).toBe("transitive dev");
    expect(flags(packageNamed(graph, "colorama"))).toBe("transitive prod");
    expect(graph.dependencies.some((dependency) => dependency.name === "python")).toBe(false);
  });

  it("requirements files: pins become versions, names are normalized and dev files are dev", async () => {
    const graph = await graphOf(`${FIXTURES}requirements-project`);
    expect(
      graph.dependencies.map((dependency) => [dependency.name, dependency.version, flags(dependency)]),
    ).toEqual([
      ["pytest", "8.3.3", "direct dev"],
      ["flask", "3.0.3", "direct prod"],
      ["jinja2", ">=3.1.2,<4", "direct prod"],
      ["itsdangerous", "*", "direct prod"],
    ]);
  });

  it("go: go.mod's requires are direct, // indirect ones and go.sum's other modules transitive", async () => {
    const graph = await graphOf(`${FIXTURES}go-module`);
    expect(graph.manifests).toEqual([{ path: "go.mod", ecosystem: "go", name: "example.com/demo" }]);
    expect(flags(packageNamed(graph, "github.com/spf13/cobra"))).toBe("direct prod");
    expect(packageNamed(graph, "github.com/spf13/cobra").version).toBe("v1.8.1");
    expect(flags(packageNamed(graph, "github.com/spf13/pflag"))).toBe("transitive prod");
    expect(flags(packageNamed(graph, "gopkg.in/yaml.v3"))).toBe("transitive prod");
    expect(
      graph.dependencies.some((dependency) => dependency.name === "github.com/cpuguy83/go-md2man/v2"),
    ).toBe(false);
  });

  it("keeps direct packages first when the graph is cut and counts what it left out", async () => {
    const structure = await generateProjectStructure({
      root: `${FIXTURES}cargo-workspace`,
      type: "dependencies",
      maxDependencies: 4,
    });
    if (structure.structure_type !== "dependencies") throw new Error("expected dependencies");
    expect(structure.truncated).toBe(true);
    expect(structure.content.dependencies.every((dependency) => dependency.direct)).toBe(true);
    expect(structure.content.omitted_count).toBe(7);
    expect(DependencyGraphSchema.safeParse(structure.content).success).toBe(true);
  });
});
