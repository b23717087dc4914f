import { z } from "zod";

/**
 * A schema built the first time anything touches it, not when its module loads: building the protocol's
 * schemas eagerly was the largest cost of starting `parley` (thousands of zod objects, most of which a start
 * never uses). The value returned is the schema itself once touched: its prototype and own properties become
 * those of the built schema, so `parse`, `shape`, `instanceof`, composition, JSON Schema and `z.infer` all
 * behave as for the schema `build` returns, and after the first touch nothing stands in between.
 */
export function lazySchema<T extends z.ZodType>(build: () => T): T {
  const schema = {} as T;
  let building = false;
  const becomeBuilt = (): T => {
    if (building) throw new Error("a lazy schema refers to itself while it is built: use z.lazy() there");
    building = true;
    const built = build();
    // The schema is constructed again, as itself, from the built one's definition (its parts are shared): zod's
    // internals close over the instance they construct, and the JSON Schema generator keys by identity.
    Object.setPrototypeOf(schema, Object.getPrototypeOf(built));
    (built._zod.constr as unknown as (this: T, definition: unknown) => T).call(schema, built._zod.def);
    // Metadata (.meta(), .describe()) is kept by identity.
    const metadata = z.globalRegistry.get(built);
    if (metadata !== undefined) z.globalRegistry.add(schema, metadata);
    return schema;
  };
  // Only reached while unbuilt: once built, the schema's prototype is the real one and this is out of the chain.
  const untouched = new Proxy(Object.prototype, {
    get: (_target, key) => Reflect.get(becomeBuilt(), key),
    has: (_target, key) => key in becomeBuilt(),
    set: (_target, key, value) => Reflect.set(becomeBuilt(), key, value),
  });
  Object.setPrototypeOf(schema, untouched);
  return schema;
}
