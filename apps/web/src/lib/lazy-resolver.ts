import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form's resolver that loads with the form's first validation (a blur or the submit), not with
 * the page: the shared zod schemas and zod itself stay out of the JavaScript a first visit to a
 * form downloads. The same rules and messages, a few milliseconds later.
 */
export function lazyResolver<T extends FieldValues>(load: () => Promise<Resolver<T>>): Resolver<T> {
  let loaded: Promise<Resolver<T>> | undefined;
  return async (values, context, options) => (await (loaded ??= load()))(values, context, options);
}
