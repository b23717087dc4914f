/**
 * Node's own `Headers`, `Request` and `Response`. Node defines them as lazy globals: the first read of any
 * loads its fetch implementation (undici), ~30 ms of CPU that a server answering JSON never needs. Their
 * property descriptors are kept here before fetch-classes.ts puts Parley's light classes in their place, and
 * read only when something needs the real class.
 */
type Name = "Headers" | "Request" | "Response";

const descriptors = new Map<Name, PropertyDescriptor | undefined>();

/** Keeps the global's current descriptor, once, before it is replaced. */
export function keepNodeFetchClass(name: Name): void {
  if (!descriptors.has(name)) descriptors.set(name, Object.getOwnPropertyDescriptor(globalThis, name));
}

/** Node's class, loading undici if it was not loaded yet. */
export function nodeFetchClass<K extends Name>(name: K): (typeof globalThis)[K] {
  const descriptor = descriptors.get(name);
  if (descriptor === undefined) return globalThis[name];
  if (descriptor.get === undefined) return descriptor.value;
  // Node's lazy getter defines the global as the loaded class: put back what was there (Parley's class).
  const current = Object.getOwnPropertyDescriptor(globalThis, name);
  const loaded = descriptor.get.call(globalThis);
  if (current !== undefined) Object.defineProperty(globalThis, name, current);
  descriptors.set(name, { value: loaded, writable: true, configurable: true });
  return loaded;
}

/** True when `value` is an instance of Node's class, without loading undici to find out. */
export function isNodeFetchInstance(name: Name, value: unknown): boolean {
  if (typeof value !== "object" || value === null) return false;
  // An instance exists only once undici is loaded; anything else with the tag loads it to be sure.
  if (Object.prototype.toString.call(value) !== `[object ${name}]`) return false;
  return value instanceof nodeFetchClass(name);
}
