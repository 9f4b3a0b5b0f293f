import type { FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';

type LazyResolver<TIn extends FieldValues, TOut> = Resolver<TIn, unknown, TOut> & {
  preload: () => void;
};

/**
 * A react-hook-form resolver whose zod schema (and zod itself) is fetched on first use, so a
 * page's first paint does not wait for the validation code. `preload` starts the fetch early (the login form calls it on the first keystroke).
 */
export function lazyZodResolver<TIn extends FieldValues, TOut>(
  loadSchema: () => Promise<ZodType>,
): LazyResolver<TIn, TOut> {
  let loading: Promise<Resolver<TIn, unknown, TOut>> | null = null;
  const load = () =>
    (loading ??= Promise.all([import('@hookform/resolvers/zod'), loadSchema()]).then(
      ([{ zodResolver }, schema]) =>
        zodResolver(schema as never) as unknown as Resolver<TIn, unknown, TOut>,
    ));
  const resolver: Resolver<TIn, unknown, TOut> = async (values, context, options) =>
    (await load())(values, context, options);
  return Object.assign(resolver, { preload: () => void load() });
}
