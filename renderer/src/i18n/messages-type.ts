/** The same tree of keys with every text a string: what a translation of `T` must fill. */
export type Messages<T> = { [K in keyof T]: T[K] extends string ? string : Messages<T[K]> };
