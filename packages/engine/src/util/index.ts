/**
 * The engine's small helpers other packages use without the engine itself: `@parley/engine/util` loads none
 * of the agent loop, the providers or the parsers, so code on `parley serve`'s start path may import it.
 */
export { forkModule } from "./fork-module.ts";
export { listFolder } from "./list-folder.ts";
export { loadYaml } from "./load-yaml.ts";
export { MAX_YAML_FLOW_NESTING, yamlFlowNesting } from "./yaml-nesting.ts";
