import { builtinTools, type EngineTool } from "@parley/engine";

let catalog: ReadonlyMap<string, EngineTool> | undefined;

/**
 * The tools every run offers, by name, for checks outside a run (an edited input of an approval is
 * validated with the tool's own schema). Their callbacks are never called from here.
 */
export function toolCatalog(): ReadonlyMap<string, EngineTool> {
  catalog ??= new Map(
    builtinTools({
      askUser: { ask: () => Promise.reject(new Error("not a run")) },
      updatePlan: { onUpdate: () => {} },
    }).map((tool) => [tool.name, tool]),
  );
  return catalog;
}
