// How the official Anthropic response types are relaxed before our types are checked against them.
//
// The Messages API response types (BetaMessage, BetaUsage, content blocks, ...) declare many fields
// as required-but-nullable (`citations: X[] | null`). On the SDK wire those fields are routinely
// absent: the CLI writes `{"type":"text","text":"hello"}` and usage with four counters, and so do
// third-party CLIs the official SDK drives. Our schemas therefore make them optional, and the check
// treats "required `T | null`" as "optional `T | null`" — and nothing else.

type Fn = (...args: never[]) => unknown;

/** Makes every property whose type admits `null` optional, deeply, through unions and arrays. */
export type NullableAsOptional<T> = T extends Fn
  ? T
  : T extends readonly (infer E)[]
    ? NullableAsOptional<E>[]
    : T extends object
      ? { [K in keyof T as null extends T[K] ? K : never]?: NullableAsOptional<T[K]> } & {
          [K in keyof T as null extends T[K] ? never : K]: NullableAsOptional<T[K]>;
        }
      : T;

/**
 * A tool definition echoed inside a compaction block is one of ~30 tool shapes; we carry it as an
 * open object (`BetaToolDefinition`), so the check accepts any object there.
 */
export type OpaqueToolDefinitions<T> = T extends { type: "tool_definition"; definition: unknown }
  ? Omit<T, "definition"> & { definition: Record<string, unknown> }
  : T extends readonly (infer E)[]
    ? OpaqueToolDefinitions<E>[]
    : T extends Fn
      ? T
      : T extends object
        ? { [K in keyof T]: OpaqueToolDefinitions<T[K]> }
        : T;

/** An Anthropic response type as the SDK wire actually carries it. */
export type Wire<T> = NullableAsOptional<OpaqueToolDefinitions<T>>;

/**
 * The cumulative usage on results: the real CLI sends every field, third-party CLIs (which the
 * official SDK accepts) may send only the token counts.
 */
export type WireResultUsage<U> = Wire<Partial<U>> &
  Pick<U, Extract<keyof U, "input_tokens" | "output_tokens">>;

/** Checks at compile time that `value` is assignable to `T`; the call site is the diagnostic. */
export function accepts<T>(_value: T): void {}

/** A value of type T for compile-time checks (never evaluated). */
export declare function some<T>(): T;

/** `true` only when T is `any` (a sign that the official declarations failed to resolve). */
export type IsAny<T> = 0 extends 1 & T ? true : false;

/** Compiles only when every element is `false`. */
export type AllFalse<T extends readonly false[]> = T;
