/** The `_few` key Romanian needs beside every `_other` plural key of English (`_one`/`_other`). */
type FewForms<T> = { [K in keyof T as K extends `${infer Base}_other` ? `${Base}_few` : never]: string };

/**
 * The same tree of keys with every text a string: what a translation of `T` must fill. A plural
 * message (`attempts_one`, `attempts_other`) needs its Romanian `_few` form too (2–19: "2 încercări";
 * 20 and up take "de": "20 de încercări").
 */
export type Messages<T> = { [K in keyof T]: T[K] extends string ? string : Messages<T[K]> } & FewForms<T>;
