//! Shapes read from the generated OpenAPI types (schema.d.ts), independent of media-type details.
import type { operations } from './schema';

/** The JSON body of an operation's 200 answer. */
export type Ok<Op extends keyof operations> = operations[Op]['responses'] extends { 200: { content: infer C } } ? C[keyof C] : never;
