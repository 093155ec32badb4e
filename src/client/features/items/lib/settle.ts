/**
 * Runs a mutation and reports its outcome even when the calling component has unmounted by then.
 * TanStack Query drops `mutate(vars, { onSuccess })` callbacks of unmounted components, and here that
 * is common: a deleted card, a goal that is archived away, a task whose goal changed, a card removed
 * from Today. The promise of `mutateAsync` settles regardless.
 */
export function settle<TData, TVariables>(
  mutation: { mutateAsync: (variables: TVariables) => Promise<TData> },
  variables: TVariables,
  handlers: { onSuccess?: (data: TData) => void; onError: (error: unknown) => void },
): void {
  mutation.mutateAsync(variables).then(handlers.onSuccess, handlers.onError);
}
