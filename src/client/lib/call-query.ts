import { queryOptions } from '@tanstack/react-query';
import { type AnyCallInput, type Call, queryKeyOf } from '#shared/api/contract';
import { type CallArgs, callApi } from './api-client';

/**
 * A read of the API's contract as a query: keyed like its path (docs/product.md#call-conventions), its
 * answer typed by the contract. Every screen that reads the same call shares the same cache entry.
 */
export function callQueryOptions<C extends Call>(call: C, ...args: NoInfer<CallArgs<C>>) {
  const [input] = args as [AnyCallInput?];
  return queryOptions({ queryKey: queryKeyOf(call, input), queryFn: () => callApi(call, ...args) });
}
