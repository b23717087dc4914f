/**
 * The declared fields of a loose-object type, without its `[key: string]: unknown` index signature.
 * `Omit` and `Pick` on a loose type lose every declared field; use `Omit<KnownFields<T>, "x">` instead.
 */
export type KnownFields<T> = {
  [K in keyof T as string extends K ? never : number extends K ? never : K]: T[K];
};
