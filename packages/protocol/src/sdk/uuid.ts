import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";

const hex = (length: number) => z.string().regex(new RegExp(`^[0-9a-fA-F]{${length}}$`));

/**
 * A UUID as the SDK types it (`crypto.UUID`, a template literal): 8-4-4-4-12 hex digits, any version.
 * The CLI stamps every message it emits with a v4 UUID.
 */
export const UuidSchema = lazySchema(() =>
  z.templateLiteral([hex(8), "-", hex(4), "-", hex(4), "-", hex(4), "-", hex(12)]),
);
export type Uuid = z.infer<typeof UuidSchema>;

/** A fresh random v4 UUID (Web Crypto, so this works in browsers and Node alike). */
export function newUuid(): Uuid {
  return globalThis.crypto.randomUUID();
}
