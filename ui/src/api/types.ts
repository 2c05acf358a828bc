//! Shapes read from the generated OpenAPI types (schema.d.ts), independent of media-type details:
//! the only source of server types in the UI (no hand-written copies of server JSON).
import type { components, operations } from './schema';

type Json<R> = R extends { content: infer C } ? C[keyof C] : never;

/** The JSON body of an operation's 200 (or 201) answer: `Ok<'users_list'>`. */
export type Ok<Op extends keyof operations> = operations[Op]['responses'] extends { 200: infer R }
  ? Json<R>
  : operations[Op]['responses'] extends { 201: infer R }
    ? Json<R>
    : never;

/** The JSON request body of an operation: `Body<'tags_create'>`. */
export type Body<Op extends keyof operations> = operations[Op] extends { requestBody?: infer R } ? Json<NonNullable<R>> : never;

/** The query parameters of an operation: `Params<'users_list'>`. */
export type Params<Op extends keyof operations> = operations[Op]['parameters'] extends { query?: infer Q } ? NonNullable<Q> : never;

/** A schema of the document by its name: `Schema<'UserView'>`. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];

/** One row of a list operation's `data`: `Row<'history_list'>`. */
export type Row<Op extends keyof operations> = Ok<Op> extends { data: readonly (infer T)[] } ? T : never;

/** The paging block of every paged list (`meta`). */
export type PageMeta = Schema<'PageMeta'>;

/** The body of every failed answer (spec §8). */
export type ErrorBody = Schema<'ErrorBody'>;

/** A server shape read only (as a valtio snapshot hands it out): arrays and nested objects too. */
export type Frozen<T> = T extends readonly (infer U)[] ? readonly Frozen<U>[] : T extends object ? { readonly [K in keyof T]: Frozen<T[K]> } : T;

/** The id of an API operation (its `operation_id`): `'users_list'`. */
export type OperationId = keyof operations;
